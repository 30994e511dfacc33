import Testing
@testable import FeedClient

struct LineEditorTests {
    @Test func charactersBackspaceAndTheControlKeysEditTheLine() {
        var line = LineEditor(text: "one")
        for character in " two  three" { #expect(line.handle(.character(character)) == .editing) }
        #expect(line.handle(.control("w")) == .editing)
        #expect(line.text == "one two  ")
        #expect(line.handle(.backspace) == .editing)
        #expect(line.handle(.delete) == .editing)
        #expect(line.text == "one two")
        #expect(line.handle(.up) == .editing, "a key that edits nothing is ignored")
        #expect(line.handle(.control("u")) == .editing)
        #expect(line.text == "")
        #expect(line.handle(.backspace) == .editing)
    }

    @Test(arguments: [KeyPress.escape, .control("c"), .control("g")])
    func theseCancel(key: KeyPress) {
        var line = LineEditor()
        #expect(line.handle(key) == .cancelled)
    }

    @Test func enterSubmits() {
        var line = LineEditor(text: "x")
        #expect(line.handle(.enter) == .submitted)
        #expect(line.text == "x")
    }
}
