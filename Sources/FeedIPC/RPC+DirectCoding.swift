#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FeedEntities

// The methods every `tidings list` sends, and `feeds.list`, written and read without Codable
// (`RPCDirectCoding`): the members in `WireCoding`'s sorted order, `nil` left out.

extension RPC.Hello {
    public static let directCoding: RPCDirectCoding<RPC.Hello>? = RPCDirectCoding(
        writeParams: { params, writer in
            writer.beginObject()
            writer.key("client")
            writer.string(params.client)
            writer.key("protocolVersion")
            writer.string(params.protocolVersion)
            writer.endObject()
        },
        readParams: { reader throws(WireReader.Unexpected) in
            var client: String?, protocolVersion: String?
            try reader.beginObject()
            while let key = try reader.nextKey() {
                switch key {
                case "client": client = try reader.string()
                case "protocolVersion": protocolVersion = try reader.string()
                default: try reader.skipValue()
                }
            }
            guard let client, let protocolVersion else { throw WireReader.Unexpected(offset: 0) }
            return Params(client: client, protocolVersion: protocolVersion)
        },
        writeResult: { result, writer in
            writer.beginObject()
            writer.key("daemonVersion")
            writer.string(result.daemonVersion)
            writer.key("protocolVersion")
            writer.string(result.protocolVersion)
            writer.endObject()
        },
        readResult: { reader throws(WireReader.Unexpected) in
            var protocolVersion: String?, daemonVersion: String?
            try reader.beginObject()
            while let key = try reader.nextKey() {
                switch key {
                case "protocolVersion": protocolVersion = try reader.string()
                case "daemonVersion": daemonVersion = try reader.string()
                default: try reader.skipValue()
                }
            }
            guard let protocolVersion, let daemonVersion else { throw WireReader.Unexpected(offset: 0) }
            return Result(protocolVersion: protocolVersion, daemonVersion: daemonVersion)
        })
}

extension RPC.ListItems {
    public static let directCoding: RPCDirectCoding<RPC.ListItems>? = RPCDirectCoding(
        writeParams: { params, writer in
            writer.beginObject()
            writer.member("after", params.after) { $0.int($1) }
            writer.member("before", params.before) { $0.int($1) }
            writer.member("feed", params.feed) { $0.string($1) }
            writer.member("fromEnd", params.fromEnd) { $0.bool($1) }
            writer.member("includeHidden", params.includeHidden) { $0.bool($1) }
            writer.member("limit", params.limit) { $0.int(Int64($1)) }
            writer.member("order", params.order) { $0.string($1) }
            writer.member("search", params.search) { $0.string($1) }
            writer.member("since", params.since) { $0.date($1) }
            writer.member("starredOnly", params.starredOnly) { $0.bool($1) }
            writer.member("tag", params.tag) { $0.string($1) }
            writer.member("unreadOnly", params.unreadOnly) { $0.bool($1) }
            writer.member("where", params.where) { $0.string($1) }
            writer.member("view", params.view) { $0.string($1) }
            writer.member("withPosition", params.withPosition) { $0.bool($1) }
            writer.endObject()
        },
        readParams: { reader throws(WireReader.Unexpected) in
            var params = Params()
            try reader.beginObject()
            while let key = try reader.nextKey() {
                switch key {
                case "unreadOnly": params.unreadOnly = try reader.optionalBool()
                case "starredOnly": params.starredOnly = try reader.optionalBool()
                case "feed": params.feed = try reader.optionalString()
                case "tag": params.tag = try reader.optionalString()
                case "since": params.since = try reader.optionalDate()
                case "search": params.search = try reader.optionalString()
                case "limit": params.limit = try reader.optionalInt().map { Int($0) }
                case "includeHidden": params.includeHidden = try reader.optionalBool()
                case "after": params.after = try reader.optionalInt()
                case "before": params.before = try reader.optionalInt()
                case "fromEnd": params.fromEnd = try reader.optionalBool()
                case "withPosition": params.withPosition = try reader.optionalBool()
                case "order": params.order = try reader.optionalString()
                case "where": params.where = try reader.optionalString()
                case "view": params.view = try reader.optionalString()
                default: try reader.skipValue()
                }
            }
            return params
        },
        writeResult: { result, writer in
            writer.beginObject()
            writer.key("items")
            writer.beginArray()
            for item in result.items {
                writer.element()
                item.write(to: &writer)
            }
            writer.endArray()
            writer.member("offset", result.offset) { $0.int(Int64($1)) }
            writer.member("total", result.total) { $0.int(Int64($1)) }
            writer.endObject()
        },
        readResult: { reader throws(WireReader.Unexpected) in
            var items: [Item]?, total: Int?, offset: Int?
            try reader.beginObject()
            while let key = try reader.nextKey() {
                switch key {
                case "items":
                    var read: [Item] = []
                    try reader.beginArray()
                    while try reader.nextElement() { read.append(try Item(reading: &reader)) }
                    items = read
                case "total": total = try reader.optionalInt().map { Int($0) }
                case "offset": offset = try reader.optionalInt().map { Int($0) }
                default: try reader.skipValue()
                }
            }
            guard let items else { throw WireReader.Unexpected(offset: 0) }
            return Result(items: items, total: total, offset: offset)
        })
}

extension RPC.ListFeeds {
    /// Thousands of feeds make megabytes of JSON, which the encoder and decoder took 100 ms each
    /// to write and read at 5,000 feeds.
    public static let directCoding: RPCDirectCoding<RPC.ListFeeds>? = RPCDirectCoding(
        writeParams: { params, writer in
            writer.beginObject()
            writer.member("brief", params.brief) { $0.bool($1) }
            writer.member("listing", params.listing) { $0.bool($1) }
            writer.member("tag", params.tag) { $0.string($1) }
            writer.endObject()
        },
        readParams: { reader throws(WireReader.Unexpected) in
            var params = Params()
            try reader.beginObject()
            while let key = try reader.nextKey() {
                switch key {
                case "tag": params.tag = try reader.optionalString()
                case "brief": params.brief = try reader.optionalBool()
                case "listing": params.listing = try reader.optionalBool()
                default: try reader.skipValue()
                }
            }
            return params
        },
        writeResult: { result, writer in
            writer.reserveCapacity(result.feeds.count * (result.form == .full ? 640 : 320))
            writer.beginObject()
            writer.key("feeds")
            writer.beginArray()
            // By index: a `for … in` copies each feed out (retaining its every string) first.
            for index in result.feeds.indices {
                writer.element()
                result.feeds[index].write(to: &writer, form: result.form)
            }
            writer.endArray()
            writer.endObject()
        },
        readResult: { reader throws(WireReader.Unexpected) in
            var feeds: [Feed]?
            try reader.beginObject()
            while let key = try reader.nextKey() {
                switch key {
                case "feeds":
                    var read: [Feed] = []
                    // Room for as many feeds as the bytes left could hold (a feed takes 250 bytes
                    // and more): reserved pages cost nothing until written, and growing a
                    // megabyte array by doubling wrote twice as many.
                    read.reserveCapacity(reader.remainingBytes / 200)
                    try reader.beginArray()
                    while try reader.nextElement() { read.append(try Feed(reading: &reader)) }
                    feeds = read
                default: try reader.skipValue()
                }
            }
            guard let feeds else { throw WireReader.Unexpected(offset: 0) }
            return Result(feeds: feeds)
        })
}
