/// How far a refresh the reader started has come.
public struct ReaderRefreshProgress: Equatable, Sendable {
    public var done: Int
    public var total: Int
    public var errors: Int

    public init(done: Int, total: Int, errors: Int) {
        self.done = done
        self.total = total
        self.errors = errors
    }
}
