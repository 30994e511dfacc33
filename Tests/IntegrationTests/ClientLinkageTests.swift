import Foundation
import Testing

/// The client loads only what every command needs: no daemon-side library (libcurl, libxml2,
/// SQLite, zstd), which `Package.swift` keeps out of its targets; and ncursesw, which only the
/// interactive reader uses, is opened by it on demand (`CCurses`), never linked.
struct ClientLinkageTests {
    /// The libraries `ldd` lists for a binary, by file name (`libcurl.so.4`).
    private static func linkedLibraries(of binary: URL) async throws -> [String] {
        let result = try await ProcessResult.run(
            URL(fileURLWithPath: "/usr/bin/ldd"), [binary.path], environment: ["LANG": "C.UTF-8"])
        #expect(result.status == 0, "\(result)")
        return result.out.split(separator: "\n").compactMap { line in
            line.split(whereSeparator: { $0 == " " || $0 == "\t" }).first.map(String.init)
        }
    }

    @Test func tidingsLinksNoCursesLibrary() async throws {
        let libraries = try await Self.linkedLibraries(of: Binaries.client)
        #expect(libraries.contains { $0.hasPrefix("libc.so") }, "ldd lists the libraries: \(libraries)")
        #expect(!libraries.contains { $0.contains("curses") || $0.hasPrefix("libtinfo") }, "\(libraries)")
    }

    @Test func tidingsLinksNoDaemonSideLibrary() async throws {
        let daemonSide = ["libcurl", "libxml2", "libsqlite3", "libzstd"]
        // The daemon links each of them: the names are the ones ldd prints.
        let daemon = try await Self.linkedLibraries(of: Binaries.daemon)
        for name in daemonSide {
            #expect(daemon.contains { $0.hasPrefix(name + ".so") }, "tidingsd links \(name): \(daemon)")
        }
        let client = try await Self.linkedLibraries(of: Binaries.client)
        #expect(client.contains { $0.hasPrefix("libc.so") }, "ldd lists the libraries: \(client)")
        for name in daemonSide {
            #expect(!client.contains { $0.hasPrefix(name + ".so") }, "tidings links \(name): \(client)")
        }
    }
}
