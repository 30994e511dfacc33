/// The words after FEED in `tidings tag FEED …`, which ArgumentParser hands over as written so
/// that `-news` is read as "remove news", not as an option: the tag changes, and the options
/// among them (`--socket PATH`, `--color=never`, `--json`, `--help`), which the command parses
/// itself.
///
/// Only words starting with `--` can be options; after a lone `--` every word is a change.
public struct TagCommandLine: Equatable, Sendable {
    public var changes: TagChanges
    /// The options found, each followed by its value unless written `--name=value`.
    public var options: [String]
    /// The flags found (options without a value, such as `--json`), as written.
    public var flags: [String]
    /// `--help` was among the words.
    public var asksForHelp: Bool

    /// - Parameters:
    ///   - optionsTakingValues: the long options the command accepts after FEED, each taking a
    ///     value (`--socket`).
    ///   - knownFlags: the long options it accepts there without a value (`--json`).
    /// - Throws: `TagChangesError`: an unknown `--option`, an option without its value, a flag
    ///   with one, an empty tag, a tag both added and removed.
    public init(
        _ words: [String], optionsTakingValues: Set<String>, flags knownFlags: Set<String> = []
    ) throws(TagChangesError) {
        var changes: [String] = []
        var options: [String] = []
        var flags: [String] = []
        var asksForHelp = false
        var index = words.startIndex
        while index < words.endIndex {
            let word = words[index]
            index += 1
            guard word.hasPrefix("--") else {
                changes.append(word)
                continue
            }
            if word == "--" {
                changes += words[index...]
                break
            }
            let name = String(word.prefix { $0 != "=" })
            if name == "--help" {
                asksForHelp = true
                continue
            }
            if knownFlags.contains(name) {
                guard name == word else { throw .flagWithValue(name) }
                flags.append(word)
                continue
            }
            guard optionsTakingValues.contains(name) else { throw .unknownOption(word) }
            options.append(word)
            if name == word {
                guard index < words.endIndex else { throw .missingValue(word) }
                options.append(words[index])
                index += 1
            }
        }
        self.changes = try TagChanges(arguments: changes)
        self.options = options
        self.flags = flags
        self.asksForHelp = asksForHelp
    }
}
