/// The tags `tidings tag` adds and removes, read from its arguments: `+news` and a bare `news`
/// add, `-news` removes.
public struct TagChanges: Equatable, Sendable {
    public var add: [String]
    public var remove: [String]

    public init(add: [String] = [], remove: [String] = []) {
        self.add = add
        self.remove = remove
    }

    /// Whether nothing is added or removed (the command then shows the tags).
    public var isEmpty: Bool { add.isEmpty && remove.isEmpty }

    /// Reads `arguments` in order, every one as a change (`TagCommandLine` has taken out the
    /// options first).
    /// - Throws: `TagChangesError` for an empty tag or a tag both added and removed.
    public init(arguments: [String]) throws(TagChangesError) {
        var add: [String] = []
        var remove: [String] = []
        for argument in arguments {
            let tag = argument.first == "+" || argument.first == "-" ? argument.dropFirst() : Substring(argument)
            guard !tag.allSatisfy(\.isWhitespace) else { throw .emptyTag(argument) }
            if argument.first == "-" { remove.append(String(tag)) } else { add.append(String(tag)) }
        }
        // Tags compare case-insensitively, so `+News -news` asks for two opposite things.
        let removed = Set(remove.map { $0.lowercased() })
        if let both = add.first(where: { removed.contains($0.lowercased()) }) { throw .addedAndRemoved(both) }
        self.init(add: add, remove: remove)
    }
}

/// Arguments of `tidings tag` that are not tag changes.
public enum TagChangesError: Error, Equatable, Sendable, CustomStringConvertible {
    case emptyTag(String)
    case addedAndRemoved(String)
    case unknownOption(String)
    case missingValue(String)
    case flagWithValue(String)

    public var description: String {
        switch self {
        case .emptyTag(let argument):
            "'\(argument)' names no tag: write +TAG to add a tag and -TAG to remove one."
        case .addedAndRemoved(let tag):
            "'\(tag)' is both added and removed."
        case .unknownOption(let argument):
            "Unknown option '\(argument)'; to remove the tag '\(argument.dropFirst())', write it after '--'."
        case .missingValue(let option):
            "Missing value for '\(option)'."
        case .flagWithValue(let flag):
            "'\(flag)' takes no value."
        }
    }
}
