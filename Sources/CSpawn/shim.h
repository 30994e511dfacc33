#ifndef TIDINGS_CSPAWN_SHIM_H
#define TIDINGS_CSPAWN_SHIM_H

// posix_spawn's change of directory (glibc 2.29), declared only under _GNU_SOURCE, which the
// Glibc module Swift ships is not built with. ChildProcess starts command feeds in the user's
// home directory with it, without a chdir in the (multi-threaded) daemon.

#include <spawn.h>

extern int posix_spawn_file_actions_addchdir_np(posix_spawn_file_actions_t *__restrict actions,
                                                const char *__restrict path);

static inline int tidings_spawn_add_chdir(posix_spawn_file_actions_t *actions, const char *path) {
    return posix_spawn_file_actions_addchdir_np(actions, path);
}

#endif
