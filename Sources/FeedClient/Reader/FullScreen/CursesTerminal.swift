import Glibc
import CCurses

/// The reader's terminal: ncursesw (loaded on demand, `CursesLibrary`) on the process's own
/// standard input and output, in full-screen mode from `begin` to `end()`.
///
/// Curses keeps the grid and sends only what changed on `present()`. Keys, resizes and
/// signals arrive on `events` from a thread that only waits (`TerminalInputThread`); all the
/// curses calls happen on the main actor. The terminal is restored by `end()`, at exit if
/// `end()` was not called, and on a crash (the C handlers in `Sources/CCurses/shim.h`).
///
/// Reading keys (`wget_wch`) refreshes the window first when it changed since the last
/// refresh, as curses does: a View draws and presents in one main-actor turn, without an
/// `await` in between, so that a half-drawn frame never reaches the terminal.
@MainActor
public final class CursesTerminal: FullScreenTerminal {
    /// Why the reader could not take the terminal.
    public enum BeginError: Error, Equatable, CustomStringConvertible {
        /// ncursesw could not be loaded (`CursesLibrary.LoadError`'s text).
        case library(String)
        /// Standard input or output is not a terminal.
        case notATerminal
        /// terminfo has no entry for `$TERM` (or it is unset).
        case unknownTerminal(String?)
        /// A system call failed: its name and errno.
        case failedCall(name: String, code: Int32)

        public var description: String {
            switch self {
            case .library(let reason): "\(reason): cannot open the reader"
            case .notATerminal: "standard input and output must be a terminal to open the reader"
            case .unknownTerminal(let name?): "TERM=\(name) unknown: cannot open the reader"
            case .unknownTerminal(nil): "TERM is not set: cannot open the reader"
            case .failedCall(let call, let code): "\(call): \(String(cString: strerror(code))): cannot open the reader"
            }
        }
    }

    /// The signals the handlers send to the input thread.
    static let forwardedSignals: [Int32] = [SIGWINCH, SIGTSTP, SIGCONT, SIGINT, SIGTERM, SIGHUP]

    /// ncurses' KEY_RESIZE comes after the SIGWINCH it follows from: one `.resized` per size.
    var reportedSize: ScreenSize

    public var usesColor: Bool { colors.usesColor }
    /// The palette's looks as curses attributes and pairs.
    var colors: CursesColors
    /// The terminal's descriptors: standard input and output, but for a test's pseudo-terminal.
    let input: Int32
    let output: Int32
    public let events: AsyncStream<TerminalEvent>
    let continuation: AsyncStream<TerminalEvent>.Continuation
    let api: tidings_curses_api
    let inputThread: TerminalInputThread
    /// The terminal's modes when the reader took it, given back by `end()`.
    var savedModes: termios
    /// The signal actions the forwarding handlers replaced, put back by `end()`.
    var previousActions: [Int32: sigaction]
    var cursor: (row: Int, column: Int)?
    var cursorShown = false
    var isEnded = false
    var isSuspended = false
    /// Wake-ups of the input thread that came while suspended, handled by `resume()`.
    var heldWakes: [(wake: TerminalInputThread.Wake, done: @Sendable () -> Void)] = []
    /// A resize that came while suspended, applied by `resume()`.
    var resizePending = false
    /// The escape sequences ncurses leaves undecoded, and bracketed paste.
    var keyDecoder = KeyDecoder()
    /// The pictures the grid has (`place`), and those the terminal shows (`present()`).
    var placedPictures: [ScreenPicture] = []
    var shownPictures: [ScreenPicture] = []
    /// The kitty images whose data the terminal holds, oldest first, with what deletes each.
    var sentImages: [(id: Int, deletion: String)] = []
    public internal(set) var graphics: TerminalGraphics?
    /// What `reader: images` asks, whether the reader runs in tmux, and what the terminal has
    /// answered so far.
    var imagesSetting = ImagesSetting.off
    var inTmux = false
    var replies = TerminalReplies(parsing: [])

    private init(
        api: tidings_curses_api, colors: CursesColors, input: Int32, output: Int32, savedModes: termios, previousActions: [Int32: sigaction],
        inputThread: TerminalInputThread, events: AsyncStream<TerminalEvent>,
        continuation: AsyncStream<TerminalEvent>.Continuation
    ) {
        self.api = api
        self.colors = colors
        self.input = input
        self.output = output
        self.savedModes = savedModes
        self.previousActions = previousActions
        self.inputThread = inputThread
        self.events = events
        self.continuation = continuation
        reportedSize = ScreenSize(rows: 0, columns: 0)
        reportedSize = size
    }

    /// Takes the terminal: the alternate screen, keys one at a time without echo, no cursor.
    /// - Parameters:
    ///   - usesColor: whether colours may be used (`ColorChoice`, `NO_COLOR`); they are only
    ///     when the terminal has them too.
    ///   - palette: how the elements Views draw look (the config's `colors:`).
    /// - Throws: `BeginError` when ncursesw cannot be loaded, the standard streams are not a
    ///   terminal, `TERM` is unknown, or the input thread cannot start; the terminal is then
    ///   left as it was.
    ///   - images: whether the terminal is asked how it draws pictures (`graphics`), and how
    ///     its answer is taken; `environment` tells whether it is tmux's.
    public static func begin(
        usesColor: Bool, palette: ScreenPalette = .standard, images: ImagesSetting = .off, environment: [String: String] = [:]
    ) throws(BeginError) -> CursesTerminal {
        try begin(
            usesColor: usesColor, palette: palette, input: STDIN_FILENO, output: STDOUT_FILENO, terminalType: nil, images: images,
            environment: environment)
    }

