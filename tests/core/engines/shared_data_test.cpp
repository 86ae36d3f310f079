// SPDX-License-Identifier: GPL-3.0-or-later
// FPVI for k = 1 against the column-set projection of SUDA2 on the project's real datasets.
#include <algorithm>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "qiscout/core/io/table_loader.h"

#include "engines/fpvi_engine.h"
#include "engines/suda2_engine.h"
#include "support/result_printing.h"

using namespace qiscout::core;

namespace {

// Files whose full lattice takes FPVI too long for CI (millions of safe sets): both engines then
// search only the sets up to this size, which keeps each file under about 20 s.
const std::map<std::string, int> sizeLimits{
    {"mushroom.csv", 4},
    {"free1.csv", 3},
    {"sd2011.csv", 3},
};

std::vector<std::filesystem::path> sharedCsvFiles()
{
    std::vector<std::filesystem::path> files;
    for (const auto& entry : std::filesystem::directory_iterator(QISCOUT_TEST_TABLES_DIR))
        if (entry.is_regular_file() && entry.path().extension() == ".csv")
            files.push_back(entry.path());
    std::sort(files.begin(), files.end());
    return files;
}

} // namespace

TEST_CASE("FPVI for k = 1 equals the projection of SUDA2's MSUs on every shared dataset", "[shared_data][suda2]")
{
    const auto files = sharedCsvFiles();
    REQUIRE(files.size() >= 7);
    NullObserver observer;
    for (const auto& file : files) {
        const std::string name = file.filename().string();
        INFO(name);
        const EncodedTable table = loadTable(file.string());
        SearchParameters parameters;
        parameters.k = 1;
        if (const auto limit = sizeLimits.find(name); limit != sizeLimits.end())
            parameters.maxSetSize = limit->second;
        CAPTURE(parameters.maxSetSize.value_or(0));

        const SearchResult fpvi = runFpvi(table, parameters, {}, observer);
        const SearchResult suda2 = runSuda2(table, parameters, {}, observer);
        REQUIRE(fpvi.complete);
        REQUIRE(suda2.complete);
        CHECK_FALSE(suda2.minimalSets.empty());
        CHECK(fpvi.minimalSets == suda2.minimalSets);
        CHECK(fpvi.maximalSafeSets == suda2.maximalSafeSets);
    }
}
