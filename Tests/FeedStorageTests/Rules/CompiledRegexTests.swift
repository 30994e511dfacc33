@testable import FeedStorage
import Testing

/// The budget of a rule's regular expression: a match that backtracks catastrophically ends
/// with `overBudget` (or, within its budget, with no match), never hangs; cancellation stops one
/// at once; ordinary expressions still match.
struct CompiledRegexTests {
    func regex(_ source: String) throws -> CompiledRegex { try CompiledRegex(source) }

    /// The review's case: 95 s with Swift's `Regex`. ICU gives up on it by itself within a
    /// fraction of a second (measured 0.06-0.09 s here), so within the budget it simply does
    /// not match, and past it the budget stops it: either way, not a match and not a hang.
    @Test func theReviewsTitleIsNoMatchAndNoHang() throws {
        let title = String(repeating: "a", count: 21) + "!"
        #expect((try? regex("^(a+)+$").matches(title, before: RuleDeadline())) != true)
    }

    @Test func longerTitlesRunOutOfTheBudget() throws {
        // ICU needs about 0.6 s on this one (it never ends for Swift's Regex) …
        #expect(throws: RuleInterruption.overBudget) {
            try regex("^(a+)+$").matches(String(repeating: "a", count: 2000) + "!", before: RuleDeadline())
        }
        // … and more than 20 s on this one, unanchored, tried from every position.
        #expect(throws: RuleInterruption.overBudget) {
            try regex("(a|aa)+$").matches(String(repeating: "a", count: 64) + "!", before: RuleDeadline())
        }
    }

    @Test func cancellationStopsAMatchAtOnce() async throws {
        let expression = try regex("(a|aa)+$")
        let match = Task {
            try expression.matches(String(repeating: "a", count: 64) + "!", before: RuleDeadline(budget: .seconds(3600)))
        }
        match.cancel()
        await #expect(throws: RuleInterruption.cancelled) { try await match.value }
    }

    @Test func ordinaryExpressionsStillMatch() throws {
        #expect(try regex("(?i)sponsored|promoted").matches("Sponsored: a thing", before: RuleDeadline()))
        #expect(try regex("^(a+)+$").matches(String(repeating: "a", count: 2000), before: RuleDeadline()))
        #expect(try !regex("^RE:").matches("Re: hello", before: RuleDeadline()))
        #expect(try regex("\\bswift\\b").matches("Swift and swift", before: RuleDeadline()))
    }

    @Test func anInvalidExpressionIsRefusedWithSwiftsReason() {
        #expect {
            try CompiledRegex("a(")
        } throws: { error in
            guard case .invalidRegex(let source, let reason)? = error as? RulePatternError else { return false }
            return source == "a(" && !reason.isEmpty && reason != "not valid in ICU's syntax"
        }
    }
}
