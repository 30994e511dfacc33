import Foundation
import Testing

/// The client loads only what every command needs: ncursesw, which only the interactive reader
/// uses, is opened by it on demand (`CCurses`), never linked.
struct ClientLinkageTests {
    @Test func tidingsLinksNoCursesLibrary() async throws {
        let result = try await ProcessResult.run(
            URL(fileURLWithPath: "/usr/bin/ldd"), [Binaries.client.path], environment: ["LANG": "C.UTF-8"])
        #expect(result.status == 0, "\(result)")
        #expect(result.out.contains("libc.so"), "ldd lists the libraries: \(result)")
        #expect(!result.out.contains("curses") && !result.out.contains("libtinfo"), "\(result)")
    }
}
