// SPDX-License-Identifier: GPL-3.0-or-later
// Replays every saved fuzz input (seeds and former crashes) through the same harness the fuzzer runs.
#include <catch2/catch.hpp>

#include "support/fuzz_corpus.h"
#include "support/loader_fuzz_harness.h"

TEST_CASE("Every input of the loader's fuzz regression corpus loads or fails cleanly", "[loader][fuzz]")
{
    CHECK(qiscout::fuzz::replayFuzzCorpus("loader", qiscout::fuzz::runLoaderInput) > 0);
}
