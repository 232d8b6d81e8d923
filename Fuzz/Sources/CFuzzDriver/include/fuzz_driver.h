#ifndef LIGHTBOX_FUZZ_DRIVER_H
#define LIGHTBOX_FUZZ_DRIVER_H
#include <stddef.h>
#include <stdint.h>

/// libFuzzer's entry for programs that keep their own `main` (SwiftPM gives every
/// executable target one, so libFuzzer's `main` cannot be used).
int LLVMFuzzerRunDriver(int *argc, char ***argv,
                        int (*callback)(const uint8_t *data, size_t size));
#endif
