import Glibc
import Foundation
import Testing

/// Another local user gets in first: a directory of theirs where the client looks for the
/// daemon by default, a daemon of theirs on a socket the client is pointed at, a symbolic link
/// where the client creates its autostart lock, a mkdir/rmdir race while the daemon makes its
/// directory (docs/cli.md, "What the client checks before it talks to a daemon").
/// The other user is `nobody`, played with setpriv; these tests need root.
@Suite(.timeLimit(.minutes(3)))
struct ForeignSocketTests {
    /// A private home for the client, a recorder standing in for the browser, and the marker
    /// file the hostile browser command would create.
    final class Victim: Sendable {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("tidings-victim-\(UUID().uuidString.prefix(8))").path
        var recorder: String { home + "/browser.sh" }
        var opened: String { home + "/opened" }
        var marker: String { home + "/pwned" }

        init() throws {
            try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
            try "#!/bin/sh\nprintf '%s\\n' \"$@\" >> \(opened)\n".write(toFile: recorder, atomically: true, encoding: .utf8)
            chmod(recorder, 0o755)
        }

        /// The hostile command a fake daemon names as the browser.
        var hostileBrowser: String { "/bin/sh -c 'id > \(marker)' %s" }

        /// `tidings ARGS` with `BROWSER` set to the recorder; `XDG_RUNTIME_DIR` from `runtime`.
        func tidings(_ arguments: [String], runtime: String? = nil, autostart: Bool = false) async throws -> ProcessResult {
            var environment = DaemonHarness.baseEnvironment(home: home)
            environment["BROWSER"] = recorder
            environment["XDG_RUNTIME_DIR"] = runtime
            if autostart { environment["TIDINGS_NO_AUTOSTART"] = nil }
            return try await ProcessResult.run(Binaries.client, arguments, environment: environment)
        }

        var openedLinks: String { (try? String(contentsOfFile: opened, encoding: .utf8)) ?? "" }

        deinit {
            try? FileManager.default.removeItem(atPath: home)
        }
    }

    /// `nobody` runs the fake daemon in `directory` (made 0777 by them) and it is listening.
    private static func fakeDaemonOfNobody(in directory: String, browser: String) async throws -> (Process, record: String) {
        let socket = directory + "/tidingsd.sock"
        let record = directory + "/received"
        let fake = try OtherUser.start(["/usr/bin/perl", "-e", FakeDaemon.script(browser: browser), socket, record])
        try await FakeDaemon.waitForSocket(socket)
        return (fake, record)
    }

    private static func received(_ record: String) -> String {
        (try? String(contentsOfFile: record, encoding: .utf8)) ?? ""
    }

    /// `nobody` made the guessable directory first, with a fake daemon in it: the client never
    /// talks to it, and, since the user cannot remove it from a sticky directory, passes it over
    /// for a directory of the user's own (`~/.local/state/tidings/run`), where autostart starts
    /// the daemon: the user is not locked out.
    @Test(.enabled(if: OtherUser.isAvailable, "needs root and setpriv to act as another user"))
    func aDefaultDirectoryMadeByAnotherUserIsPassedOverBeforeAnythingIsSent() async throws {
        let shared = try SharedDirectory()
        let victim = try Victim()
        let (fake, record) = try await Self.fakeDaemonOfNobody(in: shared.socketDirectory, browser: victim.hostileBrowser)
        defer { OtherUser.stop(fake) }
        let fallback = victim.home + "/.local/state/tidings/run"
        defer { DaemonProcesses.killAll(usingSocket: fallback + "/tidingsd.sock") }

        for arguments in [["open", "1"], ["status"]] {
            let result = try await victim.tidings(arguments, runtime: shared.path)
            #expect(result.status == 3, "\(result)")
            #expect(result.err.contains("\(fallback)/tidingsd.sock"), "\(result)")
            #expect(!result.err.contains(shared.socketDirectory), "\(result)")
        }
        let started = try await victim.tidings(["status"], runtime: shared.path, autostart: true)
        #expect(started.status == 0, "\(started)")
        #expect(!DaemonProcesses.pids(usingSocket: fallback + "/tidingsd.sock").isEmpty, "\(started)")
        let again = try await victim.tidings(["status"], runtime: shared.path)
        #expect(again.status == 0, "\(again)")
        var info = stat()
        #expect(lstat(fallback, &info) == 0 && info.st_uid == getuid() && info.st_mode & 0o777 == 0o700)
        #expect(Self.received(record).isEmpty, "the fake daemon heard: \(Self.received(record))")
        #expect(!FileManager.default.fileExists(atPath: victim.marker))
        #expect(victim.openedLinks.isEmpty)
        // Autostart created nothing in the other user's directory (no lock file, no daemon).
        let entries = try FileManager.default.contentsOfDirectory(atPath: shared.socketDirectory).sorted()
        #expect(entries == ["received", "tidingsd.sock"], "\(entries)")
    }

