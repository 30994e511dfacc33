/// The elements the extractor tells apart, one byte each in `PageTree`; `other` for the rest
/// (custom elements, `span`-like wrappers), which the writer treats as containers.
enum PageTag: UInt8, CaseIterable, Sendable {
    case other
    case a, abbr, address, applet, area, article, aside, audio, b, base, bdi, blockquote, body, br, button, canvas
    case caption, cite, code, datalist, dd, del, dfn, dialog, div, dl, dt, em, embed, fieldset, figcaption, figure
    case footer, form, frame, frameset, h1, h2, h3, h4, h5, h6, head, header, hr, html, i, iframe, img, input, ins
    case kbd, label, legend, li, link, main, map, mark, math, menu, meta, meter, nav, noscript, object, ol, option
    case output, p, param, pre, progress, q, rt, ruby, s, samp, script, section, select, small, source, strong
    case style, sub, sup, svg, table, tbody, td, template, textarea, tfoot, th, thead, time, title, tr, track, u, ul
    case `var`, video

    /// The element's name as the writer writes it (lowercase, as libxml2 reports it).
    var name: String { Self.names[Int(rawValue)] }

    var isHeading: Bool {
        switch self {
        case .h1, .h2, .h3, .h4, .h5, .h6: return true
        default: return false
        }
    }

    /// Elements whose content is never text a reader sees.
    var isSkipped: Bool {
        switch self {
        case .script, .style, .noscript, .template, .head, .title, .meta, .link, .svg, .math, .canvas: return true
        default: return false
        }
    }

    /// The tag of a lowercase element name.
    static func named(_ bytes: UnsafeBufferPointer<UInt8>) -> PageTag {
        byName[String(decoding: bytes, as: UTF8.self)] ?? .other
    }

    private static let names: [String] = allCases.map { $0 == .other ? "" : String(describing: $0) }
    private static let byName: [String: PageTag] = Dictionary(
        uniqueKeysWithValues: allCases.filter { $0 != .other }.map { (String(describing: $0), $0) })
}

/// The attributes the extractor reads; `PageTree` keeps only these, so that finding one on an
/// element is a short scan of a few bytes, not a walk through strings.
enum PageAttribute: UInt8, CaseIterable, Sendable {
    case `class`, id, hidden, ariaHidden, style, role, itemprop, href, colspan, rowspan, start, src, dataSrc
    case dataOriginal, dataLazySrc, dataURL, dataHiResSrc, srcset, dataSrcset, width, height, alt, property, name
    case content, type

    /// The attribute of a lowercase name, or `nil` for one the extractor never reads.
    static func named(_ bytes: UnsafeBufferPointer<UInt8>) -> PageAttribute? {
        byName[String(decoding: bytes, as: UTF8.self)]
    }

    private static let byName: [String: PageAttribute] = Dictionary(uniqueKeysWithValues: allCases.map { attribute in
        let name: String
        switch attribute {
        case .ariaHidden: name = "aria-hidden"
        case .dataSrc: name = "data-src"
        case .dataOriginal: name = "data-original"
        case .dataLazySrc: name = "data-lazy-src"
        case .dataURL: name = "data-url"
        case .dataHiResSrc: name = "data-hi-res-src"
        case .dataSrcset: name = "data-srcset"
        default: name = String(describing: attribute)
        }
        return (name, attribute)
    })
}
