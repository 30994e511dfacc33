#ifndef TIDINGS_CMALLOC_SHIM_H
#define TIDINGS_CMALLOC_SHIM_H

// glibc's allocator controls, which the Glibc module Swift ships does not import (<malloc.h>).
// The daemon uses malloc_trim to give back what a refresh pass freed (RefreshInteractor) and
// mallopt(M_ARENA_MAX, M_MMAP_THRESHOLD) to keep one heap per core and large blocks out of
// the heaps (tidingsd RunCommand).

#include <malloc.h>

#endif
