import Glibc

/// The one thread besides the main one that the full-screen terminal needs: it only waits, with
/// `poll`, for standard input and for the self-pipe the signal handlers write to, and hands
/// each wake-up to the main actor, which does the reading (curses is not thread-safe).
///
/// A plain pthread: Foundation's `Thread` would load Foundation into a client that starts on
/// FoundationEssentials. The thread waits after each hand-off until the main actor calls `done`,
/// so it never polls input the main actor has not drained yet, and holds still while the
/// terminal is suspended (a terminal browser reads the same input).
final class TerminalInputThread: Sendable {
    /// What woke the thread.
    enum Wake: Equatable, Sendable {
        /// Standard input has bytes to read.
        case readable
        /// A signal handler wrote this signal's number to the pipe.
        case signal(Int32)
        /// Standard input reached its end or failed; the thread has stopped.
        case closed
    }

    /// Receives each wake-up; must call `done` (once, from anywhere) when the thread may wait again.
    typealias Receiver = @Sendable (_ wake: Wake, _ done: @escaping @Sendable () -> Void) -> Void

    private let input: Int32
    /// The self-pipe: signal handlers and `stop()` write, the thread reads.
    let pipeRead: Int32
    let pipeWrite: Int32
    private let receiver: Receiver
    /// Posted by `done`, waited on by the thread after each hand-off (a POSIX semaphore: Dispatch's
    /// would load libswiftDispatch into every command). Only the thread waits, one hand-off at a time.
    nonisolated(unsafe) private let handedBack: UnsafeMutablePointer<sem_t>

    /// A system call that failed, with its errno.
    struct Failure: Error, Equatable {
        var call: String
        var code: Int32
    }

    /// Makes the self-pipe; `start()` starts the thread.
    /// - Throws: `Failure` when the pipe cannot be made.
    init(input: Int32, receiver: @escaping Receiver) throws(Failure) {
        var descriptors: [Int32] = [-1, -1]
        guard pipe(&descriptors) == 0 else { throw Failure(call: "pipe", code: errno) }
        for descriptor in descriptors {
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        }
        self.input = input
        pipeRead = descriptors[0]
        pipeWrite = descriptors[1]
        self.receiver = receiver
        handedBack = .allocate(capacity: 1)
        sem_init(handedBack, 0, 0)
    }

    deinit {
        sem_destroy(handedBack)
        handedBack.deallocate()
    }

    /// Starts the thread, detached: it ends by itself after `stop()` or at the input's end,
    /// closing the pipe.
    /// - Throws: `Failure` when the thread cannot be created.
    func start() throws(Failure) {
        var thread = pthread_t()
        let context = Unmanaged.passRetained(self).toOpaque()
        let result = pthread_create(&thread, nil, { context in
            let inputThread = Unmanaged<TerminalInputThread>.fromOpaque(context!).takeRetainedValue()
            inputThread.run()
            return nil
        }, context)
        guard result == 0 else {
            Unmanaged<TerminalInputThread>.fromOpaque(context).release()
            throw Failure(call: "pthread_create", code: result)
        }
        pthread_detach(thread)
    }

    /// Closes the pipe of a thread that was never started.
    func discard() {
        close(pipeRead)
        close(pipeWrite)
    }

    /// Asks the thread to end; it does at its next wake-up, without handing anything more over.
    func stop() {
        var stopByte: UInt8 = 0
        _ = write(pipeWrite, &stopByte, 1)
    }

    private func run() {
        defer {
            close(pipeRead)
            close(pipeWrite)
        }
        var descriptors = [
            pollfd(fd: pipeRead, events: Int16(POLLIN), revents: 0),
            pollfd(fd: input, events: Int16(POLLIN), revents: 0),
        ]
        while true {
            descriptors[0].revents = 0
            descriptors[1].revents = 0
            if poll(&descriptors, 2, -1) < 0 {
                if errno == EINTR { continue }
                hand(.closed)
                return
            }
            // The pipe first: a stop must win over input that is waiting.
            if descriptors[0].revents != 0 {
                var bytes = [UInt8](repeating: 0, count: 64)
                let count = read(pipeRead, &bytes, bytes.count)
                for byte in bytes.prefix(max(0, count)) {
                    if byte == 0 { return }
                    hand(.signal(Int32(byte)))
                }
                continue
            }
            let events = Int32(descriptors[1].revents)
            if events & (POLLERR | POLLHUP | POLLNVAL) != 0 || (events & POLLIN != 0 && Self.isAtEnd(input)) {
                hand(.closed)
                return
            }
            if events & POLLIN != 0 { hand(.readable) }
        }
    }

    /// Readable with no bytes: the end of a file or pipe. Never on a terminal, which ends with
    /// a hang-up (POLLHUP): there, no bytes only means another reader took them between the
    /// poll and here (a terminal browser reading its input while the reader is suspended).
    private static func isAtEnd(_ descriptor: Int32) -> Bool {
        guard isatty(descriptor) == 0 else { return false }
        var available: Int32 = 0
        return ioctl(descriptor, UInt(FIONREAD), &available) == 0 && available == 0
    }

    /// Hands `wake` to the receiver and waits until it is done with it.
    private func hand(_ wake: Wake) {
        receiver(wake) { [self] in sem_post(handedBack) }
        while sem_wait(handedBack) != 0, errno == EINTR {}
    }
}
