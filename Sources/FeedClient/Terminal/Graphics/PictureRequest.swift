import FeedIPC

/// `images.render` for `tidings show` and the reader alike: the picture in the form the
/// terminal's protocol takes, checked to hold nothing else.
enum PictureRequest {
    static func picture(
        url: String, item: Int64, graphics: TerminalGraphics, columns: Int, rows: Int, daemon: any DaemonClient
    ) async throws -> TerminalPicture {
        let format: RPC.RenderImage.Format = graphics.kind == .kitty ? .png : .sixel
        let drawn = try await daemon.request(RPC.RenderImage.self, .init(
            url: url, item: item, format: format, columns: max(1, columns), rows: max(1, rows),
            cellWidth: graphics.cellWidth, cellHeight: graphics.cellHeight))
        if let failure = drawn.error { return .failed(graphics.kind, failure) }
        guard let data = drawn.data, drawn.columns > 0, drawn.rows > 0, drawn.rows <= max(1, rows) else {
            return .failed(graphics.kind, "the daemon sent no picture")
        }
        let checked = graphics.kind == .kitty ? GraphicsSequences.isBase64(data) : GraphicsSequences.sixel(data) != nil
        guard checked else { return .failed(graphics.kind, "the daemon sent a picture that is not one") }
        return TerminalPicture(
            kind: graphics.kind, columns: drawn.columns, rows: drawn.rows, data: data, throughTmux: graphics.throughTmux,
            pixelWidth: drawn.width, pixelHeight: drawn.height, cellHeight: graphics.cellHeight)
    }
}
