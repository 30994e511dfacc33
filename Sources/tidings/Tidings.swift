import ArgumentParser
import FeedClient
import FeedIPC
import Glibc

/// `tidings`: the command-line client of the tidingsd feed reader daemon.
@main
struct Tidings: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tidings",
        abstract: "Read RSS and Atom feeds kept fresh by the tidingsd daemon.",
        discussion: """
            Exit status: 0 success, 1 failure, 2 usage error, 3 the daemon is not reachable.
            The global options --socket, --color and --no-autostart go before or after the \
            command: 'tidings --socket P status' is 'tidings status --socket P'.
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
            UnsubscribeCommand.self, RefreshCommand.self, SyncCommand.self, TagCommand.self, RenameCommand.self, FeedCommand.self,
            ImportCommand.self, ExportCommand.self, StatusCommand.self, MaintenanceCommand.self,
            RulesCommand.self, ViewCommand.self, ReloadCommand.self, StopCommand.self, RestoreCommand.self, UICommand.self,
        ])

    /// Read here only when no command follows them and the reader does not open (piped,
    /// `tidings --socket P` shows the help); before a command they are moved after it
    /// (`GlobalOptionPlacement`) and read by the command.
    @OptionGroup var global: GlobalOptions

    /// ArgumentParser's own `main`, except that global options may precede the command, usage
    /// errors read like every other error (`UsageError`, exit status 2 as getopt-style tools
    /// and docs/cli.md say, instead of sysexits' 64), and a command is parsed by itself when it
    /// can be (`CommandLineReader`).
    static func main() async {
        var arguments = Array(CommandLine.arguments.dropFirst())
        // No command, on a terminal: the reader. Piped, the help, as before.
        if GlobalOptionPlacement.leadingGlobalOptions(arguments) == arguments.count,
           isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 {
            arguments.insert(UICommand.configuration.commandName ?? "ui", at: 0)
        }
        // What the parser would print, without its start-up cost.
        if arguments == ["--version"] {
            let output = Array((TidingsVersion.current + "\n").utf8)
            _ = output.withUnsafeBytes { write(STDOUT_FILENO, $0.baseAddress, $0.count) }
            Glibc.exit(0)
        }
        // The commonest command, in its plain forms, without the parser's start-up cost.
        if arguments.first == ListCommand.configuration.commandName, let list = QuickListArguments(Array(arguments.dropFirst())) {
            await list.run()
        }
        let reader = CommandLineReader(arguments: arguments, commands: configuration.subcommands)
        do {
            var command = try await reader.parse()
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            let (text, toStandardOutput, status) = reader.report(error)
            if !text.isEmpty {
                let output = Array(text.utf8)
                _ = output.withUnsafeBytes { bytes in
                    write(toStandardOutput ? STDOUT_FILENO : STDERR_FILENO, bytes.baseAddress, bytes.count)
                }
            }
            Glibc.exit(status)
        }
    }
}
