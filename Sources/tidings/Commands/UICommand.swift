import ArgumentParser
import FeedClient
import Glibc

struct UICommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ui",
        abstract: "Read interactively: feeds, items, articles, one key each (also 'tidings' alone on a terminal).",
        discussion: """
            Screens: feeds (with "All unread" and "Starred" on top), a feed's or a tag's items, \
            the article, its links, search results, help. Keys (newsboat's defaults; the \
            config file's 'keys:' rebinds them by action name, docs/cli.md "The reader"):
              j, DOWN / k, UP          down / up: move; in an article, scroll a line
              SPACE, NPAGE / PPAGE     pagedown / pageup
              g, HOME / G, END         home / end
              ENTER                    open: the feed, item or link under the cursor
              q, ESC / Q               quit: back a screen (leave on the feeds) / hard-quit
              o / e                    open-in-browser / open-enclosure, then mark read
              n / p                    next-unread / prev-unread
              N / *                    toggle-article-read / toggle-star
              A / C                    mark-feed-read / mark-all-feeds-read
              r / R                    reload (this feed) / reload-all, in the background
              /                        open-search (within the feed or tag on screen)
              u                        show-urls: the article's links and enclosures
              l / t                    toggle-show-read-feeds / toggle-tags (group by tag)
              ?                        help: every key;  ^L  redraw
            Needs a terminal on standard input and output; ends with 0, or 128+N on signal N.
            """)

    @OptionGroup var global: GlobalOptions

    @MainActor
    func run() async throws {
        let dependencies = CompositionRoot.dependencies(global)
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
            dependencies.terminal.writeFailure(CommandFailure(message: "the reader needs a terminal on standard input and output; for scripts use 'tidings list', 'show' and 'open'"))
            Glibc.exit(ExitStatus.failure.code)
        }
        let global = self.global
        let run = ReaderRouter.assemble(dependencies: dependencies, connect: { CompositionRoot.dependencies(global).daemon })
        Glibc.exit(await run().code)
    }
}
