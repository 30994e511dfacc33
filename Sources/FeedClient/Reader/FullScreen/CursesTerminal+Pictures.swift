import CCurses

/// Pictures over the grid. Curses knows nothing of them, so the terminal is told around
/// curses' refresh: a picture placed since the last `present()` that the terminal does not show
/// yet is drawn once curses has sent the text (at its cells, the cursor saved before and
/// restored after); one it shows that is no longer placed is taken away before: kitty's
/// placement deleted, a sixel's rows marked for curses to send again whole (curses believes
/// them blank, so it would send nothing there), which writes the text over its pixels.
extension CursesTerminal {
    /// Asks the terminal how it draws pictures, unless `setting` is `off`: its answers come
    /// among the keys (`heard`), so the reader's start waits for nothing. A forced protocol is
    /// taken at once, its cell size corrected when the answer comes.
    func askForGraphics(_ setting: ImagesSetting, environment: [String: String]) {
        imagesSetting = setting
        inTmux = TerminalProbe.isInTmux(environment)
        guard TerminalProbe.asks(setting: setting, environment: environment) else { return }
        if setting != .auto { graphics = TerminalProbe.decide(setting: setting, replies: nil, inTmux: inTmux, output: output) }
        Self.write(TerminalProbe.question(inTmux: inTmux), to: output)
    }

    /// An answer of the terminal's: once DA1 (the last) came, how it draws pictures is known.
    func heard(_ reply: [UInt8]) {
        replies.absorb(reply)
        guard replies.complete || imagesSetting != .auto else { return }
        graphics = TerminalProbe.decide(setting: imagesSetting, replies: replies, inTmux: inTmux, output: output)
    }

    /// The most kitty images whose data the terminal keeps for the reader: past it the oldest
    /// not on screen is freed (and sent again should it be placed again).
    static let mostSentImages = 64

    public func place(_ picture: ScreenPicture) {
        guard !isEnded else { return }
        placedPictures.place(picture)
    }

    /// Takes away the pictures shown but no longer placed, before curses refreshes.
    /// - Returns: the pictures to draw once it has.
    func pictureChangesBeforeUpdate() -> [ScreenPicture] {
        guard !placedPictures.isEmpty || !shownPictures.isEmpty else { return [] }
        let window = api.stdscr!.pointee
        var deletions = ""
        for shown in shownPictures where !placedPictures.contains(shown) {
            switch shown.picture.kind {
            case .kitty: deletions += shown.picture.deletion(id: shown.id, freeing: false)
            case .sixel: _ = api.wredrawln!(window, Int32(shown.row), Int32(shown.rows))
            }
        }
        if !deletions.isEmpty { Self.write(deletions, to: output) }
        let added = placedPictures.filter { !shownPictures.contains($0) }
        shownPictures = placedPictures
        return added
    }

    /// Draws `pictures` at their cells, kitty's data sent first when the terminal lacks it.
    func drawPictures(_ pictures: [ScreenPicture]) {
        guard !pictures.isEmpty else { return }
        var output = ""
        for picture in pictures {
            let placement = picture.picture.placement(id: picture.id, firstRow: picture.firstRow, rows: picture.rows)
            guard !placement.isEmpty else { continue }
            if picture.picture.kind == .kitty, !sentImages.contains(where: { $0.id == picture.id }) {
                output += picture.picture.transmission(id: picture.id)
                sentImages.append((picture.id, picture.picture.deletion(id: picture.id, freeing: true)))
                if sentImages.count > Self.mostSentImages,
                   let oldest = sentImages.firstIndex(where: { sent in !shownPictures.contains { $0.id == sent.id } }) {
                    output += sentImages.remove(at: oldest).deletion
                }
            }
            output += picture.picture.positioned(placement, row: picture.row, column: picture.column)
        }
        Self.write(output, to: self.output)
    }

    /// The terminal is taken to show no picture (it was cleared, resized or is given away):
    /// kitty's placements are deleted, and with `freeing` the data it keeps; sixels went with
    /// the text. Every picture still placed is drawn again at the next `present()`.
    func forgetPictures(freeing: Bool) {
        var output = ""
        for shown in shownPictures { output += shown.picture.deletion(id: shown.id, freeing: false) }
        if freeing {
            output += sentImages.map(\.deletion).joined()
            sentImages = []
        }
        shownPictures = []
        if !output.isEmpty { Self.write(output, to: self.output) }
    }
}
