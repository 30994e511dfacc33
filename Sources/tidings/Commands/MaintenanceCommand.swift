import ArgumentParser
import FeedClient

struct MaintenanceCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "maintenance",
        abstract: "Check the database, apply retention, and compact the file.",
        discussion: """
            The daemon runs SQLite's integrity and foreign-key checks, then (only when they find \
            nothing) deletes what the config's retention lets go if --retention is given, and \
            rebuilds the file without its free pages (VACUUM; refreshes wait meanwhile). \
            Exit status 1 when the integrity check finds problems: nothing is deleted or \
            rewritten then.
            """)

    @Flag(name: .customLong("no-vacuum"), help: "Do not rebuild the database file.")
    var noVacuum = false

    @Flag(help: "Delete the items the config's retention (keep_days, keep_per_feed) lets go.")
    var retention = false

    @Flag(help: "Print JSON (docs/json.md).")
    var json = false

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await CompositionRoot.run(RunMaintenanceRouter.assemble(
            vacuum: !noVacuum, retention: retention, json: json, dependencies: CompositionRoot.dependencies(global)))
    }
}
