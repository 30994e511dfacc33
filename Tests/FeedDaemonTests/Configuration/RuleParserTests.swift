@testable import FeedDaemon
import FeedStorage
import Testing

/// The `rules` key of the config file.
struct RuleParserTests {
    func parse(_ yaml: String) throws(ConfigurationError) -> [Rule] {
        try ConfigurationLoader().parse(yaml, file: "config.yaml").rules
    }

    func message(_ yaml: String) -> String {
        do {
            _ = try parse(yaml)
            return "no error"
        } catch {
            return error.description
        }
    }

    @Test func readsConditionsAndActions() throws {
        let rules = try parse("""
            rules:
              - name: no-sponsored
                title: "/sponsored|promoted/"
                actions: [read, hide]
              - name: swift-news
                feed: "Swift Forums"
                tag: swift
                any: [{author: ada}, {content: "/(?i)concurrency/"}]
                actions: [star, "tag:swift"]
            """)
        #expect(rules.map(\.name) == ["no-sponsored", "swift-news"])
        #expect(rules[0].conditionText == "title: /sponsored|promoted/")
        #expect(rules[0].actions == [.markRead, .hide])
        #expect(rules[1].conditionText == "feed: Swift Forums, tag: swift, any: [author: ada, content: /(?i)concurrency/]")
        #expect(rules[1].actions == [.star, .addTag("swift")])
        #expect(try rules[0].matches(RuleSubject(feedTitle: "F", feedURL: "u", title: "A promoted post")))
    }

    @Test func noRulesByDefaultOrWhenEmpty() throws {
        #expect(try parse("").isEmpty)
        #expect(try parse("rules:").isEmpty)
        #expect(try parse("rules: []").isEmpty)
    }

    @Test func sameRulesCompareEqualSoAReloadSeesNoChange() throws {
        let yaml = "rules:\n  - {name: a, title: \"/x+/\", actions: [star]}\n"
        #expect(try parse(yaml) == parse(yaml))
        #expect(try parse(yaml) != parse("rules:\n  - {name: a, title: \"/x*/\", actions: [star]}\n"))
    }

    @Test(arguments: [
        ("rules:\n  - {name: a, title: ok, actions: [star]}\n  - {name: b, title: \"/a(/\", actions: [read]}\n",
         "config.yaml line 3: rules[1] 'b': title: invalid regular expression /a(/"),
        ("rules:\n  - {name: a, titel: x, actions: [star]}\n", "rules[0] 'a': unknown field 'titel'"),
        ("rules:\n  - {name: a, title: x, actions: [star, delete]}\n", "rules[0] 'a': actions: unknown action 'delete'"),
        ("rules:\n  - {name: a, title: x, actions: [\"tag:\"]}\n", "rules[0] 'a': actions: '' is not a valid tag"),
        ("rules:\n  - {name: a, title: x, actions: [star]}\n  - {name: a, title: y, actions: [read]}\n",
         "rules[1] 'a': another rule has the same name"),
        ("rules:\n  - {title: x, actions: [star]}\n", "rules[0]: missing 'name'"),
        ("rules:\n  - {name: a, title: x}\n", "rules[0] 'a': missing 'actions'"),
        ("rules:\n  - {name: a, actions: [star]}\n", "rules[0] 'a': no condition"),
        ("rules:\n  - {name: a, title: \"\", actions: [star]}\n", "rules[0] 'a': title: empty pattern"),
        ("rules:\n  - {name: a, any: [{title: x, author: y}], actions: [star]}\n", "rules[0] 'a': any: each entry is one condition"),
        ("rules: yes\n", "config.yaml line 1: 'rules': expected a list of rules"),
        ("notify: false\nrules:\n  - name: a\n    title: x\n    actions: [star, delete]\n",
         "config.yaml line 5: rules[0] 'a': actions: unknown action 'delete'"),
        ("rules:\n  - name: a\n    title: x\n    actions: [star]\n  - name: b\n    titel: y\n    actions: [read]\n",
         "config.yaml line 6: rules[1] 'b': unknown field 'titel'"),
    ])
    func errorsNameTheRule(yaml: String, expected: String) {
        let text = message(yaml)
        #expect(text.contains(expected), "\(text)")
    }
}
