/// The fields `feed_format` and `item_format` take, newsboat's letters where newsboat has the
/// field, with what each shows (docs/cli.md lists them; the error for an unknown one too).
public enum ListRowFields {
    public static let feed: KeyValuePairs<Character, String> = [
        "i": "the feed's number", "n": "N when it has unread items", "S": "! failing, x gone, s synced",
        "u": "(unread/total)", "U": "unread items", "c": "items", "t": "title", "T": "tags",
    ]

    public static let item: KeyValuePairs<Character, String> = [
        "i": "the item's number", "f": "flags: N unread, * starred, + in other feeds too", "n": "N when unread",
        "D": "date", "t": "title", "T": "feed title", "a": "author", "g": "the item's tags",
    ]
}
