import Glibc
import CCurses
@testable import FeedClient
import Testing

/// The full-screen terminal on a pseudo-terminal, so that it runs without a TTY: it draws,
/// decodes keys, reports a resize and a signal, and gives the terminal back as it found it.
/// Serialized: signals and the crash path are the process's.
@MainActor
@Suite(.serialized)
struct CursesTerminalTests {
    @Test func drawsReadsKeysAndSignalsAndRestoresTheTerminal() async throws {
        let pty = try PseudoTerminal(rows: 24, columns: 80)
        var before = termios()
        tcgetattr(pty.slave, &before)
        let terminal = try CursesTerminal.begin(usesColor: true, input: pty.slave, output: pty.slave, terminalType: "xterm-256color")
        let received = EventLog(terminal)
        #expect(terminal.size == ScreenSize(rows: 24, columns: 80))
        #expect(terminal.usesColor)

        #expect(terminal.put("héllo 日本", row: 0, column: 0, style: .part(.heading, of: .article)) == 10)
        terminal.put("end", row: 1, column: 77, style: .plain)
        terminal.present()
        let drawn = try await pty.read(until: "end")
        #expect(drawn.contains("\u{1B}[?1049h"), "the alternate screen: \(drawn.debugDescription)")
        #expect(drawn.contains("héllo") && drawn.contains("日本"), "\(drawn.debugDescription)")

        pty.write("j\u{1B}OA\r\u{0C}")
        try await received.wait(for: 4)
        #expect(received.events == [.key(.character("j")), .key(.up), .key(.enter), .key(.control("l"))])

        pty.resize(rows: 30, columns: 40)
        kill(getpid(), SIGWINCH)
        try await received.wait(for: 5)
        #expect(received.events.last == .resized)
        #expect(terminal.size == ScreenSize(rows: 30, columns: 40))

        kill(getpid(), SIGTERM)
        try await received.wait(for: 6)
        #expect(received.events.last == .terminate(signal: SIGTERM))

        terminal.end()
        terminal.end()
        let restored = try await pty.read(until: "\u{1B}[?1049l")
        #expect(restored.contains("\u{1B}[?1049l"), "the normal screen again: \(restored.debugDescription)")
        var after = termios()
        tcgetattr(pty.slave, &after)
        #expect(after.c_lflag == before.c_lflag && after.c_iflag == before.c_iflag && after.c_oflag == before.c_oflag)
        #expect(after.c_lflag & tcflag_t(ECHO) != 0)
        try await received.waitForFinish()
    }

    @Test func theCrashPathRestoresTheModesAndLeavesTheAlternateScreen() async throws {
        let pty = try PseudoTerminal(rows: 24, columns: 80)
        var before = termios()
        tcgetattr(pty.slave, &before)
        let terminal = try CursesTerminal.begin(usesColor: false, input: pty.slave, output: pty.slave, terminalType: "xterm-256color")
        defer { terminal.end() }
        terminal.present()
        _ = try await pty.read(until: "\u{1B}[?1049h")
        #expect(tidings_crash_is_armed() == 1)
        // What a fatal signal's handler (and the exit handler) does first.
        tidings_crash_restore_terminal()
        #expect(tidings_crash_is_armed() == 0)
        let restored = try await pty.read(until: "\u{1B}[?1049l")
        #expect(restored.contains("\u{1B}[?1049l") && restored.contains("\u{1B}[?25h"), "\(restored.debugDescription)")
        var after = termios()
        tcgetattr(pty.slave, &after)
        #expect(after.c_lflag == before.c_lflag)
    }

