/// The commands a mistyped one may have meant: `lst` → `list`, `feed` → `feeds`, `unsub` →
/// `unsubscribe`.
enum CommandSuggestion {
    /// The commands that start with `typed`, else those one or two edits away from it
    /// (insertions, deletions, substitutions, swaps of neighbours), the nearest first; at most
    /// three, none for a word so short that every command is near it.
    static func candidates(for typed: String, among commands: [String]) -> [String] {
        let word = typed.lowercased()
        guard !word.isEmpty else { return [] }
        let prefixed = commands.filter { $0.hasPrefix(word) }
        if !prefixed.isEmpty { return Array(prefixed.prefix(3)) }
        let limit = min(2, word.count - 1)
        guard limit > 0 else { return [] }
        let near = commands
            .map { (command: $0, distance: distance(Array(word), Array($0))) }
            .filter { $0.distance <= limit }
        let nearest = near.map(\.distance).min()
        return Array(near.filter { $0.distance == nearest }.map(\.command).prefix(3))
    }

    /// `did you mean 'list'?`, `did you mean 'read' or 'refresh'?`; `nil` without candidates.
    static func question(_ candidates: [String]) -> String? {
        guard let last = candidates.last else { return nil }
        let quoted = candidates.dropLast().map { "'\($0)'" }
        return "did you mean " + (quoted.isEmpty ? "" : quoted.joined(separator: ", ") + " or ") + "'\(last)'?"
    }

    /// The optimal-string-alignment distance: Levenshtein's, with a swap of two neighbouring
    /// letters (`lsit`) counting as one edit.
    static func distance(_ a: [Character], _ b: [Character]) -> Int {
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }
}
