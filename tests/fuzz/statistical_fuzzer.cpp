// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer entry point for the statistical reader; see reader_fuzz_harness.h for what one input does.
#include <cstddef>
#include <cstdint>

#include "support/reader_fuzz_harness.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    qiscout::fuzz::runReaderInput(qiscout::fuzz::BinaryReader::Statistical, data, size);
    return 0;
}
