import Glibc
import Foundation
import Testing
@testable import FeedClient

struct ConfigFileSettingsTests {
    /// A home with `config/tidings/config.yaml`, removed at the end.
    final class Home {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("tidings-settings-\(UUID().uuidString.prefix(8))").path
        var file: String { path + "/config/tidings/config.yaml" }
        var settings: ConfigFileSettings { ConfigFileSettings(environment: ["HOME": "/nonexistent", "XDG_CONFIG_HOME": path + "/config"]) }

        init(_ text: String?, mode: mode_t = 0o600) throws {
            try FileManager.default.createDirectory(atPath: path + "/config/tidings", withIntermediateDirectories: true)
            if let text {
                try text.write(toFile: file, atomically: true, encoding: .utf8)
                chmod(file, mode)
            }
        }

        deinit { try? FileManager.default.removeItem(atPath: path) }
    }

    @Test func theBrowserIsReadFromTheUsersOwnFile() throws {
        let home = try Home("refresh_interval: 30m\nbrowser: \"w3m %s\"\n")
        #expect(home.settings.path == home.file)
        #expect(try home.settings.browser() == "w3m %s")
        #expect(try Home("browser: '   '\n").settings.browser() == nil)
        #expect(try Home(nil).settings.browser() == nil)
    }

    @Test func aFileOthersMayWriteToNamesNoProgram() throws {
        for mode: mode_t in [0o666, 0o620] {
            let home = try Home("browser: w3m\n", mode: mode)
            #expect(throws: ClientSettingsError.untrustedFile(
                path: home.file, reason: "others may write to it (mode \(String(mode, radix: 8))); run: chmod go-w \(home.file)")) {
                try home.settings.browser()
            }
        }
    }

    @Test func anotherUsersFileNamesNoProgram() throws {
        let home = try Home("browser: w3m\n", mode: 0o644)
        // As root the file is given to nobody; otherwise the settings are read for another uid.
        let settings: ConfigFileSettings
        let owner: UInt32
        if getuid() == 0, chown(home.file, 65534, 65534) == 0 {
            settings = home.settings
            owner = 65534
        } else {
            settings = ConfigFileSettings(environment: ["XDG_CONFIG_HOME": home.path + "/config"], uid: getuid() + 1)
            owner = getuid()
        }
        #expect(throws: ClientSettingsError.untrustedFile(path: home.file, reason: "it belongs to another user (uid \(owner))")) {
            try settings.browser()
        }
    }

    @Test func anUnreadableValueNamesTheFileAndLine() throws {
        let home = try Home("feeds: 1\nbrowser: |\n  firefox %s\n")
        #expect(throws: ClientSettingsError.unreadableValue(path: home.file, key: "browser", line: 2)) { try home.settings.browser() }
        #expect("\(ClientSettingsError.unreadableValue(path: home.file, key: "browser", line: 2))"
            == "cannot read 'browser' in \(home.file) line 2: write it on one line, plain or in quotes")
    }

    @Test func theReadersKeysAreReadFromTheFile() throws {
        let home = try Home("browser: w3m\nkeys:\n  open-in-browser: O\n  down: [j, DOWN]\n")
        #expect(try home.settings.reader().bindings == KeyBindings(overrides: ["open-in-browser": ["O"], "down": ["j", "DOWN"]]))
        #expect(try Home("browser: w3m\n").settings.reader() == .defaults)
        #expect(try Home(nil).settings.reader() == .defaults)
        // Keys run nothing: a file others may write to still gives them.
        let shared = try Home("keys:\n  up: k\n", mode: 0o666)
        #expect(try shared.settings.reader().bindings.keys(for: .up) == [.character("k")])
    }

    @Test func theReadersCommandsDirectoryAndMacrosAreReadFromTheFile() throws {
        let home = try Home("""
            reader:
              save_directory: ~/Saved articles
              pipe_to: less -R
              bookmark_cmd: [~/bin/bookmark, "--tag", feeds]
              images: sixel
              image_viewer: imv -f
            macros:
              v: [open-in-browser, toggle-article-read]
              ^V: quit
              "*": [toggle-star, next-unread]
            """)
        let settings = try home.settings.reader()
        #expect(settings.saveDirectory == "~/Saved articles")
        #expect(settings.pipeCommand == ["less", "-R"])
        #expect(settings.bookmarkCommand == ["~/bin/bookmark", "--tag", "feeds"])
        #expect(settings.images == .sixel)
        #expect(settings.imageViewer == ["imv", "-f"])
        #expect(ReaderSettings.defaults.imageViewer == ["xdg-open"])
        #expect(settings.macros == [
            .character("v"): [.openInBrowser, .toggleRead], .control("v"): [.quit], .character("*"): [.toggleStar, .nextUnread],
        ])
    }

    @Test func theReadersSettingsAreReadFromTheFile() throws {
        let home = try Home("reader:\n  show_read_feeds: no\n  show_read_articles: false\n  item_numbers: yes\n  goto_next_feed: off\n")
        #expect(try home.settings.reader() == ReaderSettings(
            showsReadFeeds: false, showsReadArticles: false, showsItemNumbers: true, goesToNextFeed: false))
    }

    @Test func theReadersFormatsAreReadFromTheFile() throws {
        let home = try Home("reader:\n  feed_format: \"%4i %n %11u %t\"\n  item_format: '%4i %f %D  %?T?|%-17T  ?%t'\n  date_format: \"%b %d\"\n")
        let settings = try home.settings.reader()
        #expect(settings.feedFormat == (try ListRowFormat("%4i %n %11u %t", fields: ListRowFields.feed)))
        #expect(settings.itemFormat == (try ListRowFormat("%4i %f %D  %?T?|%-17T  ?%t", fields: ListRowFields.item)))
        #expect(settings.dateFormat == (try DateFormat("%b %d")))
    }

    @Test func theReadersColorsAreReadAsNewsboatsColorCommandTakesThem() throws {
        let home = try Home("""
            colors:
              background: color250 color17
              listfocus: black yellow bold
              listnormal_unread: default default bold underline
              article: color252
              heading: [cyan, default, bold, italic]
              date: green dim
              search-match: WHITE Red standout blink invis protect reverse
            """)
        let palette = try home.settings.reader().palette
        #expect(palette.look(of: .background) == TextLook(foreground: 250, background: 17))
        #expect(palette.look(of: .listFocus) == TextLook(attributes: .bold, foreground: 0, background: 3))
        #expect(palette.look(of: .listNormalUnread) == [.bold, .underline])
        #expect(palette.look(of: .article) == TextLook(foreground: 252))
        #expect(palette.look(of: .heading) == TextLook(attributes: [.bold, .italic], foreground: 6))
        #expect(palette.look(of: .date) == TextLook(attributes: .dim, foreground: 2))
        #expect(palette.look(of: .searchMatch) == TextLook(
            attributes: [.standout, .blink, .invisible, .protect, .reverse], foreground: 7, background: 1))
        // An element the file leaves alone keeps its default look.
        #expect(palette.look(of: .starred) == [.yellow, .bold])
        // The cursor's row given alone gives its unread form too, in bold.
        #expect(palette.look(of: .listFocusUnread) == TextLook(attributes: .bold, foreground: 0, background: 3))
    }

    /// Every mistake names the file, the line and what would be valid there.
    @Test(arguments: [
        ("keys:\n  up: k\n  frobnicate: x\n", "line 3: keys: unknown action `frobnicate` (one of: up, down,"),
        ("keys:\n  up: k\n  down: CTRL-X\n", "line 3: keys: unknown key name `CTRL-X` (one character,"),
        ("keys:\n  up: x\n  down: x\n", "line 3: keys: key `x` bound to two actions in the same file: down and up"),
        ("keys:\n  up: \"^C\"\n", "line 2: keys: key `^C` cannot be bound"),
        ("reader:\n  show_read: no\n", "line 2: reader: unknown setting `show_read` (one of: show_read_feeds, show_read_articles,"),
        ("feeds: 1\nreader:\n  item_numbers: maybe\n", "line 3: reader: `item_numbers` takes true or false, not `maybe`"),
        ("reader:\n  pipe_to: \"less 'x\"\n", "line 2: reader: `pipe_to`: a quote is not closed"),
        ("macros:\n  v: [open-in-browser, frob]\n", "line 2: macros: unknown action `frob` (one of: up, down,"),
        ("macros:\n  CTRL-V: [open]\n", "line 2: macros: unknown key name `CTRL-V`"),
        ("colors:\n  article: white\n  listselect: red\n", "line 3: colors: unknown element `listselect` (one of: background, listnormal, listfocus,"),
        ("colors:\n  article: whiteish black\n", "line 2: colors: `whiteish` is not a colour (default, black, red, green, yellow, blue, magenta, cyan, white, or color0 to color255)"),
        ("colors:\n  article: color256\n", "line 2: colors: `color256` is not a colour"),
        ("colors:\n  article: white black blod\n", "line 2: colors: `blod` is not an attribute (one of: standout, underline, reverse,"),
        ("reader:\n  item_format: \"%4i %Z %t\"\n", "line 2: reader: `item_format`: unknown field `%Z` (one of: %i the item's number, %f flags"),
        ("reader:\n  feed_format: \"%?T?%T\"\n", "line 2: reader: `feed_format`: the choice on %T is not closed with `?`"),
        ("reader:\n  date_format: \"%b %q\"\n", "line 2: reader: `date_format`: unknown conversion `%q` in `%b %q` (one of: %a"),
        ("colors:\n  article: \"\"\n", "line 2: colors: `article` takes a foreground colour, a background colour and attributes"),
    ])
    func aMistakeInTheReadersSettingsNamesTheFileTheLineAndTheValidNames(text: String, message: String) throws {
        #expect(!message.isEmpty)
        let home = try Home(text)
        #expect {
            try home.settings.reader()
        } throws: { error in
            "\(error)".hasPrefix(home.file + " " + message)
        }
    }

    @Test func unreadableKeysNameTheFileAndLine() throws {
        let home = try Home("feeds: 1\nkeys:\n  up: k\n  down:\n    - j\n")
        #expect(throws: ClientSettingsError.unreadableMapping(path: home.file, key: "keys", line: 4)) {
            try home.settings.reader()
        }
        #expect("\(ClientSettingsError.unreadableMapping(path: home.file, key: "keys", line: 4))".hasPrefix(
            "cannot read 'keys' in \(home.file) line 4: write one 'action: key' or 'action: [key, key]' per line"))
    }

    @Test func aFifoOrDirectoryIsNotRead() throws {
        let home = try Home(nil)
        #expect(mkfifo(home.file, 0o600) == 0)
        // Opening a FIFO must not wait for a writer.
        #expect(try home.settings.browser() == nil)
    }
}
