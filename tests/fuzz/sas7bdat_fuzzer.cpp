// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer entry point for SAS data (.sas7bdat) files alone; see reader_fuzz_harness.h for what one input does.
#include <cstddef>
#include <cstdint>

#include "support/reader_fuzz_harness.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    qiscout::fuzz::runStatisticalFormatInput(qiscout::core::SourceFormat::SasData, data, size);
    return 0;
}
