/*
 * phone_number_lazy.h — the same C API as phone_number_shim.h, served by a
 * small C loader that dlopen()s libCrashAssistantPhoneNumbers.so on first use.
 *
 * A program links this target instead of CPhoneNumber. Its start-up then
 * pays nothing for libphonenumber, ICU, protobuf or abseil; the first call
 * pays the loading (about 8 ms here, see REPORT.md). If the shared object
 * cannot be found, every function returns CA_PHONE_UNAVAILABLE.
 *
 * Never link this target and CPhoneNumber into the same program: both
 * define the ca_phone_* symbols.
 */
#ifndef CA_PHONE_NUMBER_LAZY_H
#define CA_PHONE_NUMBER_LAZY_H

#include "../../CPhoneNumber/include/phone_number_shim.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Load the shim now (e.g. from a background task after start-up).
   Returns CA_PHONE_OK or CA_PHONE_UNAVAILABLE. Safe to call repeatedly. */
int ca_phone_preload(void);

#ifdef __cplusplus
}
#endif

#endif /* CA_PHONE_NUMBER_LAZY_H */
