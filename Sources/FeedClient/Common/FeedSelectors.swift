/// Feeds as people name them after `unsubscribe`: numbers, ranges and lists of numbers as
/// `read` takes them (`31-33`, `5,8`), and any other argument as one feed's URL, title or
/// title prefix, which the daemon resolves.
public enum FeedSelectors {
    /// The selectors `arguments` name, in their order, each once: a range as its numbers.
    /// - Throws: `ItemNumbers.Problem.tooMany` when ranges name more than `ItemNumbers.limit`.
    public static func expand(_ arguments: [String]) throws(ItemNumbers.Problem) -> [String] {
        var selectors: [String] = []
        var seen: Set<String> = []
        for argument in arguments where !argument.allSatisfy(\.isWhitespace) {
            let named: [String]
            do {
                named = try ItemNumbers.parse([argument]).map(String.init)
            } catch .tooMany(let range, let count) {
                throw .tooMany(range, count: count)
            } catch {
                // Not numbers: a URL, title or prefix (`3 Body`, `Kernel-Notes` included).
                named = [argument]
            }
            for selector in named where seen.insert(selector).inserted { selectors.append(selector) }
        }
        return selectors
    }
}
