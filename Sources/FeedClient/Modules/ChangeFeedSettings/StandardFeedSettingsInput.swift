/// Reads `KEY=-` values and `--stdin` assignments from the process's standard input, as an
/// import reads `-` (bounded, UTF-8, a byte order mark dropped).
public struct StandardFeedSettingsInput: FeedSettingsInput {
    private let reader = POSIXImportFileReader()

    public init() {}

    public func standardInput(limit: Int) throws -> String {
        do {
            return try reader.text(ofFileAt: "-", limit: limit)
        } catch ImportFileError.tooLarge(let limit) {
            throw FeedSettingsInputError.unreadable("it is over \(limit) bytes")
        } catch ImportFileError.notUTF8 {
            throw FeedSettingsInputError.unreadable("it is not UTF-8 text")
        } catch ImportFileError.unreadable(let reason) {
            throw FeedSettingsInputError.unreadable(reason)
        }
    }
}