    /// `begin(usesColor:)` on other descriptors and a given terminal type (`nil`: `$TERM`), for
    /// tests on a pseudo-terminal. Signals are the process's whatever the descriptors.
    static func begin(
        usesColor: Bool, palette: ScreenPalette = .standard, input: Int32, output: Int32, terminalType: String?,
        images: ImagesSetting = .off, environment: [String: String] = [:]
    ) throws(BeginError) -> CursesTerminal {
        let api: tidings_curses_api
        do {
            api = try CursesLibrary.load().api
        } catch {
            throw .library(error.description)
        }
        guard isatty(input) == 1, isatty(output) == 1 else { throw .notATerminal }
        var savedModes = termios()
        guard tcgetattr(output, &savedModes) == 0 else { throw .failedCall(name: "tcgetattr", code: errno) }
        useUTF8Locale()

        let (events, continuation) = AsyncStream<TerminalEvent>.makeStream(bufferingPolicy: .unbounded)
        let box = WeakTerminal()
        let inputThread: TerminalInputThread
        do {
            inputThread = try TerminalInputThread(input: input) { wake, done in
                Task { @MainActor in
                    guard let terminal = box.terminal else { return done() }
                    terminal.receive(wake, done: done)
                }
            }
        } catch {
            throw .failedCall(name: error.call, code: error.code)
        }
        // Before newterm: ncurses installs its own handlers only where it finds SIG_DFL.
        tidings_signal_pipe_set(inputThread.pipeWrite)
        var previousActions: [Int32: sigaction] = [:]
        for signal in forwardedSignals {
            var previous = sigaction()
            tidings_signal_to_pipe_install(signal, &previous)
            previousActions[signal] = previous
        }
        var library = api
        guard tidings_curses_newterm(&library, terminalType, input, output) != nil else {
            tidings_signal_pipe_set(-1)
            restoreSignals(previousActions)
            inputThread.discard()
            throw .unknownTerminal(terminalType ?? getenv("TERM").map { String(cString: $0) })
        }
        let window = api.stdscr!.pointee
        _ = api.cbreak!()
        _ = api.noecho!()
        _ = api.nonl!()
        _ = api.keypad!(window, true)
        api.wtimeout!(window, 0)
        _ = api.curs_set!(0)
        // How long a lone ESC waits for the rest of an arrow key's sequence: over ssh a
        // sequence can come split, and a split one read as ESC, `[`, `C` would be "back" and
        // "mark everything read". 100 ms, as vim's ttimeoutlen; ESC alone answers that late.
        _ = api.set_escdelay!(100)
        Self.write(Self.bracketedPasteOn, to: output)
        var colors = CursesColors(api: api, palette: palette, usesColor: usesColor)
        // Blanks curses makes itself (clearing to a line's end, a grown window) in the background's look.
        let background = colors.attributes(for: .plain)
        api.wbkgdset!(window, tidings_curses_blank(background.attributes, background.pair))
        armCrashPath(api, modes: savedModes, output: output)

        let terminal = CursesTerminal(
            api: api, colors: colors, input: input, output: output, savedModes: savedModes, previousActions: previousActions,
            inputThread: inputThread, events: events, continuation: continuation)
        box.terminal = terminal
        terminal.askForGraphics(images, environment: environment)
        do {
            try inputThread.start()
        } catch {
            terminal.end()
            throw .failedCall(name: error.call, code: error.code)
        }
        return terminal
    }

    // MARK: - Set-up and restoring

    /// ncursesw reads and writes UTF-8 only in a UTF-8 locale; feeds are UTF-8 whatever the
    /// user's locale says, so a non-UTF-8 one is replaced for character handling.
    private static func useUTF8Locale() {
        setlocale(LC_CTYPE, "")
        let codeset = String(cString: nl_langinfo(nl_item(CODESET)))
        if codeset != "UTF-8" { setlocale(LC_CTYPE, "C.UTF-8") }
    }

    /// Precomputes what a crash writes: attributes off, cursor shown, the keypad's normal mode
    /// (keypad(TRUE) turned application mode on), alternate screen left.
    private static func armCrashPath(_ api: tidings_curses_api, modes: termios, output: Int32) {
        var api = api
        var bytes: [CChar] = Self.bracketedPasteOff.utf8.map { CChar(bitPattern: $0) }
        for capability in ["sgr0", "cnorm", "rmkx", "rmcup"] {
            if let value = tidings_curses_capability(&api, capability) {
                bytes += UnsafeBufferPointer(start: value, count: strlen(value))
            }
        }
        var modes = modes
        tidings_crash_arm(output, &modes, bytes, bytes.count)
    }

    /// Bracketed paste (xterm, and every terminal that copied it): pasted text comes between
    /// `ESC [200~` and `ESC [201~`, so that `KeyDecoder` takes it as text, not as keys.
    static let bracketedPasteOn = "\u{1B}[?2004h"
    static let bracketedPasteOff = "\u{1B}[?2004l"

    static func write(_ text: String, to output: Int32) {
        DescriptorOutput.writeAll(text, to: output)
    }

    static func restoreSignals(_ actions: [Int32: sigaction]) {
        for (signal, action) in actions {
            var action = action
            tidings_signal_restore(signal, &action)
        }
    }
}

/// The input thread's way to the terminal, which it must not keep alive.
@MainActor
private final class WeakTerminal {
    weak var terminal: CursesTerminal?
}
