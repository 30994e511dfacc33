@testable import FeedDaemon
import FeedEntities
import Testing

/// The `views` key of the config file.
struct ViewConfigurationParserTests {
    func parse(_ yaml: String) throws(ConfigurationError) -> [SavedView] {
        try ConfigurationLoader().parse(yaml, file: "config.yaml").views
    }

    func message(_ yaml: String) -> String {
        do {
            _ = try parse(yaml)
            return "no error"
        } catch {
            return error.description
        }
    }

    @Test func readsNamesAndQueriesInTheFilesOrder() throws {
        let views = try parse("""
            views:
              Rust news: is:unread tag:linux rust
              Episodes: has:enclosure newer:30d
              "Not news": '-tag:news is:unread'
              "2026": newer:1w
            """)
        #expect(views == [
            SavedView(name: "Rust news", query: "is:unread tag:linux rust", origin: .config),
            SavedView(name: "Episodes", query: "has:enclosure newer:30d", origin: .config),
            SavedView(name: "Not news", query: "-tag:news is:unread", origin: .config),
            SavedView(name: "2026", query: "newer:1w", origin: .config),
        ])
    }

    @Test func noViewsByDefaultOrWhenEmpty() throws {
        #expect(try parse("notify: false\n").isEmpty)
        #expect(try parse("views:\n").isEmpty)
        #expect(try parse("views: {}\n").isEmpty)
    }

    @Test func aMistakeNamesTheViewAndItsLine() {
        #expect(message("views:\n  Rust: tga:linux\n").hasPrefix("config.yaml line 2: 'views 'Rust'': no field 'tga:'"))
        #expect(message("views:\n  A: rust\n  a: go\n") == "config.yaml line 3: 'views 'a'': a view of this name (without case) is given above")
        #expect(message("views:\n  Empty: ''\n") == "config.yaml line 2: 'views 'Empty'': expected a query, such as 'is:unread tag:linux rust'")
        #expect(message("views:\n  \" padded\": rust\n") == "config.yaml line 2: 'views ' padded'': a view's name has no space at its start or end")
        #expect(message("views:\n  Nested: [rust]\n").contains("expected a query"))
        #expect(message("views: [rust]\n") == "config.yaml line 1: 'views': expected a mapping of names to queries, such as 'Rust news: is:unread tag:linux rust'")
    }

    @Test func theFileGivesAtMostTheMostViews() throws {
        let lines = (0...SavedView.maximumCount).map { "  v\($0): rust" }
        #expect(message("views:\n" + lines.joined(separator: "\n") + "\n") == "config.yaml line 1: 'views': at most 256 views, not 257")
        #expect(try parse("views:\n" + lines.dropLast().joined(separator: "\n") + "\n").count == SavedView.maximumCount)
    }

    @Test func aReloadNamesTheViewsThatChanged() {
        var old = DaemonConfiguration(), new = DaemonConfiguration()
        old.views = [SavedView(name: "A", query: "rust", origin: .config)]
        new.views = old.views + [SavedView(name: "B", query: "go", origin: .config)]
        #expect(LiveConfiguration(old).replace(with: new).contains("views: 2 views"))
    }
}
