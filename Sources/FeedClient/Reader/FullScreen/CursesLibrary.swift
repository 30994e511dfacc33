import CCurses

/// ncursesw's functions, from the library loaded on first use (`Sources/CCurses/shim.h`): the
/// one module that draws a full-screen interface needs it, and the other commands start without
/// loading it.
struct CursesLibrary {
    /// Why the library could not be loaded.
    struct LoadError: Error, Equatable, CustomStringConvertible {
        var reason: String
        var description: String { "cannot load ncursesw (libncursesw.so.6, Debian's libncursesw6): \(reason)" }
    }

    let api: tidings_curses_api

    /// Loads the library (once per process) and resolves its functions.
    /// - Throws: `LoadError` when it is missing or lacks a function.
    static func load() throws(LoadError) -> CursesLibrary {
        var error: UnsafePointer<CChar>?
        guard let api = tidings_curses_open(&error) else {
            throw LoadError(reason: error.map { String(cString: $0) } ?? "unknown error")
        }
        return CursesLibrary(api: api.pointee)
    }
}
