import Glibc
import FeedIPC
import Foundation
import Testing

/// The default socket directory: private runtime directories as they are, shared ones with the
/// uid in the name, and a squatted guessable directory passed over for the user's own.
struct SocketLocationTests {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("tidings-location-\(UUID().uuidString.prefix(8))").path

    init() throws {
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    private func directory(_ name: String, mode: mode_t) throws -> String {
        let path = root + "/" + name
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        chmod(path, mode)
        return path
    }

    @Test func aPrivateRuntimeDirectoryHoldsTidings() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        let runtime = try directory("run", mode: 0o700)
        let choice = SocketLocation.choose(explicit: nil, environment: ["XDG_RUNTIME_DIR": runtime + "/"], uid: getuid())
        #expect(choice == .init(path: runtime + "/tidings/tidingsd.sock", defaultDirectory: runtime + "/tidings"))
    }

    /// `XDG_RUNTIME_DIR=/tmp` (some containers) or any directory others may write to: the uid
    /// goes in the name, as it does in /tmp without `XDG_RUNTIME_DIR`.
    @Test func aSharedRuntimeDirectoryGetsTheUidInTheName() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        let shared = try directory("shared", mode: 0o1777)
        let uid = getuid()
        #expect(SocketLocation.choose(explicit: nil, environment: ["XDG_RUNTIME_DIR": shared], uid: uid).defaultDirectory
            == shared + "/tidings-\(uid)")
        #expect(SocketLocation.choose(explicit: nil, environment: [:], uid: uid).defaultDirectory?.hasPrefix("/") == true)
        // Named sockets are the user's to choose.
        #expect(SocketLocation.choose(explicit: "/x/s.sock", environment: ["XDG_RUNTIME_DIR": shared], uid: uid)
            == .init(path: "/x/s.sock", defaultDirectory: nil))
        #expect(SocketLocation.choose(explicit: nil, environment: ["TIDINGS_SOCKET": "/y.sock"], uid: uid).path == "/y.sock")
    }

    @Test(.enabled(if: getuid() == 0, "needs root to give an entry to another user"))
    func aGuessableDirectoryOfAnotherUsersIsPassedOverForTheStateDirectory() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        let shared = try directory("shared", mode: 0o1777)
        let squat = shared + "/tidings-\(getuid())"
        #expect(mkdir(squat, 0o777) == 0 && chown(squat, 65534, 65534) == 0)
        let environment = ["XDG_RUNTIME_DIR": shared, "HOME": root + "/home"]
        let choice = SocketLocation.choose(explicit: nil, environment: environment, uid: getuid())
        #expect(choice == .init(
            path: root + "/home/.local/state/tidings/run/tidingsd.sock", defaultDirectory: root + "/home/.local/state/tidings/run",
            makesParents: true, squatted: squat))
        var state = environment
        state["XDG_STATE_HOME"] = root + "/state"
        #expect(SocketLocation.choose(explicit: nil, environment: state, uid: getuid()).defaultDirectory == root + "/state/tidings/run")
        // With nowhere of the user's own to go, the guessable path stays (and is refused by its checks).
        #expect(SocketLocation.choose(explicit: nil, environment: ["XDG_RUNTIME_DIR": shared], uid: getuid()).defaultDirectory == squat)
    }
}
