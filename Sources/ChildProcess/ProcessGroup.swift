import Glibc

/// The processes of a process group, as Linux's `/proc` shows them: whether a group whose
/// leader has exited still has members that run (children it left behind).
///
/// `kill(-group, 0)` cannot tell: it succeeds as long as the group holds a zombie, such as its
/// leader before it is reaped, and the leader has to stay unreaped while its group is signalled
/// so that the group's number cannot be given to another one.
public enum ProcessGroup {
    /// Whether a process that has not exited (neither a zombie nor dead) belongs to the group
    /// `group`. `nil` when `/proc` cannot be read.
    public static func hasLiveMembers(_ group: pid_t) -> Bool? {
        guard let processes = numberedEntries(of: "/proc") else { return nil }
        return processes.contains { pid in
            guard let (state, processGroup) = state(of: pid) else { return false }
            return processGroup == group && state != UInt8(ascii: "Z") && state != UInt8(ascii: "X")
        }
    }

    /// The state letter and process group of `pid` (`/proc/PID/stat`), `nil` when it is gone
    /// (an exited child stays a zombie, `Z`, until it is reaped).
    public static func state(of pid: Int32) -> (state: UInt8, group: pid_t)? {
        let descriptor = open("/proc/\(pid)/stat", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        // "PID (COMM) STATE PPID PGRP …"; COMM is at most 16 bytes but may hold spaces and
        // parentheses, so the fields are counted from the last ')'.
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0, let end = buffer[..<count].lastIndex(of: UInt8(ascii: ")")) else { return nil }
        let fields = buffer[(end + 1)..<count].split(separator: UInt8(ascii: " "))
        guard fields.count >= 3, let state = fields[0].first,
              let group = pid_t(String(decoding: fields[2], as: UTF8.self))
        else { return nil }
        return (state, group)
    }

    /// The names of `directory` that are numbers (processes in `/proc`); `nil` when it cannot
    /// be read.
    static func numberedEntries(of directory: String) -> [Int32]? {
        guard let handle = opendir(directory) else { return nil }
        defer { closedir(handle) }
        var numbers: [Int32] = []
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if let number = Int32(name) { numbers.append(number) }
        }
        return numbers
    }
}
