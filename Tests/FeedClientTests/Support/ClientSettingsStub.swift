@testable import FeedClient

/// A config file's `browser` and `keys` settings, or the errors reading them give.
final class ClientSettingsStub: ClientSettings {
    var browserSetting: Result<String?, ClientSettingsError> = .success(nil)

    func browser() throws -> String? {
        try browserSetting.get()
    }

    var keysSetting: Result<[String: [String]], ClientSettingsError> = .success([:])

    func keyBindings() throws -> [String: [String]] {
        try keysSetting.get()
    }
}
