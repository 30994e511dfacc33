import FeedEntities
import FeedIPC

extension Terminal {
    /// What `tag` and `rename` print: their one-line message, or with `--json`
    /// `{"feed":<feed>}` with the feed as `tidings feeds --json` writes it (docs/json.md).
    func writeFeedChange(_ message: String, feed: FeedRow, asJSON: Bool) {
        if asJSON {
            write(JSONValue.object([("feed", TerminalFeedListView.jsonObject(feed))]).text + "\n")
        } else {
            writeLine(message)
        }
    }
}
