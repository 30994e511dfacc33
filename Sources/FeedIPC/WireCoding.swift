#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The JSON settings both sides use, so dates round-trip the same way everywhere.
public enum WireCoding {
    /// Largest accepted line, in bytes; longer lines are refused without being buffered whole.
    public static let maximumLineLength = 1 << 20

    /// Dates as `WireDate` writes them (ISO 8601 UTC, whole seconds).
    public static func makeEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(WireDate.text(date))
        }
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    /// Dates as `WireDate` reads them: ISO 8601, what `JSONDecoder`'s `.iso8601` reads.
    public static func makeDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let date = WireDate.date(text) else {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "Expected date string to be ISO8601-formatted.")
            }
            return date
        }
        return decoder
    }

    /// Encodes one message as a single NDJSON line (JSON escapes newlines inside strings).
    public static func line(_ value: some Encodable, encoder: JSONEncoder) throws -> Data {
        var data = try encoder.encode(value)
        data.append(0x0A)
        return data
    }
}
