import FeedEntities

// The keys: a confirmation's answer, a macro's key after `macro-prefix`, else the key to the
// screen on top and what it did not use to the shell.
extension ReaderPresenter {
    func handle(_ event: TerminalEvent) async {
        guard let top = stack.last else { return }
        switch event {
        case .key(let key):
            status.message = nil
            if let action = pendingConfirmation {
                pendingConfirmation = nil
                if key == .character("y") || key == .character("Y") {
                    await action()
                    redrawAll()
                } else {
                    say("Cancelled", isError: false)
                    present()
                }
                return
            }
            if awaitingMacro {
                awaitingMacro = false
                await runMacro(key)
                return
            }
            await dispatch(key, action: bindings.action(for: key), to: top)
        case .resized:
            await top.sizeDidChange()
            redrawAll()
        case .suspend:
            view?.suspendJob()
        case .terminate(let signal):
            ending = .interrupted(signal: signal)
        case .inputClosed:
            // On a terminal, input ends only when it hangs up: as SIGHUP would end the reader.
            if ending == nil { ending = .hangUp }
        }
    }

    /// The runs of `macros:` bound to `key`: each action in turn, to the screen on top when it
    /// comes (an `open` puts the next one on another screen), as if its key had been pressed.
    private func runMacro(_ key: KeyPress) async {
        guard let actions = macros[key] else {
            say("No macro on \(KeyBindings.name(of: key))", isError: false)
            present()
            return
        }
        for action in actions {
            guard let top = stack.last, ending == nil else { return }
            await dispatch(bindings.keys(for: action).first ?? .function(0), action: action, to: top)
        }
    }

    /// A key to the screen on top, then to the shell when the screen did not use it.
    private func dispatch(_ key: KeyPress, action: ReaderAction?, to top: any ReaderScreen) async {
        if await top.handle(key, action: action) {
            present()
            return
        }
        switch action {
        case .quit: await pop()
        case .hardQuit: quit()
        case .help: await push(ReaderHelpRouter.assemble(bindings: bindings, navigator: self))
        case .reloadAll: refresh(feeds: [])
        case .redraw:
            redrawAll()
            view?.repaint()
        case .macroPrefix:
            awaitingMacro = true
            say("Macro: press its key", isError: false)
            present()
        default: present()
        }
    }
}
