#ifndef TIDINGS_CZSTD_SHIM_H
#define TIDINGS_CZSTD_SHIM_H

// zstd's stable API (zstd.h) and its dictionary builder (zdict.h). Swift imports neither
// ZSTD_CONTENTSIZE_UNKNOWN/ERROR (macros of casts), so they are functions here.

#include <zstd.h>
// For ZDICT_trainFromBuffer_fastCover with fixed parameters: the stable ZDICT_trainFromBuffer
// searches them, which takes ten times as long for the same dictionary on feed HTML.
#define ZDICT_STATIC_LINKING_ONLY
#include <zdict.h>

static inline unsigned long long tidings_zstd_contentsize_unknown(void) { return ZSTD_CONTENTSIZE_UNKNOWN; }
static inline unsigned long long tidings_zstd_contentsize_error(void) { return ZSTD_CONTENTSIZE_ERROR; }

#endif
