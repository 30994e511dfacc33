import FeedEntities

extension RPC {
    /// `views.list`: the saved views, the config file's first in its order, then the stored
    /// ones in the order they were added (protocol 1.18).
    public enum ListViews: RPCMethod {
        public static let name = "views.list"
        public struct Params: Codable, Sendable, Hashable {
            /// Each view carries its `counts` (default `false`).
            public var counts: Bool?
            public init(counts: Bool? = nil) { self.counts = counts }
        }
        public struct Result: Codable, Sendable, Hashable {
            public var views: [SavedView]
            public init(views: [SavedView]) { self.views = views }
        }
    }

    /// `views.add`: stores a view (protocol 1.18). The name is 1 to 100 characters without
    /// control characters, unique without case; the query is read as `items.list`'s `where`.
    public enum AddView: RPCMethod {
        public static let name = "views.add"
        public struct Params: Codable, Sendable, Hashable {
            public var name: String
            public var query: String
            /// A stored view of the same name is replaced (default `false`: it is an error,
            /// `conflict`). A view of the config file is never replaced.
            public var replace: Bool?
            public init(name: String, query: String, replace: Bool? = nil) {
                self.name = name
                self.query = query
                self.replace = replace
            }
        }
        public struct Result: Codable, Sendable, Hashable {
            public var view: SavedView
            /// The view it replaced, with `replace`.
            public var replaced: SavedView?
            public init(view: SavedView, replaced: SavedView? = nil) {
                self.view = view
                self.replaced = replaced
            }
        }
    }

    /// `views.remove`: deletes a stored view (protocol 1.18); a view of the config file is
    /// removed by editing the file (`forbidden`).
    public enum RemoveView: RPCMethod {
        public static let name = "views.remove"
        public struct Params: Codable, Sendable, Hashable {
            /// The view's name, without case.
            public var name: String
            public init(name: String) { self.name = name }
        }
        public struct Result: Codable, Sendable, Hashable {
            public var view: SavedView
            public init(view: SavedView) { self.view = view }
        }
    }
}
