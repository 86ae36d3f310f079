// SPDX-License-Identifier: GPL-3.0-or-later
// The fuzz targets' saved inputs (seeds and former findings), replayed by the regression tests.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

namespace qiscout::fuzz {

/// The folder of one fuzz target's corpus: tests/fuzz/corpus/<target>.
[[nodiscard]] inline std::filesystem::path fuzzCorpus(const std::string& target)
{
    return std::filesystem::path(QISCOUT_TEST_DATA_DIR).parent_path() / "fuzz" / "corpus" / target;
}

/// Hands the bytes of every file in the target's corpus to `run(data, size)`, as the fuzzer would,
/// naming the file if it fails; returns how many files there were.
template <typename Run>
std::size_t replayFuzzCorpus(const std::string& target, Run run)
{
    std::size_t replayed = 0;
    for (const auto& entry : std::filesystem::directory_iterator(fuzzCorpus(target))) {
        if (!entry.is_regular_file())
            continue;
        INFO(entry.path().string());
        std::ifstream in(entry.path(), std::ios::binary);
        const std::vector<char> bytes{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
        const std::vector<std::uint8_t> input(bytes.begin(), bytes.end());
        run(input.data(), input.size());
        ++replayed;
    }
    return replayed;
}

} // namespace qiscout::fuzz
