// libFuzzer's driver, for a target whose `main` is its own (SwiftPM names an executable's entry
// point after its module and maps `main` to it, so libFuzzer's `main` is not the one linked).
// Declared by libFuzzer in FuzzerInterface.h; defined in the runtime `-sanitize=fuzzer` links.
#ifndef CLIBFUZZER_H
#define CLIBFUZZER_H

#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
