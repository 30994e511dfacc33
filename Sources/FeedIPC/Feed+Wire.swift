#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FeedEntities

// `Feed` as `WireWriter` writes and `WireReader` reads it: the members and order of its
// `Codable` conformance under `WireCoding` (sorted keys, `nil` left out), and of the brief and
// listing forms of `feeds.list` (`RPC.ListFeeds.Result.Form`). Its settings, which few feeds
// have, go through the encoder and decoder: `{}` for none.

extension Feed {
    /// Writes the feed as `WireCoding.makeEncoder()` encodes it in `form` (as `feeds.list`
    /// encodes its brief and listing forms).
    public func write(to writer: inout WireWriter, form: RPC.ListFeeds.Result.Form = .full) {
        if form != .full { return writeBrief(to: &writer, listing: form == .listing) }
        writer.beginObject()
        writer.key("consecutiveFailures")
        writer.int(Int64(consecutiveFailures))
        writer.member("etag", etag) { $0.string($1) }
        writer.member("goneSince", goneSince) { $0.date($1) }
        writer.key("hasCustomTitle")
        writer.bool(hasCustomTitle)
        writer.member("httpStatus", httpStatus) { $0.int(Int64($1)) }
        writer.key("id")
        writer.int(id)
        writer.key("itemCount")
        writer.int(Int64(itemCount))
        writer.member("lastAttempt", lastAttempt) { $0.date($1) }
        writer.member("lastError", lastError) { $0.string($1) }
        writer.member("lastModified", lastModified) { $0.string($1) }
        writer.member("lastRefreshed", lastRefreshed) { $0.date($1) }
        writer.member("movedTo", movedTo) { $0.string($1) }
        writer.member("nextCheck", nextCheck) { $0.date($1) }
        writer.key("settings")
        if settings.isEmpty {
            writer.raw("{}".utf8)
        } else {
            // Strings, numbers and arrays of them always encode.
            writer.raw((try? WireCoding.makeEncoder().encode(settings)) ?? Data("{}".utf8))
        }
        writer.member("siteLink", siteLink) { $0.string($1) }
        writer.key("subscribedAt")
        writer.date(subscribedAt)
        writer.key("synced")
        writer.bool(synced)
        writer.key("tags")
        writer.strings(tags)
        writer.key("title")
        writer.string(title)
        writer.key("unreadCount")
        writer.int(Int64(unreadCount))
        // The encoder refuses a number that is not finite; none is worth failing a listing for.
        writer.member("updateHint", updateHint.flatMap { $0.isFinite ? $0 : nil }) { $0.double($1) }
        writer.key("url")
        writer.string(url)
        writer.endObject()
    }

    private func writeBrief(to writer: inout WireWriter, listing: Bool) {
        writer.beginObject()
        if consecutiveFailures != 0 {
            writer.key("consecutiveFailures")
            writer.int(Int64(consecutiveFailures))
        }
        writer.member("goneSince", goneSince) { $0.date($1) }
        if consecutiveFailures != 0 || lastError != nil {
            writer.member("httpStatus", httpStatus) { $0.int(Int64($1)) }
        }
        writer.key("id")
        writer.int(id)
        writer.key("itemCount")
        writer.int(Int64(itemCount))
        writer.member("lastError", lastError) { $0.string($1) }
        if listing {
            writer.member("lastRefreshed", lastRefreshed) { $0.date($1) }
            writer.member("nextCheck", nextCheck) { $0.date($1) }
        }
        writer.key("subscribedAt")
        writer.date(subscribedAt)
        if listing && synced {
            writer.key("synced")
            writer.bool(true)
        }
        writer.key("tags")
        writer.strings(tags)
        writer.key("title")
        writer.string(title)
        writer.key("unreadCount")
        writer.int(Int64(unreadCount))
        writer.key("url")
        writer.string(url)
        writer.endObject()
    }

    /// Reads a feed as `init(from:)` decodes it: the members a brief or listing form leaves out, or
    /// a daemon of an earlier protocol did not send, take their defaults.
    /// - Throws: `WireReader.Unexpected`, also for a required member that is missing.
    public init(reading reader: inout WireReader) throws(WireReader.Unexpected) {
        var id: Int64?, url: String?, title: String?, subscribedAt: Date?, itemCount: Int64?, unreadCount: Int64?
        var feed = Feed(id: 0, url: "", title: "", subscribedAt: Date(timeIntervalSince1970: 0))
        try reader.beginObject()
        while let key = try reader.nextKey() {
            switch key {
            case "id": id = try reader.int()
            case "url": url = try reader.string()
            case "title": title = try reader.string()
            case "subscribedAt": subscribedAt = try reader.date()
            case "itemCount": itemCount = try reader.int()
            case "unreadCount": unreadCount = try reader.int()
            case "siteLink": feed.siteLink = try reader.optionalString()
            case "lastRefreshed": feed.lastRefreshed = try reader.optionalDate()
            case "lastAttempt": feed.lastAttempt = try reader.optionalDate()
            case "lastError": feed.lastError = try reader.optionalString()
            case "httpStatus": feed.httpStatus = try reader.optionalInt().map { Int($0) }
            case "consecutiveFailures": feed.consecutiveFailures = try reader.optionalInt().map { Int($0) } ?? 0
            case "etag": feed.etag = try reader.optionalString()
            case "lastModified": feed.lastModified = try reader.optionalString()
            case "movedTo": feed.movedTo = try reader.optionalString()
            case "goneSince": feed.goneSince = try reader.optionalDate()
            case "nextCheck": feed.nextCheck = try reader.optionalDate()
            case "updateHint": feed.updateHint = try reader.optionalDouble()
            case "tags": feed.tags = try reader.optionalStrings() ?? []
            case "hasCustomTitle": feed.hasCustomTitle = try reader.optionalBool() ?? false
            case "synced": feed.synced = try reader.optionalBool() ?? false
            case "settings":
                let json = try reader.rawValue()
                if json.elementsEqual("{}".utf8) || json.elementsEqual("null".utf8) { continue }
                guard let settings = try? WireCoding.makeDecoder().decode(FeedSettings.self, from: Data(json)) else {
                    throw WireReader.Unexpected(offset: 0)
                }
                feed.settings = settings
            default: try reader.skipValue()
            }
        }
        guard let id, let url, let title, let subscribedAt, let itemCount, let unreadCount else {
            throw WireReader.Unexpected(offset: 0)
        }
        (feed.id, feed.url, feed.title, feed.subscribedAt) = (id, url, title, subscribedAt)
        (feed.itemCount, feed.unreadCount) = (Int(itemCount), Int(unreadCount))
        self = feed
    }
}
