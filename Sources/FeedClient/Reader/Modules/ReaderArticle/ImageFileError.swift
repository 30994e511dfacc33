/// Why an article's image could not be had as a file for the viewer: the daemon's words.
public struct ImageFileError: Error, Equatable, Sendable, CustomStringConvertible {
    public var reason: String

    public init(reason: String) {
        self.reason = reason
    }

    public var description: String { reason }
}
