import Foundation
import Testing
@testable import FeedFetching

@Suite("HTTPDate")
struct HTTPDateTests {
    private let expected = Date(timeIntervalSince1970: 784_111_777)  // 1994-11-06T08:49:37Z

    @Test(arguments: ["Sun, 06 Nov 1994 08:49:37 GMT", "Sunday, 06-Nov-94 08:49:37 GMT", "Sun Nov  6 08:49:37 1994"])
    func readsTheThreeFormsOfRFC9110(_ text: String) {
        #expect(HTTPDate.parse(text) == expected)
    }

    @Test(arguments: ["", "soon", "Sun, 32 Nov 1994 08:49:37 GMT", "Sun, 06 Nov 1994 25:00:00 GMT", "06 Nov 1994"])
    func refusesWhatIsNotADate(_ text: String) {
        #expect(HTTPDate.parse(text) == nil)
    }

    @Test func leapDaysAndCenturies() {
        #expect(HTTPDate.parse("Tue, 29 Feb 2000 00:00:00 GMT") == Date(timeIntervalSince1970: 951_782_400))
        #expect(HTTPDate.parse("Thu, 01 Jan 1970 00:00:00 GMT") == Date(timeIntervalSince1970: 0))
    }
}
