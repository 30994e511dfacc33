import FeedEntities

/// Shows one item: loads it rendered at the window's width (again after a resize), marks it
/// read, scrolls, and goes to the next or previous unread item of the listing it came from.
@MainActor
public final class ReaderArticlePresenter: ReaderScreen {
    let view: any ReaderArticleView
    private let list: any ReaderArticleList
    private let mapper: ItemDetailMapper
    /// The config's `save_directory`, `pipe_to` and `bookmark_cmd`.
    let settings: ReaderSettings
    let router: any ReaderArticleWireframe
    let interactor: any ReaderArticleUseCase
    private(set) var number: Int64
    var content: ReaderArticleContent?
    /// The article laid out at the width it was rendered at.
    private(set) var layout = ArticleLayout.empty {
        didSet {
            arrange()
            refind()
        }
    }
    /// The article's rows: the layout's lines, each picture's rows below the line naming it.
    var lines: [ArticleLayout.Line] = []
    /// How the terminal draws pictures now; `nil` for the text form only.
    let graphics: @MainActor () -> TerminalGraphics?
    /// The article's pictures as the daemon drew them, by link number, and their ids.
    var pictures: [Int: TerminalPicture] = [:]
    var pictureIDs: [Int: Int] = [:]
    /// Counts the articles shown: a picture asked for an earlier one is dropped.
    var pictureGeneration = 0
    /// The first line on screen.
    var top = 0
    /// What `/` found in the article; `nil` when nothing is being found.
    var finding: ArticleFinding?
    /// The width the text was rendered at.
    var renderedWidth = 0
    /// The text `f` picked for this item; `nil`: the daemon's choice (the article when kept).
    var chosenText: ItemText?

    public init(
        number: Int64, view: any ReaderArticleView, interactor: any ReaderArticleUseCase,
        router: any ReaderArticleWireframe, list: any ReaderArticleList, mapper: ItemDetailMapper,
        settings: ReaderSettings = .defaults, graphics: @escaping @MainActor () -> TerminalGraphics? = { nil }
    ) {
        self.settings = settings
        self.graphics = graphics
        self.number = number
        self.view = view
        self.interactor = interactor
        self.router = router
        self.list = list
        self.mapper = mapper
    }

    // MARK: - ReaderScreen

    public var hintedActions: [ReaderAction] {
        [.quit, .openInBrowser, .pageDown, .nextUnread, .previousUnread, .showLinks, .toggleStar, .help]
    }

    public func screenWillAppear() async {
        if content == nil || renderedWidth != view.textColumns { await load(number, markRead: content == nil) }
        redraw()
    }

    public func dataDidChange() async {}

    public func sizeDidChange() async {
        if renderedWidth != view.textColumns { await load(number, markRead: false) }
    }

    public func redraw() {
        let rows = view.textRows
        top = max(0, min(top, lines.count - rows))
        let bottom = min(lines.count, top + rows)
        let position = lines.count <= rows ? "all" : bottom >= lines.count ? "end" : "\(bottom * 100 / max(1, lines.count))%"
        var window = Array(lines[top..<bottom])
        let placed = place(in: &window)
        view.show(ReaderArticleModel(
            title: content.map { "\($0.item.feedTitle) › #\(number)" } ?? "#\(number)",
            position: position, lines: window, labelWidth: layout.labelWidth,
            referenceWidth: layout.referenceWidth, highlight: finding?.term, pictures: placed))
    }

