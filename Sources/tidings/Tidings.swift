import ArgumentParser
import FeedClient
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
            $XDG_RUNTIME_DIR/tidings/tidingsd.sock. A daemon that is not running is started \
            (logging to $XDG_STATE_HOME/tidings/tidingsd.log) unless a systemd user unit is \
            installed, --no-autostart is given, TIDINGS_NO_AUTOSTART=1 is set or the config \
            says 'autostart: false'.
            """,
        version: TidingsVersion.current,
        subcommands: [
            ListCommand.self, SearchCommand.self, WatchCommand.self, ShowCommand.self, OpenCommand.self,
            ReadCommand.self, UnreadCommand.self, StarCommand.self, UnstarCommand.self, FeedsCommand.self, SubscribeCommand.self,
            UnsubscribeCommand.self, RefreshCommand.self, TagCommand.self, RenameCommand.self, ImportCommand.self,
            ExportCommand.self, StatusCommand.self, MaintenanceCommand.self,
            RulesCommand.self, ReloadCommand.self,
        ])

    /// ArgumentParser's own `main`, except that usage errors exit with 2 (as getopt-style tools
    /// and docs/cli.md say) instead of sysexits' 64.
    static func main() async {
        do {
            var command: any ParsableCommand
            if let chosen = parseChosenCommand() {
                command = chosen
            } else {
                command = try parseAsRoot()
            }
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            let code = exitCode(for: error)
            // A usage error quotes the argument it could not take, which may hold escape
            // sequences; help, version and completion scripts (status 0) are the parser's own.
            let message = code == .success ? fullMessage(for: error) : TerminalText.sanitizeBlock(fullMessage(for: error))
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

    /// Arguments that need the whole command tree: help, version and completion requests.
    private nonisolated static let treeArguments: Set<String> = [
        "help", "-h", "--help", "--version", "--experimental-dump-help", "--generate-completion-script",
    ]

    /// The subcommand the arguments name, parsed by that command alone. The root's parse first
    /// builds the argument sets of all eighteen subcommands (by reflection: a third of the
    /// client's CPU time for a `list`); a command that parses cleanly by itself parses the
    /// same way there. Anything else (help, completions, a usage error, whose message must name
    /// `tidings`) returns `nil` and takes the full parse.
    nonisolated static func parseChosenCommand() -> sending (any ParsableCommand)? {
        let arguments = Array(CommandLine.arguments.dropFirst())
        guard let name = arguments.first,
              let type = configuration.subcommands.first(where: { $0.configuration.commandName == name }),
              !arguments.contains(where: { treeArguments.contains($0) || $0.hasPrefix("--generate-completion") })
        else { return nil }
        return try? type.parse(Array(arguments.dropFirst()))
    }
}
