/// A category of a `FakeSyncAccount`: a miniflux category, a Google Reader label (folder).
/// Every feed is in exactly one.
public struct FakeCategory: Sendable, Equatable {
    public var id: Int
    public var title: String
    public var hideGlobally: Bool

    public init(id: Int, title: String, hideGlobally: Bool = false) {
        self.id = id
        self.title = title
        self.hideGlobally = hideGlobally
    }
}
