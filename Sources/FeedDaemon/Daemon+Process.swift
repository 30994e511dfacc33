import Glibc
import FeedIPC
import FeedStorage
import Foundation

extension Daemon {
    /// What the process set-up leaves for the services: the socket systemd passed, if any, and
    /// the locks held until the daemon ends.
    struct PreparedProcess {
        var activation: SocketActivation?
        var socketPath: String
        var locks: [InstanceLock]
        var readyStatus: String { "Listening on \(socketPath)" }
    }

    /// Signals, umask, and one daemon per database and per socket: locks the kernel drops with
    /// the process, taken before anything is touched.
    func prepareProcess() throws -> PreparedProcess {
        // SIGTERM, SIGINT and SIGHUP before the service group handles them are remembered
        // (EarlySignals), not fatal.
        EarlySignals.install()
        // Everything the daemon creates (socket, database, WAL files) is private to the user.
        umask(0o077)
        // A client that disconnects before its answer is written must not kill the daemon.
        signal(SIGPIPE, SIG_IGN)

        // A socket passed by systemd (tidingsd.socket) is used as it is and needs no lock
        // (systemd starts one daemon per socket); otherwise the daemon binds its own.
        let activation = try SocketActivation.inherited(environment: environment)
        var socketPath = activation?.path ?? self.socketPath
        var locks = [InstanceLock]()
        if activation == nil {
            let preparation = try prepareSocketDirectory()
            socketPath = preparation.path
            locks.append(try InstanceLock(path: socketPath + ".lock", resource: "the socket \(socketPath)"))
            try preparation.prepare()
        }
        try DataLocations.createPrivateDirectory(forFile: databasePath)
        locks.append(try InstanceLock(path: databasePath + ".lock", resource: "the database \(databasePath)"))

        // A database missing where copies of one lie (deleted, or lost under the last daemon)
        // is made anew, but not silently.
        if access(databasePath, F_OK) != 0, let newest = SQLiteFeedStore.backups(of: databasePath).first {
            logger.notice(
                "no database at \(databasePath): starting a new, empty one; the newest copy beside it is \(newest) ('tidings restore \(newest)' puts it back)")
        }
        return PreparedProcess(activation: activation, socketPath: socketPath, locks: locks)
    }

    /// The socket's directory, made ready: the default one is chosen again when another user
    /// takes it between the choice and its use (`SocketLocation` then passes it over), a few
    /// times, so that a race in /tmp does not keep the daemon from starting.
    private func prepareSocketDirectory() throws -> SocketPreparation {
        var attempts = 0
        while true {
            let choice = SocketLocation.choose(explicit: configuration.socketPath, environment: environment, uid: getuid())
            if let squatted = choice.squatted {
                logger.warning(
                    "\(squatted) belongs to another user, who may have made it to catch your commands: listening in \(choice.defaultDirectory ?? choice.path) instead")
            }
            if choice.makesParents { try DataLocations.createPrivateDirectory(forFile: choice.defaultDirectory ?? choice.path) }
            let preparation = SocketPreparation(path: choice.path, ownsDirectory: choice.defaultDirectory != nil)
            do {
                try preparation.prepareDirectory()
                return preparation
            } catch {
                guard case .taken = error, attempts < 4 else { throw error }
                attempts += 1
            }
        }
    }
}
