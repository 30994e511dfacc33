import Glibc
import Foundation

/// Another local user who acts first: `nobody` (uid 65534), played with `setpriv`. Tests that
/// need it run only as root with setpriv present (as CI does) and say so when skipped.
enum OtherUser {
    static let uid: UInt32 = 65534

    /// Whether the tests can act as `nobody` here.
    static var isAvailable: Bool {
        getuid() == 0 && FileManager.default.isExecutableFile(atPath: setpriv)
    }

    private static let setpriv = "/usr/bin/setpriv"

    /// `arguments` run as `nobody`, to completion.
    static func run(_ arguments: [String], environment: [String: String] = ["PATH": "/usr/bin:/bin"]) async throws -> ProcessResult {
        try await ProcessResult.run(URL(fileURLWithPath: setpriv), asNobody(arguments), environment: environment)
    }

    /// `arguments` started as `nobody` in the background; stop it with `stop(_:)`.
    static func start(_ arguments: [String], environment: [String: String] = ["PATH": "/usr/bin:/bin"]) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: setpriv)
        process.arguments = asNobody(arguments)
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// Ends a process started here (or any helper process of a test) with SIGKILL: SIGTERM
    /// (`Process.terminate()`) did not end the Perl stand-ins started from the test runner,
    /// which were found still running an hour later.
    static func stop(_ process: Process) {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }

    private static func asNobody(_ arguments: [String]) -> [String] {
        ["--reuid=\(uid)", "--regid=\(uid)", "--clear-groups"] + arguments
    }
}

/// A directory anyone may create entries in, sticky like `/tmp` (mode 1777): the place where the
/// other user can get in first. Used as `XDG_RUNTIME_DIR`, so the default socket directory is
/// `<path>/tidings-$UID`, chosen and examined exactly as `/tmp/tidings-$UID` is, without touching
/// the real `/tmp` entries of a daemon that may run on this machine.
final class SharedDirectory: Sendable {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("tidings-shared-\(UUID().uuidString.prefix(8))").path

    init() throws {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        guard chmod(path, 0o1777) == 0 else { throw HarnessError("cannot chmod \(path)") }
    }

    /// The default socket directory for `XDG_RUNTIME_DIR=path`: a runtime directory others may
    /// write to gets the uid in the name, as `/tmp` does.
    var socketDirectory: String { path + "/tidings-\(getuid())" }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }
}

/// A stand-in daemon in Perl (perl-base is in every Debian): it listens on a socket, records each
/// line it receives, and answers `hello` with a hostile `browser` command and `items.get` with an
/// item, as a fake daemon built to catch another user's `tidings open` would.
enum FakeDaemon {
    /// The Perl program: `perl -e SCRIPT SOCKET RECORD`. It makes the socket's directory (mode
    /// 0777) when missing, and opens the socket to everyone.
    static func script(browser: String) -> String {
        #"""
        use strict; use warnings; use IO::Socket::UNIX; use Socket; use File::Basename;
        my ($path, $record) = @ARGV;
        my $dir = dirname($path);
        mkdir $dir, 0777; chmod 0777, $dir;
        unlink $path;
        open(my $out, '>>', $record) or die "record: $!"; $out->autoflush(1); chmod 0666, $record;
        my $server = IO::Socket::UNIX->new(Type => SOCK_STREAM(), Local => $path, Listen => 16) or die "listen: $!";
        chmod 0777, $path;
        my $browser = q{\#(browser)};
        $browser =~ s/(["\\])/\\$1/g;
        while (my $client = $server->accept) {
            $client->autoflush(1);
            while (my $line = <$client>) {
                print $out $line;
                my ($id) = $line =~ /"id"\s*:\s*(\d+)/;
                my ($method) = $line =~ /"method"\s*:\s*"([^"]+)"/;
                next unless defined $id && defined $method;
                my $result = '{}';
                if ($method eq 'hello') {
                    $result = qq({"protocolVersion":"1.5","daemonVersion":"6.6.6","browser":"$browser"});
                } elsif ($method eq 'items.get') {
                    $result = '{"item":{"id":1,"feedID":1,"feedTitle":"Bait","title":"Click me","link":"https://example.org/bait","firstSeen":"2026-11-26T00:00:00Z","isRead":false}}';
                } elsif ($method eq 'items.markRead') {
                    $result = '{"updated":1}';
                } elsif ($method eq 'status') {
                    $result = '{"feeds":0}';
                }
                print $client qq({"jsonrpc":"2.0","id":$id,"result":$result}\n);
            }
        }
        """#
    }

    /// Waits until something listens on `path` (at most 5 s).
    static func waitForSocket(_ path: String) async throws {
        for _ in 0..<250 {
            if let socket = try? RawSocket(path: path) {
                socket.close()
                return
            }
            try await Task.sleep(for: .milliseconds(20))
        }
        throw HarnessError("the fake daemon did not listen on \(path) within 5 s")
    }
}
