import Testing
@testable import FeedClient

/// One level of `keys:` read without a YAML parser, and everything else refused at its line.
struct TopLevelScalarsMappingTests {
    private typealias Entry = TopLevelScalars.Entry

    private func keys(_ text: String) throws -> [Entry]? {
        try TopLevelScalars(text).mapping(of: "keys")
    }

    @Test func aQuotedNameIsReadForKeysYAMLWouldTakeOtherwise() throws {
        #expect(try keys("keys:\n  \"*\": toggle-star\n  '?' : help\n") == [
            Entry(name: "*", values: ["toggle-star"], line: 2), Entry(name: "?", values: ["help"], line: 3),
        ])
        #expect(throws: TopLevelScalars.Unreadable.self) { try keys("keys:\n  \"*\" toggle-star\n") }
        #expect(throws: TopLevelScalars.Unreadable.self) { try keys("keys:\n  \"\": x\n") }
    }

    @Test func scalarsAndFlowListsAreRead() throws {
        let text = """
            browser: w3m
            keys:   # the reader's keys
              open-in-browser: O
              down: [j, DOWN, "^N"]   # a comment

              toggle-star: "*"
              help: '?'
              search: /
              hard-quit: []
              up: [ 'k' , "\\u0041" ]
            autostart: false
            """
        #expect(try keys(text) == [
            Entry(name: "open-in-browser", values: ["O"], line: 3),
            Entry(name: "down", values: ["j", "DOWN", "^N"], line: 4),
            Entry(name: "toggle-star", values: ["*"], line: 6),
            Entry(name: "help", values: ["?"], line: 7),
            Entry(name: "search", values: ["/"], line: 8),
            Entry(name: "hard-quit", values: [], line: 9),
            Entry(name: "up", values: ["k", "A"], line: 10),
        ])
    }

    @Test(arguments: ["", "browser: x", "keys: ~", "keys: null", "  keys:\n    a: b", "keysx:\n  a: b"])
    func absentOrNullIsNil(text: String) throws {
        #expect(try keys(text) == nil)
    }

    @Test func anEmptyMappingAndTheLastKeyCount() throws {
        #expect(try keys("keys:\nbrowser: x\n") == [])
        #expect(try keys("keys:\n  up: a\nkeys:\n  down: b\n") == [Entry(name: "down", values: ["b"], line: 4)])
    }

    @Test(arguments: [
        ("keys: {up: k}", 1), ("keys: [k]", 1), ("keys: k", 1),
        ("keys:\n  up:\n    - k", 2), ("keys:\n  up:", 2), ("keys:\n  up: k\n    down: j", 3),
        ("keys:\n    up: k\n  down: j", 3), ("keys:\n\tup: k", 2), ("keys:\n  up: *", 2), ("keys:\n  up: ?", 2),
        ("keys:\n  up: [k, *]", 2), ("keys:\n  up: [k", 2), ("keys:\n  up: [k, [j]]", 2), ("keys:\n  up: [k] x", 2),
        ("keys:\n  up: k\n  up: j", 3), ("keys:\n  up k", 2), ("keys:\n  up:k", 2), ("keys:\n  - up", 2),
        ("keys:\n  up: 'k", 2), ("keys:\n  up: ,", 2), ("keys:\n  up: [,]", 2),
        ("keys:\n  up: [k #x]", 2), ("keys:\n  up: &a k", 2), ("keys:\n  up: |", 2),
    ])
    func otherFormsAreUnreadableAtTheirLine(text: String, line: Int) {
        #expect(throws: TopLevelScalars.Unreadable(line: line)) { try keys(text) }
    }

    @Test func theScalarsOfOtherKeysAreStillRead() throws {
        let text = "keys:\n  up: k\nbrowser: w3m %s\n"
        #expect(try TopLevelScalars(text).value(of: "browser") == "w3m %s")
    }
}
