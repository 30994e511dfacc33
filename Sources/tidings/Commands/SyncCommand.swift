import ArgumentParser
import FeedClient

struct SyncCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Sync with the reading service now, or show how syncing stands.",
        discussion: """
            The service (miniflux, a Google Reader API server such as FreshRSS, or Tiny Tiny \
            RSS) is set in the daemon's config file under 'sync:'; the daemon also syncs by \
            itself. Waits until the sync ends, then says what it did and how syncing stands. \
            Exit status 1 when the sync ended with an error (nothing is lost: local changes \
            wait for the next sync) or the config names no service; --status exits with 0 \
            either way.
            """)

    @Flag(help: "Read every entry and state again, not only what changed since the last sync.")
    var full = false

    @Flag(help: "Show how syncing stands without syncing.")
    var status = false

    @Flag(help: "Print JSON (docs/json.md).")
    var json = false

    @OptionGroup var global: GlobalOptions

    func validate() throws {
        if full && status { throw ValidationError("--full syncs, --status does not: give one of them.") }
    }

    func run() async throws {
        try await CompositionRoot.run(SyncRouter.assemble(
            action: status ? .showStatus : .run(full: full), json: json, dependencies: CompositionRoot.dependencies(global)))
    }
}
