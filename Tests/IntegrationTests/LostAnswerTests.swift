import Glibc
import FeedIPC
import Foundation
import Testing
import TestSupport

/// The connection ends after a request was sent and before its answer (the daemon killed or
/// crashed meanwhile): the client cannot know whether the daemon carried the request out, and
/// says so instead of calling it failed (docs/cli.md, "When the daemon stops before answering").
@Suite(.timeLimit(.minutes(2)))
struct LostAnswerTests {
    /// A daemon that answers `hello`, then reads one request, records it in `RECORD` and closes
    /// the connection without answering: `perl -e SCRIPT SOCKET RECORD`.
    static let silentDaemon = #"""
        use strict; use warnings; use IO::Socket::UNIX; use Socket;
        my ($path, $record) = @ARGV;
        unlink $path;
        open(my $out, '>>', $record) or die "record: $!"; $out->autoflush(1);
        my $server = IO::Socket::UNIX->new(Type => SOCK_STREAM(), Local => $path, Listen => 16) or die "listen: $!";
        while (my $client = $server->accept) {
            $client->autoflush(1);
            while (my $line = <$client>) {
                my ($id) = $line =~ /"id"\s*:\s*(\d+)/;
                my ($method) = $line =~ /"method"\s*:\s*"([^"]+)"/;
                next unless defined $id && defined $method;
                if ($method eq 'hello') {
                    print $client qq({"jsonrpc":"2.0","id":$id,"result":{"protocolVersion":"\#(ProtocolVersion.current)","daemonVersion":"9.9.9"}}\n);
                    next;
                }
                print $out "$method\n";
                last;
            }
            close $client;
        }
        """#

    /// The silent daemon, listening in a home of its own.
    static func silentHome() async throws -> ScriptedDaemon {
        try await ScriptedDaemon(script: silentDaemon, label: "lost")
    }

    @Test func anImportWhoseAnswerIsLostSaysItMayHaveBeenAppliedAndThatRunningItAgainIsSafe() async throws {
        let home = try await Self.silentHome()
        let file = home.path + "/feeds.txt"
        try "https://example.org/feed.xml\n".write(toFile: file, atomically: true, encoding: .utf8)
        let result = try await home.tidings(["import", file])
        #expect(result.status == 1, "\(result)")
        #expect(
            result.err == "tidings: the daemon stopped before answering; the import may have been applied: "
                + "run 'tidings import \(file)' again to be sure (importing twice adds nothing)\n", "\(result)")
        #expect(result.out.isEmpty)
        #expect(home.received == "feeds.import\n")
    }

    @Test func otherChangesWhoseAnswerIsLostSayTheyMayHaveBeenApplied() async throws {
        let home = try await Self.silentHome()
        let subscribe = try await home.tidings(["subscribe", "https://example.org/feed.xml"])
        #expect(subscribe.status == 1, "\(subscribe)")
        #expect(subscribe.err.hasPrefix("tidings: the daemon stopped before answering; the change may have been applied"), "\(subscribe)")
        let read = try await home.tidings(["read", "1"])
        #expect(read.status == 1, "\(read)")
        #expect(read.err.hasPrefix("tidings: the daemon stopped before answering; the change may have been applied"), "\(read)")
        // A question changes nothing: its lost answer is only a lost connection.
        let feeds = try await home.tidings(["feeds"])
        #expect(feeds.status == 1, "\(feeds)")
        #expect(feeds.err.hasPrefix("tidings: the daemon closed the connection before answering"), "\(feeds)")
        #expect(home.received == "feeds.subscribe\nitems.markRead\nfeeds.list\n")
    }

    /// The real daemon killed with SIGKILL while it works on an import of slow feeds: the import
    /// commits before the feeds are fetched, so whatever the timing, a second import leaves the
    /// subscriptions as they are and succeeds.
    @Test func anImportRepeatedAfterTheDaemonWasKilledAddsNothingTwice() async throws {
        let daemon = try await DaemonHarness()
        let urls = (0..<50).map { "http://127.0.0.1:9/feed-\($0).xml" }
        let file = daemon.directory.path + "/feeds.opml"
        try ManyFeeds.opml(urls).write(toFile: file, atomically: true, encoding: .utf8)
        async let first = daemon.tidings(["import", file])
        try await Task.sleep(for: .milliseconds(30))
        _ = await daemon.stop(signal: SIGKILL)
        let lost = try await first
        if lost.status != 0 {
            // Killed before it answered: either the connection was refused, or the outcome is unknown.
            #expect(
                lost.err.contains("the import may have been applied") || lost.err.contains("not running")
                    || lost.err.contains("closed the connection"), "\(lost)")
        }
        try await daemon.restart()
        let again = try await daemon.tidings(["import", file])
        #expect(again.status == 0, "\(again)")
        let feeds = try await daemon.tidings(["feeds"])
        #expect(feeds.out.split(separator: "\n").count == urls.count, "\(feeds)")
    }
}
