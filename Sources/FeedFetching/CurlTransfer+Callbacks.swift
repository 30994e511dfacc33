import CCurl

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What libcurl's write and header callbacks do. Both run on the loop thread, inside
/// `curl_multi_perform`; returning a count other than the one received aborts the transfer
/// with CURLE_WRITE_ERROR, which `outcome` then explains through `abortReason`.
extension CurlTransfer {
    /// Error pages up to this size are read and dropped so the connection can be reused;
    /// larger ones are cut off.
    static let discardableErrorBody = 64 << 10

    /// The status of the response being received, 0 before its status line.
    var responseCode: Int {
        var code = 0
        _ = tidings_curl_easy_get_long(easy, CURLINFO_RESPONSE_CODE, &code)
        return code
    }

    func receiveBody(_ bytes: UnsafeRawBufferPointer) -> Int {
        let status = responseCode
        guard (200..<300).contains(status) else {
            if request.errorResponses, status >= 400, let base = bytes.baseAddress {
                // A service explains its refusals in the body: keep the first 64 KiB of it.
                let kept = min(bytes.count, max(0, Self.discardableErrorBody - body.count))
                body.append(base.assumingMemoryBound(to: UInt8.self), count: kept)
            }
            // Bodies of redirects and error pages are of no use to a feed reader.
            discardedBytes += bytes.count
            if (300..<400).contains(status) || discardedBytes <= Self.discardableErrorBody {
                return bytes.count
            }
            abortReason = .httpStatus(status)
            return 0
        }
        guard bodyBytes + bytes.count <= options.maximumBodySize else {
            abortReason = .tooLarge
            return 0
        }
        bodyBytes += bytes.count
        if let sink {
            guard beginSink(sink), sink.receive(bytes) else {
                abortReason = .sink
                return 0
            }
        } else if let base = bytes.baseAddress, !bytes.isEmpty {
            body.append(base.assumingMemoryBound(to: UInt8.self), count: bytes.count)
        }
        return bytes.count
    }

    /// Receives one header line of any response of the exchange (redirects and `100 Continue`
    /// included), CRLF still attached, and keeps those of the latest response.
    func receiveHeaderLine(_ bytes: UnsafeRawBufferPointer) -> Int {
        var line = bytes[...]
        while let last = line.last, last == 0x0A || last == 0x0D { line = line.dropLast() }

        if line.starts(with: "HTTP/".utf8) {
            responseHeaders = [:]
            discardedBytes = 0
            if request.errorResponses { body = Data() }
            // "HTTP/1.1 301 Moved Permanently": the code is the second word.
            let words = line.split(separator: 0x20, maxSplits: 2)
            headerStatus = words.count > 1 ? Int(String(decoding: words[1], as: UTF8.self)) ?? 0 : 0
            if redirects.isEmpty, let version = words.first {
                // "HTTP/1.1" against "HTTP/2", "HTTP/3".
                multiplexes = !version.starts(with: "HTTP/1".utf8)
            }
            return bytes.count
        }
        if line.isEmpty {
            return endOfHeaders() ? bytes.count : 0
        }
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { return bytes.count }
        let name = Self.headerText(line[..<colon]).lowercased()
        let value = Self.headerText(line[line.index(after: colon)...])
        if let previous = responseHeaders[name], Self.isCombinable(name) {
            responseHeaders[name] = previous + ", " + value
        } else {
            responseHeaders[name] = value
        }
        return bytes.count
    }

    /// Tells the sink the body begins, once. (At the first body bytes rather than at the end of
    /// the headers: only then is the response known to be the final one with a body.)
    private func beginSink(_ sink: any FetchBodySink) -> Bool {
        guard !sinkBegan else { return true }
        sinkBegan = true
        let finalURL = effectiveURL ?? url.string
        return sink.begin(finalURL: finalURL, contentType: responseHeaders["content-type"])
    }

    /// The redirects libcurl follows (CURLOPT_FOLLOWLOCATION): the others (304, 305, 306) end
    /// the exchange where they are.
    static let followedStatuses: Set<Int> = [300, 301, 302, 303, 307, 308]

    /// Refuses a successful response up front when it announces a body over the limit.
    /// - Returns: false to abort.
    private func endOfHeaders() -> Bool {
        if (300..<400).contains(headerStatus), let location = responseHeaders["location"] {
            redirects.append((headerStatus, location))
            // libcurl would follow it with every header line set, whatever its name: stopped
            // here, before the next request, it is followed by a new transfer without them.
            if stopsAtOtherOrigins, request.method == .get, Self.followedStatuses.contains(headerStatus),
                let target = ValidatedURL.resolve(location, against: effectiveURL ?? url.string),
                ValidatedURL.origin(of: target) != url.origin
            {
                abortReason = .crossOriginRedirect(target)
                return false
            }
        }
        guard (200..<300).contains(responseCode),
              let declared = responseHeaders["content-length"].flatMap({ Int($0) }), declared >= 0
        else { return true }
        if declared > options.maximumBodySize {
            abortReason = .tooLarge
            return false
        }
        // A trustworthy size saves the copies of a growing buffer.
        if sink == nil { body.reserveCapacity(declared) }
        return true
    }

    /// Header bytes as text, trimmed. Headers are ASCII in practice; anything else is read as
    /// Latin-1, which keeps every byte (HTTP's historical charset) rather than failing.
    private static func headerText(_ bytes: Slice<UnsafeRawBufferPointer>) -> String {
        var slice = bytes
        while let first = slice.first, first == 0x20 || first == 0x09 { slice = slice.dropFirst() }
        while let last = slice.last, last == 0x20 || last == 0x09 { slice = slice.dropLast() }
        if slice.allSatisfy({ $0 < 0x80 }) {
            return String(decoding: slice, as: UTF8.self)
        }
        return String(String.UnicodeScalarView(slice.map { Unicode.Scalar($0) }))
    }

    /// Fields that may repeat and mean the same as one comma-separated field (RFC 9110 §5.3).
    /// ETag, Last-Modified, Content-Type and Content-Length are singletons: the last one wins.
    private static func isCombinable(_ name: String) -> Bool {
        switch name {
        case "etag", "last-modified", "content-type", "content-length", "location", "date", "set-cookie": false
        default: true
        }
    }
}
