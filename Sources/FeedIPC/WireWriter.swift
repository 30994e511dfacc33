#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FeedEntities

/// Writes JSON byte for byte as `WireCoding.makeEncoder()` does (keys in the order written,
/// which callers keep sorted; slashes unescaped; `\b \t \n \f \r`, `\"`, `\\` and `\u00XX` for
/// the other controls; dates as `WireDate.text`), without Codable.
///
/// For the messages on the hot path of a listing (`RPCDirectCoding`): `JSONEncoder` resolves
/// its generic containers at run time, which cost the daemon more than SQLite for an answer of
/// 50 items, and the client a millisecond at its first use.
public struct WireWriter {
    /// The JSON written so far.
    public private(set) var bytes: [UInt8] = []
    /// Per open object or array: whether a member or element was written in it yet.
    private var hasMembers: [Bool] = []

    public init(capacity: Int = 1024) {
        bytes.reserveCapacity(capacity)
    }

    /// Makes room for `count` more bytes at once: a result of megabytes grown by doubling
    /// is copied, and its pages touched, several times over.
    public mutating func reserveCapacity(_ count: Int) {
        bytes.reserveCapacity(bytes.count + count)
    }

    // MARK: - Containers

    public mutating func beginObject() {
        bytes.append(UInt8(ascii: "{"))
        hasMembers.append(false)
    }

    public mutating func endObject() {
        bytes.append(UInt8(ascii: "}"))
        hasMembers.removeLast()
    }

    public mutating func beginArray() {
        bytes.append(UInt8(ascii: "["))
        hasMembers.append(false)
    }

    public mutating func endArray() {
        bytes.append(UInt8(ascii: "]"))
        hasMembers.removeLast()
    }

    /// Starts an object member: the comma before it when needed, then `"key":`.
    public mutating func key(_ key: String) {
        separate()
        string(key)
        bytes.append(UInt8(ascii: ":"))
    }

    /// Starts an array element (the comma before it when needed); the value follows.
    public mutating func element() {
        separate()
    }

    private mutating func separate() {
        if hasMembers[hasMembers.count - 1] {
            bytes.append(UInt8(ascii: ","))
        } else {
            hasMembers[hasMembers.count - 1] = true
        }
    }

    // MARK: - Values

    public mutating func string(_ value: String) {
        JSONStringEscaping.append(value, to: &bytes)
    }

    public mutating func int(_ value: Int64) {
        bytes.append(contentsOf: String(value).utf8)
    }

    public mutating func bool(_ value: Bool) {
        bytes.append(contentsOf: (value ? "true" : "false").utf8)
    }

    /// A finite number as the encoder writes a `Double`: its `description`, without a
    /// trailing `.0` (`3600`, `0.5`, `1e+20`).
    public mutating func double(_ value: Double) {
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        bytes.append(contentsOf: text.utf8)
    }

    /// A value another encoder wrote, as it is.
    public mutating func raw(_ json: some Sequence<UInt8>) {
        bytes.append(contentsOf: json)
    }

    /// A date as the wire writes it (`WireDate.text`).
    public mutating func date(_ value: Date) {
        string(WireDate.text(value))
    }

    public mutating func strings(_ values: [String]) {
        beginArray()
        for value in values {
            element()
            string(value)
        }
        endArray()
    }

    /// The member `key` when `value` is present; nothing when it is `nil`, as the encoder's
    /// `encodeIfPresent` leaves it out.
    public mutating func member<Value>(_ key: String, _ value: Value?, _ write: (inout WireWriter, Value) -> Void) {
        guard let value else { return }
        self.key(key)
        write(&self, value)
    }

    /// A JSON-RPC response line (`{"id":…,"jsonrpc":"2.0","result":…}` and a newline), the
    /// result written by `result`.
    public static func responseLine(id: RPCID, result: (inout WireWriter) -> Void) -> [UInt8] {
        var writer = WireWriter(capacity: 4096)
        writer.beginObject()
        writer.key("id")
        writer.id(id)
        writer.key("jsonrpc")
        writer.string("2.0")
        writer.key("result")
        result(&writer)
        writer.endObject()
        writer.bytes.append(0x0A)
        return writer.bytes
    }

    /// A JSON-RPC request line (`{"id":…,"jsonrpc":"2.0","method":…,"params":…}` and a
    /// newline), the params written by `params`.
    public static func requestLine(id: RPCID, method: String, params: (inout WireWriter) -> Void) -> [UInt8] {
        var writer = WireWriter(capacity: 256)
        writer.beginObject()
        writer.key("id")
        writer.id(id)
        writer.key("jsonrpc")
        writer.string("2.0")
        writer.key("method")
        writer.string(method)
        writer.key("params")
        params(&writer)
        writer.endObject()
        writer.bytes.append(0x0A)
        return writer.bytes
    }

    private mutating func id(_ id: RPCID) {
        switch id {
        case .number(let number): int(number)
        case .string(let text): string(text)
        }
    }

}
