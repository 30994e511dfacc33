@testable import FeedClient
import Testing

/// ncursesw is loaded on demand, and all the functions the reader calls are there.
struct CursesLibraryTests {
    @Test func theLibraryLoadsWithEveryFunction() throws {
        let library = try CursesLibrary.load()
        #expect(library.api.initscr != nil && library.api.wget_wch != nil && library.api.stdscr != nil)
        // Loaded once: a second load hands out the same functions.
        let again = try CursesLibrary.load()
        #expect(again.api.doupdate.map { unsafeBitCast($0, to: Int.self) } == library.api.doupdate.map { unsafeBitCast($0, to: Int.self) })
    }
}
