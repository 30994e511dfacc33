import ArgumentParser

/// Options every command takes.
struct GlobalOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "The daemon's socket (default: $TIDINGS_SOCKET, else $XDG_RUNTIME_DIR/tidings/tidingsd.sock).",
            valueName: "path"))
    var socket: String?
}
