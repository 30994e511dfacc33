import Glibc

/// Where the client finds `tidingsd`, to start it (autostart) or to run `tidingsd restore`.
enum DaemonExecutable {
    /// `tidingsd` in the directory of the running `tidings`, else the first on `PATH`.
    /// - Parameter executablePath: the running `tidings` (default: `/proc/self/exe`).
    /// - Throws: `DaemonLaunchError.notFound` naming the directories searched.
    static func find(environment: [String: String], executablePath: String? = nil) throws -> String {
        var candidates: [String] = []
        if let executable = executablePath ?? runningExecutable(), let slash = executable.lastIndex(of: "/") {
            candidates.append(String(executable[..<slash]) + "/tidingsd")
        }
        for directory in (environment["PATH"] ?? "").split(separator: ":") where directory.hasPrefix("/") {
            candidates.append(directory + "/tidingsd")
        }
        if let found = candidates.first(where: { access($0, X_OK) == 0 }) { return found }
        throw DaemonLaunchError.notFound(searched: candidates.map { String($0.dropLast("/tidingsd".count)) })
    }

    /// The path of the running executable, from `/proc/self/exe`.
    static func runningExecutable() -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard length > 0 else { return nil }
        return String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
