import FeedEntities
import Testing

struct CommandWordsTests {
    private func words(_ line: String) throws -> [String] {
        try CommandWords(parsing: line).arguments(home: "/home/me")
    }

    /// newsboat's own examples (its documentation's `exec:~/bin/execurl-script` and
    /// `filter:~/bin/filter-script:…`) and what its shell makes of quotes and backslashes.
    @Test func splitsAsThePOSIXShellDoes() throws {
        #expect(try words("~/bin/execurl-script") == ["/home/me/bin/execurl-script"])
        #expect(try words("  myfeed\t--flag  x ") == ["myfeed", "--flag", "x"])
        #expect(try words(#"a 'b c' "d e" f\ g"#) == ["a", "b c", "d e", "f g"])
        #expect(try words(#"a'b'"c"\d"#) == ["abcd"])
        #expect(try words(#"'it'\''s' "say \"hi\" \\ \$ \` \n""#) == ["it's", #"say "hi" \ $ ` \n"#])
        #expect(try words(#"'$HOME' '~/x' "~/y" \~/z"#) == ["$HOME", "~/x", "~/y", "~/z"])
        #expect(try words("prog '' x") == ["prog", "", "x"])
        #expect(try words("prog 'a;b|c&d' https://x.example/f?a=1*") == ["prog", "a;b|c&d", "https://x.example/f?a=1*"])
        #expect(try words("~ ~/ a~b a#b") == ["/home/me", "/home/me", "a~b", "a#b"])
    }

    @Test func keepsTheHomeAsAMarkUntilItRuns() throws {
        let command = try CommandWords(parsing: "~/bin/my\\ feed ~")
        #expect(command.words == [.init("bin/my feed", isHomeRelative: true), .init("", isHomeRelative: true)])
        #expect(command.arguments(home: "/") == ["/bin/my feed", "/"])
        #expect(command.arguments(home: "/home/me/") == ["/home/me/bin/my feed", "/home/me"])
        #expect(command.program == "~/'bin/my feed'")
    }

    @Test func writesWordsBackSoThatTheyReadTheSame() throws {
        for line in [
            ##"~/bin/x --flag 'two words' "it's" '$(touch /tmp/pwned)' '' a\;b ~ 'x=1' "#x" '~/lit'"##,
            "plain words only", "unicode 'ünï cödé' \"tab\tinside\"",
        ] {
            let command = try CommandWords(parsing: line)
            let again = try CommandWords(parsing: command.written)
            #expect(again == command, "\(line) → \(command.written)")
        }
        #expect(try CommandWords(parsing: #"~/bin/x   "a b"  it\'s"#).written == #"~/bin/x 'a b' 'it'\''s'"#)
    }

    @Test(arguments: [
        ("prog; touch /tmp/x", CommandWordsError.shellSyntax(";")),
        ("prog | grep x", .shellSyntax("|")),
        ("prog && x", .shellSyntax("&")),
        ("prog > out", .shellSyntax(">")),
        ("prog $(touch x)", .shellSyntax("$")),
        ("prog $HOME", .shellSyntax("$")),
        ("prog `id`", .shellSyntax("`")),
        (#"prog "$(id)""#, .expansionInDoubleQuotes("$")),
        (#"prog "`id`""#, .expansionInDoubleQuotes("`")),
        ("prog 'open", .unclosedQuote("'")),
        (#"prog "open"#, .unclosedQuote("\"")),
        (#"prog \"#, .trailingBackslash),
        ("~root/bin/x", .userHome("~r")),
        ("FOO=1 prog", .assignment("FOO=1")),
        ("prog #comment", .comment),
        ("", .empty),
        ("   ", .empty),
        ("prog\nsecond", .controlCharacter(0x0A)),
        ("prog \u{1B}[31m", .controlCharacter(0x1B)),
    ])
    func refusesWhatOnlyAShellCouldDo(line: String, error: CommandWordsError) {
        #expect(throws: error) { try CommandWords(parsing: line) }
    }

    @Test func hasABudget() {
        #expect(throws: CommandWordsError.tooLong(bytes: 5000)) { try CommandWords(parsing: String(repeating: "a", count: 5000)) }
        #expect(throws: CommandWordsError.tooManyWords) {
            try CommandWords(parsing: Array(repeating: "a", count: 300).joined(separator: " "))
        }
        #expect(throws: Never.self) { try CommandWords(parsing: Array(repeating: "a", count: 256).joined(separator: " ")) }
    }

    @Test func errorsSayWhatToDo() {
        #expect(CommandWordsError.shellSyntax("|").description.contains("without a shell"))
        #expect(CommandWordsError.unclosedQuote("'").description == "the command has an unbalanced ': close it")
    }
}
