import Glibc

/// Asks the terminal how it draws pictures, before anything else is shown: kitty's graphics
/// query (an id, `a=q`, a 1×1 pixel that is never drawn), the cell size (`CSI 16 t`) and the
/// primary device attributes (DA1, which every terminal answers, last), with the terminal's
/// input set raw for as long as the answers take (at most `timeout` milliseconds); the cell size
/// in pixels from `TIOCGWINSZ` when the kernel knows it. Inside tmux the kitty query goes through
/// tmux's passthrough: without `allow-passthrough on` tmux drops it, nobody answers, and the
/// text form stays, as it must (sixels tmux draws itself, when its DA1 says so).
public enum TerminalProbe {
    /// The cell size assumed when the terminal tells none.
    static let fallbackCell = (width: 10, height: 20)

    /// How long the answers are waited for, in milliseconds. Every terminal answers DA1, which
    /// ends the wait at once; the bound is for one that does not (a bare pseudo-terminal), and
    /// is long enough for a terminal still starting on a busy machine (its first command is the
    /// one asking: 400 ms left kitty and xterm without pictures under load).
    public static let answerTime = 2000

    /// How the terminal on `input`/`output` draws pictures, as `setting` allows; `nil` for the
    /// text form.
    public static func graphics(
        setting: ImagesSetting, environment: [String: String], input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO,
        timeout: Int = answerTime
    ) -> TerminalGraphics? {
        guard asks(setting: setting, environment: environment), isatty(input) == 1, isatty(output) == 1 else { return nil }
        let inTmux = isInTmux(environment)
        let replies = ask(input: input, output: output, inTmux: inTmux, timeout: timeout)
        return decide(setting: setting, replies: replies, inTmux: inTmux, output: output)
    }

    /// Whether the terminal is to be asked at all: pictures not turned off, a terminal that
    /// is one (`TERM=dumb` is not).
    static func asks(setting: ImagesSetting, environment: [String: String]) -> Bool {
        setting != .off && environment["TERM"] != "dumb"
    }

    static func isInTmux(_ environment: [String: String]) -> Bool {
        environment["TMUX"].map { !$0.isEmpty } ?? false
    }

    /// The questions: kitty's graphics query (through tmux's passthrough inside tmux), the
    /// cell size, and DA1 last, which every terminal answers, after the others.
    static func question(inTmux: Bool) -> String {
        let kittyQuery = "\u{1B}_Gi=\(TerminalReplies.queryID),s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\"
        return (inTmux ? GraphicsSequences.throughTmux(kittyQuery) : kittyQuery) + "\u{1B}[16t\u{1B}[c"
    }

    /// How pictures are drawn, from the setting and what the terminal answered (`nil`: no
    /// answer, which a forced protocol does not need); the cell size from `TIOCGWINSZ` on
    /// `output` when the kernel knows it, else the answer, else `fallbackCell`.
    static func decide(setting: ImagesSetting, replies: TerminalReplies?, inTmux: Bool, output: Int32) -> TerminalGraphics? {
        let kind: TerminalGraphics.Kind
        switch setting {
        case .kitty: kind = .kitty
        case .sixel: kind = .sixel
        case .auto:
            guard let replies else { return nil }
            if replies.kittyGraphics {
                kind = .kitty
            } else if replies.sixel {
                kind = .sixel
            } else {
                return nil
            }
        case .off: return nil
        }
        var size = winsize()
        var cell = replies?.cell ?? fallbackCell
        if ioctl(output, UInt(TIOCGWINSZ), &size) == 0, size.ws_xpixel > 0, size.ws_ypixel > 0, size.ws_col > 0, size.ws_row > 0 {
            cell = (Int(size.ws_xpixel) / Int(size.ws_col), Int(size.ws_ypixel) / Int(size.ws_row))
        }
        return TerminalGraphics(kind: kind, cellWidth: cell.width, cellHeight: cell.height, throughTmux: inTmux && kind == .kitty)
    }

    /// The terminal's answers, or `nil` when its input could not be set raw.
    static func ask(input: Int32, output: Int32, inTmux: Bool, timeout: Int) -> TerminalReplies? {
        var saved = termios()
        guard tcgetattr(input, &saved) == 0 else { return nil }
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 0
            cc[Int(VTIME)] = 0
        }
        guard tcsetattr(input, TCSANOW, &raw) == 0 else { return nil }
        defer { tcsetattr(input, TCSANOW, &saved) }
        guard writeAll(Array(question(inTmux: inTmux).utf8), to: output) else { return nil }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 512)
        var clock = timespec()
        clock_gettime(CLOCK_MONOTONIC, &clock)
        let deadline = Int(clock.tv_sec) * 1000 + Int(clock.tv_nsec) / 1_000_000 + timeout
        while true {
            clock_gettime(CLOCK_MONOTONIC, &clock)
            let left = deadline - (Int(clock.tv_sec) * 1000 + Int(clock.tv_nsec) / 1_000_000)
            guard left > 0 else { break }
            var descriptor = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, Int32(left))
            if ready < 0, errno == EINTR { continue }
            guard ready > 0 else { break }
            let count = read(input, &buffer, buffer.count)
            guard count > 0 else { break }
            received += buffer[0..<count]
            // A bound on what a terminal that keeps talking can make the reader hold.
            if TerminalReplies(parsing: received).complete || received.count > 64 << 10 { break }
        }
        return TerminalReplies(parsing: received)
    }

    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
        var written = 0
        while written < bytes.count {
            let result = bytes[written...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if result < 0, errno == EINTR { continue }
            guard result > 0 else { return false }
            written += result
        }
        return true
    }
}
