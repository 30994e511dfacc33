import Foundation

/// Converts the list columns of `item` (`categories`, `enclosures`) to and from JSON text.
///
/// Empty lists are stored as NULL: most items have neither, and NULL costs nothing to store or
/// to skip when reading. Make one coder per transaction or query, not per row.
struct JSONColumnCoder {
    private let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        // Stable text for the same value, so "did it change?" is a plain string comparison.
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()
    private let decoder = JSONDecoder()

    func encode<Element: Encodable>(_ values: [Element]) -> String? {
        guard !values.isEmpty, let data = try? encoder.encode(values) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    /// The list stored in `text`; an empty list when NULL or unreadable, because a damaged
    /// column (say, edited by hand) should not make every listing fail.
    func decode<Element: Decodable>(_ type: Element.Type, from text: String?) -> [Element] {
        guard let text, !text.isEmpty else { return [] }
        return (try? decoder.decode([Element].self, from: Data(text.utf8))) ?? []
    }
}
