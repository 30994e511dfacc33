import Glibc
import FeedIPC
import Foundation
import Testing

struct PrivateDirectoryTests {
    /// A scratch directory removed at the end.
    final class Scratch {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("tidings-private-\(UUID().uuidString.prefix(8))").path
        init() throws { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) }
        deinit { try? FileManager.default.removeItem(atPath: path) }
    }

    private func mode(_ path: String) -> UInt32 {
        var info = stat()
        return lstat(path, &info) == 0 ? UInt32(info.st_mode) & 0o7777 : 0
    }

    @Test func aMissingDirectoryIsCreatedPrivateAndThenPasses() throws {
        let scratch = try Scratch()
        let directory = scratch.path + "/tidings"
        #expect(try PrivateDirectory.check(directory, uid: getuid()) == false)
        try PrivateDirectory.prepare(directory, uid: getuid(), tighten: false)
        #expect(mode(directory) == 0o700)
        #expect(try PrivateDirectory.check(directory, uid: getuid()) == true)
        // Preparing it again is fine.
        try PrivateDirectory.prepare(directory, uid: getuid(), tighten: false)
    }

    @Test func noParentsAreMade() throws {
        let scratch = try Scratch()
        #expect(throws: PrivateDirectory.Problem.unusable("cannot create the directory: No such file or directory")) {
            try PrivateDirectory.prepare(scratch.path + "/a/b", uid: getuid(), tighten: false)
        }
    }

    @Test func anOpenDirectoryIsTightenedOnlyWhenAsked() throws {
        let scratch = try Scratch()
        let directory = scratch.path + "/tidings"
        #expect(mkdir(directory, 0o700) == 0 && chmod(directory, 0o755) == 0)
        #expect(throws: PrivateDirectory.Problem.openToOthers(mode: 0o755)) { try PrivateDirectory.check(directory, uid: getuid()) }
        #expect(throws: PrivateDirectory.Problem.openToOthers(mode: 0o755)) {
            try PrivateDirectory.prepare(directory, uid: getuid(), tighten: false)
        }
        try PrivateDirectory.prepare(directory, uid: getuid(), tighten: true)
        #expect(mode(directory) == 0o700)
    }

    @Test func aSymbolicLinkIsRefusedEvenToAPrivateDirectory() throws {
        let scratch = try Scratch()
        let real = scratch.path + "/real"
        let link = scratch.path + "/tidings"
        #expect(mkdir(real, 0o700) == 0 && symlink(real, link) == 0)
        #expect(throws: PrivateDirectory.Problem.symbolicLink) { try PrivateDirectory.check(link, uid: getuid()) }
        #expect(throws: PrivateDirectory.Problem.symbolicLink) { try PrivateDirectory.prepare(link, uid: getuid(), tighten: true) }
        // A link to a file, or to nothing at all.
        let file = scratch.path + "/file"
        _ = FileManager.default.createFile(atPath: file, contents: nil)
        #expect(symlink(file, scratch.path + "/to-file") == 0 && symlink(scratch.path + "/none", scratch.path + "/dangling") == 0)
        #expect(throws: PrivateDirectory.Problem.symbolicLink) { try PrivateDirectory.prepare(scratch.path + "/to-file", uid: getuid(), tighten: true) }
        #expect(throws: PrivateDirectory.Problem.symbolicLink) { try PrivateDirectory.prepare(scratch.path + "/dangling", uid: getuid(), tighten: true) }
        #expect(throws: PrivateDirectory.Problem.notADirectory) { try PrivateDirectory.prepare(file, uid: getuid(), tighten: true) }
        #expect(throws: PrivateDirectory.Problem.notADirectory) { try PrivateDirectory.check(file, uid: getuid()) }
    }

    @Test func anotherUsersDirectoryIsRefusedAndLeftAlone() throws {
        let scratch = try Scratch()
        let directory = scratch.path + "/tidings"
        #expect(mkdir(directory, 0o777) == 0 && chmod(directory, 0o777) == 0)
        // As root the directory is given to nobody; otherwise the check is asked for another uid.
        let (owner, user): (UInt32, UInt32) = getuid() == 0 && chown(directory, 65534, 65534) == 0 ? (65534, 0) : (getuid(), getuid() + 1)
        #expect(throws: PrivateDirectory.Problem.foreignOwner(uid: owner)) { try PrivateDirectory.check(directory, uid: user) }
        #expect(throws: PrivateDirectory.Problem.foreignOwner(uid: owner)) { try PrivateDirectory.prepare(directory, uid: user, tighten: true) }
        #expect(mode(directory) == 0o777)
    }

    @Test func problemsReadAsTheRestOfASentence() {
        #expect("\(PrivateDirectory.Problem.foreignOwner(uid: 65534))" == "it belongs to another user (uid 65534)")
        #expect("\(PrivateDirectory.Problem.openToOthers(mode: 0o777))" == "others have access to it (mode 777, expected 700)")
        #expect("\(PrivateDirectory.Problem.symbolicLink)" == "it is a symbolic link")
    }
}
