// SPDX-License-Identifier: GPL-3.0-or-later
// Replays every saved project fuzz input (seeds and former findings) through the fuzzer's harness.
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include <catch2/catch.hpp>

#include "support/project_fuzz_harness.h"

TEST_CASE("Every input of the project reader's fuzz corpus reads or is refused cleanly", "[project][fuzz]")
{
    const std::filesystem::path corpus =
        std::filesystem::path(QISCOUT_TEST_DATA_DIR).parent_path() / "fuzz" / "corpus" / "project";
    std::size_t replayed = 0;
    for (const auto& entry : std::filesystem::directory_iterator(corpus)) {
        if (!entry.is_regular_file())
            continue;
        INFO(entry.path().string());
        std::ifstream in(entry.path(), std::ios::binary);
        const std::string bytes{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
        qiscout::fuzz::runProjectInput(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size());
        ++replayed;
    }
    CHECK(replayed > 0);
}
