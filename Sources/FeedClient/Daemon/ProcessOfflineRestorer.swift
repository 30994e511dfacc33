#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ChildProcess

/// Runs `tidingsd restore BACKUP`, found the way autostart finds `tidingsd` (next to the running
/// `tidings`, else on `PATH`), with an argument vector and no shell, its standard output and
/// error the client's own.
public final class ProcessOfflineRestorer: OfflineRestorer {
    private let environment: [String: String]
    private let executablePath: String?

    /// - Parameters:
    ///   - environment: the client's environment, passed on (`XDG_*` and `HOME` place the
    ///     config file and the database).
    ///   - executablePath: the running `tidings` (default: `/proc/self/exe`).
    public init(environment: [String: String], executablePath: String? = nil) {
        self.environment = environment
        self.executablePath = executablePath
    }

    public func restore(backup: String) throws -> Bool {
        let program = try DaemonExecutable.find(environment: environment, executablePath: executablePath)
        // A process group of its own: a Ctrl-C that stops the client does not cut the restore
        // short (it is all or nothing either way, and finishes in moments).
        let spawned = ChildProcess.spawn(
            [program, "restore", backup], environment: environment.map { "\($0.key)=\($0.value)" },
            input: .nullDevice, output: STDOUT_FILENO, error: STDERR_FILENO, group: .newProcessGroup)
        let pid: pid_t
        switch spawned {
        case .success(let started): pid = started
        case .failure(let error): throw DaemonLaunchError.cannotStart("\(program): \(error)")
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { return false }
        }
        // WIFEXITED and WEXITSTATUS are macros Swift cannot import: exited with status 0.
        return status & 0x7F == 0 && (status >> 8) & 0xFF == 0
    }
}
