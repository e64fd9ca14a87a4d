// phone_number_shim.cpp — the C++ side of phone_number_shim.h.
//
// Each exported function follows the same pattern:
//   1. clear the outputs, so a caller never sees stale data on failure;
//   2. do the work inside try { } catch (...) { }, because a C++ exception
//      (in practice only std::bad_alloc from std::string) must never unwind
//      into C or Swift frames — that would be undefined behaviour;
//   3. translate libphonenumber's enums into the fixed C values.
//
// PhoneNumberUtil::GetInstance() is a leaky singleton guarded by
// pthread_once, and every method used here is const, so concurrent calls
// from many threads are fine. The first call loads the built-in metadata for
// all regions; later calls are cheap.

#include "phone_number_shim.h"

#include <cstring>
#include <string>

#include <phonenumbers/phonenumber.pb.h>
#include <phonenumbers/phonenumberutil.h>

namespace {

using i18n::phonenumbers::PhoneNumber;
using i18n::phonenumbers::PhoneNumberUtil;

// The C type values must equal PhoneNumberUtil::PhoneNumberType, because
// ca_phone_parse hands GetNumberType()'s value straight through.
#define CA_SAME_TYPE(name)                                              \
  static_assert(static_cast<int>(CA_PHONE_TYPE_##name) ==               \
                    static_cast<int>(PhoneNumberUtil::name),            \
                "ca_phone_type out of step with libphonenumber: " #name)
CA_SAME_TYPE(FIXED_LINE);
CA_SAME_TYPE(MOBILE);
CA_SAME_TYPE(FIXED_LINE_OR_MOBILE);
CA_SAME_TYPE(TOLL_FREE);
CA_SAME_TYPE(PREMIUM_RATE);
CA_SAME_TYPE(SHARED_COST);
CA_SAME_TYPE(VOIP);
CA_SAME_TYPE(PERSONAL_NUMBER);
CA_SAME_TYPE(PAGER);
CA_SAME_TYPE(UAN);
CA_SAME_TYPE(VOICEMAIL);
CA_SAME_TYPE(UNKNOWN);
#undef CA_SAME_TYPE

// libphonenumber spells "no region" as the unknown region "ZZ".
const char kNoRegion[] = "ZZ";

// Empty a caller's text buffer, if there is one.
void clear(char *buffer, size_t capacity) {
  if (buffer != nullptr && capacity > 0) buffer[0] = '\0';
}

// Copy `value` plus its NUL into `buffer`, or report that it does not fit
// (in which case the buffer is left empty).
ca_phone_status copy_out(const std::string &value, char *buffer,
                         size_t capacity) {
  if (buffer == nullptr || capacity < value.size() + 1) {
    clear(buffer, capacity);
    return CA_PHONE_BUFFER_TOO_SMALL;
  }
  std::memcpy(buffer, value.data(), value.size());
  buffer[value.size()] = '\0';
  return CA_PHONE_OK;
}

// Map a failed Parse() result onto our status values.
ca_phone_status from_parse_error(PhoneNumberUtil::ErrorType error) {
  switch (error) {
    case PhoneNumberUtil::NO_PARSING_ERROR:
      return CA_PHONE_OK;
    case PhoneNumberUtil::INVALID_COUNTRY_CODE_ERROR:
      return CA_PHONE_INVALID_COUNTRY_CODE;
    case PhoneNumberUtil::NOT_A_NUMBER:
      return CA_PHONE_NOT_A_NUMBER;
    case PhoneNumberUtil::TOO_SHORT_AFTER_IDD:
      return CA_PHONE_TOO_SHORT_AFTER_IDD;
    case PhoneNumberUtil::TOO_SHORT_NSN:
      return CA_PHONE_TOO_SHORT_NSN;
    case PhoneNumberUtil::TOO_LONG_NSN:
      return CA_PHONE_TOO_LONG;
  }
  return CA_PHONE_INTERNAL_ERROR;  // a value newer than this shim knows
}

// Explain why a parsed number is not valid, using the length check.
ca_phone_status why_invalid(const PhoneNumberUtil &util,
                            const PhoneNumber &number) {
  switch (util.IsPossibleNumberWithReason(number)) {
    case PhoneNumberUtil::IS_POSSIBLE:
      // Length is fine, but no pattern of the region matches.
      return CA_PHONE_INVALID_FOR_REGION;
    case PhoneNumberUtil::IS_POSSIBLE_LOCAL_ONLY:
      // A length that only works inside an area (e.g. a German fixed-line
      // number typed without its area code): too short to be stored.
      return CA_PHONE_INVALID_LENGTH_TOO_SHORT;
    case PhoneNumberUtil::INVALID_COUNTRY_CODE:
      return CA_PHONE_INVALID_COUNTRY_CODE;
    case PhoneNumberUtil::TOO_SHORT:
      return CA_PHONE_INVALID_LENGTH_TOO_SHORT;
    case PhoneNumberUtil::INVALID_LENGTH:
      return CA_PHONE_INVALID_LENGTH;
    case PhoneNumberUtil::TOO_LONG:
      return CA_PHONE_INVALID_LENGTH_TOO_LONG;
  }
  return CA_PHONE_INTERNAL_ERROR;
}

// Parse a "+..." number (no default region) and format it in `format`.
int format_e164_as(const char *e164, PhoneNumberUtil::PhoneNumberFormat format,
                   char *out, size_t capacity) {
  clear(out, capacity);
  if (e164 == nullptr || out == nullptr) return CA_PHONE_BAD_ARGUMENT;
  try {
    const PhoneNumberUtil &util = *PhoneNumberUtil::GetInstance();
    PhoneNumber number;
    const ca_phone_status parsed =
        from_parse_error(util.Parse(e164, kNoRegion, &number));
    if (parsed != CA_PHONE_OK) return parsed;
    std::string formatted;
    util.Format(number, format, &formatted);
    return copy_out(formatted, out, capacity);
  } catch (...) {
    clear(out, capacity);
    return CA_PHONE_INTERNAL_ERROR;
  }
}

}  // namespace

extern "C" int ca_phone_parse(const char *text, const char *default_region,
                              char *e164_out, size_t e164_capacity,
                              char region_out[3], int *type_out) {
  clear(e164_out, e164_capacity);
  if (region_out != nullptr) region_out[0] = '\0';
  if (type_out != nullptr) *type_out = CA_PHONE_TYPE_UNKNOWN;
  if (text == nullptr) return CA_PHONE_BAD_ARGUMENT;
  if (e164_out == nullptr && e164_capacity > 0) return CA_PHONE_BAD_ARGUMENT;

  try {
    const PhoneNumberUtil &util = *PhoneNumberUtil::GetInstance();
    const std::string region =
        (default_region == nullptr || default_region[0] == '\0')
            ? std::string(kNoRegion)
            : std::string(default_region);

    PhoneNumber number;
    const ca_phone_status parsed =
        from_parse_error(util.Parse(text, region, &number));
    if (parsed != CA_PHONE_OK) return parsed;

    if (!util.IsValidNumber(number)) return why_invalid(util, number);

    // Valid: hand out the canonical form first, so a too-small buffer is
    // reported before any other output is written.
    if (e164_out != nullptr) {
      std::string e164;
      util.Format(number, PhoneNumberUtil::E164, &e164);
      const ca_phone_status copied = copy_out(e164, e164_out, e164_capacity);
      if (copied != CA_PHONE_OK) return copied;
    }
    if (region_out != nullptr) {
      std::string code;
      util.GetRegionCodeForNumber(number, &code);
      // Two letters only; "001" (non-geographic) and "ZZ" stay empty.
      if (code.size() == 2 && code != kNoRegion) {
        region_out[0] = code[0];
        region_out[1] = code[1];
        region_out[2] = '\0';
      }
    }
    if (type_out != nullptr) {
      *type_out = static_cast<int>(util.GetNumberType(number));
    }
    return CA_PHONE_OK;
  } catch (...) {
    clear(e164_out, e164_capacity);
    if (region_out != nullptr) region_out[0] = '\0';
    if (type_out != nullptr) *type_out = CA_PHONE_TYPE_UNKNOWN;
    return CA_PHONE_INTERNAL_ERROR;
  }
}

extern "C" int ca_phone_format_international(const char *e164, char *out,
                                             size_t capacity) {
  return format_e164_as(e164, PhoneNumberUtil::INTERNATIONAL, out, capacity);
}

extern "C" int ca_phone_format_national(const char *e164, char *out,
                                        size_t capacity) {
  return format_e164_as(e164, PhoneNumberUtil::NATIONAL, out, capacity);
}

extern "C" int ca_phone_example(const char *region, int type, char *e164_out,
                                size_t capacity) {
  clear(e164_out, capacity);
  if (region == nullptr || e164_out == nullptr) return CA_PHONE_BAD_ARGUMENT;
  if (type < CA_PHONE_TYPE_FIXED_LINE || type > CA_PHONE_TYPE_UNKNOWN) {
    return CA_PHONE_BAD_ARGUMENT;
  }
  try {
    const PhoneNumberUtil &util = *PhoneNumberUtil::GetInstance();
    PhoneNumber number;
    if (!util.GetExampleNumberForType(
            region, static_cast<PhoneNumberUtil::PhoneNumberType>(type),
            &number)) {
      return CA_PHONE_NO_EXAMPLE;
    }
    std::string e164;
    util.Format(number, PhoneNumberUtil::E164, &e164);
    return copy_out(e164, e164_out, capacity);
  } catch (...) {
    clear(e164_out, capacity);
    return CA_PHONE_INTERNAL_ERROR;
  }
}
