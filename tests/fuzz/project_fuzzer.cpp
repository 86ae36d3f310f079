// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer entry point for the project file reader; see project_fuzz_harness.h.
#include <cstddef>
#include <cstdint>

#include "support/project_fuzz_harness.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    qiscout::fuzz::runProjectInput(data, size);
    return 0;
}
