import FeedEntities
import Testing

/// The query language of saved views (docs/views.md): what each form reads as, how the
/// operators bind, the errors a mistake gets, and the budget a hostile query meets.
@Suite struct ItemFilterParsingTests {
    private func parse(_ text: String) throws -> ItemFilter { try ItemFilter(parsing: text) }

    @Test func termsReadAsTheirFields() throws {
        #expect(try parse("is:unread") == .state(.unread))
        #expect(try parse("is:starred") == .state(.starred))
        #expect(try parse("has:enclosure") == .hasEnclosure)
        #expect(try parse("tag:linux") == .tag("linux"))
        #expect(try parse("feed:LWN") == .feed("LWN"))
        #expect(try parse(#"title:"release notes""#) == .contains(.title, "release notes"))
        #expect(try parse("author:ada") == .contains(.author, "ada"))
        #expect(try parse("link:https://lwn.net/") == .contains(.link, "https://lwn.net/"))
        #expect(try parse("content:scheduler") == .content("scheduler"))
        #expect(try parse("newer:7d") == .newer(seconds: 7 * 86_400))
        #expect(try parse("older:2w") == .older(seconds: 14 * 86_400))
        #expect(try parse("newer:90m") == .newer(seconds: 5_400))
    }

    @Test func wordsPhrasesAndPrefixesAreFullText() throws {
        #expect(try parse("rust") == .words("rust"))
        #expect(try parse(#""borrow checker""#) == .words(#""borrow checker""#))
        #expect(try parse("kern*") == .words("kern*"))
        // A colon after something that is no field name is part of the word.
        #expect(try parse("10:30") == .words("10:30"))
        #expect(try parse("C++") == .words("C++"))
    }

    @Test func termsSideBySideAreAllRequiredAndORBindsLooser() throws {
        #expect(try parse("is:unread tag:linux rust") == .all([.state(.unread), .tag("linux"), .words("rust")]))
        #expect(try parse("is:unread AND rust") == .all([.state(.unread), .words("rust")]))
        #expect(try parse("rust OR go is:starred") == .any([.words("rust"), .all([.words("go"), .state(.starred)])]))
        #expect(try parse("(rust OR go) is:starred") == .all([.any([.words("rust"), .words("go")]), .state(.starred)]))
    }

    @Test func negationTakesTheTermAfterIt() throws {
        #expect(try parse("-tag:news") == .not(.tag("news")))
        #expect(try parse("NOT is:read") == .not(.state(.read)))
        #expect(try parse("-(a OR b) c") == .all([.not(.any([.words("a"), .words("b")])), .words("c")]))
        #expect(try parse(#"-"dark mode""#) == .not(.words(#""dark mode""#)))
        // Lower-case operators are words to look for, as in `tidings search`.
        #expect(try parse("rock or roll") == .all([.words("rock"), .words("or"), .words("roll")]))
    }

    @Test func whatIsWrittenReadsBackTheSame() throws {
        let queries = [
            "is:unread tag:linux rust", "rust OR go is:starred", "(rust OR go) is:starred", "-(a OR b) c",
            #"title:"release notes" -tag:"very long""#, "has:enclosure older:30d newer:12h", #"feed:"a \"quoted\" name""#,
            "-is:read -\"two words\"", "NOT (a b)",
        ]
        #expect(!queries.isEmpty)
        for query in queries {
            let filter = try parse(query)
            #expect(try parse(filter.description) == filter, "\(query) → \(filter.description)")
        }
        #expect(try parse("(rust OR go) is:starred").description == "(rust OR go) is:starred")
        #expect(try parse("NOT (a b)").description == "-(a b)")
    }

    @Test(arguments: [
        ("", ItemFilterError.empty),
        ("   ", .empty),
        ("tga:linux", .unknownField("tga")),
        ("is:new", .badValue(field: "is", value: "new", expected: "unread, read, starred or unstarred")),
        ("has:pictures", .badValue(field: "has", value: "pictures", expected: "enclosure")),
        ("tag:", .missingValue(field: "tag")),
        ("newer:7x", .badValue(field: "newer", value: "7x", expected: "a number and m, h, d or w (7d)")),
        ("newer:0d", .badValue(field: "newer", value: "0d", expected: "a number and m, h, d or w (7d)")),
        (#"title:"open"#, .unclosedQuote),
        ("(a OR b", .unclosed),
        ("a)", .unopened),
        ("()", .emptyParentheses),
        ("a OR", .missingOperand("OR")),
        ("OR a", .missingOperand("OR")),
        ("a AND OR b", .missingOperand("AND")),
        ("NOT", .missingOperand("NOT")),
    ])
    func mistakesAreNamed(query: String, error: ItemFilterError) {
        #expect(throws: error) { try ItemFilter(parsing: query) }
    }

    @Test func theBudgetStopsQueriesBuiltToExplode() {
        #expect(throws: ItemFilterError.tooLong) { try ItemFilter(parsing: String(repeating: "a ", count: 3000)) }
        #expect(throws: ItemFilterError.tooManyTerms) { try ItemFilter(parsing: String(repeating: "a ", count: 65)) }
        #expect(throws: ItemFilterError.tooDeep) {
            try ItemFilter(parsing: String(repeating: "(", count: 17) + "a" + String(repeating: ")", count: 17))
        }
        #expect((try? ItemFilter(parsing: String(repeating: "(", count: 16) + "a" + String(repeating: ")", count: 16))) == .words("a"))
        #expect(throws: ItemFilterError.tooDeep) { try ItemFilter(parsing: String(repeating: "-", count: 2000) + "a") }
        #expect(throws: ItemFilterError.tooDeep) { try ItemFilter(parsing: String(repeating: "NOT ", count: 17) + "a") }
    }

    @Test func errorsSayWhatToFix() {
        #expect(ItemFilterError.unknownField("tga").description.contains("fields: is, has, tag"))
        #expect(ItemFilterError.missingOperand("OR").description == "'OR' needs a term after it")
    }
}
