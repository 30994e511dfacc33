import ChildProcess
import Testing

struct WaitStatusTests {
    @Test func exitCodesAndSignalsAreReadFromTheStatusWord() {
        #expect(WaitStatus(0) == .exited(0))
        #expect(WaitStatus(3 << 8) == .exited(3))
        #expect(WaitStatus(9) == .signalled(9))
        #expect(WaitStatus(15 | 0x80) == .signalled(15), "a core dump flag does not change the signal")
    }
}
