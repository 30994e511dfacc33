#ifndef TIDINGS_CSPAWN_SHIM_H
#define TIDINGS_CSPAWN_SHIM_H

// posix_spawn's change of directory (glibc 2.29) and closing of every descriptor from a number
// on (glibc 2.34), declared only under _GNU_SOURCE, which the Glibc module Swift ships is not
// built with. ChildProcess starts command feeds in the user's home directory without a chdir in
// the (multi-threaded) daemon, and closes in the child whatever the parent's threads had open.

#include <spawn.h>

extern int posix_spawn_file_actions_addchdir_np(posix_spawn_file_actions_t *__restrict actions,
                                                const char *__restrict path);

extern int posix_spawn_file_actions_addclosefrom_np(posix_spawn_file_actions_t *actions, int from);

static inline int tidings_spawn_add_chdir(posix_spawn_file_actions_t *actions, const char *path) {
    return posix_spawn_file_actions_addchdir_np(actions, path);
}

static inline int tidings_spawn_add_closefrom(posix_spawn_file_actions_t *actions, int from) {
    return posix_spawn_file_actions_addclosefrom_np(actions, from);
}

#endif
