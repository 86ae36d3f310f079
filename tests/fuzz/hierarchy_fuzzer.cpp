// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer entry point for the generalisation-hierarchy reader; see hierarchy_fuzz_harness.h.
#include <cstddef>
#include <cstdint>

#include "support/hierarchy_fuzz_harness.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    qiscout::fuzz::runHierarchyInput(data, size);
    return 0;
}
