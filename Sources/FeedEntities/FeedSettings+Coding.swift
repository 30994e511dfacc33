#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension FeedSettings: Codable {
    /// Decodes the wire form; a hidden value stays `(hidden)`.
    public init(from decoder: any Decoder) throws {
        self.init(try EncodedSettings(from: decoder))
    }

    /// Encodes the wire form: only the settings that are set, the cookie and the values of
    /// credential and secret headers as `(hidden)`, whatever the encoder (so no `--json`, log or answer can
    /// carry them).
    public func encode(to encoder: any Encoder) throws {
        try EncodedSettings(self, hidingSecrets: true).encode(to: encoder)
    }

    /// The storage form: every value in clear, as the daemon keeps it in its database. Never
    /// to be sent, shown or logged.
    public func storageJSON() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Strings, numbers and arrays of them always encode.
        let data = (try? encoder.encode(EncodedSettings(self, hidingSecrets: false))) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }

    /// Reads the storage form `storageJSON()` wrote.
    /// - Throws: `DecodingError` when `storageJSON` is not such a document.
    public init(storageJSON: String) throws {
        self.init(try JSONDecoder().decode(EncodedSettings.self, from: Data(storageJSON.utf8)))
    }

    private init(_ encoded: EncodedSettings) {
        self.init(
            interval: encoded.interval, userAgent: encoded.userAgent, headers: encoded.headers ?? [],
            cookie: encoded.cookie, authUser: encoded.authUser, authPassword: encoded.authPassword?.source,
            authMethod: encoded.authMethod, proxy: encoded.proxy, proxyUser: encoded.proxyUser,
            proxyPassword: encoded.proxyPassword?.source, timeout: encoded.timeout, maxSize: encoded.maxSize,
            keepPerFeed: encoded.keepPerFeed, keepDays: encoded.keepDays, caFile: encoded.caFile,
            secretHeaders: encoded.secretHeaders ?? [],
            headerSources: (encoded.headerSources ?? []).compactMap { header in
                header.source.source.map { HeaderSource(name: header.name, source: $0) }
            },
            cookieSource: encoded.cookieSource?.source, fullText: encoded.fullText)
    }
}

/// Both encodings of `FeedSettings`, which differ only in whether secrets are hidden: members
/// absent when not set, a password source as `{"command": [argv]}` or `{"file": path}`.
private struct EncodedSettings: Codable {
    var interval: Int?
    var userAgent: String?
    var headers: [String]?
    var secretHeaders: [String]?
    var headerSources: [EncodedHeaderSource]?
    var cookie: String?
    var cookieSource: EncodedPasswordSource?
    var authUser: String?
    var authPassword: EncodedPasswordSource?
    var authMethod: AuthMethod?
    var proxy: String?
    var proxyUser: String?
    var proxyPassword: EncodedPasswordSource?
    var timeout: Int?
    var maxSize: Int?
    var keepPerFeed: Int?
    var keepDays: Int?
    var caFile: String?
    var fullText: FullTextPolicy?

    init(_ settings: FeedSettings, hidingSecrets: Bool) {
        interval = settings.interval
        userAgent = settings.userAgent
        let headers = hidingSecrets ? settings.shownHeaders : settings.headers
        self.headers = headers.isEmpty ? nil : headers
        let secretHeaders = hidingSecrets ? settings.shownSecretHeaders : settings.secretHeaders
        self.secretHeaders = secretHeaders.isEmpty ? nil : secretHeaders
        headerSources = settings.headerSources.isEmpty
            ? nil
            : settings.headerSources.map {
                EncodedHeaderSource(name: $0.name, source: EncodedPasswordSource($0.source, hidingSecrets: hidingSecrets))
            }
        cookie = hidingSecrets ? settings.shownCookie : settings.cookie
        cookieSource = settings.cookieSource.map { EncodedPasswordSource($0, hidingSecrets: hidingSecrets) }
        authUser = settings.authUser
        authPassword = settings.authPassword.map { EncodedPasswordSource($0, hidingSecrets: hidingSecrets) }
        authMethod = settings.authMethod
        proxy = settings.proxy
        proxyUser = settings.proxyUser
        proxyPassword = settings.proxyPassword.map { EncodedPasswordSource($0, hidingSecrets: hidingSecrets) }
        timeout = settings.timeout
        maxSize = settings.maxSize
        keepPerFeed = settings.keepPerFeed
        keepDays = settings.keepDays
        caFile = settings.caFile
        fullText = settings.fullText
    }
}

/// A `FeedSettings.HeaderSource` as `{"name": "X-Api-Key", "source": {"command": [argv]}}`.
private struct EncodedHeaderSource: Codable {
    var name: String
    var source: EncodedPasswordSource
}

/// A `PasswordSource` as `{"command": [argv]}`, `{"file": path}` or `{"value": secret}` (on the
/// wire `{"value": "(hidden)", "file": "(hidden)"}`; `value` wins when both are read).
private struct EncodedPasswordSource: Codable {
    var command: [String]?
    var file: String?
    var value: String?

    init(_ source: PasswordSource, hidingSecrets: Bool) {
        switch source {
        case .command(let argv): command = argv
        case .file(let path): file = path
        case .value(let secret):
            value = hidingSecrets ? FeedSettings.hidden : secret
            // A client before protocol 1.13 reads a source as a command or a file only: it then
            // shows a hidden file instead of failing to read the feed at all.
            if hidingSecrets { file = FeedSettings.hidden }
        }
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        command = try container.decodeIfPresent([String].self, forKey: .command)
        file = try container.decodeIfPresent(String.self, forKey: .file)
        value = try container.decodeIfPresent(String.self, forKey: .value)
        guard value != nil || (command == nil) != (file == nil) else {
            throw DecodingError.dataCorrupted(.init(
                codingPath: decoder.codingPath, debugDescription: "a password source has one of `command`, `file` or `value`"))
        }
    }

    var source: PasswordSource? {
        if let command { return .command(command) }
        if let value { return .value(value) }
        return file.map(PasswordSource.file)
    }
}
