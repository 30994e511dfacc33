/// What the reader's bottom line says: a message (until the next key), else a refresh in
/// progress, else the keys of the screen on top. Strings are unsanitised: the View cleans them.
public struct ReaderStatusLine: Equatable, Sendable {
    /// The last thing that happened ("3 items marked read", an error).
    public var message: String?
    /// Whether `message` is an error (drawn in red).
    public var isError = false
    /// `Refreshing 12/500 feeds, 1 error`, while a refresh runs.
    public var progress: String?
    /// `q:Quit ENTER:Open r:Reload ?:Help`: the main keys of the screen on top.
    public var hints = ""

    public init(message: String? = nil, isError: Bool = false, progress: String? = nil, hints: String = "") {
        self.message = message
        self.isError = isError
        self.progress = progress
        self.hints = hints
    }
}
