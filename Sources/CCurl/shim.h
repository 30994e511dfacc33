#ifndef TIDINGS_CCURL_SHIM_H
#define TIDINGS_CCURL_SHIM_H

// Swift cannot call C variadic functions, and curl_easy_setopt, curl_easy_getinfo and
// curl_multi_setopt are variadic. Each wrapper below fixes the type of the one argument, so the
// Swift side only ever sees typed, non-variadic functions.

#include <curl/curl.h>

// MARK: - curl_global_init flags (function-like macro expressions Swift does not import)

static inline long tidings_curl_global_default(void) { return CURL_GLOBAL_DEFAULT; }

// MARK: - curl_easy_setopt

static inline CURLcode tidings_curl_easy_set_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode tidings_curl_easy_set_off_t(CURL *handle, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(handle, option, value);
}

/// libcurl copies strings passed to it (since 7.17.0), so `value` may be freed afterwards.
static inline CURLcode tidings_curl_easy_set_string(CURL *handle, CURLoption option, const char *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode tidings_curl_easy_set_pointer(CURL *handle, CURLoption option, void *value) {
    return curl_easy_setopt(handle, option, value);
}

/// For CURLOPT_HTTPHEADER and friends; the list must outlive the transfer.
static inline CURLcode tidings_curl_easy_set_slist(CURL *handle, CURLoption option, struct curl_slist *value) {
    return curl_easy_setopt(handle, option, value);
}

/// Which HTTP authentication methods CURLOPT_HTTPAUTH / CURLOPT_PROXYAUTH allow: the CURLAUTH_*
/// masks are unsigned long expressions with casts, which Swift does not import.
typedef enum {
    TIDINGS_CURL_AUTH_BASIC,
    TIDINGS_CURL_AUTH_DIGEST,
    TIDINGS_CURL_AUTH_ANY,
} tidings_curl_auth;

static inline CURLcode tidings_curl_easy_set_auth(CURL *handle, CURLoption option, tidings_curl_auth method) {
    unsigned long mask = CURLAUTH_BASIC;
    switch (method) {
    case TIDINGS_CURL_AUTH_BASIC: mask = CURLAUTH_BASIC; break;
    case TIDINGS_CURL_AUTH_DIGEST: mask = CURLAUTH_DIGEST; break;
    case TIDINGS_CURL_AUTH_ANY: mask = CURLAUTH_ANY; break;
    }
    return curl_easy_setopt(handle, option, mask);
}

/// For CURLOPT_WRITEFUNCTION and CURLOPT_HEADERFUNCTION, which share one signature.
static inline CURLcode tidings_curl_easy_set_write_function(CURL *handle, CURLoption option, curl_write_callback value) {
    return curl_easy_setopt(handle, option, value);
}

/// For CURLOPT_XFERINFOFUNCTION.
static inline CURLcode tidings_curl_easy_set_xferinfo_function(CURL *handle, curl_xferinfo_callback value) {
    return curl_easy_setopt(handle, CURLOPT_XFERINFOFUNCTION, value);
}

// MARK: - curl_easy_getinfo

static inline CURLcode tidings_curl_easy_get_long(CURL *handle, CURLINFO info, long *value) {
    return curl_easy_getinfo(handle, info, value);
}

/// The string belongs to the handle and is valid until the next call on it or its cleanup.
static inline CURLcode tidings_curl_easy_get_string(CURL *handle, CURLINFO info, const char **value) {
    char *result = NULL;
    CURLcode code = curl_easy_getinfo(handle, info, &result);
    *value = result;
    return code;
}

static inline CURLcode tidings_curl_easy_get_double(CURL *handle, CURLINFO info, double *value) {
    return curl_easy_getinfo(handle, info, value);
}

static inline CURLcode tidings_curl_easy_get_off_t(CURL *handle, CURLINFO info, curl_off_t *value) {
    return curl_easy_getinfo(handle, info, value);
}

// MARK: - curl_multi_setopt

static inline CURLMcode tidings_curl_multi_set_long(CURLM *handle, CURLMoption option, long value) {
    return curl_multi_setopt(handle, option, value);
}

// MARK: - CURLMsg

/// The `data` member of CURLMsg is an anonymous union; reading it here keeps Swift away from its layout.
static inline CURLcode tidings_curl_msg_result(const CURLMsg *message) {
    return message->data.result;
}

#endif
