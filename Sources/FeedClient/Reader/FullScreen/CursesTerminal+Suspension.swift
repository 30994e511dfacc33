import Glibc
import CCurses

/// Giving the terminal back: for a while (a program that needs it, Ctrl-Z), or for good.
extension CursesTerminal {
    public func suspend() {
        guard !isEnded, !isSuspended else { return }
        // The program given the terminal sees none of the reader's pictures.
        forgetPictures(freeing: true)
        isSuspended = true
        _ = api.def_prog_mode!()
        _ = api.endwin!()
        Self.write(Self.bracketedPasteOff, to: output)
        // Ctrl-Z in the program that has the terminal now stops the reader with it (the
        // default action), as the shell expects of one job, instead of a note in the pipe.
        tidings_signal_default(SIGTSTP)
    }

    public func resume() {
        guard !isEnded, isSuspended else { return }
        isSuspended = false
        var replaced = sigaction()
        tidings_signal_to_pipe_install(SIGTSTP, &replaced)
        let window = api.stdscr!.pointee
        Self.write(Self.bracketedPasteOn, to: output)
        // The first refresh after endwin puts the program's modes back.
        _ = api.keypad!(window, true)
        _ = api.curs_set!(cursorShown ? 1 : 0)
        if resizePending {
            resizePending = false
            applyWindowSize()
        }
        repaint()
        let held = heldWakes
        heldWakes = []
        for (wake, done) in held { receive(wake, done: done) }
    }

    public func suspendProcess() {
        guard !isEnded else { return }
        suspend()
        tidings_signal_default(SIGTSTP)
        // raise, not kill: the calling thread stops before the handler below is back. The main
        // actor may run on a Dispatch worker thread, which blocks SIGTSTP: unblocked here, or
        // the signal would stay pending and the process would never stop.
        var stop = sigset_t(), previousMask = sigset_t()
        sigemptyset(&stop)
        sigaddset(&stop, SIGTSTP)
        pthread_sigmask(SIG_UNBLOCK, &stop, &previousMask)
        raise(SIGTSTP)
        pthread_sigmask(SIG_SETMASK, &previousMask, nil)
        var ignored = sigaction()
        tidings_signal_to_pipe_install(SIGTSTP, &ignored)
        resume()
    }

    public func end() {
        guard !isEnded else { return }
        forgetPictures(freeing: true)
        isEnded = true
        tidings_crash_disarm()
        if api.isendwin!() == false { _ = api.endwin!() }
        Self.write(Self.bracketedPasteOff, to: output)
        tcsetattr(output, TCSANOW, &savedModes)
        tidings_signal_pipe_set(-1)
        Self.restoreSignals(previousActions)
        inputThread.stop()
        let held = heldWakes
        heldWakes = []
        for (_, done) in held { done() }
        continuation.finish()
    }

    /// Clears the terminal and draws the whole grid again (Ctrl-L, after SIGCONT).
    public func repaint() {
        guard !isEnded, !isSuspended else { return }
        let window = api.stdscr!.pointee
        _ = api.clearok!(window, true)
        forgetPictures(freeing: false)
        present()
    }
}
