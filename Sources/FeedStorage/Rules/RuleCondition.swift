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
    public func matches(_ subject: RuleSubject) -> Bool {
        switch field {
        case .feed: pattern.matches(subject.feedTitle) || pattern.matches(subject.feedURL)
        case .tag: subject.feedTags.contains { pattern.matchesWhole($0) }
        case .title: pattern.matches(subject.title ?? "")
        case .author: pattern.matches(subject.author ?? "")
        case .link: pattern.matches(subject.link ?? "")
        case .content: pattern.matches(subject.summary ?? "") || pattern.matches(subject.content ?? "")
        }
    }

    /// `title: "/sponsored/"`, as the config writes it.
    public var description: String { "\(field.rawValue): \(pattern)" }
}

/// A substring (case-insensitive) or a regular expression, compiled once.
public enum RulePattern: Sendable, Equatable, CustomStringConvertible {
    case substring(String)
    /// The expression's source and the compiled `Regex`; `(?i)` makes it case-insensitive.
    case regex(source: String, CompiledRegex)

    /// Reads config text: `/…/` is a regular expression, anything else a substring.
    /// - Throws: `RulePatternError` when the expression does not compile or the text is empty.
    public init(parsing text: String) throws(RulePatternError) {
        if text.count >= 2, text.hasPrefix("/"), text.hasSuffix("/") {
            let source = String(text.dropFirst().dropLast())
            guard !source.isEmpty else { throw .empty }
            do {
                self = .regex(source: source, CompiledRegex(try Regex(source)))
            } catch {
                throw .invalidRegex(source: source, reason: String(describing: error))
            }
        } else {
            guard !text.isEmpty else { throw .empty }
            self = .substring(text)
        }
    }

    /// Whether the pattern occurs anywhere in `text`.
    public func matches(_ text: String) -> Bool {
        switch self {
        case .substring(let needle): text.range(of: needle, options: .caseInsensitive) != nil
        case .regex(_, let regex): text.contains(regex.regex)
        }
    }

    /// Whether `text` is the substring (case-insensitively), or the expression occurs in it.
    func matchesWhole(_ text: String) -> Bool {
        switch self {
        case .substring(let value): text.caseInsensitiveCompare(value) == .orderedSame
        case .regex: matches(text)
        }
    }

    public var description: String {
        switch self {
        case .substring(let text): text
        case .regex(let source, _): "/\(source)/"
        }
    }

    /// Patterns are equal when their texts are: a compiled `Regex` has no equality of its own.
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

/// A compiled `Regex`, shared between threads. `Regex<Output>` is `Sendable` whenever its
/// `Output` is (its lazily compiled program is published atomically); only `AnyRegexOutput`,
/// the output of a pattern compiled at run time, is not, and the matches it holds never leave
/// `matches(_:)`, which only asks whether there is one.
public final class CompiledRegex: @unchecked Sendable {
    let regex: Regex<AnyRegexOutput>

    init(_ regex: Regex<AnyRegexOutput>) {
        self.regex = regex
    }
}
