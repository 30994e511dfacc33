import FeedEntities

/// Which key does what in the reader: newsboat's defaults, changed by the config file's `keys:`.
///
/// An override names an action and the keys it gets (`open-in-browser: O`, `down: [j, DOWN]`):
/// they replace that action's default keys, and a key another action had moves to this one.
/// Key names are newsboat's (`KeyBindings.name(of:)`).
public struct KeyBindings: Equatable, Sendable {
    /// The keys of each action, in the order the help screen lists them.
    private var keysByAction: [ReaderAction: [KeyPress]]
    private var actionByKey: [KeyPress: ReaderAction]

    /// newsboat's defaults, plus `*` to star (newsboat's `s` saves an article); `next-feed` and
    /// `prev-feed` are `J` and `K`, since `j` and `k` move the cursor on every screen here.
    public static let defaults = KeyBindings(keysByAction: [
        .up: [.character("k"), .up],
        .down: [.character("j"), .down],
        .pageUp: [.pageUp],
        .pageDown: [.pageDown, .character(" "), .control("f")],
        .home: [.character("g"), .home],
        .end: [.character("G"), .end],
        .open: [.enter],
        .quit: [.character("q"), .escape],
        .hardQuit: [.character("Q")],
        .openInBrowser: [.character("o")],
        .nextUnread: [.character("n")],
        .previousUnread: [.character("p")],
        .nextFeed: [.character("J")],
        .previousFeed: [.character("K")],
        .nextUnreadFeed: [.control("n")],
        .previousUnreadFeed: [.control("p")],
        .toggleRead: [.character("N")],
        .toggleStar: [.character("*")],
        .markFeedRead: [.character("A")],
        .markAllRead: [.character("C")],
        .reload: [.character("r")],
        .reloadAll: [.character("R")],
        .search: [.character("/")],
        .gotoURL: [.character("#")],
        .help: [.character("?")],
        .showLinks: [.character("u")],
        .openEnclosure: [.character("e")],
        .toggleShowRead: [.character("l")],
        .toggleTags: [.character("t")],
        .redraw: [.control("l")],
        .save: [.character("s")],
        .pipeTo: [.character("|")],
        .bookmark: [.control("b")],
        .macroPrefix: [.character(",")],
        .sort: [.character("S")],
        .toggleFullText: [.character("f")],
        .viewImage: [.character("v")],
    ])

    private init(keysByAction: [ReaderAction: [KeyPress]]) {
        self.keysByAction = keysByAction
        actionByKey = [:]
        for (action, keys) in keysByAction {
            for key in keys { actionByKey[key] = action }
        }
    }

    /// The defaults with `overrides` applied: action names (`ReaderAction`'s raw values) to the
    /// names of the keys they get; an empty list leaves the action without a key.
    /// - Throws: `KeyBindingError` for an unknown action or key name, a key that cannot be
    ///   bound, or a key given to two actions.
    public init(overrides: [String: [String]]) throws(KeyBindingError) {
        self = .defaults
        var claimed: [KeyPress: ReaderAction] = [:]
        // Sorted, so that an error names the same action whatever the dictionary's order.
        var parsed: [(ReaderAction, [KeyPress])] = []
        for name in overrides.keys.sorted() {
            guard let action = ReaderAction(rawValue: name) else { throw .unknownAction(name) }
            var keys: [KeyPress] = []
            for keyName in overrides[name] ?? [] {
                let key = try Self.key(named: keyName)
                if let other = claimed[key], other != action {
                    throw .boundTwice(key: keyName, actions: [other.rawValue, action.rawValue].sorted())
                }
                claimed[key] = action
                if !keys.contains(key) { keys.append(key) }
            }
            parsed.append((action, keys))
        }
        for (action, keys) in parsed {
            for key in keysByAction[action] ?? [] { actionByKey[key] = nil }
            for key in keys {
                if let previous = actionByKey[key] { keysByAction[previous]?.removeAll { $0 == key } }
                actionByKey[key] = action
            }
            keysByAction[action] = keys
        }
    }

    /// What `key` does; `nil` when it is bound to nothing.
    public func action(for key: KeyPress) -> ReaderAction? {
        actionByKey[key]
    }

    /// The keys that do `action`, the default or configured order kept; empty when none does.
    public func keys(for action: ReaderAction) -> [KeyPress] {
        keysByAction[action] ?? []
    }

    // MARK: - Key names

    private static let namedKeys: [(name: String, key: KeyPress)] = [
        ("ENTER", .enter), ("ESC", .escape), ("SPACE", .character(" ")), ("TAB", .tab),
        ("BACKSPACE", .backspace), ("DEL", .delete),
        ("UP", .up), ("DOWN", .down), ("LEFT", .left), ("RIGHT", .right),
        ("PPAGE", .pageUp), ("NPAGE", .pageDown), ("HOME", .home), ("END", .end),
    ]

    /// newsboat's name of `key`, for the help screen and the config: `ENTER`, `SPACE`, `UP`,
    /// `PPAGE`, `^L`, `F1`, or the character itself (`j`, `*`).
    public static func name(of key: KeyPress) -> String {
        if let named = namedKeys.first(where: { $0.key == key }) { return named.name }
        switch key {
        case .character(let character): return String(character)
        case .control(let letter): return "^" + letter.uppercased()
        case .function(let number): return "F\(number)"
        default: return "\(key)"
        }
    }

    /// The key a config name stands for: one character (`j`, `*`), a name of `name(of:)` in any
    /// case (`ENTER`, `PPAGE`, `DELETE` too), `^X` for Ctrl with a letter, `F1`…`F12`.
    /// `^M`, `^J`, `^I` and `^H` are the keys the terminal sends for them (Enter, Tab, Backspace).
    /// - Throws: `KeyBindingError.unknownKey`, or `.unbindable` for Ctrl-C and Ctrl-Z (signals).
    public static func key(named name: String) throws(KeyBindingError) -> KeyPress {
        if name.count == 1, let character = name.first, !character.isWhitespace, DisplayWidth.of(character) > 0 {
            return .character(character)
        }
        let upper = name.uppercased()
        if let named = namedKeys.first(where: { $0.name == upper }) { return named.key }
        if upper == "DELETE" { return .delete }
        if upper.hasPrefix("^"), upper.count == 2, let letter = upper.last, ("A"..."Z").contains(letter) {
            switch letter {
            case "C", "Z": throw .unbindable(name)
            case "M", "J": return .enter
            case "I": return .tab
            case "H": return .backspace
            default: return .control(Character(letter.lowercased()))
            }
        }
        if upper.hasPrefix("F"), let number = Int(upper.dropFirst()), (1...12).contains(number), !upper.contains("+") {
            return .function(number)
        }
        throw .unknownKey(name)
    }
}
