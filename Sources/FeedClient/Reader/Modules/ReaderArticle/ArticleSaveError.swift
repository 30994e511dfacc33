/// Why an article was not saved.
public enum ArticleSaveError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file is there; saving again with `replacing` writes over it.
    case exists(path: String)
    case failed(path: String, reason: String)

    public var description: String {
        switch self {
        case .exists(let path): "\(path) exists"
        case .failed(let path, let reason): "cannot save to \(path): \(reason)"
        }
    }
}