    @Test func picturesAreDrawnOnceAtTheirCellsAndTakenAwayWhenDrawnOver() async throws {
        let pty = try PseudoTerminal(rows: 24, columns: 80)
        let terminal = try CursesTerminal.begin(usesColor: false, input: pty.slave, output: pty.slave, terminalType: "xterm-256color")
        defer { terminal.end() }
        let kitty = TerminalPicture(kind: .kitty, columns: 4, rows: 3, data: "QUJD", pixelWidth: 40, pixelHeight: 60, cellHeight: 20)
        terminal.put("first", row: 0, column: 0, style: .plain)
        terminal.place(ScreenPicture(id: 77, picture: kitty, row: 2, column: 0))
        terminal.present()
        let end = "\u{1B}\\\u{1B}8"
        let drawn = try await pty.read(until: "a=p,i=77,p=1,C=1,q=2" + end)
        // The data once (kitty's chunked transmission), then the placement at row 3, column 1.
        #expect(drawn.contains("\u{1B}_Ga=t,f=100,t=d,i=77,q=2,m=0;QUJD\u{1B}\\"), "\(drawn.debugDescription)")
        #expect(drawn.contains("\u{1B}7\u{1B}[3;1H\u{1B}_Ga=p,i=77,p=1,C=1,q=2" + end), "\(drawn.debugDescription)")

        // A frame that changes something else sends nothing of the picture.
        terminal.put("second", row: 10, column: 0, style: .plain)
        terminal.present()
        let other = try await pty.read(until: "second")
        #expect(!other.contains("\u{1B}_G"), "\(other.debugDescription)")

        // Scrolled a row: the same image, cut to its last two rows of pixels, not sent again.
        terminal.clearLine(row: 2)
        terminal.place(ScreenPicture(id: 77, picture: kitty, row: 2, column: 0, firstRow: 1, rows: 2))
        terminal.present()
        let cut = try await pty.read(until: "h=40,C=1,q=2" + end)
        #expect(cut.contains("\u{1B}_Ga=d,d=i,i=77,q=2\u{1B}\\"), "the old placement deleted: \(cut.debugDescription)")
        #expect(cut.contains("\u{1B}[3;1H\u{1B}_Ga=p,i=77,p=1,x=0,y=20,w=40,h=40,C=1,q=2" + end), "\(cut.debugDescription)")
        #expect(!cut.contains("a=t"))

        // Text over one of its rows takes it away.
        terminal.put("over", row: 3, column: 0, style: .plain)
        terminal.present()
        let over = try await pty.read(until: "over")
        #expect(over.contains("\u{1B}_Ga=d,d=i,i=77,q=2\u{1B}\\"), "\(over.debugDescription)")

        // A sixel is drawn whole at its cells, and only once.
        let sixel = TerminalPicture(kind: .sixel, columns: 4, rows: 2, data: "#0~~")
        terminal.place(ScreenPicture(id: 5, picture: sixel, row: 6, column: 2))
        terminal.present()
        let sixels = try await pty.read(until: "#0~~" + end)
        #expect(sixels.contains("\u{1B}7\u{1B}[7;3H\u{1B}P0;1;0q#0~~" + end), "\(sixels.debugDescription)")
        terminal.put("third", row: 12, column: 0, style: .plain)
        terminal.present()
        #expect(!(try await pty.read(until: "third")).contains("\u{1B}P"))
        // Cut, it is not drawn: a sixel cannot be.
        terminal.clearLine(row: 6)
        terminal.place(ScreenPicture(id: 5, picture: sixel, row: 6, column: 2, firstRow: 1, rows: 1))
        terminal.put("fourth", row: 13, column: 0, style: .plain)
        terminal.present()
        #expect(!(try await pty.read(until: "fourth")).contains("\u{1B}P"))

        // Inside tmux, kitty's placement and the cursor's moves around it go through its passthrough.
        let inTmux = TerminalPicture(
            kind: .kitty, columns: 4, rows: 2, data: "QUJD", throughTmux: true, pixelWidth: 40, pixelHeight: 40, cellHeight: 20)
        terminal.place(ScreenPicture(id: 78, picture: inTmux, row: 15, column: 1))
        terminal.present()
        let wrapped = try await pty.read(until: "q=2\u{1B}\u{1B}\\\u{1B}\u{1B}8\u{1B}\\")
        #expect(wrapped.contains("\u{1B}Ptmux;\u{1B}\u{1B}_Ga=t,f=100,t=d,i=78,q=2,m=0;QUJD\u{1B}\u{1B}\\\u{1B}\\"), "\(wrapped.debugDescription)")
        #expect(wrapped.contains("\u{1B}Ptmux;\u{1B}\u{1B}7\u{1B}\u{1B}[16;2H\u{1B}\u{1B}_Ga=p,i=78,p=1,C=1,q=2\u{1B}\u{1B}\\\u{1B}\u{1B}8\u{1B}\\"), "\(wrapped.debugDescription)")

        // The reader's end frees what the terminal keeps.
        terminal.end()
        let ended = try await pty.read(until: "\u{1B}[?1049l")
        #expect(ended.contains("\u{1B}_Ga=d,d=I,i=77,q=2\u{1B}\\"), "\(ended.debugDescription)")
    }

