import Glibc
@testable import FeedDaemon
import Logging
import Testing

struct JournalLogHandlerTests {
    @Test func syslogPrioritiesFollowTheLevels() {
        let expected: [(Logger.Level, Int)] = [
            (.trace, 7), (.debug, 7), (.info, 6), (.notice, 5), (.warning, 4), (.error, 3), (.critical, 2),
        ]
        for (level, priority) in expected {
            #expect(JournalLogHandler.priority(level) == priority, "\(level)")
        }
    }

    @Test func feedTextCannotBreakALineOrInjectControlCharacters() {
        #expect(JournalLogHandler.singleLine("a\nb\r\u{1B}[31mc\u{7}") == "a b  [31mc ")
    }

    @Test func theJournalIsRecognisedOnlyWhenStderrIsIt() {
        var info = stat()
        #expect(fstat(STDERR_FILENO, &info) == 0)
        let own = "\(info.st_dev):\(info.st_ino)"
        #expect(JournalLogHandler.isJournalStream(environment: ["JOURNAL_STREAM": own]))
        #expect(!JournalLogHandler.isJournalStream(environment: ["JOURNAL_STREAM": "\(info.st_dev):\(info.st_ino + 1)"]))
        #expect(!JournalLogHandler.isJournalStream(environment: ["JOURNAL_STREAM": "garbage"]))
        #expect(!JournalLogHandler.isJournalStream(environment: [:]))
    }

    @Test func theSharedLevelChangesExistingHandlersUnlessOneHasItsOwn() {
        let level = LogLevelSwitch(.info)
        var first = JournalLogHandler(label: "t", level: level, journal: true)
        let second = JournalLogHandler(label: "t", level: level, journal: true)
        level.current = .debug
        #expect(first.logLevel == .debug && second.logLevel == .debug)
        first.logLevel = .error
        level.current = .trace
        #expect(first.logLevel == .error)
        #expect(second.logLevel == .trace)
    }
}
