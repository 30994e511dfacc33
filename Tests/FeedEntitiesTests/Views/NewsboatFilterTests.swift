@testable import FeedEntities
import Testing

/// newsboat's filter language read into queries, and queries written in it: what translates
/// reads as the query it means, and what does not is refused with the part named.
struct NewsboatFilterTests {
    static let translated: [(String, String)] = [
        (#"unread = "yes""#, "is:unread"),
        (#"unread == "no""#, "is:read"),
        (#"unread != "yes""#, "is:read"),
        (#"tags # "linux""#, "tag:linux"),
        (#"tags !# "news""#, "-tag:news"),
        (#"title =~ "rust""#, "title:rust"),
        (#"title !~ "Sponsored""#, "-title:Sponsored"),
        (#"author =~ "Corbet""#, "author:Corbet"),
        (#"link =~ "lwn.net""#, "link:lwn.net"),
        (#"title =~ "C\+\+""#, "title:C++"),
        (#"content =~ "borrow checker""#, #"content:"borrow checker""#),
        (#"feedtitle =~ "Planet""#, "feed:Planet"),
        (#"rssurl = "https://lwn.net/headlines/rss""#, "feed:https://lwn.net/headlines/rss"),
        ("age < 7", "newer:1w"),
        ("age <= 7", "newer:8d"),
        ("age > 30", "older:31d"),
        ("age >= 30", "older:30d"),
        ("age between 0:2", "newer:3d"),
        ("age between 2:5", "older:2d newer:6d"),
        (#"enclosure_url != """#, "has:enclosure"),
        (#"enclosure_url = """#, "-has:enclosure"),
        (#"unread = "yes" and tags # "linux" and title =~ "rust""#, "is:unread tag:linux title:rust"),
        (#"tags # "a" or tags # "b""#, "tag:a OR tag:b"),
        (#"unread = "yes" and (tags # "a" or tags # "b")"#, "is:unread (tag:a OR tag:b)"),
        (#"(unread = "yes" and age < 2) or title =~ "urgent""#, "is:unread newer:2d OR title:urgent"),
        (#"  unread   =   "yes"  "#, "is:unread"),
        (#"title =~ "say \"hi\"""#, #"title:"say \"hi\"""#),
        (#"title =~ "rust" or content =~ "rust""#, "rust"),
        (#"title !~ "dark mode" and content !~ "dark mode""#, #"-"dark mode""#),
        (#"feedtitle =~ "lwn" or rssurl =~ "lwn""#, "feed:lwn"),
    ]

    @Test func theCaseListIsNotEmpty() {
        #expect(Self.translated.count > 20)
        #expect(Self.refused.count > 10)
    }

    @Test(arguments: translated)
    func aFilterThatTranslatesReadsAsTheQueryItMeans(newsboat: String, query: String) throws {
        let filter = try NewsboatFilter.itemFilter(from: newsboat)
        #expect(filter.description == query)
        #expect(try ItemFilter(parsing: query) == filter, "the query written reads back as the same")
    }

    static let refused: [(String, String)] = [
        (#"title = "Exact""#, "does not compare the whole"),
        (#"title =~ "^Release""#, "more than text ('^')"),
        (#"title =~ "a|b""#, "more than text ('|')"),
        (#"title =~ "[Rr]ust""#, "more than text ('[')"),
        (#"flags # "s""#, "newsboat's 'flags' has no counterpart"),
        (#"date < "2026-01-01""#, "newsboat's 'date' has no counterpart"),
        (#"unread = "maybe""#, #"unread is compared with = or != to "yes" or "no""#),
        (#"unread = "yes" and tags # "a" or tags # "b""#, "mixes 'and' and 'or' without parentheses"),
        (#"unread = "yes""#.dropLast().description, "a string is not closed"),
        (#"(unread = "yes""#, "a '(' is not closed"),
        ("unread", "needs an operator and a value"),
        (#"unread = "yes" )"#, "unexpected ')'"),
        ("age < 1000000", "an age is 0 to 36500 days"),
        (#"content =~ "a.*b""#, "more than text"),
        (#"enclosure_url =~ "mp3""#, "not what its URL is"),
        (String(repeating: "(", count: 20) + #"unread = "yes""# + String(repeating: ")", count: 20), "more than 16 parentheses"),
        (String(repeating: "x", count: 5000), "longer than 4096"),
        (#"title ~ "x""#, "'~' is no part"),
    ]

    @Test(arguments: refused)
    func aFilterThatDoesNotTranslateSaysWhichPart(newsboat: String, reason: String) {
        #expect {
            _ = try NewsboatFilter.itemFilter(from: newsboat)
        } throws: { error in
            (error as? NewsboatFilter.Untranslatable)?.reason.contains(reason) == true
        }
    }

    static let written: [(String, String)] = [
        ("is:unread tag:linux rust", #"unread = "yes" and tags # "linux" and (title =~ "rust" or content =~ "rust")"#),
        ("-tag:news (a OR b)", #"tags !# "news" and ((title =~ "a" or content =~ "a") or (title =~ "b" or content =~ "b"))"#),
        ("NOT (is:read OR has:enclosure)", #"unread = "yes" and enclosure_url = """#),
        ("-(title:x feed:lwn)", #"title !~ "x" or (feedtitle !~ "lwn" and rssurl !~ "lwn")"#),
        ("title:C++ newer:7d older:1d", #"title =~ "C\\+\\+" and age < 7 and age >= 1"#),
        (#"title:"say \"hi\"""#, #"title =~ "say \"hi\"""#),
    ]

    @Test(arguments: written)
    func aQueryIsWrittenInNewsboatsLanguage(query: String, newsboat: String) throws {
        #expect(try ItemFilter(parsing: query).newsboatFilter() == newsboat)
    }

    @Test func whatNewsboatWritesBackReadsAsTheSameQuery() throws {
        for (newsboat, _) in Self.translated {
            let filter = try NewsboatFilter.itemFilter(from: newsboat)
            #expect(try NewsboatFilter.itemFilter(from: filter.newsboatFilter()) == filter, "\(newsboat)")
        }
    }

    @Test func aViewExportedAndImportedIsTheSameView() throws {
        for query in ["is:unread tag:linux rust", "-feed:lwn \"dark mode\" newer:2w", "(rust OR go) -tag:news has:enclosure"] {
            let filter = try ItemFilter(parsing: query)
            #expect(try NewsboatFilter.itemFilter(from: filter.newsboatFilter()) == filter, "\(query)")
        }
    }

    @Test func whatNewsboatCannotSayIsRefused() {
        #expect(throws: NewsboatFilter.Untranslatable.self) { try ItemFilter(parsing: "is:starred").newsboatFilter() }
        #expect(throws: NewsboatFilter.Untranslatable.self) { try ItemFilter(parsing: "newer:36h").newsboatFilter() }
        #expect(throws: NewsboatFilter.Untranslatable.self) { try ItemFilter(parsing: "feed:12").newsboatFilter() }
    }
}
