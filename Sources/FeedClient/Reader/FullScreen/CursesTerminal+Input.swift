import Glibc
import CCurses

/// What the input thread hands over, turned into `TerminalEvent`s on the main actor.
extension CursesTerminal {
    /// Handles one wake-up of the input thread, or holds it while the terminal is suspended
    /// (a terminal browser owns the input then); calls `done` when the thread may wait again.
    func receive(_ wake: TerminalInputThread.Wake, done: @escaping @Sendable () -> Void) {
        guard !isEnded else { return done() }
        guard !isSuspended else {
            heldWakes.append((wake, done))
            return
        }
        switch wake {
        case .readable:
            drainInput()
        case .signal(let signal):
            handle(signal: signal)
        case .closed:
            drainInput()
            continuation.yield(.inputClosed)
            continuation.finish()
        }
        done()
    }

    /// Reads every key ncurses has, without waiting (the window's timeout is 0), through the
    /// decoder of the sequences ncurses leaves undecoded.
    private func drainInput() {
        let window = api.stdscr!.pointee
        var character = wint_t()
        while true {
            let result = api.wget_wch!(window, &character)
            let inputs: [CursesKeys.Input]
            switch result {
            case OK: inputs = keyDecoder.feed(.character(UInt32(character)))
            case KEY_CODE_YES:
                let code = Int32(bitPattern: character)
                let keyname = api.keyname!
                inputs = keyDecoder.feed(.keyCode(code, name: { keyname(code).map { String(cString: $0) } }))
            default:
                deliver(keyDecoder.endOfInput())
                return
            }
            deliver(inputs)
        }
    }

    private func deliver(_ inputs: [CursesKeys.Input]) {
        for input in inputs {
            switch input {
            case .key(let key): continuation.yield(.key(key))
            case .resize: reportResize()
            case .ignored: break
            case .reply(let bytes): heard(bytes)
            }
        }
    }

    private func handle(signal: Int32) {
        switch signal {
        case SIGWINCH:
            applyWindowSize()
            reportResize()
        case SIGTSTP:
            continuation.yield(.suspend)
        case SIGCONT:
            // Continued after a stop the reader did not ask for: the screen may show anything.
            repaint()
        case SIGINT, SIGTERM, SIGHUP:
            continuation.yield(.terminate(signal: signal))
        default:
            break
        }
    }

    /// Gives curses the window's size from the terminal (TIOCGWINSZ): ncurses has no SIGWINCH
    /// handler of its own here.
    func applyWindowSize() {
        guard !isSuspended else {
            resizePending = true
            return
        }
        var window = winsize()
        guard ioctl(output, UInt(TIOCGWINSZ), &window) == 0, window.ws_row > 0, window.ws_col > 0 else { return }
        _ = api.resizeterm!(Int32(window.ws_row), Int32(window.ws_col))
        // The terminal may have moved or cut them as it reflowed: drawn again where they now go.
        forgetPictures(freeing: false)
    }

    /// `.resized` once per new size (ncurses queues a KEY_RESIZE after resizeterm too).
    private func reportResize() {
        let current = size
        guard current != reportedSize else { return }
        reportedSize = current
        continuation.yield(.resized)
    }
}
