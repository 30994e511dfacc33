#ifndef TIDINGS_CMALLOC_SHIM_H
#define TIDINGS_CMALLOC_SHIM_H

// glibc's allocator controls, which the Glibc module Swift ships does not import (<malloc.h>).
// The daemon uses malloc_trim to give back what a refresh pass freed (RefreshInteractor) and
// mallopt(M_ARENA_MAX) to keep one heap per core (tidingsd RunCommand).

#include <malloc.h>

#endif
