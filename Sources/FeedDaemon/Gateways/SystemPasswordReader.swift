import Glibc
import FeedEntities

/// Reads secrets by running a program (`SupervisedProcess`) or from a private file.
///
/// A command runs in the home directory with the daemon's environment, for at most 30 s, its
/// stdout bounded to 4 KiB (a longer answer ends it) and its stderr discarded, since a failing
/// password manager may echo what it was handed. A file is opened without following a symbolic
/// link and must be a regular file of the daemon's user with no permission for group or others
/// (0600 or 0400): a secret anybody else can read or replace is refused, not used.
public struct SystemPasswordReader: PasswordReader {
    /// The longest secret read, in bytes.
    public static let maximumBytes = 4096
    /// How long a password command may run.
    public static let timeout: Duration = .seconds(30)

    private let process: SupervisedProcess

    public init(process: SupervisedProcess) {
        self.process = process
    }

    public func password(from source: PasswordSource) async throws -> String {
        // `~/` as the user wrote it in the setting: the daemon's home.
        let home = process.homeDirectory ?? "/"
        switch source {
        case .command(let arguments): return try await run(arguments.map { FeedSettings.resolvedPath($0, home: home) })
        case .file(let path): return try readFile(FeedSettings.resolvedPath(path, home: home))
        case .value(let secret): return secret
        }
    }

    private func run(_ arguments: [String]) async throws(PasswordReadError) -> String {
        guard let program = arguments.first, !program.isEmpty else { throw .emptyCommand }
        let outcome = await process.run(
            arguments,
            limits: .init(timeout: Self.timeout, outputLimit: Self.maximumBytes, overflow: .stop, errorOutput: .discarded),
            directory: process.homeDirectory)
        switch outcome.ending {
        case .exited(0): return try Self.secret(outcome.output, source: "the secret command \(program)")
        case .exited(let status): throw .commandFailed(program: program, status: status)
        case .signalled(let signal): throw .commandKilled(program: program, signal: signal)
        case .timedOut: throw .commandTimedOut(program: program, seconds: Int(Self.timeout.components.seconds))
        case .outputTooLarge: throw .tooLong(source: "the secret command \(program)", limit: Self.maximumBytes)
        case .cannotStart(let reason): throw .commandCannotStart(program: program, reason: reason)
        }
    }

    private func readFile(_ path: String) throws(PasswordReadError) -> String {
        // O_NONBLOCK: a FIFO planted at the path must not hang the open; it is refused below.
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        guard descriptor >= 0 else {
            let code = errno
            throw code == ELOOP
                ? .fileUnreadable(path: path, reason: "it is a symbolic link")
                : .fileUnreadable(path: path, reason: String(cString: strerror(code)))
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            throw .fileUnreadable(path: path, reason: String(cString: strerror(errno)))
        }
        guard info.st_mode & S_IFMT == S_IFREG else { throw .notRegularFile(path: path) }
        guard info.st_uid == geteuid() else { throw .notOwned(path: path) }
        let permissions = UInt32(info.st_mode) & 0o7777
        guard permissions & 0o077 == 0 else { throw .sharedPermissions(path: path, mode: permissions) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: Self.maximumBytes + 1)
        while bytes.count <= Self.maximumBytes {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw .fileUnreadable(path: path, reason: String(cString: strerror(errno))) }
            if count == 0 { break }
            bytes += buffer[..<count]
        }
        guard bytes.count <= Self.maximumBytes else { throw .tooLong(source: "the secret file \(path)", limit: Self.maximumBytes) }
        return try Self.secret(bytes, source: "the secret file \(path)")
    }

    /// `bytes` as text, without one trailing newline (`\n` or `\r\n`).
    static func secret(_ bytes: [UInt8], source: String) throws(PasswordReadError) -> String {
        var bytes = bytes[...]
        if bytes.last == UInt8(ascii: "\n") {
            bytes = bytes.dropLast()
            if bytes.last == UInt8(ascii: "\r") { bytes = bytes.dropLast() }
        }
        guard let text = String(validating: bytes, as: UTF8.self) else { throw .notText(source: source) }
        return text
    }
}
