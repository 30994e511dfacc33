import Testing
@testable import FeedClient

struct TerminalTagFeedViewTests {
    @Test func theLineIsWrittenWholeAtEveryWidth() {
        for width in [40, 80, 160] {
            let terminal = TerminalSpy(isTTY: true, width: width)
            TerminalTagFeedView(terminal: terminal).showTags("中文博客：终端与工具的故事 🎉: linux, 新闻, a tag that is rather long")
            #expect(terminal.outLines == ["中文博客：终端与工具的故事 🎉: linux, 新闻, a tag that is rather long"], "width \(width)")
        }
    }

    @Test func hostileTitlesAndTagsNeverReachTheTerminal() {
        for width in [40, 80, 160] {
            let terminal = TerminalSpy(isTTY: true, width: width)
            let view = TerminalTagFeedView(terminal: terminal)
            view.showTags("Evil\u{1B}]0;pwned\u{07} \u{9B}2JFeed\u{202E}: li\u{1B}[31mnux\u{85}x")
            view.showFailure(CommandFailure(message: "cannot tag 'x\u{1B}[2J': no feed"))
            #expect(terminal.outLines == ["Evil Feed: linux x"])
            #expect(terminal.errLines == ["tidings: cannot tag 'x': no feed"])
            #expect(terminal.dangerousScalars.isEmpty)
        }
    }
}
