import ArgumentParser
import FeedClient

/// FEED arguments that may be ranges and lists of numbers (`FeedSelectors`), with their
/// problems as usage errors.
enum FeedArguments {
    /// The selectors `arguments` name; blank ones name nothing.
    /// - Throws: `ValidationError` for a range too large.
    static func selectors(_ arguments: [String]) throws -> [String] {
        do {
            return try FeedSelectors.expand(arguments)
        } catch {
            throw ValidationError(error.description.prefix(1).uppercased() + error.description.dropFirst() + ".")
        }
    }
}
