#ifndef TIDINGS_CCURSES_SHIM_H
#define TIDINGS_CCURSES_SHIM_H

/* ncursesw, loaded on first use with dlopen: `tidings` links no curses library, so the commands
 * that never open the reader (all but one) do not pay for loading it at start-up. The header
 * gives the types, constants and signatures; every call goes through the function table that
 * tidings_curses_open() fills with dlsym. Function-like macros (COLOR_PAIR, A_BOLD) are given as
 * static inline functions, which Swift can call. */

#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>
#include <wchar.h>
#include <ncursesw/curses.h>

typedef struct {
    __typeof__(initscr) *initscr;
    __typeof__(newterm) *newterm;
    __typeof__(def_prog_mode) *def_prog_mode;
    __typeof__(resizeterm) *resizeterm;
    __typeof__(tigetstr) *tigetstr;
    __typeof__(tigetnum) *tigetnum;
    __typeof__(endwin) *endwin;
    __typeof__(isendwin) *isendwin;
    __typeof__(cbreak) *cbreak;
    __typeof__(noecho) *noecho;
    __typeof__(nonl) *nonl;
    __typeof__(keypad) *keypad;
    __typeof__(curs_set) *curs_set;
    __typeof__(wtimeout) *wtimeout;
    __typeof__(wget_wch) *wget_wch;
    __typeof__(has_colors) *has_colors;
    __typeof__(start_color) *start_color;
    __typeof__(use_default_colors) *use_default_colors;
    __typeof__(init_pair) *init_pair;
    __typeof__(wattr_set) *wattr_set;
    __typeof__(wmove) *wmove;
    __typeof__(waddnwstr) *waddnwstr;
    __typeof__(werase) *werase;
    __typeof__(wclrtoeol) *wclrtoeol;
    __typeof__(wbkgdset) *wbkgdset;
    __typeof__(wnoutrefresh) *wnoutrefresh;
    __typeof__(doupdate) *doupdate;
    __typeof__(clearok) *clearok;
    __typeof__(wredrawln) *wredrawln;
    __typeof__(getmaxy) *getmaxy;
    __typeof__(getmaxx) *getmaxx;
    __typeof__(set_escdelay) *set_escdelay;
    __typeof__(keyname) *keyname;
    WINDOW **stdscr;
} tidings_curses_api;

/* The library, opened once; NULL (and *error set to dlerror's text) when it cannot be loaded
 * or lacks a function. Not thread-safe: call it from the reader's thread only. */
