import ChildProcess
import FeedEntities

// Acting on an article as newsboat does: `s` saves it to a file, `|` pipes it to a command,
// `^B` hands it to the bookmark command (newsboat's `bookmark-cmd` and its argument order).
extension ReaderArticlePresenter {
    func askWhereToSave() async {
        guard let item = content?.item else { return }
        let directory = settings.saveDirectory.hasSuffix("/") ? String(settings.saveDirectory.dropLast()) : settings.saveDirectory
        let name = TextFile.name(for: TerminalText.sanitize(item.title ?? ""), fallback: "article-\(item.id)") + ".txt"
        await router.ask("Save article to: ", initial: directory + "/" + name) { [weak self] path in
            await self?.save(to: path.trimmingWhitespace, replacing: false)
        }
    }

    private func save(to path: String, replacing: Bool) async {
        guard !path.isEmpty else {
            router.say("Not saved: no file name", isError: false)
            return
        }
        do {
            let written = try interactor.save(layout.plainText, to: path, replacing: replacing)
            router.say("Saved to \(written)", isError: false)
        } catch .exists(let existing) {
            router.confirm("\(existing) exists. Replace it?") { [weak self] in await self?.save(to: path, replacing: true) }
        } catch {
            router.say(error.description, isError: true)
        }
    }

    func askWhatToPipeTo() async {
        await router.ask("Pipe article to: ", initial: CommandLineWords.join(settings.pipeCommand)) { [weak self] line in
            guard let self else { return }
            let words: [String]
            do {
                words = try CommandLineWords.split(line)
            } catch {
                router.say("Not piped: \(error)", isError: false)
                return
            }
            await pipe(to: words)
        }
    }

    private func pipe(to words: [String]) async {
        guard let item = content?.item else { return }
        let command = words.map { Self.substituted($0, link: item.link ?? "", title: item.title ?? "") }
        do {
            let status = try await router.pipe(layout.plainText, to: command)
            if let problem = status.problem(program: command[0]) { router.say(problem, isError: true) }
        } catch {
            router.say(error.description, isError: true)
        }
    }

    /// `%u` as the article's link, `%t` as its title, `%%` as `%`, in one argument.
    static func substituted(_ word: String, link: String, title: String) -> String {
        var result = ""
        var percent = false
        for character in word {
            if percent {
                switch character {
                case "u": result += link
                case "t": result += title
                case "%": result += "%"
                default: result += "%" + String(character)
                }
                percent = false
            } else if character == "%" {
                percent = true
            } else {
                result.append(character)
            }
        }
        return percent ? result + "%" : result
    }

    func bookmark() async {
        guard let item = content?.item else { return }
        guard let command = settings.bookmarkCommand else {
            router.say("No bookmark command: set bookmark_cmd under reader: in the config file", isError: false)
            return
        }
        guard let link = item.link?.trimmingWhitespace, !link.isEmpty else {
            router.say("This item has no link to bookmark", isError: false)
            return
        }
        await router.ask("Bookmark description: ", initial: "") { [weak self] description in
            guard let self else { return }
            // newsboat's order: the link, the title, the description, the feed's title.
            let arguments = command + [link, TerminalText.sanitize(item.title ?? ""), description, TerminalText.sanitize(item.feedTitle)]
            do {
                let (status, output) = try await router.runAside(arguments)
                let said = output.split(whereSeparator: \.isNewline).first.map { TerminalText.sanitize(String($0)) } ?? ""
                if let problem = status.problem(program: command[0]) {
                    router.say(problem + (said.isEmpty ? "" : ": " + said), isError: true)
                } else {
                    router.say("Bookmarked" + (said.isEmpty ? ": " + TerminalText.sanitize(item.title ?? link) : ": " + said), isError: false)
                }
            } catch {
                router.say("\(error)", isError: true)
            }
        }
    }
}
