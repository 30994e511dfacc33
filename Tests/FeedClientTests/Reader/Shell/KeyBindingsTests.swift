@testable import FeedClient
import Testing

/// newsboat's keys by default; `keys:` overrides replace an action's keys and move a key.
struct KeyBindingsTests {
    @Test func theDefaultsAreNewsboats() {
        let bindings = KeyBindings.defaults
        let expected: [(KeyPress, ReaderAction)] = [
            (.character("j"), .down), (.down, .down), (.character("k"), .up), (.up, .up),
            (.enter, .open), (.character("q"), .quit), (.escape, .quit), (.character("Q"), .hardQuit),
            (.character("o"), .openInBrowser), (.character("n"), .nextUnread), (.character("p"), .previousUnread),
            (.character("N"), .toggleRead), (.character("A"), .markFeedRead), (.character("C"), .markAllRead),
            (.character("r"), .reload), (.character("R"), .reloadAll), (.character("/"), .search),
            (.character("?"), .help), (.character("g"), .home), (.home, .home), (.character("G"), .end),
            (.end, .end), (.pageUp, .pageUp), (.control("b"), .bookmark), (.pageDown, .pageDown),
            (.control("f"), .pageDown), (.character(" "), .pageDown), (.character("u"), .showLinks),
            (.character("*"), .toggleStar), (.character("e"), .openEnclosure),
            (.character("l"), .toggleShowRead), (.character("t"), .toggleTags), (.control("l"), .redraw),
            (.character("J"), .nextFeed), (.character("K"), .previousFeed), (.control("n"), .nextUnreadFeed),
            (.control("p"), .previousUnreadFeed), (.character("#"), .gotoURL), (.character("s"), .save),
            (.character("|"), .pipeTo), (.character(","), .macroPrefix),
        ]
        for (key, action) in expected {
            #expect(bindings.action(for: key) == action, "\(KeyBindings.name(of: key))")
        }
        #expect(bindings.action(for: .character("x")) == nil)
        #expect(bindings.keys(for: .down) == [.character("j"), .down])
    }

    @Test func everyActionHasADefaultKey() {
        for action in ReaderAction.allCases {
            #expect(!KeyBindings.defaults.keys(for: action).isEmpty, "\(action)")
        }
    }

    @Test func keysHaveNewsboatsNames() throws {
        let names: [(KeyPress, String)] = [
            (.enter, "ENTER"), (.up, "UP"), (.control("l"), "^L"), (.character(" "), "SPACE"),
            (.pageUp, "PPAGE"), (.pageDown, "NPAGE"), (.escape, "ESC"), (.function(5), "F5"),
            (.character("j"), "j"), (.character("*"), "*"), (.delete, "DEL"), (.tab, "TAB"),
        ]
        for (key, name) in names {
            #expect(KeyBindings.name(of: key) == name)
            #expect(try KeyBindings.key(named: name) == key)
        }
    }

    @Test func keyNamesAreReadInAnyCaseButLettersKeepTheirs() throws {
        #expect(try KeyBindings.key(named: "enter") == .enter)
        #expect(try KeyBindings.key(named: "Delete") == .delete)
        #expect(try KeyBindings.key(named: "^x") == .control("x"))
        #expect(try KeyBindings.key(named: "^M") == .enter)
        #expect(try KeyBindings.key(named: "^H") == .backspace)
        #expect(try KeyBindings.key(named: "J") == .character("J"))
        #expect(try KeyBindings.key(named: "ü") == .character("ü"))
    }

    @Test func badKeyNamesAreNamedInTheError() {
        #expect(throws: KeyBindingError.unknownKey("CTRL-X")) { try KeyBindings.key(named: "CTRL-X") }
        #expect(throws: KeyBindingError.unknownKey("F13")) { try KeyBindings.key(named: "F13") }
        #expect(throws: KeyBindingError.unknownKey("")) { try KeyBindings.key(named: "") }
        #expect(throws: KeyBindingError.unbindable("^C")) { try KeyBindings.key(named: "^C") }
        #expect(KeyBindingError.unknownKey("CTRL-X").description.hasPrefix("unknown key name `CTRL-X`"))
    }

    @Test func anOverrideReplacesTheActionsDefaultKeys() throws {
        let bindings = try KeyBindings(overrides: ["open-in-browser": ["O"], "down": ["DOWN", "^N"]])
        #expect(bindings.action(for: .character("O")) == .openInBrowser)
        #expect(bindings.action(for: .character("o")) == nil)
        #expect(bindings.keys(for: .down) == [.down, .control("n")])
        #expect(bindings.action(for: .character("j")) == nil)
        #expect(bindings.action(for: .character("k")) == .up)
    }

    @Test func aKeyBoundToAnotherActionMovesToTheOverride() throws {
        let bindings = try KeyBindings(overrides: ["toggle-star": ["s", "n"]])
        #expect(bindings.action(for: .character("n")) == .toggleStar)
        #expect(bindings.keys(for: .nextUnread).isEmpty)
        #expect(bindings.keys(for: .toggleStar) == [.character("s"), .character("n")])
        #expect(bindings.action(for: .character("*")) == nil)
    }

    @Test func twoActionsCanSwapTheirKeys() throws {
        let bindings = try KeyBindings(overrides: ["down": ["k"], "up": ["j"]])
        #expect(bindings.action(for: .character("k")) == .down)
        #expect(bindings.action(for: .character("j")) == .up)
        #expect(bindings.keys(for: .down) == [.character("k")] && bindings.keys(for: .up) == [.character("j")])
        #expect(bindings.action(for: .down) == nil && bindings.action(for: .up) == nil)
    }

    @Test func anEmptyListUnbindsTheAction() throws {
        let bindings = try KeyBindings(overrides: ["hard-quit": []])
        #expect(bindings.keys(for: .hardQuit).isEmpty)
        #expect(bindings.action(for: .character("Q")) == nil)
    }

    @Test func unknownActionsAndDoubleBindingsAreErrorsNamingThem() {
        #expect(throws: KeyBindingError.unknownAction("frobnicate")) {
            try KeyBindings(overrides: ["frobnicate": ["x"]])
        }
        #expect(throws: KeyBindingError.boundTwice(key: "j", actions: ["down", "up"])) {
            try KeyBindings(overrides: ["up": ["j"], "down": ["j", "DOWN"]])
        }
        #expect(throws: KeyBindingError.unknownKey("CTRL-X")) {
            try KeyBindings(overrides: ["redraw": ["CTRL-X"]])
        }
        #expect(KeyBindingError.unknownAction("frobnicate").description == "unknown action `frobnicate`")
        #expect(KeyBindingError.boundTwice(key: "j", actions: ["down", "up"]).description
            == "key `j` bound to two actions in the same file: down and up")
    }
}
