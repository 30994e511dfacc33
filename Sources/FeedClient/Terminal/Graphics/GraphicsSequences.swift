/// The bytes that draw and clear pictures, by the protocols' specifications:
/// - kitty's graphics protocol (https://sw.kovidgoyal.net/kitty/graphics-protocol/): an image is
///   sent once (`a=t`, PNG as `f=100`, base64 in chunks of at most 4096 bytes, `m=1` on every
///   chunk but the last, the keys in the first only), then placed by id (`a=p`) at the cursor
///   over `c` x `r` cells without moving it (`C=1`), and its placements deleted (`a=d,d=i`);
///   `q=2` asks for no reply, so no answer lands in the reader's input.
/// - sixels: `ESC P 0 ; 1 ; 0 q` (aspect from the raster attributes, pixels not drawn left as
///   they are), the data, `ESC \`.
/// Inside tmux each sequence goes through its passthrough: `ESC P tmux ;`, the sequence with
/// every ESC doubled, `ESC \`.
enum GraphicsSequences {
    static let chunkSize = 4096

    /// Sends the PNG whose base64 is `base64` as image `id`.
    static func kittyTransmit(base64: String, id: Int) -> [String] {
        let bytes = Array(base64.utf8)
        var chunks: [String] = []
        var start = 0
        repeat {
            let end = min(bytes.count, start + chunkSize)
            let more = end < bytes.count ? 1 : 0
            let keys = start == 0 ? "a=t,f=100,t=d,i=\(id),q=2,m=\(more)" : "m=\(more)"
            chunks.append("\u{1B}_G\(keys);" + String(decoding: bytes[start..<end], as: UTF8.self) + "\u{1B}\\")
            start = end
        } while start < bytes.count
        return chunks
    }

    /// Places image `id` at the cursor over `columns` x `rows` cells, the cursor left where it is.
    static func kittyPlace(id: Int, columns: Int, rows: Int) -> String {
        "\u{1B}_Ga=p,i=\(id),p=1,c=\(columns),r=\(rows),C=1,q=2\u{1B}\\"
    }

    /// Places image `id` at the cursor at its own pixel size, only the rows of pixels of `crop`
    /// (from `y`, `height` of them) when given, the cursor left where it is.
    static func kittyPlace(id: Int, width: Int, crop: (y: Int, height: Int)?) -> String {
        let source = crop.map { ",x=0,y=\($0.y),w=\(max(1, width)),h=\($0.height)" } ?? ""
        return "\u{1B}_Ga=p,i=\(id),p=1\(source),C=1,q=2\u{1B}\\"
    }

    /// Deletes the placements of image `id`; with `freeing`, its data too.
    static func kittyDelete(id: Int, freeing: Bool = false) -> String {
        "\u{1B}_Ga=d,d=\(freeing ? "I" : "i"),i=\(id),q=2\u{1B}\\"
    }

    /// Sixel data between its DCS and ST; `nil` when it holds anything but printable ASCII,
    /// which could end the sequence and reach the terminal as control.
    static func sixel(_ body: String) -> String? {
        guard body.utf8.allSatisfy({ (0x20...0x7E).contains($0) }) else { return nil }
        return "\u{1B}P0;1;0q" + body + "\u{1B}\\"
    }

    /// Whether `base64` is base64 only (so nothing in it ends the APC early).
    static func isBase64(_ base64: String) -> Bool {
        base64.utf8.allSatisfy { byte in
            (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte)
                || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "=")
        }
    }

    /// `sequence` through tmux's passthrough.
    static func throughTmux(_ sequence: String) -> String {
        var doubled = ""
        for character in sequence.unicodeScalars {
            if character == "\u{1B}" { doubled.unicodeScalars.append(character) }
            doubled.unicodeScalars.append(character)
        }
        return "\u{1B}Ptmux;" + doubled + "\u{1B}\\"
    }
}
