import Foundation
import Testing
@testable import FeedClient

struct RFC822DateTests {
    @Test func englishNamesInGMT() {
        #expect(RFC822Date.string(from: Fixtures.now) == "Sun, 22 Nov 2026 10:00:00 GMT")
        #expect(RFC822Date.string(from: Date(timeIntervalSince1970: 0)) == "Thu, 01 Jan 1970 00:00:00 GMT")
        #expect(RFC822Date.string(from: Date(timeIntervalSince1970: 951_825_909.7)) == "Tue, 29 Feb 2000 12:05:09 GMT")
        #expect(RFC822Date.string(from: Date(timeIntervalSince1970: -1)) == "Wed, 31 Dec 1969 23:59:59 GMT")
    }
}
