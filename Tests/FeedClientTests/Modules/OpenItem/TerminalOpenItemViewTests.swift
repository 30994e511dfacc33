import Testing
@testable import FeedClient

struct TerminalOpenItemViewTests {
    func render(_ failure: CommandFailure, width: Int, usesColor: Bool = false) -> TerminalSpy {
        let terminal = TerminalSpy(isTTY: true, width: width, usesColor: usesColor)
        TerminalOpenItemView(terminal: terminal).showFailure(failure)
        return terminal
    }

    @Test func failuresAreOneWholeLineOnStderrAtEveryWidth() {
        let failure = CommandFailure(message: "refusing to open 'https://例え.jp/記事 🎉': only http and https links are opened")
        for width in [40, 80, 160] {
            let terminal = render(failure, width: width)
            #expect(terminal.errLines == ["tidings: refusing to open 'https://例え.jp/記事 🎉': only http and https links are opened"])
            #expect(terminal.out.isEmpty)
        }
    }

    @Test func hostileMessagesAreSanitisedAndNeverColored() {
        let failure = CommandFailure(message: "item 3 has no link\u{1B}]0;x\u{07}\u{202E}\u{9B}2J")
        for width in [40, 80, 160] {
            let terminal = render(failure, width: width, usesColor: true)
            #expect(terminal.dangerousScalars.isEmpty)
            #expect(terminal.err == "tidings: item 3 has no link\n")
        }
    }
}
