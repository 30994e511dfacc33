/// What Tidings adds to the OPML it exports, so that importing the file restores the feeds as
/// they were: a namespace of its own on the `opml` element, and on each feed's `outline` whose
/// title is the user's own (`tidings rename`) the attribute `tidings:customTitle="true"`.
/// Other readers ignore both, as XML namespaces allow.
///
/// The namespace URI is under `.invalid`, a top-level domain reserved never to exist (RFC
/// 2606): it names Tidings' attributes without claiming anybody's address, and nothing is
/// ever fetched from it.
public enum TidingsOPML {
    /// The namespace URI of Tidings' OPML attributes.
    public static let namespace = "https://tidings.invalid/opml"
    /// The prefix exports declare for it (`xmlns:tidings`); a reader goes by the URI.
    public static let prefix = "tidings"
    /// The attribute marking an outline's `title` as the user's own, with the value `true`.
    public static let customTitleAttribute = "customTitle"

    /// Command feeds are written as Liferea writes them and newsboat reads them back, not in
    /// Tidings' namespace: `exec:COMMAND` as `xmlUrl` with this prefix (`xmlUrl="|COMMAND"`),
    /// `filter:COMMAND:URL` as `xmlUrl="URL"` with the command in `filterCommandAttribute`.
    /// A reader that knows neither subscribes to a filter's unfiltered URL and cannot fetch an
    /// exec's `|…`.
    public static let execURLPrefix = "|"
    /// The attribute (no namespace) holding a filter feed's command.
    public static let filterCommandAttribute = "filtercmd"
}