    /// With `XDG_RUNTIME_DIR` unset the guessable directory is `/tmp/tidings-$UID`; one made
    /// there by another user (here a file, a directory and a symbolic link in turn, in a
    /// sticky directory standing for /tmp) never locks the user out, and the daemon says where
    /// it listens instead.
    @Test(.enabled(if: OtherUser.isAvailable, "needs root and setpriv to act as another user"))
    func anotherUserCannotLockTheUserOutOfTheirDaemon() async throws {
        let victim = try Victim()
        let fallback = victim.home + "/.local/state/tidings/run"
        defer { DaemonProcesses.killAll(usingSocket: fallback + "/tidingsd.sock") }
        for squat in ["mkdir -m 0700 \"$0\"", "touch \"$0\"", "ln -s /nonexistent \"$0\""] {
            let shared = try SharedDirectory()
            let planted = try await OtherUser.run(["/bin/sh", "-c", squat, shared.socketDirectory])
            #expect(planted.status == 0, "\(planted)")
            let started = try await victim.tidings(["status"], runtime: shared.path, autostart: true)
            #expect(started.status == 0, "\(squat): \(started)")
            #expect(!started.err.contains("Remove it"), "\(started)")
            let log = (try? String(contentsOfFile: victim.home + "/.local/state/tidings/tidingsd.log", encoding: .utf8)) ?? ""
            #expect(log.contains("\(shared.socketDirectory) belongs to another user"), "\(log)")
            await DaemonProcesses.killAllAndWait(usingSocket: fallback + "/tidingsd.sock")
        }
    }

