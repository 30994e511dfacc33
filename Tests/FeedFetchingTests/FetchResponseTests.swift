import FeedFetching
import Foundation
import Testing

@Suite struct FetchResponseTests {
    private func response(contentType: String?) -> FetchResponse {
        FetchResponse(finalURL: "http://example.org/", status: 200, body: Data(), contentType: contentType)
    }

    @Test func charsetIsReadFromContentType() {
        #expect(response(contentType: "text/xml; charset=UTF-8").charset == "UTF-8")
        #expect(response(contentType: "text/xml;Charset=\"windows-1252\"").charset == "windows-1252")
        #expect(response(contentType: "text/xml; q=1; charset = 'koi8-r' ").charset == "koi8-r")
    }

    @Test func charsetIsNilWhenAbsent() {
        #expect(response(contentType: nil).charset == nil)
        #expect(response(contentType: "application/rss+xml").charset == nil)
        #expect(response(contentType: "text/xml; charset=").charset == nil)
    }
}
