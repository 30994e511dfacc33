import Foundation

/// A rule's regular expression, compiled once and matched under a deadline.
///
/// The engine is ICU's, through `NSRegularExpression`, rather than Swift's `Regex`: measured on
/// Swift 6.3.1, a `Regex` match ignores task cancellation and offers no step or time limit
/// (`/^(a+)+$/` on 21 a's and a `!` ran 6 s, 95 s on the review's machine, cancelled after
/// 100 ms or not), so nothing short of ending the process could stop one. ICU calls the
/// `.reportProgress` block every few thousand backtracking steps (about every 0.2 ms), and the
/// block stops the match.
///
/// Shared between threads: an `NSRegularExpression` is immutable once compiled, and ICU gives
/// each concurrent match its own matcher (CoreFoundation checks the compiled expression out,
/// or clones it while another match holds it).
public final class CompiledRegex: @unchecked Sendable {
    let expression: NSRegularExpression

    /// Compiles `source` (ICU syntax; `(?i)` for case-insensitive).
    /// - Throws: `RulePatternError.invalidRegex`, with Swift's description of what is wrong
    ///   where it has one (ICU's errors say only that the pattern is invalid).
    init(_ source: String) throws(RulePatternError) {
        do {
            expression = try NSRegularExpression(pattern: source)
        } catch {
            let reason: String
            do {
                _ = try Regex(source)
                reason = "not valid in ICU's syntax"
            } catch {
                reason = String(describing: error)
            }
            throw .invalidRegex(source: source, reason: reason)
        }
    }

    /// Whether the expression occurs anywhere in `text`.
    /// - Throws: `RuleInterruption` when `deadline` passed or the task was cancelled before the
    ///   engine found out.
    func matches(_ text: String, before deadline: RuleDeadline) throws(RuleInterruption) -> Bool {
        var found = false
        var interruption: RuleInterruption?
        expression.enumerateMatches(in: text, options: .reportProgress, range: NSRange(text.startIndex..., in: text)) {
            result, _, stop in
            if result != nil {
                found = true
                stop.pointee = true
            } else if let reason = deadline.interruption() {
                interruption = reason
                stop.pointee = true
            }
        }
        if let interruption { throw interruption }
        return found
    }
}