    @Test(.enabled(if: OtherUser.isAvailable, "needs root and setpriv to act as another user"))
    func aSocketNamedExplicitlyIsRefusedWhenAnotherUserListens() async throws {
        let shared = try SharedDirectory()
        let victim = try Victim()
        let (fake, record) = try await Self.fakeDaemonOfNobody(in: shared.socketDirectory, browser: victim.hostileBrowser)
        defer { OtherUser.stop(fake) }
        let socket = shared.socketDirectory + "/tidingsd.sock"

        let viaOption = try await victim.tidings(["open", "1", "--socket", socket])
        #expect(viaOption.status == 3, "\(viaOption)")
        #expect(viaOption.err == """
            tidings: refusing to talk to the process on \(socket): it runs as another user (uid 65534), not as you; \
            nothing was sent to it

            """, "\(viaOption)")
        var environment = DaemonHarness.baseEnvironment(home: victim.home)
        environment["TIDINGS_SOCKET"] = socket
        let viaEnvironment = try await ProcessResult.run(Binaries.client, ["list"], environment: environment)
        #expect(viaEnvironment.status == 3 && viaEnvironment.err.contains("runs as another user (uid 65534)"), "\(viaEnvironment)")
        #expect(Self.received(record).isEmpty, "the fake daemon heard: \(Self.received(record))")
        #expect(!FileManager.default.fileExists(atPath: victim.marker))
    }

    /// A daemon of the user's own (here: the fake one run by root) is believed about data, but
    /// what the client runs comes from the config file and `$BROWSER` only.
    @Test func theBrowserCommandNeverComesFromTheSocket() async throws {
        let victim = try Victim()
        let directory = victim.home + "/run"
        let socket = directory + "/tidingsd.sock"
        let record = victim.home + "/received"
        let fake = Process()
        fake.executableURL = URL(fileURLWithPath: "/usr/bin/perl")
        fake.arguments = ["-e", FakeDaemon.script(browser: victim.hostileBrowser), socket, record]
        fake.standardOutput = FileHandle.nullDevice
        fake.standardError = FileHandle.nullDevice
        try fake.run()
        defer { OtherUser.stop(fake) }
        try await FakeDaemon.waitForSocket(socket)

        let withBrowserVariable = try await victim.tidings(["open", "1", "--socket", socket])
        #expect(withBrowserVariable.status == 0, "\(withBrowserVariable)")
        #expect(victim.openedLinks == "https://example.org/bait\n")
        #expect(Self.received(record).contains("\"items.markRead\""))

        // The config file's browser wins over $BROWSER, with its own words.
        try FileManager.default.createDirectory(atPath: victim.home + "/config/tidings", withIntermediateDirectories: true)
        try "browser: '\(victim.recorder) --from-config %s'  # the user's own\n"
            .write(toFile: victim.home + "/config/tidings/config.yaml", atomically: true, encoding: .utf8)
        let withConfig = try await victim.tidings(["open", "1", "--socket", socket])
        #expect(withConfig.status == 0, "\(withConfig)")
        #expect(victim.openedLinks == "https://example.org/bait\n--from-config\nhttps://example.org/bait\n")
        #expect(!FileManager.default.fileExists(atPath: victim.marker))

        // A config file others may write to names no program.
        chmod(victim.home + "/config/tidings/config.yaml", 0o666)
        let writable = try await victim.tidings(["open", "1", "--socket", socket])
        #expect(writable.status == 1, "\(writable)")
        #expect(writable.err.contains("not using the config file \(victim.home)/config/tidings/config.yaml: others may write to it (mode 666)"), "\(writable)")
        #expect(!FileManager.default.fileExists(atPath: victim.marker))
    }

    @Test(.enabled(if: OtherUser.isAvailable, "needs root and setpriv to act as another user"))
    func aSymbolicLinkPlantedForTheAutostartLockIsNeverFollowed() async throws {
        let shared = try SharedDirectory()
        let victim = try Victim()
        // The link points where a file of root's must not appear (think /etc/nologin).
        let target = victim.home + "/nologin"
        let lock = shared.socketDirectory + "/tidingsd.sock.autostart.lock"
        let planted = try await OtherUser.run(["/bin/sh", "-c", "mkdir -m 0777 \"$0\" && ln -s \"$1\" \"$2\"", shared.socketDirectory, target, lock])
        #expect(planted.status == 0, "\(planted)")

        // The other user's directory is passed over: the daemon starts in the user's own.
        let fallback = victim.home + "/.local/state/tidings/run/tidingsd.sock"
        let foreign = try await victim.tidings(["status"], runtime: shared.path, autostart: true)
        // Stopped as the user would: it removes its socket, so the fallback is no longer chosen.
        for pid in DaemonProcesses.pids(usingSocket: fallback) { await DaemonProcesses.stop(pid) }
        #expect(foreign.status == 0, "\(foreign)")
        #expect(!FileManager.default.fileExists(atPath: target))

        // The same link in a directory of the user's own (left there somehow) is refused too.
        let own = try SharedDirectory()
        #expect(mkdir(own.socketDirectory, 0o700) == 0)
        #expect(symlink(target, own.socketDirectory + "/tidingsd.sock.autostart.lock") == 0)
        let linked = try await victim.tidings(["status"], runtime: own.path, autostart: true)
        defer { DaemonProcesses.killAll(usingSocket: own.socketDirectory + "/tidingsd.sock") }
        #expect(linked.status == 3, "\(linked)")
        #expect(linked.err.contains("cannot open \(own.socketDirectory)/tidingsd.sock.autostart.lock: it is a symbolic link"), "\(linked)")
        #expect(!FileManager.default.fileExists(atPath: target))
    }

    /// The daemon makes its default directory while `nobody` creates and removes a 0777
    /// directory of the same name as fast as they can: every start either listens in a private
    /// directory of its own user's or refuses, never in the other user's.
    @Test(.enabled(if: OtherUser.isAvailable, "needs root and setpriv to act as another user"))
    func theDaemonNeverListensInADirectoryWonByARace() async throws {
        let shared = try SharedDirectory()
        let victim = try Victim()
        let racer = try OtherUser.start([
            "/usr/bin/perl", "-e", "my $d = $ARGV[0]; my $end = time + 150; while (time < $end) { mkdir $d, 0777; chmod 0777, $d; rmdir $d }",
            shared.socketDirectory,
        ])
        defer { OtherUser.stop(racer) }
        let config = victim.home + "/config.yaml"
        try "".write(toFile: config, atomically: true, encoding: .utf8)
        var environment = DaemonHarness.baseEnvironment(home: victim.home)
        environment["XDG_RUNTIME_DIR"] = shared.path
        let socket = shared.socketDirectory + "/tidingsd.sock"
        // A start that finds the other user's directory there listens in the user's own instead.
        let fallback = victim.home + "/.local/state/tidings/run/tidingsd.sock"

        var listened = 0, refused = 0, foreign = 0, passedOver = 0
        for start in 0..<30 {
            let daemon = Process()
            daemon.executableURL = Binaries.daemon
            daemon.arguments = ["run", "--config", config, "--database", victim.home + "/data/tidings.sqlite"]
            daemon.environment = environment
            daemon.standardOutput = FileHandle.nullDevice
            daemon.standardError = FileHandle.nullDevice
            try daemon.run()
            var listening = false, inFallback = false
            for _ in 0..<250 where daemon.isRunning {
                if let probe = try? RawSocket(path: socket) {
                    probe.close()
                    listening = true
                    break
                }
                if let probe = try? RawSocket(path: fallback) {
                    probe.close()
                    inFallback = true
                    break
                }
                try await Task.sleep(for: .milliseconds(20))
            }
            if inFallback {
                passedOver += 1
                kill(daemon.processIdentifier, SIGTERM)
            } else if listening {
                var info = stat()
                #expect(lstat(shared.socketDirectory, &info) == 0)
                if info.st_uid != 0 || info.st_mode & 0o777 != 0o700 || (info.st_mode & S_IFMT) != S_IFDIR {
                    foreign += 1
                    Issue.record("start \(start) listens in a directory of uid \(info.st_uid), mode \(String(info.st_mode & 0o7777, radix: 8))")
                } else {
                    listened += 1
                }
                kill(daemon.processIdentifier, SIGTERM)
            } else {
                refused += 1
                if daemon.isRunning { kill(daemon.processIdentifier, SIGKILL) }
            }
            await ProcessResult.waitForExit(daemon)
            // Our directory cannot be removed by the other user (the parent is sticky): clear it
            // for the next start.
            try? FileManager.default.removeItem(atPath: shared.socketDirectory + "/tidingsd.sock.lock")
            rmdir(shared.socketDirectory)
        }
        print("race: \(listened) starts listened in their own directory, \(passedOver) in the fallback, \(refused) refused a foreign one, \(foreign) in a foreign one")
        #expect(foreign == 0)
        #expect(listened + passedOver + refused == 30)
    }
}
