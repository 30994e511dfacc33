import FeedEntities

extension RPC {
    /// `images.render`: an article's image fetched by the daemon (with the item's feed's
    /// settings; kept in its image cache), decoded within its budget and scaled to fit `columns`
    /// x `rows` cells of `cellWidth` x `cellHeight` pixels, in the form a terminal's graphics
    /// protocol takes (protocol 1.16). An image that cannot be fetched or drawn is no error:
    /// `error` says why, for the placeholder.
    public enum RenderImage: RPCMethod {
        public static let name = "images.render"

        /// The form of the picture.
        public enum Format: String, Codable, Sendable, Hashable {
            /// A PNG, base64 in `data`: what the kitty graphics protocol takes (`f=100`).
            case png
            /// Sixel data: `data` holds what goes between `ESC P 0;1;0 q` and `ESC \` (printable
            /// ASCII only; the client writes the two around it).
            case sixel
        }

        public struct Params: Codable, Sendable, Hashable {
            /// The image's absolute http(s) URL.
            public var url: String
            /// The item whose article shows it: its feed's settings fetch it.
            public var item: Int64?
            public var format: Format
            /// The most cells the picture may take, and a cell's size in pixels.
            public var columns: Int
            public var rows: Int
            public var cellWidth: Int
            public var cellHeight: Int

            public init(url: String, item: Int64? = nil, format: Format, columns: Int, rows: Int, cellWidth: Int, cellHeight: Int) {
                self.url = url
                self.item = item
                self.format = format
                self.columns = columns
                self.rows = rows
                self.cellWidth = cellWidth
                self.cellHeight = cellHeight
            }
        }

        public struct Result: Codable, Sendable, Hashable {
            public var format: Format
            /// The picture's size in pixels, and in the cells it takes (at most those asked for).
            public var width: Int
            public var height: Int
            public var columns: Int
            public var rows: Int
            /// The picture (see `Format`); `nil` with `error`.
            public var data: String?
            /// Why the image is not drawn: the placeholder's words.
            public var error: String?

            public init(
                format: Format, width: Int = 0, height: Int = 0, columns: Int = 0, rows: Int = 0, data: String? = nil,
                error: String? = nil
            ) {
                self.format = format
                self.width = width
                self.height = height
                self.columns = columns
                self.rows = rows
                self.data = data
                self.error = error
            }
        }
    }
}

extension RPC {
    /// `images.file`: an article's image as a file of its own, for an image viewer: the bytes
    /// `images.render` draws from (the image cache, else fetched with the item's feed's
    /// settings), written as they came under the image cache's `view/` directory with its
    /// format's extension (the newest few kept). An image that cannot be fetched is no error:
    /// `error` says why (protocol 1.16).
    public enum ImageFile: RPCMethod {
        public static let name = "images.file"

        public struct Params: Codable, Sendable, Hashable {
            /// The image's absolute http(s) URL.
            public var url: String
            /// The item whose article shows it: its feed's settings fetch it.
            public var item: Int64?

            public init(url: String, item: Int64? = nil) {
                self.url = url
                self.item = item
            }
        }

        public struct Result: Codable, Sendable, Hashable {
            /// The file's absolute path; `nil` with `error`.
            public var path: String?
            /// `png`, `jpeg`, `webp` or `gif`.
            public var format: String?
            public var error: String?

            public init(path: String? = nil, format: String? = nil, error: String? = nil) {
                self.path = path
                self.format = format
                self.error = error
            }
        }
    }
}
