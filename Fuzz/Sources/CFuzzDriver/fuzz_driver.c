// Declarations only: LLVMFuzzerRunDriver comes from libFuzzer (-sanitize=fuzzer).
#include "fuzz_driver.h"
