// libFuzzer's driver, called from a harness's own main (libFuzzer documents this entry
// for programs that have one); the runtime is linked by -sanitize=fuzzer.
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