    public func handle(_ key: KeyPress, action: ReaderAction?) async -> Bool {
        if await handleFindingKey(key) { return true }
        // The digits open a link at once, as newsboat's `one`…`zero`: 3 is [3], 0 is [10].
        if action == nil, case .character(let character) = key, character.isASCII, let digit = character.wholeNumberValue {
            await openLink(digit == 0 ? 10 : digit)
            return true
        }
        guard let action else { return false }
        let rows = view.textRows
        switch action {
        case .up: top -= 1
        case .down: top += 1
        case .pageUp: top -= max(1, rows - 1)
        case .pageDown: top += max(1, rows - 1)
        case .home: top = 0
        case .end: top = lines.count
        case .nextUnread, .previousUnread:
            let forward = action == .nextUnread
            guard let next = await list.unreadNeighbour(of: number, forward: forward) else {
                router.say("No unread items", isError: false)
                return true
            }
            await load(next, markRead: true)
        case .nextFeed, .previousFeed, .nextUnreadFeed, .previousUnreadFeed:
            let forward = action == .nextFeed || action == .nextUnreadFeed
            let unreadOnly = action == .nextUnreadFeed || action == .previousUnreadFeed
            if await list.moveToListing(forward: forward, unreadOnly: unreadOnly) { await router.close() }
            return true
        case .toggleRead:
            await setRead(!(content?.item.isRead ?? true))
        case .reload:
            if let feed = content?.item.feedID { router.refresh(feeds: [feed]) }
            return true
        case .toggleStar:
            await toggleStar()
        case .openInBrowser, .openEnclosure:
            await open(enclosure: action == .openEnclosure)
        case .search:
            await router.ask("Find in article: ", initial: "") { [weak self] text in self?.find(text) }
            return true
        case .gotoURL:
            await router.ask("Open link number: ", initial: "") { [weak self] text in
                guard let self else { return }
                guard let number = Int(text.trimmingWhitespace), number > 0 else {
                    router.say("Not a link number: \(text.trimmingWhitespace)", isError: true)
                    return
                }
                await openLink(number)
            }
            return true
        case .save:
            await askWhereToSave()
            return true
        case .pipeTo:
            await askWhatToPipeTo()
            return true
        case .bookmark:
            await bookmark()
            return true
        case .toggleFullText:
            await toggleFullText()
        case .viewImage:
            await viewImage()
            return true
        case .showLinks:
            let links = self.links
            guard !links.isEmpty else {
                router.say("This item has no links", isError: false)
                return true
            }
            await router.showLinks(links)
            return true
        default:
            return false
        }
        redraw()
        return true
    }

    // MARK: - Loading

    private func load(_ number: Int64, markRead: Bool) async {
        let width = view.textColumns
        if number != self.number { chosenText = nil }
        do {
            let loaded = try await interactor.article(number, width: width, text: chosenText)
            if number != self.number { finding = nil }
            self.number = number
            content = loaded
            renderedWidth = width
            top = 0
            if markRead, !loaded.item.isRead {
                try await interactor.setRead(number, read: true)
                content?.item.isRead = true
            }
            content.map { list.articleDidShow($0.item) }
        } catch {
            router.say(CommandFailure(error, action: "cannot show item \(number)").message, isError: true)
        }
        contentDidChange()
    }

    /// Lays out a newly loaded text and asks for its pictures.
    func contentDidChange() {
        pictures = [:]
        pictureIDs = [:]
        layOut()
        requestPictures()
    }

    /// Lays the article out as `tidings show` does, at the width it was rendered at, links
    /// broken there (no terminal wraps a full screen), the star among the header's fields.
    func layOut() {
        guard let content else {
            layout = .empty
            return
        }
        let detail = mapper.detail(
            for: content.item, rendered: .init(text: content.text, links: content.links), article: content.article,
            text: content.shown)
        layout = ArticleLayout(detail, width: renderedWidth, links: .atWidth, flags: true)
    }

    /// What the link list offers: the item's link, its enclosures, then the text's references.
    private var links: [ReaderLink] {
        guard let content else { return [] }
        var links: [ReaderLink] = []
        if let link = content.item.link, !link.allSatisfy(\.isWhitespace) { links.append(ReaderLink(label: "Link", url: link)) }
        links += content.item.enclosures.map { ReaderLink(label: "Enclosure", url: $0.url) }
        links += content.links.enumerated().map { ReaderLink(label: "[\($0.offset + 1)]", url: $0.element) }
        return links
    }

    // MARK: - State

    private func setRead(_ read: Bool) async {
        do {
            try await interactor.setRead(number, read: read)
            content?.item.isRead = read
            content.map { list.articleDidShow($0.item) }
            router.say(read ? "Marked read" : "Marked unread", isError: false)
        } catch {
            router.say(CommandFailure(error, action: "cannot mark item \(number)").message, isError: true)
        }
    }

    private func toggleStar() async {
        guard let item = content?.item else { return }
        do {
            try await interactor.setStarred(number, starred: !item.isStarred)
            content?.item.isStarred.toggle()
            content.map { list.articleDidShow($0.item) }
            layOut()
            router.say(item.isStarred ? "Unstarred" : "Starred", isError: false)
        } catch {
            router.say(CommandFailure(error, action: "cannot star item \(number)").message, isError: true)
        }
    }

    private func open(enclosure: Bool) async {
        guard let item = content?.item else { return }
        do {
            try await router.openInBrowser(try interactor.openTarget(of: item, enclosure: enclosure))
            if !item.isRead { await setRead(true) }
        } catch {
            router.say(CommandFailure(error).message, isError: true)
        }
    }
}