static inline const tidings_curses_api *tidings_curses_open(const char **error) {
    static tidings_curses_api api;
    static int loaded = 0;
    if (loaded) return &api;
    void *library = dlopen("libncursesw.so.6", RTLD_NOW | RTLD_LOCAL);
    if (!library) { *error = dlerror(); return NULL; }
#define TIDINGS_CURSES_SYMBOL(name) \
    api.name = (__typeof__(api.name))dlsym(library, #name); \
    if (!api.name) { *error = dlerror(); return NULL; }
    TIDINGS_CURSES_SYMBOL(initscr)
    TIDINGS_CURSES_SYMBOL(newterm)
    TIDINGS_CURSES_SYMBOL(def_prog_mode)
    TIDINGS_CURSES_SYMBOL(resizeterm)
    TIDINGS_CURSES_SYMBOL(tigetstr)
    TIDINGS_CURSES_SYMBOL(tigetnum)
    TIDINGS_CURSES_SYMBOL(endwin)
    TIDINGS_CURSES_SYMBOL(isendwin)
    TIDINGS_CURSES_SYMBOL(cbreak)
    TIDINGS_CURSES_SYMBOL(noecho)
    TIDINGS_CURSES_SYMBOL(nonl)
    TIDINGS_CURSES_SYMBOL(keypad)
    TIDINGS_CURSES_SYMBOL(curs_set)
    TIDINGS_CURSES_SYMBOL(wtimeout)
    TIDINGS_CURSES_SYMBOL(wget_wch)
    TIDINGS_CURSES_SYMBOL(has_colors)
    TIDINGS_CURSES_SYMBOL(start_color)
    TIDINGS_CURSES_SYMBOL(use_default_colors)
    TIDINGS_CURSES_SYMBOL(init_pair)
    TIDINGS_CURSES_SYMBOL(wattr_set)
    TIDINGS_CURSES_SYMBOL(wmove)
    TIDINGS_CURSES_SYMBOL(waddnwstr)
    TIDINGS_CURSES_SYMBOL(werase)
    TIDINGS_CURSES_SYMBOL(wclrtoeol)
    TIDINGS_CURSES_SYMBOL(wbkgdset)
    TIDINGS_CURSES_SYMBOL(wnoutrefresh)
    TIDINGS_CURSES_SYMBOL(doupdate)
    TIDINGS_CURSES_SYMBOL(clearok)
    TIDINGS_CURSES_SYMBOL(wredrawln)
    TIDINGS_CURSES_SYMBOL(getmaxy)
    TIDINGS_CURSES_SYMBOL(getmaxx)
    TIDINGS_CURSES_SYMBOL(set_escdelay)
    TIDINGS_CURSES_SYMBOL(keyname)
    TIDINGS_CURSES_SYMBOL(stdscr)
#undef TIDINGS_CURSES_SYMBOL
    loaded = 1;
    return &api;
}

static inline attr_t tidings_curses_bold(void) { return A_BOLD; }
static inline attr_t tidings_curses_reverse(void) { return A_REVERSE; }
static inline attr_t tidings_curses_underline(void) { return A_UNDERLINE; }
static inline attr_t tidings_curses_dim(void) { return A_DIM; }
static inline attr_t tidings_curses_normal(void) { return A_NORMAL; }
static inline attr_t tidings_curses_standout(void) { return A_STANDOUT; }
static inline attr_t tidings_curses_blink(void) { return A_BLINK; }
static inline attr_t tidings_curses_italic(void) { return A_ITALIC; }
static inline attr_t tidings_curses_invisible(void) { return A_INVIS; }
static inline attr_t tidings_curses_protect(void) { return A_PROTECT; }
/* A blank in a colour pair with attributes, for wbkgdset (COLOR_PAIR is a macro). */
static inline chtype tidings_curses_blank(attr_t attributes, short pair) {
    return (chtype)' ' | (chtype)attributes | (chtype)COLOR_PAIR(pair);
}


/* newterm on a terminal: unlike initscr, it returns NULL for an unknown terminal type instead
 * of printing and exiting. `type` NULL means $TERM; descriptors 0 and 1 are the process's own
 * stdin and stdout, others (a test's pseudo-terminal) get streams of their own. */
static inline SCREEN *tidings_curses_newterm(const tidings_curses_api *api, const char *type, int input, int output) {
    FILE *input_stream = input == STDIN_FILENO ? stdin : fdopen(dup(input), "r");
    FILE *output_stream = output == STDOUT_FILENO ? stdout : fdopen(dup(output), "w");
    if (input_stream == NULL || output_stream == NULL) return NULL;
    return api->newterm(type, output_stream, input_stream);
}

/* libc's width of a wide character in the current locale, the one ncurses uses; glibc declares
 * wcwidth only for _XOPEN_SOURCE. */
extern int wcwidth(wchar_t character);
static inline int tidings_wcwidth(wchar_t character) { return wcwidth(character); }

/* A pseudo-terminal pair, for tests that run the reader's terminal without a TTY: the master
 * (the test plays the terminal emulator there) and the slave (the reader's terminal). Returns 0,
 * or -1 with errno. glibc declares posix_openpt and its companions only for _XOPEN_SOURCE. */
extern int posix_openpt(int flags);
extern int grantpt(int descriptor);
extern int unlockpt(int descriptor);
extern char *ptsname(int descriptor);
static inline int tidings_open_pseudo_terminal(int *master, int *slave) {
    int primary = posix_openpt(O_RDWR | O_NOCTTY);
    if (primary < 0) return -1;
    const char *name = NULL;
    if (grantpt(primary) != 0 || unlockpt(primary) != 0 || (name = ptsname(primary)) == NULL) {
        close(primary);
        return -1;
    }
    int secondary = open(name, O_RDWR | O_NOCTTY);
    if (secondary < 0) {
        close(primary);
        return -1;
    }
    *master = primary;
    *slave = secondary;
    return 0;
}

/* A terminfo string capability, or NULL when the terminal has none. */
static inline const char *tidings_curses_capability(const tidings_curses_api *api, const char *name) {
    char *value = api->tigetstr(name);
    if (value == NULL || value == (char *)-1) return NULL;
    return value;
}

/* MARK: Signals to the self-pipe
 *
 * SIGWINCH, SIGTSTP, SIGCONT, SIGINT, SIGTERM and SIGHUP are written, one byte each, to a pipe
 * the reader's input thread polls: the handler does nothing else, so it is async-signal-safe,
 * and the work (resizing, stopping, ending) happens on the main thread. Installed before
 * newterm, so ncurses, which only takes signals left at SIG_DFL, leaves them alone. */

/* The state the handlers share is in weak globals rather than in static variables: each
 * object file that uses this header gets its own copy of a static inline function and of its
 * statics, while the linker merges the weak definitions into one. */
__attribute__((weak)) volatile sig_atomic_t tidings_signal_pipe_descriptor = -1;

static inline volatile sig_atomic_t *tidings_signal_pipe_slot(void) {
    return &tidings_signal_pipe_descriptor;
}

static inline void tidings_signal_to_pipe(int signal_number) {
    int saved_errno = errno;
    int descriptor = (int)*tidings_signal_pipe_slot();
    if (descriptor >= 0) {
        unsigned char byte = (unsigned char)signal_number;
        ssize_t ignored = write(descriptor, &byte, 1);
        (void)ignored;
    }
    errno = saved_errno;
}

/* The descriptor the handler writes to; -1 makes it write nothing. */
static inline void tidings_signal_pipe_set(int descriptor) {
    *tidings_signal_pipe_slot() = descriptor;
}

/* Sends `signal_number` to the pipe from now on; the action it replaces goes to `previous`. */
static inline int tidings_signal_to_pipe_install(int signal_number, struct sigaction *previous) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = tidings_signal_to_pipe;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    return sigaction(signal_number, &action, previous);
}

