import Testing
@testable import FeedClient

struct TopLevelScalarsTests {
    private func browser(_ text: String) throws -> String? {
        try TopLevelScalars(text).value(of: "browser")
    }

    @Test(arguments: [
        ("browser: firefox --new-tab %s", "firefox --new-tab %s"),
        ("browser: w3m %s # a comment", "w3m %s"),
        ("browser: lynx#not-a-comment", "lynx#not-a-comment"),
        ("browser:\tw3m\t", "w3m"),
        ("browser : 'it''s %s'  # quoted", "it's %s"),
        (#"browser: "a \"b\" \\ \u00e9 \x41 %s""#, #"a "b" \ é A %s"#),
        ("feeds: 3\nbrowser: first\nlog_level: debug\nbrowser: second\n", "second"),
        ("other:\n  browser: nested\nbrowser: top\n", "top"),
        ("browser: one\r\nnext: 2\r\n", "one"),
        ("browser: 'null'", "null"),
    ])
    func oneLineScalarsAreRead(text: String, expected: String) throws {
        #expect(try browser(text) == expected)
    }

    @Test(arguments: [
        "", "# browser: x", "  browser: indented", "browsers: x", "browser_x: y", "browser:", "browser: ~", "browser: null",
        "browser: # nothing but a comment", "browser:\n# a comment\nnext: 1",
    ])
    func absentOrNullValuesAreNil(text: String) throws {
        #expect(try browser(text) == nil)
    }

    @Test(arguments: [
        ("browser: |\n  firefox %s", 1), ("browser: >\n  firefox", 1), ("browser: [a, b]", 1), ("browser: {a: b}", 1),
        ("browser: &anchor firefox", 1), ("browser: *alias", 1), ("browser: !!str firefox", 1),
        ("x: 1\nbrowser: 'unclosed", 2), (#"browser: "unclosed"#, 1), (#"browser: "bad \q escape""#, 1),
        ("browser: 'a' trailing", 1), ("browser: firefox\n  --continued %s", 1), ("browser:\n  firefox %s", 1),
    ])
    func otherFormsAreUnreadableNotGuessed(text: String, line: Int) {
        #expect(throws: TopLevelScalars.Unreadable(line: line)) { try browser(text) }
    }
}
