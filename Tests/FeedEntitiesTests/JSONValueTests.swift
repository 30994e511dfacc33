import Testing
import FeedEntities

struct JSONValueTests {
    @Test func keepsKeyOrderAndWritesNull() {
        let value = JSONValue.object([("b", .int(1)), ("a", .null), ("c", .array([.bool(true), .string("x")]))])
        #expect(value.text == #"{"b":1,"a":null,"c":[true,"x"]}"#)
    }

    @Test func escapesQuotesBackslashesAndControls() {
        #expect(JSONValue.string("a\"b\\c\nd\te\u{1B}f\u{7F}g\u{9B}").text == #""a\"b\\c\nd\te\u001bf\u007fg\u009b""#)
    }

    @Test func keepsUnicodeAndSlashesAsIs() {
        #expect(JSONValue.string("中文 😀 https://x/y").text == "\"中文 😀 https://x/y\"")
    }
}
