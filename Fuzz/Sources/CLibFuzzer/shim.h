#include <stddef.h>
#include <stdint.h>

/// libFuzzer's driver (LLVM 11 and later): parses the libFuzzer flags in argv and runs `callback` on each input.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
