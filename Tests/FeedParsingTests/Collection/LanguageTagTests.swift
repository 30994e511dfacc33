import Testing
@testable import FeedParsing

@Suite("LanguageTag")
struct LanguageTagTests {
    @Test(arguments: [
        ("en_US", "en-US"),
        (" en-gb\n", "en-gb"),
        ("zh_Hant_TW", "zh-Hant-TW"),
        ("de", "de"),
    ])
    func normalized(value: String, expected: String) {
        #expect(LanguageTag.normalized(value) == expected)
    }

    @Test(arguments: [nil, "", " \t\n"] as [String?])
    func nothingLeftIsNil(value: String?) {
        #expect(LanguageTag.normalized(value) == nil)
    }
}