/* Puts back an action saved by an install. */
static inline int tidings_signal_restore(int signal_number, const struct sigaction *previous) {
    return sigaction(signal_number, previous, NULL);
}

/* Sets `signal_number` to its default action (SIGTSTP, before the reader stops itself). */
static inline int tidings_signal_default(int signal_number) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = SIG_DFL;
    sigemptyset(&action.sa_mask);
    return sigaction(signal_number, &action, NULL);
}

/* MARK: The crash path
 *
 * While the reader holds the terminal, a fatal signal (SIGSEGV, SIGBUS, SIGILL, SIGTRAP,
 * SIGABRT, SIGFPE) first restores the terminal modes saved at begin and writes the terminfo
 * bytes that leave the alternate screen and show the cursor, all precomputed, so the handler
 * only calls tcsetattr, write and sigaction (async-signal-safe). It then puts back the action
 * it replaced (the Swift runtime's backtracer, or the default) and lets that one run: a fault
 * the kernel raised happens again when the handler returns; a signal sent by the process
 * (abort, raise) is raised again. The same restoring runs at exit, in case the reader did not
 * end. */

#define TIDINGS_CRASH_SIGNAL_LIMIT 32
#define TIDINGS_CRASH_BYTES_LIMIT 512

typedef struct {
    volatile sig_atomic_t active;
    int descriptor;
    struct termios modes;
    char bytes[TIDINGS_CRASH_BYTES_LIMIT];
    size_t byte_count;
    struct sigaction previous[TIDINGS_CRASH_SIGNAL_LIMIT];
    int installed[TIDINGS_CRASH_SIGNAL_LIMIT];
    int exit_handler_registered;
} tidings_crash_state;

