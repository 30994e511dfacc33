import Foundation

/// Deterministic article text for the fakes: HTML of a few KB with the markup real feeds carry
/// (headings, paragraphs with links and emphasis, lists, a figure, a quote, code, entities), so
/// that a sync client's HTML handling and storage see realistic sizes and shapes.
public enum FakeSyncContent {
    private static let words = """
        the of and to in is that for it as was with be by on not he this are or his from at which but have an \
        they you were her all she there would their we him been has when who will more no if out so said what up \
        its about into than them can only other new some could time these two may then do first any my now such \
        like our over man me even most made after also did many before must through back years where much your way \
        well down should because each just those people how too little state good very make world still own see men \
        work long get here between both life being under never day same another know while last might us great old \
        year off come since against go came right used take three kernel release feed reader server network latency \
        garden river mountain library museum festival harbour railway bridge archive journal weather market council
        """.split(separator: " ").map(String.init)

    /// A sentence of `count` words, capitalised, with a full stop.
    static func sentence(_ count: Int, using generator: inout SplitMix64) -> String {
        var picked = (0..<count).map { _ in words[Int(generator.next() % UInt64(words.count))] }
        picked[0] = picked[0].prefix(1).uppercased() + picked[0].dropFirst()
        return picked.joined(separator: " ") + "."
    }

    /// A title of a few words.
    public static func title(seed: UInt64) -> String {
        var generator = SplitMix64(seed: seed)
        return String(sentence(3 + Int(generator.next() % 6), using: &generator).dropLast())
    }

    /// An article of 2 to 6 KB of HTML about `title`.
    public static func article(title: String, seed: UInt64) -> String {
        var generator = SplitMix64(seed: seed)
        let lead = title.isEmpty ? "" : "<strong>\(escape(title))</strong> &mdash; "
        var html = "<p>\(lead)\(sentence(14, using: &generator))</p>\n"
        let sections = 2 + Int(generator.next() % 4)
        for section in 0..<sections {
            html += "<h2>\(sentence(4, using: &generator).dropLast())</h2>\n"
            for _ in 0..<(2 + Int(generator.next() % 3)) {
                let link = "https://example.org/\(generator.next() % 10_000)/notes?ref=feed&amp;id=\(section)"
                html += "<p>\(sentence(18, using: &generator)) <a href=\"\(link)\">\(sentence(3, using: &generator).dropLast())</a> "
                html += "<em>\(sentence(6, using: &generator))</em> \(sentence(22, using: &generator))</p>\n"
            }
            switch generator.next() % 4 {
            case 0:
                html += "<ul>\n" + (0..<3).map { _ in "<li>\(sentence(7, using: &generator))</li>\n" }.joined() + "</ul>\n"
            case 1:
                html += "<blockquote><p>\(sentence(16, using: &generator))</p></blockquote>\n"
            case 2:
                let image = "https://cdn.example.org/images/\(generator.next() % 100_000).jpg"
                html += "<figure><img src=\"\(image)\" alt=\"\(sentence(4, using: &generator).dropLast())\" width=\"640\" height=\"360\">"
                html += "<figcaption>\(sentence(8, using: &generator))</figcaption></figure>\n"
            default:
                html += "<pre><code>for item in feed.items where item.isUnread {\n    print(item.title) // &lt;new&gt;\n}</code></pre>\n"
            }
        }
        return html
    }

    /// miniflux's `reading_time`: minutes at 265 words a minute, at least 1.
    static func readingTime(_ html: String) -> Int {
        max(1, html.split(whereSeparator: { $0 == " " || $0 == "\n" }).count / 265)
    }

    /// A stable hex digest of `text` (FNV-1a, widened), standing in for miniflux's SHA-256 hash.
    static func hash(_ text: String) -> String {
        var parts: [UInt64] = [0xcbf2_9ce4_8422_2325, 0x8422_2325_cbf2_9ce4, 0x1000_0000_01b3, 0x0100_0000_01b3]
        for byte in text.utf8 {
            for index in parts.indices {
                parts[index] = (parts[index] ^ UInt64(byte)) &* 0x0100_0000_01b3 &+ UInt64(index)
            }
        }
        return parts.map { String($0, radix: 16).leftPadded(to: 16) }.joined()
    }

    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}

extension String {
    fileprivate func leftPadded(to length: Int) -> String {
        String(repeating: "0", count: max(0, length - count)) + self
    }
}