    @Test func theTerminalIsAskedHowItDrawsPicturesAndItsAnswersAreNoKeys() async throws {
        let pty = try PseudoTerminal(rows: 24, columns: 80)
        let terminal = try CursesTerminal.begin(
            usesColor: false, input: pty.slave, output: pty.slave, terminalType: "xterm-256color", images: .auto,
            environment: ["TERM": "xterm-256color"])
        defer { terminal.end() }
        let received = EventLog(terminal)
        let asked = try await pty.read(until: "\u{1B}[c")
        #expect(asked.contains("\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\\u{1B}[16t\u{1B}[c"), "\(asked.debugDescription)")
        #expect(terminal.graphics == nil, "not before the answer")
        pty.write("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[6;18;9t\u{1B}[?62;4c" + "j")
        try await received.wait(for: 1)
        #expect(received.events == [.key(.character("j"))])
        #expect(terminal.graphics == TerminalGraphics(kind: .kitty, cellWidth: 9, cellHeight: 18))

        // Turned off, nothing is asked.
        terminal.end()
        let quiet = try PseudoTerminal(rows: 24, columns: 80)
        let plain = try CursesTerminal.begin(
            usesColor: false, input: quiet.slave, output: quiet.slave, terminalType: "xterm-256color", images: .off)
        defer { plain.end() }
        plain.put("drawn", row: 0, column: 0, style: .plain)
        plain.present()
        #expect(!(try await quiet.read(until: "drawn")).contains("\u{1B}[c"))
        #expect(plain.graphics == nil)
    }

    @Test func anUnknownTerminalTypeIsAnErrorNamingIt() throws {
        let pty = try PseudoTerminal(rows: 24, columns: 80)
        #expect(throws: CursesTerminal.BeginError.unknownTerminal("tidings-no-such-terminal")) {
            try CursesTerminal.begin(usesColor: true, input: pty.slave, output: pty.slave, terminalType: "tidings-no-such-terminal")
        }
        #expect(CursesTerminal.BeginError.unknownTerminal("foo").description == "TERM=foo unknown: cannot open the reader")
        // The signal handlers it had installed are gone again.
        var action = sigaction()
        sigaction(SIGWINCH, nil, &action)
        #expect(action.__sigaction_handler.sa_handler == nil)
    }

    @Test func aPipeIsNotATerminal() throws {
        var descriptors: [Int32] = [-1, -1]
        #expect(pipe(&descriptors) == 0)
        defer { descriptors.forEach { close($0) } }
        #expect(throws: CursesTerminal.BeginError.notATerminal) {
            try CursesTerminal.begin(usesColor: true, input: descriptors[0], output: descriptors[1], terminalType: "xterm")
        }
    }
}

/// The events of a terminal, collected as they come.
@MainActor
private final class EventLog {
    private(set) var events: [TerminalEvent] = []
    private(set) var finished = false

    init(_ terminal: CursesTerminal) {
        Task { @MainActor in
            for await event in terminal.events { self.events.append(event) }
            self.finished = true
        }
    }

    /// Waits until `count` events came; gives up (an error, not a hang) after a long while.
    func wait(for count: Int) async throws {
        try await waitUntil { self.events.count >= count }
    }

    func waitForFinish() async throws {
        try await waitUntil { self.finished }
    }

    private func waitUntil(_ condition: () -> Bool) async throws {
        for _ in 0..<2000 where !condition() {
            try await Task.sleep(for: .milliseconds(10))
        }
        try #require(condition(), "events so far: \(events)")
    }
}

/// A pseudo-terminal pair; the test plays the terminal emulator on the master side.
private final class PseudoTerminal {
    let master: Int32
    let slave: Int32

    struct Failure: Error {}

    init(rows: Int, columns: Int) throws {
        var master: Int32 = -1
        var slave: Int32 = -1
        guard tidings_open_pseudo_terminal(&master, &slave) == 0 else { throw Failure() }
        self.master = master
        self.slave = slave
        _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)
        resize(rows: rows, columns: columns)
    }

    deinit {
        close(slave)
        close(master)
    }

    func resize(rows: Int, columns: Int) {
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
    }

    func write(_ text: String) {
        var bytes = Array(text.utf8)
        _ = Glibc.write(master, &bytes, bytes.count)
    }

    /// What the program wrote, read until it contains `marker`; gives up after a long while.
    func read(until marker: String) async throws -> String {
        var bytes: [UInt8] = []
        for _ in 0..<2000 {
            var chunk = [UInt8](repeating: 0, count: 4096)
            let count = Glibc.read(master, &chunk, chunk.count)
            if count > 0 {
                bytes += chunk[..<count]
                if String(decoding: bytes, as: UTF8.self).contains(marker) { break }
            } else {
                try await Task.sleep(for: .milliseconds(10))
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
