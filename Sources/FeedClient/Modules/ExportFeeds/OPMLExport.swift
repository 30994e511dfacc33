#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FeedEntities

/// Writes feeds as an OPML 2.0 document.
///
/// Each tag is a folder outline holding the feeds with that tag, so a feed with several tags
/// appears in each of its folders (as newsboat and miniflux export them; importing merges them
/// back into one feed with all its tags). Untagged feeds come first, at the top level.
///
/// A feed's `text` and `title` are its title as listings show it; the user's own title is
/// marked `tidings:customTitle="true"` (`TidingsOPML`), so that importing the file gives back
/// exactly the titles of the user's own and lets the others follow their feeds. A feed no
/// document has named yet has its URL as `text` and no `title`. Command feeds are written
/// as newsboat reads them back (see `TidingsOPML.execURLPrefix`).
enum OPMLExport {
    static func document(for feeds: [Feed], createdAt: Date) -> ExportDocument {
        var xml = XMLWriter()
        xml.start("opml", [("version", "2.0"), ("xmlns:\(TidingsOPML.prefix)", TidingsOPML.namespace)])
        xml.start("head")
        xml.element("title", text: "Tidings subscriptions")
        xml.element("dateCreated", text: RFC822Date.string(from: createdAt))
        xml.end()
        xml.start("body")
        for feed in feeds where feed.tags.isEmpty { outline(feed, into: &xml) }
        for folder in folders(of: feeds) {
            xml.start("outline", [("text", folder.tag), ("title", folder.tag)])
            for feed in folder.feeds { outline(feed, into: &xml) }
            xml.end()
        }
        xml.end()
        xml.end()
        return ExportDocument(text: xml.document)
    }

    private static func outline(_ feed: Feed, into xml: inout XMLWriter) {
        let named = feed.hasCustomTitle || feed.title != feed.url
        let (url, filterCommand) = address(of: feed)
        xml.empty("outline", [
            ("type", "rss"), ("text", feed.title), ("title", named ? feed.title : nil), ("xmlUrl", url),
            (TidingsOPML.filterCommandAttribute, filterCommand),
            ("htmlUrl", feed.siteLink.flatMap { $0.isEmpty ? nil : $0 }),
            ("\(TidingsOPML.prefix):\(TidingsOPML.customTitleAttribute)", feed.hasCustomTitle ? "true" : nil),
        ])
    }

    /// A feed's `xmlUrl`, and its `filtercmd` for a filter feed: command feeds as Liferea
    /// writes them and newsboat reads them (`TidingsOPML.execURLPrefix`).
    static func address(of feed: Feed) -> (url: String, filterCommand: String?) {
        switch try? FeedAddress(feed.url) {
        case .exec(let command, _)?: (TidingsOPML.execURLPrefix + command.written, nil)
        case .filter(let command, let url, _)?: (url, command.written)
        // An export is shared: a password left in a (synced) feed's URL stays out of it.
        case .web?, nil: (URLCredentials.redacted(feed.url), nil)
        }
    }

    /// One folder per tag, in the order listings sort tags (case-insensitive), each with its
    /// feeds in subscription order. Tags compare case-insensitively, so `Linux` on one feed
    /// and `linux` on another share a folder, named as first met.
    static func folders(of feeds: [Feed]) -> [(tag: String, feeds: [Feed])] {
        var folders: [String: (tag: String, feeds: [Feed])] = [:]
        for feed in feeds {
            for tag in feed.tags {
                folders[tag.lowercased(), default: (tag, [])].feeds.append(feed)
            }
        }
        return folders.sorted { $0.key < $1.key }.map(\.value)
    }
}
