@testable import FeedDaemon
import TestSupport
import FeedEntities
import Foundation
import Testing

struct SystemPasswordReaderTests {
    let directory: String
    let reader: SystemPasswordReader

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("tidings-pw-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        reader = SystemPasswordReader(process: SupervisedProcess(
            environment: ["PATH": "/usr/bin:/bin", "HOME": directory], logger: LogRecorder().logger))
    }

    private func file(_ name: String, _ contents: String, mode: mode_t) throws -> String {
        let path = directory + "/" + name
        try contents.write(toFile: path, atomically: false, encoding: .utf8)
        chmod(path, mode)
        return path
    }

    @Test func readsACommandsOutputLessOneNewline() async throws {
        #expect(try await reader.password(from: .command(["printf", "s3cret\\n\\n"])) == "s3cret\n")
        #expect(try await reader.password(from: .command(["printf", "p a s s\\r\\n"])) == "p a s s")
        #expect(try await reader.password(from: .command(["printf", "no-newline"])) == "no-newline")
    }

    @Test func aFailingCommandIsNamedWithoutItsOutput() async {
        do {
            _ = try await reader.password(from: .command(["/bin/sh", "-c", "echo hunter2; echo hunter3 >&2; exit 4"]))
            Issue.record("no error")
        } catch {
            #expect("\(error)" == "the secret command /bin/sh exited with status 4")
        }
        await #expect(throws: PasswordReadError.emptyCommand) { try await reader.password(from: .command([])) }
    }

    @Test func refusesALongAnswer() async {
        await #expect(throws: PasswordReadError.tooLong(source: "the secret command yes", limit: 4096)) {
            try await reader.password(from: .command(["yes"]))
        }
    }

    @Test func readsAPrivateFile() async throws {
        #expect(try await reader.password(from: .file(try file("pw", "s3cret\n", mode: 0o600))) == "s3cret")
        #expect(try await reader.password(from: .file(try file("ro", "x", mode: 0o400))) == "x")
    }

    @Test func refusesAFileOthersCanReadOrReplace() async throws {
        let shared = try file("shared", "s3cret", mode: 0o640)
        await #expect(throws: PasswordReadError.sharedPermissions(path: shared, mode: 0o640)) {
            try await reader.password(from: .file(shared))
        }
        let link = directory + "/link"
        symlink(try file("target", "s3cret", mode: 0o600), link)
        await #expect(throws: PasswordReadError.fileUnreadable(path: link, reason: "it is a symbolic link")) {
            try await reader.password(from: .file(link))
        }
        await #expect(throws: PasswordReadError.notRegularFile(path: directory)) {
            try await reader.password(from: .file(directory))
        }
        let fifo = directory + "/fifo"
        mkfifo(fifo, 0o600)
        await #expect(throws: PasswordReadError.notRegularFile(path: fifo)) { try await reader.password(from: .file(fifo)) }
        let long = try file("long", String(repeating: "x", count: 5000), mode: 0o600)
        await #expect(throws: PasswordReadError.tooLong(source: "the secret file \(long)", limit: 4096)) {
            try await reader.password(from: .file(long))
        }
        await #expect(throws: PasswordReadError.self) { try await reader.password(from: .file(directory + "/missing")) }
    }

    @Test func refusesAFileOfAnotherUser() async throws {
        // Only root can give a file away; elsewhere /etc/hostname (root's) stands in.
        let path: String
        if geteuid() == 0 {
            path = try file("nobody", "x", mode: 0o600)
            chown(path, 65534, 65534)
        } else {
            path = "/etc/hostname"
        }
        await #expect(throws: PasswordReadError.notOwned(path: path)) { try await reader.password(from: .file(path)) }
    }

    @Test func sourcesAreCodable() throws {
        let sources: [PasswordSource] = [.command(["pass", "show", "x"]), .file("/home/me/.pw")]
        let decoded = try JSONDecoder().decode([PasswordSource].self, from: JSONEncoder().encode(sources))
        #expect(decoded == sources)
    }
}
