#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Decoding that treats a member of the wrong type as absent, for documents (JSON Feeds) whose
/// generators do not all follow the specification.
extension KeyedDecodingContainer {
    /// The value under `key`, or `nil` when it is absent, `null` or not a `T`.
    func leniently<T: Decodable>(_ type: T.Type, forKey key: Key) -> T? {
        (try? decodeIfPresent(type, forKey: key)) ?? nil
    }

    /// The elements under `key` that decode as `T`, skipping the others; `nil` when the value
    /// is absent or not an array.
    func lossyArray<T: Decodable>(of type: T.Type, forKey key: Key) -> [T]? {
        leniently([Lossy<T>].self, forKey: key).map { $0.compactMap(\.value) }
    }

    /// A number under `key` written as text (`123` → "123", `1.5` → "1.5").
    func numberAsText(forKey key: Key) -> String? {
        if let integer = leniently(Int64.self, forKey: key) { return String(integer) }
        if let number = leniently(Double.self, forKey: key), number.isFinite { return String(number) }
        return nil
    }

    /// A byte count under `key`, written as a number or as digits in a string; `nil` when it is
    /// negative or not a whole number.
    func byteCount(forKey key: Key) -> Int64? {
        if let integer = leniently(Int64.self, forKey: key) { return integer >= 0 ? integer : nil }
        if let number = leniently(Double.self, forKey: key) {
            // Generators that go through floating point write 1234.0.
            guard number >= 0, number < 0x1p63, number.rounded(.towardZero) == number else { return nil }
            return Int64(number)
        }
        return leniently(String.self, forKey: key).flatMap { Int64($0.trimmingASCIIWhitespace()) }.flatMap {
            $0 >= 0 ? $0 : nil
        }
    }
}

/// One element of an array, `nil` when it does not decode as `T`: decoding the element never
/// fails, so one bad element does not lose the others.
private struct Lossy<T: Decodable>: Decodable {
    let value: T?

    init(from decoder: any Decoder) throws {
        value = try? T(from: decoder)
    }
}
