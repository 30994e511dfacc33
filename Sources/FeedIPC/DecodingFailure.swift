/// A decoding failure of a wire line told in one line, where the error's own description is a
/// page long: the path to the member at fault and what was wrong with it.
public enum DecodingFailure {
    /// `items.3.published: Expected to decode Double but found a string instead.`; any other
    /// error as it describes itself.
    public static func summary(of error: any Error) -> String {
        guard let decoding = error as? DecodingError else { return "\(error)" }
        let context: DecodingError.Context
        switch decoding {
        case .typeMismatch(_, let c), .valueNotFound(_, let c), .keyNotFound(_, let c), .dataCorrupted(let c):
            context = c
        @unknown default:
            return "\(error)"
        }
        let path = context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
        return path.isEmpty ? context.debugDescription : "\(path): \(context.debugDescription)"
    }
}
