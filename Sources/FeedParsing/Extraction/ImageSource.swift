import Foundation

/// The address of an `<img>` as a reader would see it: pages that load images lazily keep the
/// real one in `data-src` (or a like attribute, or `srcset`) and a placeholder in `src`.
/// Only `http` and `https` images are kept, and no tracking pixel (1×1).
enum ImageSource {
    static func of(_ node: Int, in tree: PageTree, baseURL: URL?) -> String? {
        if let width = tree.attribute(.width, of: node).flatMap({ Int($0) }), width <= 2 { return nil }
        if let height = tree.attribute(.height, of: node).flatMap({ Int($0) }), height <= 2 { return nil }
        var candidates: [String] = []
        for name in [PageAttribute.dataSrc, .dataOriginal, .dataLazySrc, .dataURL, .dataHiResSrc] {
            if let value = attribute(name, of: node, in: tree) { candidates.append(value) }
        }
        if let src = tree.attribute(.src, of: node), !isPlaceholder(src) { candidates.append(src) }
        for name in [PageAttribute.dataSrcset, .srcset] {
            if let set = attribute(name, of: node, in: tree), let first = largest(inSrcset: set) { candidates.append(first) }
        }
        for candidate in candidates {
            if let url = LinkReferences.resolve(candidate, against: baseURL, schemes: ["http", "https"]) { return url }
        }
        return nil
    }

    private static func attribute(_ name: PageAttribute, of node: Int, in tree: PageTree) -> String? {
        guard let value = tree.attribute(name, of: node), !value.isEmpty, !isPlaceholder(value) else { return nil }
        return value
    }

    /// A `data:` image, or a file named as a spacer: what lazy loading puts in `src`.
    static func isPlaceholder(_ value: String) -> Bool {
        let lowered = value.lowercased()
        return lowered.hasPrefix("data:") || lowered.contains("blank.gif") || lowered.contains("spacer.gif")
            || lowered.contains("pixel.gif") || lowered.contains("placeholder")
    }

    /// The widest candidate of a `srcset` (`a.jpg 480w, b.jpg 1080w`), or its last one.
    static func largest(inSrcset set: String) -> String? {
        var best: (url: String, width: Double)?
        for entry in set.split(separator: ",") {
            let parts = entry.split(whereSeparator: \.isWhitespace)
            guard let url = parts.first else { continue }
            let descriptor = parts.dropFirst().first.map(String.init) ?? "1x"
            let width = Double(descriptor.dropLast()) ?? 1
            if best == nil || width >= best!.width { best = (String(url), width) }
        }
        return best?.url
    }
}
