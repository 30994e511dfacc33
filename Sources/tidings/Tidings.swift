import ArgumentParser
import FeedIPC
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `tidings`: the command-line client of the tidingsd feed reader daemon.
@main
struct Tidings: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tidings",
        abstract: "Read RSS and Atom feeds kept fresh by the tidingsd daemon.",
        discussion: """
            Exit status: 0 success, 1 failure, 2 usage error, 3 the daemon is not reachable.
            The daemon's socket is --socket, else $TIDINGS_SOCKET, else \
            $XDG_RUNTIME_DIR/tidings/tidingsd.sock.
            """,
        version: TidingsVersion.current,
        subcommands: [
            ListCommand.self, SearchCommand.self, WatchCommand.self, ShowCommand.self, OpenCommand.self,
            ReadCommand.self, UnreadCommand.self, StarCommand.self, UnstarCommand.self, FeedsCommand.self, SubscribeCommand.self,
            UnsubscribeCommand.self, RefreshCommand.self, TagCommand.self, RenameCommand.self, ImportCommand.self,
            ExportCommand.self, StatusCommand.self,
        ])

    /// ArgumentParser's own `main`, except that usage errors exit with 2 (as getopt-style tools
    /// and docs/cli.md say) instead of sysexits' 64.
    static func main() async {
        do {
            var command = try parseAsRoot()
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            let code = exitCode(for: error)
            let message = fullMessage(for: error)
            if !message.isEmpty {
                let output = Array((message + "\n").utf8)
                _ = output.withUnsafeBytes { bytes in
                    write(code == .success ? STDOUT_FILENO : STDERR_FILENO, bytes.baseAddress, bytes.count)
                }
            }
            #if canImport(Glibc)
            Glibc.exit(code == .validationFailure ? 2 : code.rawValue)
            #else
            Darwin.exit(code == .validationFailure ? 2 : code.rawValue)
            #endif
        }
    }
}
