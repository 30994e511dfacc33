import FeedEntities

// The article's pictures, where the terminal draws them: asked of the daemon once the text is
// on screen (the text's width wide, two thirds of its height high at most), one after another;
// each, as it comes, takes its rows below the line that names it (what is at the window's top
// stays there) and is placed wherever its rows are on screen. A sixel cannot be cut: one partly
// on screen shows a line saying so until it is whole. `v` opens the picture on screen in the
// image viewer, on any terminal.
extension ReaderArticlePresenter {
    /// The rows a picture may take: two thirds of the text's, at least 4 (all on a smaller screen).
    var pictureRows: Int {
        let rows = max(1, view.textRows)
        return min(rows, max(4, rows * 2 / 3))
    }

    /// The layout's lines with the rows of each picture that came below the first text line
    /// naming it; one the daemon could not draw is a line saying why.
    func arrange() {
        guard !pictures.isEmpty else {
            lines = layout.lines
            return
        }
        var rows: [ArticleLayout.Line] = []
        rows.reserveCapacity(layout.lines.count + pictures.values.reduce(0) { $0 + $1.rows })
        var placed = Set<Int>()
        for line in layout.lines {
            rows.append(line)
            guard case .text = line.kind else { continue }
            for number in ArticlePictures.references(in: line.text) where !placed.contains(number) {
                guard let picture = pictures[number] else { continue }
                placed.insert(number)
                if let failure = picture.failure {
                    rows.append(.init(.picture(number: number, row: 0), "[image \(number) not drawn: \(failure)]"))
                } else {
                    for row in 0..<picture.rows { rows.append(.init(.picture(number: number, row: row), "")) }
                }
            }
        }
        lines = rows
    }

    /// Asks the daemon for the shown text's pictures, when the terminal draws them.
    func requestPictures() {
        pictureGeneration += 1
        guard let graphics = graphics(), let content, !content.images.isEmpty else { return }
        let generation = pictureGeneration
        let wanted = content.images.filter { content.links.indices.contains($0 - 1) }.prefix(ArticlePictures.most)
            .map { (number: $0, url: content.links[$0 - 1]) }
        let columns = renderedWidth, rows = pictureRows, item = number
        Task { [weak self] in
            for (number, url) in wanted {
                guard let self, self.pictureGeneration == generation else { return }
                let picture: TerminalPicture
                do {
                    picture = try await self.interactor.picture(url: url, item: item, graphics: graphics, columns: columns, rows: rows)
                } catch DaemonRefusal.unsupported {
                    return
                } catch {
                    picture = .failed(graphics.kind, CommandFailure(error).message)
                }
                self.router.deliver { [weak self] in self?.pictureArrived(number, picture, generation: generation) }
            }
        }
    }

    /// Gives a picture that came its rows; rows added above the window's top move the window
    /// down with them.
    func pictureArrived(_ number: Int, _ picture: TerminalPicture, generation: Int) {
        guard generation == pictureGeneration, pictures[number] == nil else { return }
        let anchor = lines.firstIndex { line in
            guard case .text = line.kind else { return false }
            return ArticlePictures.references(in: line.text).contains(number)
        }
        pictures[number] = picture
        if picture.failure == nil { pictureIDs[number] = ArticlePictures.id(of: picture.data) }
        let before = lines.count
        arrange()
        if let anchor, anchor < top { top += lines.count - before }
        if finding != nil { refind() }
    }

    /// The pictures whose rows are in `window`, counted from its first line; a sixel partly in
    /// it is a line saying so instead.
    func place(in window: inout [ArticleLayout.Line]) -> [ScreenPicture] {
        guard !pictureIDs.isEmpty else { return [] }
        var placed: [ScreenPicture] = []
        var index = 0
        while index < window.count {
            guard case .picture(let number, let first) = window[index].kind, let picture = pictures[number],
                  let id = pictureIDs[number]
            else {
                index += 1
                continue
            }
            var count = 1
            while index + count < window.count, case .picture(let next, _) = window[index + count].kind, next == number { count += 1 }
            let placement = ScreenPicture(id: id, picture: picture, row: index, firstRow: first, rows: count)
            if picture.kind == .sixel, !placement.isWhole {
                window[index].text = "[image \(number): drawn once it is all on screen]"
            } else {
                placed.append(placement)
            }
            index += count
        }
        return placed
    }

    /// The pictures on screen: drawn, or named by a line of text, in order.
    var picturesOnScreen: [Int] {
        guard let content, !content.images.isEmpty else { return [] }
        let images = Set(content.images)
        let bottom = min(lines.count, top + view.textRows)
        var found: [Int] = []
        for line in lines[min(top, bottom)..<bottom] {
            let numbers: [Int]
            switch line.kind {
            case .picture(let number, _): numbers = [number]
            case .text: numbers = ArticlePictures.references(in: line.text).filter(images.contains)
            default: numbers = []
            }
            for number in numbers where !found.contains(number) { found.append(number) }
        }
        return found
    }

    /// `v`: the picture on screen in the image viewer; with several, the one asked for.
    func viewImage() async {
        let onScreen = picturesOnScreen
        guard let first = onScreen.first else {
            router.say("No picture on screen", isError: false)
            return
        }
        guard onScreen.count > 1 else {
            await openImage(first)
            return
        }
        let choices = onScreen.map(String.init).joined(separator: ", ")
        await router.ask("Open picture (\(choices)): ", initial: String(first)) { [weak self] text in
            guard let self else { return }
            guard let number = Int(text.trimmingWhitespace), content?.images.contains(number) == true else {
                router.say("Not a picture of this article: \(text.trimmingWhitespace)", isError: true)
                return
            }
            await openImage(number)
        }
    }

    /// Opens picture `[number]` in the image viewer, as a file the daemon wrote.
    private func openImage(_ number: Int) async {
        guard let content, content.links.indices.contains(number - 1) else { return }
        do {
            let path = try await interactor.imageFile(url: content.links[number - 1], item: self.number)
            try await router.openImage(path)
        } catch {
            router.say(CommandFailure(error, action: "cannot open picture [\(number)]").message, isError: true)
        }
    }
}
