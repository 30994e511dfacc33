import FeedEntities
import Testing

struct URLCredentialsTests {
    @Test func theUserinfoComesOutOfTheURL() throws {
        let cases: [(String, String, String, String?)] = [
            ("http://ada:s3cret@example.org/feed.xml", "http://example.org/feed.xml", "ada", "s3cret"),
            ("HTTPS://ada:p%40ss%3Aword@example.org:8443/f?q=1#x", "HTTPS://example.org:8443/f?q=1#x", "ada", "p@ss:word"),
            ("https://ada@example.org/", "https://example.org/", "ada", nil),
            ("https://a%20b:pa@ss@[::1]:81/feed", "https://[::1]:81/feed", "a b", "pa@ss"),
            ("http://ada:@example.org", "http://example.org", "ada", ""),
        ]
        #expect(!cases.isEmpty)
        for (url, plain, user, password) in cases {
            let credentials = try #require(URLCredentials(splitting: url), "\(url)")
            #expect(credentials.url == plain, "\(url)")
            #expect(credentials.user == user, "\(url)")
            #expect(credentials.password == password, "\(url)")
        }
    }

    @Test func urlsWithoutCredentialsOrOfOtherSchemesHaveNone() {
        for url in ["https://example.org/@feed", "https://example.org/?to=a@b", "ftp://a:b@example.org/", "exec:~/bin/x a@b",
                    "https://@example.org/", "https://ada:pw@/feed", "https://ada:%zz@example.org/"] {
            #expect(URLCredentials(splitting: url) == nil, "\(url)")
        }
    }

    @Test func aStoredPasswordIsShownHidden() {
        #expect(URLCredentials.redacted("https://ada:s3cret@example.org/f") == "https://ada:(hidden)@example.org/f")
        #expect(URLCredentials.redacted("https://ada@example.org/f") == "https://ada@example.org/f")
        #expect(URLCredentials.redacted("https://example.org/f") == "https://example.org/f")
    }
}