__attribute__((weak)) tidings_crash_state tidings_crash_storage = { .active = 0 };

static inline tidings_crash_state *tidings_crash(void) {
    return &tidings_crash_storage;
}

/* Restores the terminal once (async-signal-safe); does nothing when the reader is not active. */
static inline void tidings_crash_restore_terminal(void) {
    tidings_crash_state *state = tidings_crash();
    if (!state->active) return;
    state->active = 0;
    tcsetattr(state->descriptor, TCSANOW, &state->modes);
    size_t written = 0;
    while (written < state->byte_count) {
        ssize_t count = write(state->descriptor, state->bytes + written, state->byte_count - written);
        if (count < 0 && errno == EINTR) continue;
        if (count <= 0) break;
        written += (size_t)count;
    }
}

static inline void tidings_crash_handler(int signal_number, siginfo_t *info, void *context) {
    (void)context;
    int saved_errno = errno;
    tidings_crash_restore_terminal();
    tidings_crash_state *state = tidings_crash();
    if (signal_number > 0 && signal_number < TIDINGS_CRASH_SIGNAL_LIMIT && state->installed[signal_number]) {
        sigaction(signal_number, &state->previous[signal_number], NULL);
        state->installed[signal_number] = 0;
    } else {
        signal(signal_number, SIG_DFL);
    }
    /* si_code > 0: the kernel raised it for a faulting instruction, which faults again on
     * return and reaches the previous action with its real details. Otherwise it was sent
     * (abort, raise, kill): send it again; it is blocked until this handler returns. */
    if (info == NULL || info->si_code <= 0) raise(signal_number);
    errno = saved_errno;
}

static inline void tidings_crash_at_exit(void) {
    tidings_crash_restore_terminal();
}

/* Arms the crash path: `modes` are the terminal modes to restore on `descriptor`, `bytes` what
 * to write there (at most TIDINGS_CRASH_BYTES_LIMIT; longer is cut). Returns 0, or -1 with
 * errno from sigaction. */
static inline int tidings_crash_arm(int descriptor, const struct termios *modes, const char *bytes, size_t byte_count) {
    static const int signals[] = { SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE };
    tidings_crash_state *state = tidings_crash();
    state->active = 0;
    state->descriptor = descriptor;
    state->modes = *modes;
    state->byte_count = byte_count < TIDINGS_CRASH_BYTES_LIMIT ? byte_count : TIDINGS_CRASH_BYTES_LIMIT;
    memcpy(state->bytes, bytes, state->byte_count);
    if (!state->exit_handler_registered) {
        atexit(tidings_crash_at_exit);
        state->exit_handler_registered = 1;
    }
    for (size_t index = 0; index < sizeof signals / sizeof signals[0]; index++) {
        int signal_number = signals[index];
        if (state->installed[signal_number]) continue;
        struct sigaction action;
        memset(&action, 0, sizeof action);
        action.sa_sigaction = tidings_crash_handler;
        sigemptyset(&action.sa_mask);
        action.sa_flags = SA_SIGINFO | SA_ONSTACK;
        if (sigaction(signal_number, &action, &state->previous[signal_number]) != 0) return -1;
        state->installed[signal_number] = 1;
    }
    state->active = 1;
    return 0;
}

/* Disarms the crash path after a normal end: the previous actions are back, nothing is written. */
static inline void tidings_crash_disarm(void) {
    tidings_crash_state *state = tidings_crash();
    state->active = 0;
    for (int signal_number = 1; signal_number < TIDINGS_CRASH_SIGNAL_LIMIT; signal_number++) {
        if (!state->installed[signal_number]) continue;
        sigaction(signal_number, &state->previous[signal_number], NULL);
        state->installed[signal_number] = 0;
    }
}

/* Whether the crash path would restore the terminal now. */
static inline int tidings_crash_is_armed(void) {
    return tidings_crash()->active != 0;
}

#endif
