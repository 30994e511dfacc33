import FeedEntities
import FeedIPC
import Testing
@testable import FeedClient

struct TerminalExportFeedsViewTests {
    static let document = """
        <opml version="2.0">
          <body>
            <outline type="rss" text="中文博客 🎉  two spaces" title="x" xmlUrl="https://zh.example/feed"/>
          </body>
        </opml>

        """

    @Test func theDocumentIsWrittenExactlyAtEveryWidthOnATerminalOrNot() {
        for isTTY in [false, true] {
            for width in [40, 80, 160] {
                let terminal = TerminalSpy(isTTY: isTTY, width: width)
                TerminalExportFeedsView(terminal: terminal).showDocument(Self.document)
                #expect(terminal.outLines == [
                    #"<opml version="2.0">"#,
                    "  <body>",
                    #"    <outline type="rss" text="中文博客 🎉  two spaces" title="x" xmlUrl="https://zh.example/feed"/>"#,
                    "  </body>",
                    "</opml>",
                ], "width \(width)")
            }
        }
    }

    @Test func hostileFeedsLeaveNothingDangerousInEitherFormat() async {
        let hostile = Fixtures.feed(
            1, title: "Bell\u{07}\u{1B}]0;pwned\u{07} \u{1B}[31mRed \u{9B}2J \u{202E}txt.exe",
            url: "https://evil.example/\u{1B}[2Jfeed\u{200F}")
        var tagged = hostile
        tagged.tags = ["\u{202E}evil", "a\u{1B}b", "c\u{85}d"]
        tagged.hasCustomTitle = true
        for format in ExportFormat.allCases {
            let test = ModuleTestDependencies(isTTY: true)
            test.daemon.stub(RPC.ListFeeds.self, .init(feeds: [hostile, tagged]))
            test.daemon.stub(RPC.ListViews.self, .init(views: [
                SavedView(name: "Bell\u{07}\u{1B}]0;pwned\u{07}\u{202E}", query: "title:\"\u{1B}[2J\"", origin: .stored),
                SavedView(name: "a\u{85}b", query: "is:starred \u{9B}2J", origin: .stored),
            ]))
            #expect(await ExportFeedsRouter.assemble(format: format, output: nil, dependencies: test.dependencies).run() == .success)
            #expect(test.terminal.dangerousScalars.isEmpty, "\(format): \(test.terminal.out.debugDescription)")
        }
    }

    @Test func confirmationsNotesAndFailuresAreSanitisedLines() {
        for width in [40, 80, 160] {
            let terminal = TerminalSpy(isTTY: true, width: width)
            let view = TerminalExportFeedsView(terminal: terminal)
            view.showSaved("Exported 3 feeds to 中文\u{1B}[2J.opml")
            view.showNote("feed 5: the tag '~odd\u{202E}' cannot be written")
            view.showFailure(CommandFailure(message: "cannot export to /etc/x: Permission denied"))
            #expect(terminal.outLines == ["Exported 3 feeds to 中文.opml"])
            #expect(terminal.errLines == ["feed 5: the tag '~odd' cannot be written", "tidings: cannot export to /etc/x: Permission denied"])
            #expect(terminal.dangerousScalars.isEmpty)
        }
    }
}
