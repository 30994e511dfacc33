#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The JSON settings both sides use, so dates round-trip the same way everywhere.
public enum WireCoding {
    /// Largest accepted line, in bytes; longer lines are refused without being buffered whole.
    public static let maximumLineLength = 1 << 20

    public static func makeEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    public static func makeDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }

    /// Encodes one message as a single NDJSON line (JSON escapes newlines inside strings).
    public static func line(_ value: some Encodable, encoder: JSONEncoder) throws -> Data {
        var data = try encoder.encode(value)
        data.append(0x0A)
        return data
    }
}
