import ArgumentParser
import FeedClient

/// Options every command takes.
struct GlobalOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "The daemon's socket (default: $TIDINGS_SOCKET, else $XDG_RUNTIME_DIR/tidings/tidingsd.sock).",
            valueName: "path"),
        completion: .file())
    var socket: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Color the output: auto (on a terminal, unless NO_COLOR is set), always or never.",
            valueName: "when"))
    var color: ColorChoice = .auto

    @Flag(
        name: .long,
        help: ArgumentHelp(
            "Do not start the daemon when it is not running (also TIDINGS_NO_AUTOSTART=1, or 'autostart: false' in the config)."))
    var noAutostart = false
}

extension ColorChoice: ExpressibleByArgument {}
