/// Why `FeedSettings.apply` or `unset` refused its input; nothing was changed.
///
/// The description is one line naming the key and what it expects. It never quotes the value of
/// a `cookie` or a `header`, which may be a secret.
public struct FeedSettingsError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The key the error is about, when the input named a known one.
    public var key: FeedSettingKey?
    public var description: String

    public init(key: FeedSettingKey?, description: String) {
        self.key = key
        self.description = description
    }

    /// `bad value for `interval`: `soon` (a duration such as 30m, 2h or 1d)`; for a key whose
    /// value may be secret, the value is left out of the message.
    static func badValue(_ key: FeedSettingKey, _ value: String, expected: String) -> FeedSettingsError {
        let quoted = key.mayBeSecret ? "" : " `\(FeedSettingsError.shown(value))`"
        return FeedSettingsError(key: key, description: "bad value for `\(key.rawValue)`:\(quoted) (\(expected))")
    }

    /// `bad value for `cookie`: it contains a control character`: a message that says what is
    /// wrong without the value.
    static func badValue(_ key: FeedSettingKey, reason: String) -> FeedSettingsError {
        FeedSettingsError(key: key, description: "bad value for `\(key.rawValue)`: \(reason)")
    }

    /// `value` as a message quotes it: at most 64 characters (the checks before ensure it holds
    /// no control character).
    static func shown(_ value: String) -> String {
        value.count > 64 ? String(value.prefix(63)) + "…" : value
    }
}
