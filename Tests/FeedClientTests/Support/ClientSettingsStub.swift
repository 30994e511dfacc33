@testable import FeedClient

/// A config file's `browser` and reader settings, or the errors reading them give.
final class ClientSettingsStub: ClientSettings {
    var browserSetting: Result<String?, ClientSettingsError> = .success(nil)

    func browser() throws -> String? {
        try browserSetting.get()
    }

    var readerSetting: Result<ReaderSettings, ClientSettingsError> = .success(.defaults)

    func reader() throws -> ReaderSettings {
        try readerSetting.get()
    }
}
