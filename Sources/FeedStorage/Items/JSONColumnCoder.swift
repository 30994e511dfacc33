import FeedEntities
import Foundation

/// Converts the list columns of `item` (`categories`, `enclosures`) to and from JSON text.
///
/// Empty lists are stored as NULL: most items have neither, and NULL costs nothing to store or
/// to skip when reading. Make one coder per transaction or query, not per row.
struct JSONColumnCoder {
    private let decoder = JSONDecoder()

    /// The categories of an item as JSON, `nil` when there are none.
    ///
    /// The two list columns are written by hand, byte for byte as `JSONEncoder` with sorted keys
    /// and unescaped slashes writes them (the tests hold the two together; earlier versions used
    /// it, and the same list must keep the same text, or "did it change?" would see a change):
    /// the store's single writer formats two lists for every item of a refresh, and the generic
    /// encoder took a quarter of its time.
    func encode(_ values: [String]) -> String? {
        guard !values.isEmpty else { return nil }
        var json: [UInt8] = [UInt8(ascii: "[")]
        for (index, value) in values.enumerated() {
            if index > 0 { json.append(UInt8(ascii: ",")) }
            JSONStringEscaping.append(value, to: &json)
        }
        json.append(UInt8(ascii: "]"))
        return String(decoding: json, as: UTF8.self)
    }

    /// The enclosures of an item as JSON (keys sorted, absent fields left out), `nil` when there
    /// are none.
    func encode(_ values: [Enclosure]) -> String? {
        guard !values.isEmpty else { return nil }
        var json: [UInt8] = [UInt8(ascii: "[")]
        for (index, enclosure) in values.enumerated() {
            if index > 0 { json.append(UInt8(ascii: ",")) }
            json.append(UInt8(ascii: "{"))
            if let duration = enclosure.duration {
                json.append(contentsOf: #""duration":\#(duration),"#.utf8)
            }
            if let length = enclosure.length {
                json.append(contentsOf: #""length":\#(length),"#.utf8)
            }
            if let type = enclosure.type {
                json.append(contentsOf: #""type":"#.utf8)
                JSONStringEscaping.append(type, to: &json)
                json.append(UInt8(ascii: ","))
            }
            json.append(contentsOf: #""url":"#.utf8)
            JSONStringEscaping.append(enclosure.url, to: &json)
            json.append(UInt8(ascii: "}"))
        }
        json.append(UInt8(ascii: "]"))
        return String(decoding: json, as: UTF8.self)
    }

    /// The list stored in `text`; an empty list when NULL or unreadable, because a damaged
    /// column (say, edited by hand) should not make every listing fail.
    func decode<Element: Decodable>(_ type: Element.Type, from text: String?) -> [Element] {
        guard let text, !text.isEmpty else { return [] }
        return (try? decoder.decode([Element].self, from: Data(text.utf8))) ?? []
    }
}
