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
#include <stddef.h>
#include <wchar.h>
#include <ncursesw/curses.h>

typedef struct {
    __typeof__(initscr) *initscr;
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
    __typeof__(wnoutrefresh) *wnoutrefresh;
    __typeof__(doupdate) *doupdate;
    __typeof__(clearok) *clearok;
    __typeof__(getmaxy) *getmaxy;
    __typeof__(getmaxx) *getmaxx;
    __typeof__(set_escdelay) *set_escdelay;
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
    TIDINGS_CURSES_SYMBOL(wnoutrefresh)
    TIDINGS_CURSES_SYMBOL(doupdate)
    TIDINGS_CURSES_SYMBOL(clearok)
    TIDINGS_CURSES_SYMBOL(getmaxy)
    TIDINGS_CURSES_SYMBOL(getmaxx)
    TIDINGS_CURSES_SYMBOL(set_escdelay)
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

#endif
