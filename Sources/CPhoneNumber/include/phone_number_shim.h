/*
 * phone_number_shim.h — a small, plain C view of Google's libphonenumber.
 *
 * This header is pure C (no C++ types, no C++ interop needed), so Swift can
 * `import CPhoneNumber` and call these functions like any other C API.
 * The implementation (phone_number_shim.cpp) is C++ and talks to
 * i18n::phonenumbers::PhoneNumberUtil.
 *
 * Guarantees of every function here:
 *   - never throws: all C++ exceptions are caught inside and reported as
 *     CA_PHONE_INTERNAL_ERROR;
 *   - thread-safe: the shared PhoneNumberUtil singleton is created once
 *     (pthread_once inside libphonenumber) and only const methods are used;
 *   - output buffers are always NUL-terminated when capacity > 0, and are set
 *     to "" whenever the result is not CA_PHONE_OK.
 *
 * Region codes are ISO 3166-1 alpha-2 in UPPER case ("DE", "HU"), exactly as
 * libphonenumber expects them; "de" is not recognised by libphonenumber.
 */
#ifndef CA_PHONE_NUMBER_SHIM_H
#define CA_PHONE_NUMBER_SHIM_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Result of every ca_phone_* call. The numbers are fixed; never renumber. */
typedef enum ca_phone_status {
    /* The number is valid: outputs were written. */
    CA_PHONE_OK = 0,

    /* Parse failures (PhoneNumberUtil::ErrorType). */
    CA_PHONE_NOT_A_NUMBER = 1,          /* no phone number found in the text */
    CA_PHONE_INVALID_COUNTRY_CODE = 2,  /* unknown calling code, or no '+'
                                           and no/unknown default region */
    CA_PHONE_TOO_SHORT_AFTER_IDD = 3,   /* e.g. "00" then too few digits */
    CA_PHONE_TOO_SHORT_NSN = 4,         /* national number < 2 digits */
    CA_PHONE_TOO_LONG = 5,              /* national number > 17 digits */

    /* The text parses, but the number is not valid. */
    CA_PHONE_INVALID_LENGTH_TOO_SHORT = 6, /* shorter than any valid number of
                                              the region, or only diallable
                                              locally (missing area code) */
    CA_PHONE_INVALID_LENGTH_TOO_LONG = 7,  /* longer than any valid number */
    CA_PHONE_INVALID_LENGTH = 8,           /* between the valid lengths, but
                                              not one of them */
    CA_PHONE_INVALID_FOR_REGION = 9,       /* right length, but no numbering
                                              plan pattern matches */

    /* Misuse or trouble in the shim itself, not a verdict on the number. */
    CA_PHONE_BUFFER_TOO_SMALL = 100,    /* an output buffer was too small */
    CA_PHONE_BAD_ARGUMENT = 101,        /* NULL pointer or type out of range */
    CA_PHONE_NO_EXAMPLE = 102,          /* ca_phone_example: none available */
    CA_PHONE_INTERNAL_ERROR = 103,      /* a C++ exception was caught */
    CA_PHONE_UNAVAILABLE = 104          /* lazy loader only: the shim's
                                           shared object could not be loaded */
} ca_phone_status;

/* Mirrors PhoneNumberUtil::PhoneNumberType, same order and values. */
typedef enum ca_phone_type {
    CA_PHONE_TYPE_FIXED_LINE = 0,
    CA_PHONE_TYPE_MOBILE = 1,
    CA_PHONE_TYPE_FIXED_LINE_OR_MOBILE = 2, /* e.g. US/CA: not distinguishable */
    CA_PHONE_TYPE_TOLL_FREE = 3,
    CA_PHONE_TYPE_PREMIUM_RATE = 4,
    CA_PHONE_TYPE_SHARED_COST = 5,
    CA_PHONE_TYPE_VOIP = 6,
    CA_PHONE_TYPE_PERSONAL_NUMBER = 7,
    CA_PHONE_TYPE_PAGER = 8,
    CA_PHONE_TYPE_UAN = 9,
    CA_PHONE_TYPE_VOICEMAIL = 10,
    CA_PHONE_TYPE_UNKNOWN = 11
} ca_phone_type;

/* Buffer sizes that are always large enough (including the final NUL).
   E.164 is at most "+" + 3-digit code + 17-digit national number. */
#define CA_PHONE_E164_CAPACITY 24
#define CA_PHONE_DISPLAY_CAPACITY 64

/*
 * Parse `text` (as a person typed it: spaces, dashes, brackets, "00" or "+"
 * prefixes are all fine) and judge it.
 *
 * default_region: region assumed when the text has no international prefix;
 *                 NULL or "" means none (then only "+..." numbers can parse).
 * e164_out:       receives "+4915123456789" on CA_PHONE_OK, else "".
 * region_out:     receives the number's region, e.g. "DE", on CA_PHONE_OK,
 *                 else "". Numbers of non-geographic codes (+800, +882, ...,
 *                 region "001" in libphonenumber) get "" as well: their
 *                 region does not fit in two letters.
 * type_out:       receives a ca_phone_type; CA_PHONE_TYPE_UNKNOWN unless OK.
 * Any of the out pointers may be NULL if that output is not wanted
 * (e164_out may be NULL only together with e164_capacity == 0).
 *
 * Returns a ca_phone_status value.
 */
int ca_phone_parse(const char *text,
                   const char *default_region,
                   char *e164_out, size_t e164_capacity,
                   char region_out[3],
                   int *type_out);

/*
 * Format a number given in E.164 ("+4915123456789") for display in
 * INTERNATIONAL format ("+49 1512 3456789"). The input is not required to be
 * valid; anything libphonenumber can parse from "+..." is formatted.
 * Returns CA_PHONE_OK, a parse failure status, or a shim error.
 */
int ca_phone_format_international(const char *e164,
                                  char *out, size_t capacity);

/*
 * Write libphonenumber's example number of `type` (a ca_phone_type) for
 * `region` in E.164 form. Meant for generating test data only.
 * Returns CA_PHONE_OK or CA_PHONE_NO_EXAMPLE (unknown region, or the region
 * has no example of that type), or a shim error.
 */
int ca_phone_example(const char *region, int type,
                     char *e164_out, size_t capacity);

/*
 * Format an E.164 number in NATIONAL format, the way someone in that country
 * would write it ("01512 3456789"). Test-data helper, like ca_phone_example.
 */
int ca_phone_format_national(const char *e164,
                             char *out, size_t capacity);

#ifdef __cplusplus
}  /* extern "C" */
#endif

#endif /* CA_PHONE_NUMBER_SHIM_H */
