import Foundation
import Testing

/// `tidings sync`, `status` and `feeds` with a sync service, run as built against a stand-in
/// daemon that answers as one with a service would (the daemon's own side is tested in
/// FeedDaemonTests): the documents follow docs/schema/, and the exit statuses are the ones
/// docs/cli.md gives.
@Suite(.timeLimit(.minutes(2)))
struct SyncCommandTests {
    /// `perl -e SCRIPT SOCKET RECORD MODE`: answers `hello`, `sync.run`, `sync.status`, `status`
    /// and `feeds.list`, and records each request line in `RECORD`. `MODE` is `ok`, `failing`
    /// (the sync ends with an error holding an escape sequence) or `none` (no service in the config).
    static let standIn = #"""
        use strict; use warnings; use IO::Socket::UNIX; use Socket;
        my ($path, $record, $mode) = @ARGV;
        unlink $path;
        open(my $out, '>>', $record) or die "record: $!"; $out->autoflush(1);
        my $server = IO::Socket::UNIX->new(Type => SOCK_STREAM(), Local => $path, Listen => 16) or die "listen: $!";
        my $error = $mode eq 'failing' ? '"HTTP 401 Unauthorized\u001b[2J"' : 'null';
        my $sync = qq({"service":"miniflux","url":"https://rss.example.org","user":"ada","lastSync":"2026-11-22T10:00:02Z","lastAttempt":"2026-11-22T10:00:00Z","lastError":$error,"nextSync":"2026-11-22T10:15:02Z","pending":1,"pendingErrors":["1 refused: HTTP 404 Not Found"],"syncing":false,"syncedFeeds":1);
        my $report = '"report":{"pushed":3,"failed":1,"feedsAdded":2,"feedsLinked":1,"feedsRemoved":0,"newItems":42,"statesChanged":17,"milliseconds":1234}';
        my $status = '{"daemonVersion":"9.9.9","protocolVersion":"1.11","startedAt":"2026-11-22T07:00:00Z","feeds":1,"failingFeeds":0,"items":3,"unread":1,"starred":0,"refreshing":false,"databasePath":"/home/ada/.local/share/tidings/tidings.sqlite","databaseBytes":4096,"schemaVersion":"v16","configPath":"/home/ada/.config/tidings/config.yaml"';
        while (my $client = $server->accept) {
            $client->autoflush(1);
            while (my $line = <$client>) {
                print $out $line;
                my ($id) = $line =~ /"id"\s*:\s*(\d+)/;
                my ($method) = $line =~ /"method"\s*:\s*"([^"]+)"/;
                next unless defined $id && defined $method;
                my $answer = '"result":{}';
                if ($method eq 'hello') {
                    $answer = '"result":{"protocolVersion":"1.11","daemonVersion":"9.9.9"}';
                } elsif ($method eq 'sync.run') {
                    $answer = $mode eq 'none'
                        ? '"error":{"code":-32012,"message":"no sync service is configured"}'
                        : qq("result":$sync,$report});
                } elsif ($method eq 'sync.status') {
                    $answer = $mode eq 'none'
                        ? '"result":{"pending":0,"pendingErrors":[],"syncing":false,"syncedFeeds":0}'
                        : qq("result":$sync});
                } elsif ($method eq 'status') {
                    $answer = $mode eq 'none' ? qq("result":$status}) : qq("result":$status,"sync":$sync}});
                } elsif ($method eq 'feeds.list') {
                    $answer = '"result":{"feeds":[{"id":1,"url":"https://planet.example.org/rss.xml","title":"Planet Terminal","subscribedAt":"2026-11-01T00:00:00Z","itemCount":3,"unreadCount":1,"consecutiveFailures":0,"tags":[],"hasCustomTitle":false,"settings":{},"synced":true}]}';
                }
                print $client qq({"jsonrpc":"2.0","id":$id,$answer}\n);
            }
            close $client;
        }
        """#

    /// The stand-in, answering in `mode`.
    static func home(mode: String) async throws -> ScriptedDaemon {
        try await ScriptedDaemon(script: standIn, arguments: [mode], label: "sync")
    }

    @Test func theDocumentsFollowTheirSchemas() async throws {
        let home = try await Self.home(mode: "ok")
        let synced = try await home.document(["sync"], schema: "sync.json")
        #expect((synced["report"] as? [String: Any])?["durationMs"] as? Int == 1234, "\(synced)")
        let status = try await home.document(["sync", "--status"], schema: "sync.json")
        #expect(status["service"] as? String == "miniflux" && status["report"] is NSNull, "\(status)")
        let daemon = try await home.document(["status"], schema: "status.json")
        #expect((daemon["sync"] as? [String: Any])?["pending"] as? Int == 1, "\(daemon)")
        let feeds = try await home.document(["feeds"], schema: "feeds.json")
        #expect((feeds["feeds"] as? [[String: Any]])?.first?["synced"] as? Bool == true, "\(feeds)")
        #expect(!home.received.contains(#""full""#), "\(home.received)")

        _ = try await home.document(["sync", "--full"], schema: "sync.json")
        #expect(home.received.contains(#""params":{"full":true}"#), "\(home.received)")
        let piped = try await home.tidings(["feeds"])
        #expect(piped.status == 0 && piped.out.hasSuffix("\tsynced\n"), "\(piped)")
    }

    @Test func aSyncThatEndsWithAnErrorExitsWithOneAfterItsReport() async throws {
        let home = try await Self.home(mode: "failing")
        let document = try await home.document(["sync"], schema: "sync.json", status: 1)
        #expect(document["lastError"] as? String == "HTTP 401 Unauthorized", "\(document)")
        let text = try await home.tidings(["sync"])
        #expect(text.status == 1, "\(text)")
        #expect(text.out.contains("lastError\tHTTP 401 Unauthorized\n") && !text.out.contains("\u{1B}"), "\(text)")
        #expect(text.err == "tidings: the sync failed: HTTP 401 Unauthorized\n", "\(text)")
        // Asking how things stand is no failure.
        #expect(try await home.tidings(["sync", "--status"]).status == 0)
    }

    @Test func withoutAServiceSyncSaysWhereToAddOneAndStatusSaysThereIsNone() async throws {
        let home = try await Self.home(mode: "none")
        let sync = try await home.tidings(["sync"])
        #expect(sync.status == 1 && sync.out.isEmpty, "\(sync)")
        #expect(
            sync.err == "tidings: no sync service in the config: add a 'sync:' section to "
                + "/home/ada/.config/tidings/config.yaml (see docs/cli.md)\n", "\(sync)")
        let status = try await home.tidings(["sync", "--status"])
        #expect(status.status == 0 && status.out.isEmpty && status.err.hasPrefix("No sync service configured"), "\(status)")
        let document = try await home.document(["sync", "--status"], schema: "sync.json")
        #expect(document["service"] is NSNull, "\(document)")
        let daemon = try await home.document(["status"], schema: "status.json")
        #expect(daemon["sync"] is NSNull, "\(daemon)")
    }

    @Test func fullAndStatusTogetherAreAUsageError() async throws {
        let home = try await Self.home(mode: "ok")
        let result = try await home.tidings(["sync", "--full", "--status"])
        #expect(result.status == 2 && result.err.contains("see 'tidings sync --help'"), "\(result)")
        #expect(!home.received.contains("sync."), "\(home.received)")
    }
}

extension ScriptedDaemon {
    /// `tidings ARGS --json`, checked against `schema` and decoded.
    fileprivate func document(_ arguments: [String], schema: String, status: Int32 = 0) async throws -> [String: Any] {
        let result = try await tidings(arguments + ["--json"])
        #expect(result.status == status, "\(arguments): \(result)")
        let problems = try JSONSchemaValidator(schema: schema).problems(in: result.stdout)
        #expect(problems.isEmpty, "\(arguments) against \(schema): \(problems)\n\(result.out)")
        return (try? JSONSerialization.jsonObject(with: result.stdout) as? [String: Any]) ?? [:]
    }
}
