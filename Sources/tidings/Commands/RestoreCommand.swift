import ArgumentParser
import FeedClient
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

struct RestoreCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "restore",
        abstract: "Put a backup of the database back (with or without a running daemon).",
        discussion: """
            The backup is checked first (an SQLite file that passes integrity_check, with \
            Tidings' schema and not a newer one); the database it replaces is kept beside it as \
            <database>.before-restore-<UTC time>.bak (the two newest are kept). With a daemon \
            running, the daemon restores into its open database, waiting for a refresh in \
            progress, and migrates an older schema. With none running, runs 'tidingsd restore' \
            (this command never starts a daemon). Exit status 1 when the backup is refused (nothing \
            was changed then) or the restore fails (the message says where; the database it \
            replaced is kept). A backup that subscribes to command feeds (exec:, filter:) is refused \
            naming them, unless --allow-commands is given: a backup someone hands you must not run \
            programs as you.
            """)

    @Argument(help: ArgumentHelp("The backup: a copy made with sqlite3 .backup, or a .bak beside the database.", valueName: "backup"), completion: .file())
    var backup: String

    @Flag(help: ArgumentHelp(
        "Restore a backup that subscribes to command feeds (exec:, filter:), which is refused otherwise.",
        discussion: "Only for a backup you made or whose commands you have read: each runs as you at every refresh."))
    var allowCommands = false

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        // Absolute: the daemon's working directory is not this one.
        let path = backup.hasPrefix("/") ? backup : FileManager.default.currentDirectoryPath + "/" + backup
        try await CompositionRoot.run(RestoreRouter.assemble(
            backup: path, allowCommands: allowCommands, dependencies: CompositionRoot.dependencies(global, autostart: false)))
    }
}
