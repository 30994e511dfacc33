#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reads the JSON of one message member by member, without Codable: the counterpart of
/// `WireWriter` for the messages on the hot path of a listing (`RPCDirectCoding`).
///
/// Strict on purpose: anything it does not expect (a number with a fraction, a value of another
/// type, bytes that are not UTF-8, a lone surrogate) throws `WireReader.Unexpected`, and the
/// caller reads the line again with `JSONDecoder`, whose answer (or error message) is then the
/// one given. Unknown object members are skipped, as `JSONDecoder` ignores them. Nesting is
/// bounded (`maximumDepth`) where values are skipped.
public struct WireReader {
    /// The input is not what this reader reads; `JSONDecoder` is to read it.
    public struct Unexpected: Error, Equatable {
        /// Byte offset where reading stopped.
        public var offset: Int
    }

    /// Deepest nesting a skipped value may have.
    public static let maximumDepth = 64

    let bytes: [UInt8]
    var index = 0
    /// Per open object or array: whether a member or element was read in it yet.
    private var hasMembers: [Bool] = []

    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Bytes not read yet: a bound on how many values can follow, to reserve room for them.
    public var remainingBytes: Int { bytes.count - index }

    // MARK: - Containers

    public mutating func beginObject() throws(Unexpected) {
        try expect(UInt8(ascii: "{"))
        hasMembers.append(false)
    }

    /// The next member's key, positioned at its value; `nil` after the closing brace.
    public mutating func nextKey() throws(Unexpected) -> String? {
        guard try nextInContainer(closing: UInt8(ascii: "}")) else { return nil }
        let key = try string()
        try expect(UInt8(ascii: ":"))
        return key
    }

    public mutating func beginArray() throws(Unexpected) {
        try expect(UInt8(ascii: "["))
        hasMembers.append(false)
    }

    /// Whether another element follows (positioned at it); `false` after the closing bracket.
    public mutating func nextElement() throws(Unexpected) -> Bool {
        try nextInContainer(closing: UInt8(ascii: "]"))
    }

    private mutating func nextInContainer(closing: UInt8) throws(Unexpected) -> Bool {
        skipWhitespace()
        guard index < bytes.count, !hasMembers.isEmpty else { throw unexpected }
        if bytes[index] == closing {
            index += 1
            hasMembers.removeLast()
            return false
        }
        if hasMembers[hasMembers.count - 1] {
            try expect(UInt8(ascii: ","))
        } else {
            hasMembers[hasMembers.count - 1] = true
        }
        return true
    }

    /// Checks that nothing but whitespace follows the value read.
    public mutating func end() throws(Unexpected) {
        skipWhitespace()
        guard index == bytes.count, hasMembers.isEmpty else { throw unexpected }
    }

    // MARK: - Values

    /// Consumes a `null` when one comes next.
    /// - Returns: whether it did.
    public mutating func null() -> Bool {
        skipWhitespace()
        guard bytes.count - index >= 4, bytes[index] == UInt8(ascii: "n"), bytes[index + 1] == UInt8(ascii: "u"),
            bytes[index + 2] == UInt8(ascii: "l"), bytes[index + 3] == UInt8(ascii: "l")
        else { return false }
        index += 4
        return true
    }

    public mutating func bool() throws(Unexpected) -> Bool {
        if literal("true") { return true }
        if literal("false") { return false }
        throw unexpected
    }

