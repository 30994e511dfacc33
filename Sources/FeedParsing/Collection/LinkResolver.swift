/// Resolves relative references in feeds against `xml:base` and the document URL.
///
/// Links that already carry a scheme are returned exactly as written: the parser neither
/// normalises `https://` links nor rewrites `javascript:` or `data:` ones into something that
/// looks harmless — deciding what may be opened is the client's job, and it needs to see the
/// original to do it.
enum LinkResolver {
    /// `link` made absolute against `base` when it is relative and a base is known. Non-ASCII
    /// characters stay as written (`IRI`).
    static func resolve(_ link: String, against base: IRI?) -> String {
        guard let base, !hasScheme(link) else { return link }
        return base.resolving(link)
    }

    /// The base a new `xml:base` value establishes below an element whose base is `parent`
    /// (a relative value is resolved against it; without a parent it stands as written).
    static func base(_ value: String, below parent: IRI?) -> IRI? {
        guard let parent, !hasScheme(value) else { return IRI(value) ?? parent }
        return IRI(parent.resolving(value)) ?? parent
    }

    /// Whether `link` starts with a URI scheme (`ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) ":"`).
    static func hasScheme(_ link: String) -> Bool {
        var sawLetter = false
        for byte in link.utf8 {
            if byte.isASCIILetter {
                sawLetter = true
            } else if sawLetter, byte.isASCIIDigit || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
                || byte == UInt8(ascii: ".")
            {
                continue
            } else {
                return sawLetter && byte == UInt8(ascii: ":")
            }
        }
        return false
    }
}
