// SPDX-License-Identifier: GPL-3.0-or-later
// Replays every saved fuzz input (seeds and former crashes) through the same harness the fuzzer runs.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "support/loader_fuzz_harness.h"

TEST_CASE("Every input of the loader's fuzz regression corpus loads or fails cleanly", "[loader][fuzz]")
{
    const std::filesystem::path corpus =
        std::filesystem::path(QISCOUT_TEST_DATA_DIR).parent_path() / "fuzz" / "corpus" / "loader";
    std::size_t replayed = 0;
    for (const auto& entry : std::filesystem::directory_iterator(corpus)) {
        if (!entry.is_regular_file())
            continue;
        INFO(entry.path().string());
        std::ifstream in(entry.path(), std::ios::binary);
        const std::vector<char> bytes{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
        std::vector<std::uint8_t> input(bytes.size());
        std::transform(bytes.begin(), bytes.end(), input.begin(), [](char c) { return static_cast<std::uint8_t>(c); });
        qiscout::fuzz::runLoaderInput(input.data(), input.size());
        ++replayed;
    }
    CHECK(replayed > 0);
}
