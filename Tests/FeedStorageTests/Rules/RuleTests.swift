import FeedEntities
import Testing

@testable import FeedStorage

@Suite struct RuleTests {
    let subject = RuleSubject(
        feedTitle: "Swift Forums", feedURL: "https://forums.swift.org/latest.rss", feedTags: ["Swift", "dev"],
        title: "Sponsored: Buy Now", author: "Ada", link: "https://example.org/a",
        summary: "<p>Hello <b>World</b></p>", content: nil)

    func condition(_ field: RuleCondition.Field, _ text: String) throws -> RuleCondition {
        RuleCondition(field: field, pattern: try RulePattern(parsing: text))
    }

    @Test func substringIsCaseInsensitive() throws {
        #expect(try condition(.title, "sponsored").matches(subject))
        #expect(try !condition(.title, "promoted").matches(subject))
    }

    @Test func slashesMakeARegularExpression() throws {
        #expect(try condition(.title, "/^Sponsored|promoted/").matches(subject))
        #expect(try !condition(.title, "/^sponsored/").matches(subject))
        #expect(try condition(.title, "/(?i)^sponsored/").matches(subject))
        #expect(try RulePattern(parsing: "/a+/") != .substring("/a+/"))
    }

    @Test func feedMatchesTitleOrURL() throws {
        #expect(try condition(.feed, "swift forums").matches(subject))
        #expect(try condition(.feed, "forums.swift.org").matches(subject))
        #expect(try !condition(.feed, "hacker news").matches(subject))
    }

    @Test func tagSubstringMustEqualATag() throws {
        #expect(try condition(.tag, "swift").matches(subject))
        #expect(try !condition(.tag, "swi").matches(subject))
        #expect(try condition(.tag, "/^de/").matches(subject))
    }

    @Test func contentLooksAtSummaryAndContentAsHTML() throws {
        #expect(try condition(.content, "<b>world").matches(subject))
        #expect(try condition(.author, "ada").matches(subject))
        #expect(try condition(.link, "/example\\.org/").matches(subject))
        #expect(try !condition(.content, "missing").matches(subject))
    }

    @Test func missingFieldIsEmpty() throws {
        let bare = RuleSubject(feedTitle: "F", feedURL: "u")
        #expect(try condition(.author, "/^$/").matches(bare))
        #expect(try !condition(.author, "x").matches(bare))
    }

    @Test func allConditionsAndOneOfAny() throws {
        let rule = Rule(
            name: "r", conditions: [try condition(.title, "buy"), try condition(.tag, "swift")],
            anyOf: [try condition(.author, "bob"), try condition(.author, "ada")], actions: [.hide])
        #expect(try rule.matches(subject))
        var other = rule
        other.anyOf = [try condition(.author, "bob")]
        #expect(try !other.matches(subject))
        other.anyOf = []
        other.conditions.append(try condition(.link, "nowhere"))
        #expect(try !other.matches(subject))
        #expect(rule.conditionText == "title: buy, tag: swift, any: [author: bob, author: ada]")
    }

    @Test func invalidPatternsAreRefused() {
        #expect(throws: RulePatternError.empty) { try RulePattern(parsing: "") }
        #expect(throws: RulePatternError.self) { try RulePattern(parsing: "/a(/") }
    }

    @Test func rulesCompareBySourceText() throws {
        let a = Rule(name: "r", conditions: [try condition(.title, "/x+/")], actions: [.star, .addTag("t")])
        let b = Rule(name: "r", conditions: [try condition(.title, "/x+/")], actions: [.star, .addTag("t")])
        #expect(a == b)
        #expect(a != Rule(name: "r", conditions: [try condition(.title, "x+")], actions: [.star, .addTag("t")]))
    }

    @Test func subjectFromParsedItem() {
        let item = ParsedItem(title: "T", link: "L", author: "A", summary: "S", content: "C")
        let subject = RuleSubject(item, feedTitle: "F", feedURL: "U", feedTags: ["x"])
        #expect(subject.title == "T" && subject.link == "L" && subject.author == "A")
        #expect(subject.summary == "S" && subject.content == "C" && subject.feedTags == ["x"])
    }
}
