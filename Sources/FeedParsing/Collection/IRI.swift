/// An IRI (RFC 3987) that relative references are resolved against: `xml:base` values and the
/// document URL. Normally absolute; a relative `xml:base` in a document read without a URL is
/// kept relative, and what is resolved against it stays relative too (`dir/` and `a.html` give
/// `dir/a.html`), as Python's `urljoin` and feedparser have it.
///
/// Resolution follows RFC 3986 §5.2 on the characters as written. Foundation's `URL` would
/// percent-encode every non-ASCII character on the way (`café/` becomes `caf%C3%A9/`), so a feed
/// written with readable IRIs would come out with links nobody wrote; here nothing is encoded or
/// decoded, and a link reads the way the feed spelled it.
///
/// A class, so that the base every captured field carries (`CapturedText`, `DraftText`) is one
/// reference, as `URL`'s was: a struct of its five parts made every field of every item a
/// 150-byte copy and slowed the parse of a large feed by a third.
final class IRI: Sendable {
    /// The IRI as written, without its fragment.
    let absoluteString: String
    private let scheme: Substring?
    private let authority: Substring?
    private let path: Substring
    private let query: Substring?

    /// `nil` when `string` is blank.
    init?(_ string: String) {
        let string = string.trimmingASCIIWhitespace()
        guard !string.isEmpty else { return nil }
        let parts = Reference(string)
        scheme = parts.scheme
        authority = parts.authority
        path = parts.path
        query = parts.query
        absoluteString = Self.compose(
            scheme: parts.scheme, authority: parts.authority, path: parts.path, query: parts.query, fragment: nil)
    }

    /// `reference` resolved against this IRI (RFC 3986 §5.2.2).
    func resolving(_ reference: String) -> String {
        let relative = Reference(reference)
        if let scheme = relative.scheme {
            return Self.compose(
                scheme: scheme, authority: relative.authority, path: Substring(Self.removingDotSegments(relative.path)),
                query: relative.query, fragment: relative.fragment)
        }
        var targetAuthority = authority
        let targetPath: String
        var targetQuery = relative.query
        if let relativeAuthority = relative.authority {
            targetAuthority = relativeAuthority
            targetPath = Self.removingDotSegments(relative.path)
        } else if relative.path.isEmpty {
            targetPath = String(path)
            if targetQuery == nil { targetQuery = query }
        } else if relative.path.hasPrefix("/") {
            targetPath = Self.removingDotSegments(relative.path)
        } else {
            targetPath = Self.removingDotSegments(merged(with: relative.path))
        }
        return Self.compose(
            scheme: scheme, authority: targetAuthority, path: Substring(targetPath), query: targetQuery,
            fragment: relative.fragment)
    }

    /// RFC 3986 §5.2.3: the base path without its last segment, followed by `relativePath`.
    private func merged(with relativePath: Substring) -> Substring {
        if authority != nil, path.isEmpty { return "/" + relativePath }
        guard let slash = path.lastIndex(of: "/") else { return relativePath }
        return path[...slash] + relativePath
    }

    /// RFC 3986 §5.2.4: `.` and `..` segments interpreted and removed.
    static func removingDotSegments(_ path: Substring) -> String {
        guard path.contains(".") else { return String(path) }
        var input = path
        var output: [Substring] = []
        while !input.isEmpty {
            if input.hasPrefix("../") {
                input = input.dropFirst(3)
            } else if input.hasPrefix("./") {
                input = input.dropFirst(2)
            } else if input.hasPrefix("/./") {
                input = input.dropFirst(2)
            } else if input == "/." {
                input = "/"
            } else if input.hasPrefix("/../") {
                input = input.dropFirst(3)
                _ = output.popLast()
            } else if input == "/.." {
                input = "/"
                _ = output.popLast()
            } else if input == "." || input == ".." {
                input = ""
            } else {
                // The first segment, with its leading "/" if any, up to the next "/".
                let searchStart = input.hasPrefix("/") ? input.index(after: input.startIndex) : input.startIndex
                let end = input[searchStart...].firstIndex(of: "/") ?? input.endIndex
                output.append(input[..<end])
                input = input[end...]
            }
        }
        return output.joined()
    }

    private static func compose(
        scheme: Substring?, authority: Substring?, path: Substring, query: Substring?, fragment: Substring?
    ) -> String {
        var result = scheme.map { String($0) + ":" } ?? ""
        if let authority { result += "//" + authority }
        result += path
        if let query { result += "?" + query }
        if let fragment { result += "#" + fragment }
        return result
    }

    /// A reference split into its five components (RFC 3986 §3, appendix B), without decoding.
    private struct Reference {
        var scheme: Substring?
        var authority: Substring?
        var path: Substring
        var query: Substring?
        var fragment: Substring?

        init(_ string: String) {
            var rest = Substring(string)
            if let hash = rest.firstIndex(of: "#") {
                fragment = rest[rest.index(after: hash)...]
                rest = rest[..<hash]
            }
            if let mark = rest.firstIndex(of: "?") {
                query = rest[rest.index(after: mark)...]
                rest = rest[..<mark]
            }
            if LinkResolver.hasScheme(String(rest)), let colon = rest.firstIndex(of: ":") {
                scheme = rest[..<colon]
                rest = rest[rest.index(after: colon)...]
            }
            if rest.hasPrefix("//") {
                rest = rest.dropFirst(2)
                let end = rest.firstIndex(of: "/") ?? rest.endIndex
                authority = rest[..<end]
                rest = rest[end...]
            }
            path = rest
        }
    }
}