    /// An integer written without fraction or exponent.
    public mutating func int() throws(Unexpected) -> Int64 {
        skipWhitespace()
        let negative = index < bytes.count && bytes[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        let start = index
        var value: Int64 = 0
        while index < bytes.count, case let digit = bytes[index] &- UInt8(ascii: "0"), digit < 10 {
            let (times, overflow) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflowed) = times.subtractingReportingOverflow(Int64(digit))
            guard !overflow, !overflowed else { throw unexpected }
            value = sum
            index += 1
        }
        // Counted negatively, so that Int64.min reads too; a leading zero only alone.
        guard index > start, index - start == 1 || bytes[start] != UInt8(ascii: "0") else { throw unexpected }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") || bytes[index] | 0x20 == UInt8(ascii: "e") {
            throw unexpected
        }
        if negative { return value }
        guard value != .min else { throw unexpected }
        return -value
    }

    /// A number, with or without fraction and exponent, as `Double(_:)` reads its text; only
    /// finite ones.
    public mutating func double() throws(Unexpected) -> Double {
        skipWhitespace()
        let start = index
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."),
                UInt8(ascii: "e"), UInt8(ascii: "E"):
                index += 1
            default:
                guard index > start, let text = Self.text(bytes[start..<index]),
                    let value = Double(text), value.isFinite
                else { throw Unexpected(offset: start) }
                return value
            }
        }
        throw unexpected
    }

    /// The bytes of the next value, skipped as `skipValue` skips it: a member for a decoder to read.
    public mutating func rawValue() throws(Unexpected) -> ArraySlice<UInt8> {
        skipWhitespace()
        let start = index
        try skipValue()
        return bytes[start..<index]
    }

    public mutating func string() throws(Unexpected) -> String {
        skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw unexpected }
        index += 1
        let start = index
        // Most strings have no escape: their bytes are the text.
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                guard let text = Self.text(bytes[start..<index]) else { throw unexpected }
                index += 1
                return text
            }
            if byte == UInt8(ascii: "\\") { break }
            guard byte >= 0x20 else { throw unexpected }
            index += 1
        }
        var scalars = Array(bytes[start..<index])
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                guard let text = Self.text(scalars[...]) else { throw unexpected }
                return text
            case UInt8(ascii: "\\"):
                try unescape(into: &scalars)
            case ..<0x20:
                throw unexpected
            default:
                scalars.append(byte)
            }
        }
        throw unexpected
    }

    /// `utf8` as a string, or `nil` when it is not UTF-8. `String(validating:as:)` on a slice
    /// resolves its generic types at run time, a fifth of the time to read 5,000 feeds.
    private static func text(_ utf8: ArraySlice<UInt8>) -> String? {
        utf8.withUnsafeBufferPointer { buffer in
            let text = String(decoding: buffer, as: UTF8.self)
            // `decoding` repairs what is not UTF-8; what it changed was not text. ASCII, most
            // text here, needs no repair.
            return buffer.allSatisfy({ $0 < 0x80 }) || text.utf8.elementsEqual(buffer) ? text : nil
        }
    }

    public mutating func date() throws(Unexpected) -> Date {
        let start = index
        guard let date = WireDate.date(try string()) else { throw Unexpected(offset: start) }
        return date
    }

    public mutating func strings() throws(Unexpected) -> [String] {
        var values: [String] = []
        try beginArray()
        while try nextElement() { values.append(try string()) }
        return values
    }

    /// `value` when the member is not `null`, else `nil`.
    public mutating func optional<Value>(_ value: (inout WireReader) throws(Unexpected) -> Value) throws(Unexpected) -> Value? {
        null() ? nil : try value(&self)
    }

    // The members most messages leave out or send as `null`.

    public mutating func optionalString() throws(Unexpected) -> String? { null() ? nil : try string() }
    public mutating func optionalBool() throws(Unexpected) -> Bool? { null() ? nil : try bool() }
    public mutating func optionalInt() throws(Unexpected) -> Int64? { null() ? nil : try int() }
    public mutating func optionalDouble() throws(Unexpected) -> Double? { null() ? nil : try double() }
    public mutating func optionalDate() throws(Unexpected) -> Date? { null() ? nil : try date() }
    public mutating func optionalStrings() throws(Unexpected) -> [String]? { null() ? nil : try strings() }

    /// Skips any value (objects and arrays up to `maximumDepth` deep).
    public mutating func skipValue() throws(Unexpected) {
        try skipValue(depth: 0)
    }

    private mutating func skipValue(depth: Int) throws(Unexpected) {
        guard depth < Self.maximumDepth else { throw unexpected }
        skipWhitespace()
        guard index < bytes.count else { throw unexpected }
        switch bytes[index] {
        case UInt8(ascii: "{"):
            try beginObject()
            while try nextKey() != nil { try skipValue(depth: depth + 1) }
        case UInt8(ascii: "["):
            try beginArray()
            while try nextElement() { try skipValue(depth: depth + 1) }
        case UInt8(ascii: "\""):
            _ = try string()
        case UInt8(ascii: "t"), UInt8(ascii: "f"):
            _ = try bool()
        case UInt8(ascii: "n"):
            guard null() else { throw unexpected }
        default:
            _ = try int()
        }
    }
}
