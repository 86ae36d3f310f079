// SPDX-License-Identifier: GPL-3.0-or-later
// Replays every saved project fuzz input (seeds and former findings) through the fuzzer's harness.
#include <catch2/catch.hpp>

#include "support/fuzz_corpus.h"
#include "support/project_fuzz_harness.h"

TEST_CASE("Every input of the project reader's fuzz corpus reads or is refused cleanly", "[project][fuzz]")
{
    CHECK(qiscout::fuzz::replayFuzzCorpus("project", qiscout::fuzz::runProjectInput) > 0);
}
