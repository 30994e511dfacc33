import Foundation
import Testing
@testable import FeedClient
import FeedEntities

struct TerminalShowItemViewTests {
    func render(_ detail: ItemDetail, width: Int, format: OutputFormat = .table, usesColor: Bool = false) -> TerminalSpy {
        let terminal = TerminalSpy(isTTY: format == .table, width: width, usesColor: usesColor)
        TerminalShowItemView(terminal: terminal, format: format).showItem(detail)
        return terminal
    }

    static let body: [Substring] = [
        "",
        "Tiling window managers[1] are back.",
        "",
        "  let x = 1",
        "",
        "Links:",
        "[1] https://en.wikipedia.org/wiki/Tiling_window_manager",
    ]

    @Test func wideTerminalsKeepEveryHeaderValueOnOneLine() {
        for width in [80, 160] {
            let terminal = render(.fixture(), width: width)
            #expect(terminal.outLines == [
                "Feed:      Planet Terminal",
                "Title:     Tiling window managers, revisited",
                "Author:    Ada Lovelace",
                "Date:      2026-11-22 11:00 (3 h ago)",
                "Link:      https://planet.example.org/2026/11/tiling-window-managers-revisited",
                "Enclosure: https://cdn.example.org/episodes/tiling.mp3 (audio/mpeg, 12.3 MB)",
            ] + Self.body, "width \(width)")
            #expect(terminal.paged == terminal.out)
        }
    }

    @Test func narrowTerminalsWrapTextUnderTheValueColumnButNeverCutLinks() {
        let terminal = render(.fixture(), width: 40)
        #expect(terminal.outLines == [
            "Feed:      Planet Terminal",
            "Title:     Tiling window managers,",
            "           revisited",
            "Author:    Ada Lovelace",
            "Date:      2026-11-22 11:00 (3 h ago)",
            "Link:",
            "https://planet.example.org/2026/11/tiling-window-managers-revisited",
            "Enclosure:",
            "https://cdn.example.org/episodes/tiling.mp3",
            "           (audio/mpeg, 12.3 MB)",
        ] + Self.body)
    }

    @Test func aLinkThatFitsTheValueColumnStaysBesideItsLabel() {
        let terminal = render(.fixture(), width: 60)
        #expect(terminal.outLines == [
            "Feed:      Planet Terminal",
            "Title:     Tiling window managers, revisited",
            "Author:    Ada Lovelace",
            "Date:      2026-11-22 11:00 (3 h ago)",
            "Link:",
            "https://planet.example.org/2026/11/tiling-window-managers-revisited",
            "Enclosure: https://cdn.example.org/episodes/tiling.mp3",
            "           (audio/mpeg, 12.3 MB)",
        ] + Self.body)
    }

    @Test func anUntitledItemIsHeadedByTheFirstWordsOfItsTextInItalics() {
        var detail = ItemDetail.fixture(title: "", author: nil, link: nil, attachments: [], text: "Just shipped it.", links: [])
        detail.displayTitle = "Just shipped the new release…"
        detail.titleIsExcerpt = true
        detail.excerpt = "Just shipped the new release…"
        #expect(render(detail, width: 40).outLines.prefix(2) == ["Feed:  Planet Terminal", "Title: Just shipped the new release…"])
        #expect(render(detail, width: 40, usesColor: true).outLines[1] == "\u{1B}[2mTitle:\u{1B}[0m \u{1B}[3mJust shipped the new release…\u{1B}[0m")
        let json = render(detail, width: 80, format: .json).out
        #expect(json.contains(#""title":"","#) && json.hasSuffix(#""tags":[],"excerpt":"Just shipped the new release…","shown":"feed","article":null,"images":[]}"# + "\n"))
    }

    @Test func anEpisodeShowsItsPlayingTime() {
        let detail = ItemDetail.fixture(author: nil, link: nil, attachments: [
            .init(url: "https://c.example/a.mp3", type: "audio/mpeg", length: 12_345_678, size: "12.3 MB", duration: 3723, playingTime: "1:02:03"),
            .init(url: "https://c.example/b.mp3", type: nil, length: nil, size: nil, duration: 45, playingTime: "0:45"),
        ], text: "", links: [])
        #expect(Array(render(detail, width: 80).outLines.suffix(2)) == [
            "Enclosure: https://c.example/a.mp3 (audio/mpeg, 12.3 MB, 1:02:03)",
            "Enclosure: https://c.example/b.mp3 (0:45)",
        ])
        #expect(render(detail, width: 80, format: .json).out.contains(
            #""enclosures":[{"url":"https://c.example/a.mp3","type":"audio/mpeg","length":12345678,"duration":3723},{"url":"https://c.example/b.mp3","type":null,"length":null,"duration":45}]"#))
    }

    @Test func anEpisodesFactsWrapAtTheirSpacesOnANarrowTerminal() {
        let detail = ItemDetail.fixture(author: nil, link: nil, attachments: [
            .init(url: "http://127.0.0.1:8765/ep1.mp3", type: "audio/mpeg", length: 12_345_678, size: "12.3 MB", duration: 3723, playingTime: "1:02:03"),
        ], text: "", links: [])
        let lines = render(detail, width: 40).outLines
        #expect(Array(lines.suffix(3)) == [
            "Enclosure: http://127.0.0.1:8765/ep1.mp3",
            "           (audio/mpeg, 12.3 MB,",
            "           1:02:03)",
        ])
        #expect(lines.allSatisfy { DisplayWidth.of(String($0)) <= 40 })
        let playlist = ItemDetail.fixture(author: nil, link: nil, attachments: [
            .init(url: "https://c.example/a.m3u8", type: "application/vnd.apple.mpegurl", length: nil, size: "2 kB", duration: nil, playingTime: nil),
        ], text: "", links: [])
        #expect(render(playlist, width: 40).outLines.allSatisfy { DisplayWidth.of(String($0)) <= 40 })
    }

    static let wide = ItemDetail.fixture(
        title: "标题很长很长很长很长很长很长很长很长 🎉 Emoji 👩‍💻 done", feed: "中文博客 · 技术", author: "李华",
        link: nil, attachments: [], text: "中文正文：终端阅读器。", links: [])

    @Test func wideCharactersWrapByDisplayWidth() {
        let narrow = render(Self.wide, width: 40)
        #expect(narrow.outLines == [
            "Feed:   中文博客 · 技术",
            "Title:  标题很长很长很长很长很长很长很长",
            "        很长 🎉 Emoji 👩‍💻 done",
            "Author: 李华",
            "Date:   2026-11-22 11:00 (3 h ago)",
            "",
            "中文正文：终端阅读器。",
        ])
        for line in narrow.outLines { #expect(DisplayWidth.of(String(line)) <= 40) }
        for width in [80, 160] {
            #expect(render(Self.wide, width: width).outLines == [
                "Feed:   中文博客 · 技术",
                "Title:  标题很长很长很长很长很长很长很长很长 🎉 Emoji 👩‍💻 done",
                "Author: 李华",
                "Date:   2026-11-22 11:00 (3 h ago)",
                "",
                "中文正文：终端阅读器。",
            ], "width \(width)")
        }
    }

    @Test func aBareItemIsJustItsHeader() {
        let terminal = render(.fixture(title: "", author: nil, link: nil, attachments: [], text: "  \n", links: []), width: 80)
        #expect(terminal.out == "Feed:  Planet Terminal\nTitle: (no title)\nDate:  2026-11-22 11:00 (3 h ago)\n")
    }

    @Test func linkReferencesLineUpPastNine() {
        let links = (1...10).map { "https://x.example/\($0)" }
        let terminal = render(.fixture(author: nil, link: nil, attachments: [], text: "", links: links), width: 80)
        #expect(Array(terminal.outLines.dropFirst(3)) == [
            "", "Links:",
            "[1]  https://x.example/1", "[2]  https://x.example/2", "[3]  https://x.example/3",
            "[4]  https://x.example/4", "[5]  https://x.example/5", "[6]  https://x.example/6",
            "[7]  https://x.example/7", "[8]  https://x.example/8", "[9]  https://x.example/9",
            "[10] https://x.example/10",
        ])
    }

    @Test func enclosuresShowWhatIsKnown() {
        let terminal = render(.fixture(author: nil, link: nil, attachments: [
            .init(url: "https://c.example/a.mp3", type: "audio/mpeg", length: nil, size: nil),
            .init(url: "https://c.example/b", type: nil, length: 1_500, size: "1.5 kB"),
            .init(url: "https://c.example/c", type: nil, length: nil, size: nil),
        ], text: "", links: []), width: 80)
        #expect(Array(terminal.outLines.suffix(3)) == [
            "Enclosure: https://c.example/a.mp3 (audio/mpeg)",
            "Enclosure: https://c.example/b (1.5 kB)",
            "Enclosure: https://c.example/c",
        ])
    }

    static let hostile = ItemDetail.fixture(
        title: "Bell\u{07}\u{1B}]0;pwned\u{07} \u{1B}[31mRed\u{1B}[0m \u{9B}2J \u{202E}txt.exe",
        feed: "Evil\u{85}Feed\u{200F}", author: "\u{1B}[2JMallory\u{7F}",
        link: "https://evil.example/\u{1B}[2J\u{202E}",
        attachments: [.init(url: "https://evil.example/\u{9D}8;;x\u{9C}a.mp3", type: "audio/\u{1B}[5mmpeg", length: 1, size: "1 byte")],
        text: "Line\u{1B}[1A\u{1B}[2K one\r\n\tcode\u{1B}]52;c;ZXZpbA==\u{07}\n\u{202E}end\u{0}",
        links: ["https://evil.example/\u{1B}]8;;x\u{1B}\\"])

    @Test func hostileStringsNeverReachTheTerminal() {
        for format in [OutputFormat.table, .plain, .json] {
            for width in [40, 80, 160] {
                let terminal = render(Self.hostile, width: width, format: format)
                #expect(terminal.dangerousScalars.isEmpty, "\(format) \(width): \(terminal.out.debugDescription)")
                #expect(!terminal.out.contains("\\u001b") && !terminal.out.contains("\\u202e"), "\(format)")
            }
        }
        let text = render(Self.hostile, width: 80)
        #expect(text.outLines == [
            "Feed:      Evil Feed",
            "Title:     Bell Red txt.exe",
            "Author:    Mallory",
            "Date:      2026-11-22 11:00 (3 h ago)",
            "Link:      https://evil.example/",
            "Enclosure: https://evil.example/a.mp3 (audio/mpeg, 1 byte)",
            "",
            "Line one",
            "        code",
            "end",
            "",
            "Links:",
            "[1] https://evil.example/",
        ])
    }

    @Test func colorsWrapOnlySanitisedTextAndLeaveWidthsAlone() {
        let plain = render(.fixture(), width: 40)
        let colored = render(.fixture(), width: 40, usesColor: true)
        #expect(colored.outLines.prefix(3) == [
            "\u{1B}[2mFeed:\u{1B}[0m      Planet Terminal",
            "\u{1B}[2mTitle:\u{1B}[0m     \u{1B}[1mTiling window managers,\u{1B}[0m",
            "           \u{1B}[1mrevisited\u{1B}[0m",
        ])
        #expect(colored.outLines.suffix(2) == ["\u{1B}[2mLinks:\u{1B}[0m", "\u{1B}[2m[1]\u{1B}[0m https://en.wikipedia.org/wiki/Tiling_window_manager"])
        let stripped = colored.out.replacingOccurrences(of: "\u{1B}[0m", with: "")
            .replacingOccurrences(of: "\u{1B}[1m", with: "").replacingOccurrences(of: "\u{1B}[2m", with: "")
        #expect(stripped == plain.out)

        let hostile = render(Self.hostile, width: 80, usesColor: true)
        let withoutOurs = hostile.out.replacingOccurrences(of: "\u{1B}[0m", with: "")
            .replacingOccurrences(of: "\u{1B}[1m", with: "").replacingOccurrences(of: "\u{1B}[2m", with: "")
        #expect(!withoutOurs.contains("\u{1B}"))
        #expect(withoutOurs == render(Self.hostile, width: 80).out)
    }

    @Test func jsonHasTheDocumentedSchema() throws {
        let terminal = render(.fixture(), width: 80, format: .json)
        #expect(terminal.out == #"{"number":12,"title":"Tiling window managers, revisited","link":"https://planet.example.org/2026/11/tiling-window-managers-revisited","feed":"Planet Terminal","feedNumber":3,"author":"Ada Lovelace","published":"2026-11-22T10:00:00Z","read":false,"starred":true,"enclosures":[{"url":"https://cdn.example.org/episodes/tiling.mp3","type":"audio/mpeg","length":12345678,"duration":null}],"text":"Tiling window managers[1] are back.\n\n  let x = 1","links":["https://en.wikipedia.org/wiki/Tiling_window_manager"],"tags":[],"excerpt":null,"shown":"feed","article":null,"images":[]}"# + "\n")
        #expect(terminal.paged.isEmpty)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(terminal.out.utf8)) as? [String: Any])
        #expect(Set(object.keys) == [
            "number", "title", "link", "feed", "feedNumber", "author", "published", "read", "starred",
            "enclosures", "text", "links", "tags", "excerpt", "shown", "article", "images",
        ])
    }

    @Test func jsonKeepsAbsentValuesAsNull() {
        var detail = ItemDetail.fixture(
            title: "", author: nil, link: nil,
            attachments: [.init(url: "https://c.example/a", type: nil, length: nil, size: nil)], text: "", links: [])
        detail.published = nil
        let terminal = render(detail, width: 80, format: .json)
        #expect(terminal.out == #"{"number":12,"title":"","link":null,"feed":"Planet Terminal","feedNumber":3,"author":null,"published":null,"read":false,"starred":true,"enclosures":[{"url":"https://c.example/a","type":null,"length":null,"duration":null}],"text":"","links":[],"tags":[],"excerpt":null,"shown":"feed","article":null,"images":[]}"# + "\n")
    }
}

extension TerminalShowItemViewTests {
    @Test func theOtherFeedsOfTheSameArticleAreNamedAfterItsFeed() {
        var detail = ItemDetail.fixture()
        detail.alsoIn = ["Lobsters", "Hacker\u{1B}[2J News"]
        for width in [40, 80, 160] {
            let lines = render(detail, width: width).outLines
            let header = lines.prefix { !$0.hasPrefix("Title:") }.joined(separator: " ")
            #expect(header.split(separator: " ").joined(separator: " ") == "Feed: Planet Terminal (also in Lobsters, Hacker News)", "width \(width)")
        }
    }

    @Test func theTagsRulesGaveTheItemAreAHeaderLine() throws {
        var detail = ItemDetail.fixture()
        detail.tags = ["people", "rust\u{1B}[2J"]
        let lines = render(detail, width: 80).outLines
        #expect(lines.contains("Tags:      people, rust"), "the escape sequence is removed")
        let json = render(detail, width: 80, format: .json).out
        #expect(json.hasSuffix(#","tags":["people","rust"],"excerpt":null,"shown":"feed","article":null,"images":[]}"# + "\n"))
        #expect(!render(ItemDetail.fixture(), width: 80).out.contains("Tags:"))
    }
}
