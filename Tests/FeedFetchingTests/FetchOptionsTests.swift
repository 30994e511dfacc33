@testable import FeedFetching
import Testing

@Suite struct FetchOptionsTests {
    @Test func defaultsAreThoseOfAFeedReader() {
        let options = FetchOptions(version: "1.2.3")
        #expect(options.userAgent == "Tidings/1.2.3 (+https://github.com/tidings-reader/tidings)")
        #expect(options.connectTimeout == .seconds(15))
        #expect(options.transferTimeout == .seconds(60))
        #expect(options.maximumBodySize == 32 * 1024 * 1024)
        #expect(options.maximumRedirects == 5)
        #expect(options.maximumConcurrentTransfers == 16)
        #expect(options.maximumPerHost == 2)
    }

    @Test func userAgentCanBeGivenWhole() {
        let options = FetchOptions(maximumPerHost: 4, userAgent: "Custom/1")
        #expect(options.userAgent == "Custom/1")
        #expect(options.maximumPerHost == 4)
        #expect(options.maximumRedirects == 5)
    }

    @Test func durationsRoundUpForLibcurl() {
        #expect(Duration.seconds(2).curlMilliseconds == 2000)
        #expect(Duration.microseconds(1).curlMilliseconds == 1)
        #expect(Duration.milliseconds(1500).curlSeconds == 2)
        #expect(Duration.zero.curlMilliseconds == 0)
    }
}
