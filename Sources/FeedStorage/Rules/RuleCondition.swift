import Foundation

/// One test of a rule: a field of a new item (or of its feed) against a pattern.
public struct RuleCondition: Sendable, Equatable, CustomStringConvertible {
    /// What a condition looks at.
    public enum Field: String, Sendable, CaseIterable {
        /// The feed's title (own title, else the document's) or its URL.
        case feed
        /// One of the feed's tags: a substring pattern must equal a tag (case-insensitively),
        /// a regular expression must match one.
        case tag
        case title, author, link
        /// The item's summary and content, as stored (HTML as text).
        case content
    }

    public var field: Field
    public var pattern: RulePattern

    public init(field: Field, pattern: RulePattern) {
        self.field = field
        self.pattern = pattern
    }

    /// Whether the item matches. A missing field is the empty string.
    /// - Throws: `RuleInterruption` when a regular expression ran past `deadline` or its task
    ///   was cancelled.
    public func matches(_ subject: RuleSubject, before deadline: RuleDeadline = RuleDeadline()) throws(RuleInterruption) -> Bool {
        switch field {
        case .feed: try matchesOne(of: [subject.feedTitle, subject.feedURL], before: deadline)
        case .tag: try matchesOne(of: subject.feedTags, whole: true, before: deadline)
        case .title: try pattern.matches(subject.title ?? "", before: deadline)
        case .author: try pattern.matches(subject.author ?? "", before: deadline)
        case .link: try pattern.matches(subject.link ?? "", before: deadline)
        case .content: try matchesOne(of: [subject.summary ?? "", subject.content ?? ""], before: deadline)
        }
    }

    /// Whether the pattern matches one of `texts` (each whole, for tags), trying them in order.
    /// A loop rather than `contains(where:)` or `||`, which would turn the typed error untyped.
    private func matchesOne(of texts: [String], whole: Bool = false, before deadline: RuleDeadline) throws(RuleInterruption) -> Bool {
        for text in texts {
            if try whole ? pattern.matchesWhole(text, before: deadline) : pattern.matches(text, before: deadline) { return true }
        }
        return false
    }

    /// `title: "/sponsored/"`, as the config writes it.
    public var description: String { "\(field.rawValue): \(pattern)" }
}

/// A substring (case-insensitive) or a regular expression, compiled once.
public enum RulePattern: Sendable, Equatable, CustomStringConvertible {
    case substring(String)
    /// The expression's source and the compiled expression; `(?i)` makes it case-insensitive.
    case regex(source: String, CompiledRegex)

    /// Reads config text: `/…/` is a regular expression (ICU syntax), anything else a substring.
    /// - Throws: `RulePatternError` when the expression does not compile or the text is empty.
    public init(parsing text: String) throws(RulePatternError) {
        if text.count >= 2, text.hasPrefix("/"), text.hasSuffix("/") {
            let source = String(text.dropFirst().dropLast())
            guard !source.isEmpty else { throw .empty }
            self = .regex(source: source, try CompiledRegex(source))
        } else {
            guard !text.isEmpty else { throw .empty }
            self = .substring(text)
        }
    }

    /// Whether the pattern occurs anywhere in `text`.
    /// - Throws: `RuleInterruption` when a regular expression ran past `deadline` or its task
    ///   was cancelled (a substring search always finishes).
    public func matches(_ text: String, before deadline: RuleDeadline = RuleDeadline()) throws(RuleInterruption) -> Bool {
        switch self {
        case .substring(let needle): text.range(of: needle, options: .caseInsensitive) != nil
        case .regex(_, let regex): try regex.matches(text, before: deadline)
        }
    }

    /// Whether `text` is the substring (case-insensitively), or the expression occurs in it.
    func matchesWhole(_ text: String, before deadline: RuleDeadline) throws(RuleInterruption) -> Bool {
        switch self {
        case .substring(let value): text.caseInsensitiveCompare(value) == .orderedSame
        case .regex: try matches(text, before: deadline)
        }
    }

    public var description: String {
        switch self {
        case .substring(let text): text
        case .regex(let source, _): "/\(source)/"
        }
    }

    /// Patterns are equal when their texts are: a compiled expression has no equality of its own.
    public static func == (lhs: RulePattern, rhs: RulePattern) -> Bool {
        lhs.description == rhs.description && lhs.isRegex == rhs.isRegex
    }

    private var isRegex: Bool {
        if case .regex = self { return true }
        return false
    }
}

/// Why a pattern was refused.
public enum RulePatternError: Error, Sendable, Equatable, CustomStringConvertible {
    case empty
    case invalidRegex(source: String, reason: String)

    public var description: String {
        switch self {
        case .empty: "empty pattern"
        case .invalidRegex(let source, let reason): "invalid regular expression /\(source)/: \(reason)"
        }
    }
}
