@testable import FeedClient

/// A config file's `browser` setting, or the error reading it gives.
final class ClientSettingsStub: ClientSettings {
    var browserSetting: Result<String?, ClientSettingsError> = .success(nil)

    func browser() throws -> String? {
        try browserSetting.get()
    }
}
