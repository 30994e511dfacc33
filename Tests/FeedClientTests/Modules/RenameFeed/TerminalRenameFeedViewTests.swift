import Testing
@testable import FeedClient

struct TerminalRenameFeedViewTests {
    @Test func theLineIsWrittenWholeAtEveryWidth() {
        for width in [40, 80, 160] {
            let terminal = TerminalSpy(isTTY: true, width: width)
            TerminalRenameFeedView(terminal: terminal).showRenamed("Renamed feed 12 to \"中文博客：终端与工具的故事 🎉 and a long English tail\"")
            #expect(terminal.outLines == ["Renamed feed 12 to \"中文博客：终端与工具的故事 🎉 and a long English tail\""], "width \(width)")
        }
    }

    @Test func hostileTitlesNeverReachTheTerminal() {
        for width in [40, 80, 160] {
            let terminal = TerminalSpy(isTTY: true, width: width)
            let view = TerminalRenameFeedView(terminal: terminal)
            view.showRenamed("Renamed feed 1 to \"\u{1B}]52;c;cHduZWQ=\u{07}Clip\u{9D}x\u{9C}board\u{2066}\u{200E}\"")
            view.showFailure(CommandFailure(message: "cannot rename 'a\u{1B}[K': no feed"))
            #expect(terminal.outLines == ["Renamed feed 1 to \"Clipboard\""])
            #expect(terminal.errLines == ["tidings: cannot rename 'a': no feed"])
            #expect(terminal.dangerousScalars.isEmpty)
        }
    }
}
