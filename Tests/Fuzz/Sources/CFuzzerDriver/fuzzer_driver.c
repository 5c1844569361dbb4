// The declaration is all this target provides; libFuzzer defines the function.
#include "fuzzer_driver.h"
