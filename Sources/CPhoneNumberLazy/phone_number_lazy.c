/*
 * phone_number_lazy.c — forwards the ca_phone_* calls to the real shim in
 * libCrashAssistantPhoneNumbers.so, which is opened once, on first use.
 *
 * Finding the library: dlopen() with a bare file name searches, among other
 * places, the DT_RUNPATH of the calling object. This code is linked into the
 * executable, and SwiftPM gives executables the run path "$ORIGIN", so the
 * library is found when it sits next to the executable (as it does in
 * .build/<config>/ after `swift build`). An installed program must ship
 * the .so beside its binary, or set LD_LIBRARY_PATH.
 */
#include "phone_number_lazy.h"

#include <dlfcn.h>
#include <pthread.h>

typedef int (*parse_fn)(const char *, const char *, char *, size_t, char *,
                        int *);
typedef int (*format_fn)(const char *, char *, size_t);
typedef int (*example_fn)(const char *, int, char *, size_t);

/* Filled in once by load(); all NULL if loading failed. */
static struct {
    parse_fn parse;
    format_fn format_international;
    format_fn format_national;
    example_fn example;
} shim;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;

static void load(void) {
    /* RTLD_LOCAL keeps libphonenumber's symbols out of the global scope;
       the handle is never closed, the library stays for the process. */
    void *handle = dlopen("libCrashAssistantPhoneNumbers.so", RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) return;
    parse_fn parse = (parse_fn)dlsym(handle, "ca_phone_parse");
    format_fn international =
        (format_fn)dlsym(handle, "ca_phone_format_international");
    format_fn national = (format_fn)dlsym(handle, "ca_phone_format_national");
    example_fn example = (example_fn)dlsym(handle, "ca_phone_example");
    if (!parse || !international || !national || !example) return;
    shim.parse = parse;
    shim.format_international = international;
    shim.format_national = national;
    shim.example = example;
}

/* pthread_once makes the loading thread-safe and gives the needed memory
   ordering: every thread returning from it sees the filled-in table. */
static int ready(void) {
    pthread_once(&load_once, load);
    return shim.parse != NULL;
}

static void clear(char *buffer, size_t capacity) {
    if (buffer != NULL && capacity > 0) buffer[0] = '\0';
}

int ca_phone_preload(void) {
    return ready() ? CA_PHONE_OK : CA_PHONE_UNAVAILABLE;
}

int ca_phone_parse(const char *text, const char *default_region,
                   char *e164_out, size_t e164_capacity, char region_out[3],
                   int *type_out) {
    if (ready()) {
        return shim.parse(text, default_region, e164_out, e164_capacity,
                          region_out, type_out);
    }
    clear(e164_out, e164_capacity);
    if (region_out != NULL) region_out[0] = '\0';
    if (type_out != NULL) *type_out = CA_PHONE_TYPE_UNKNOWN;
    return CA_PHONE_UNAVAILABLE;
}

int ca_phone_format_international(const char *e164, char *out,
                                  size_t capacity) {
    if (ready()) return shim.format_international(e164, out, capacity);
    clear(out, capacity);
    return CA_PHONE_UNAVAILABLE;
}

int ca_phone_format_national(const char *e164, char *out, size_t capacity) {
    if (ready()) return shim.format_national(e164, out, capacity);
    clear(out, capacity);
    return CA_PHONE_UNAVAILABLE;
}

int ca_phone_example(const char *region, int type, char *e164_out,
                     size_t capacity) {
    if (ready()) return shim.example(region, type, e164_out, capacity);
    clear(e164_out, capacity);
    return CA_PHONE_UNAVAILABLE;
}
