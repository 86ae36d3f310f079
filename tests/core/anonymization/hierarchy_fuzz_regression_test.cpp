// SPDX-License-Identifier: GPL-3.0-or-later
// Replays every saved hierarchy fuzz input (seeds and former findings) through the fuzzer's harness.
#include <catch2/catch.hpp>

#include "support/fuzz_corpus.h"
#include "support/hierarchy_fuzz_harness.h"

TEST_CASE("Every input of the hierarchy reader's fuzz corpus reads or is refused cleanly",
          "[anonymization][hierarchy][fuzz]")
{
    CHECK(qiscout::fuzz::replayFuzzCorpus("hierarchy", qiscout::fuzz::runHierarchyInput) > 0);
}
