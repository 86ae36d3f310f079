// SPDX-License-Identifier: GPL-3.0-or-later
// The written table re-checked independently from the CSV file: reloaded with the loader, every
// quasi-identifier cell must be its hierarchy's generalisation or a suppression "*", the kept rows'
// classes must all have k rows, and the suppressed rows must be within the limit.
#include <algorithm>
#include <filesystem>
#include <map>
#include <memory>
#include <random>

#include <catch2/catch.hpp>

#include "qiscout/core/anonymization/anonymizer.h"
#include "qiscout/core/anonymization/k_anonymity.h"
#include "qiscout/core/anonymization/protected_table.h"
#include "qiscout/core/io/output/table_writer.h"
#include "qiscout/core/io/table_loader.h"

#include "support/anonymization_reference.h"
#include "support/random_table.h"

using namespace qiscout::core;

TEST_CASE("The written protected table passes an independent check from its CSV file", "[anonymization][apply]")
{
    const auto path = std::filesystem::temp_directory_path() / "qiscout-protected-table-test.csv";
    const double limit = GENERATE(0.0, 0.1);
    const int threads = GENERATE(1, 2);
    int checkedTables = 0;
    for (std::uint64_t seed = 1; seed <= 40; ++seed) {
        const EncodedTable table = testing::makeRandomTable(seed, 5);
        if (table.rowCount < 20)
            continue;
        std::mt19937_64 random(seed);
        const std::uint64_t k = 2 + random() % 3;
        AnonymizationParameters parameters;
        const int qiCount = std::min<int>(3, static_cast<int>(table.columnCount()));
        for (int q = 0; q < qiCount; ++q)
            parameters.quasiIdentifiers.push_back(
                {q, testing::randomHierarchy(table.columns[static_cast<std::size_t>(q)], random), "random"});
        parameters.models.push_back(std::make_shared<KAnonymity>(k));
        parameters.suppressionLimit = limit;
        parameters.threads = threads;
        NullAnonymizationObserver observer;
        const AnonymizationResult result = runAnonymization(table, parameters, {}, observer);
        if (!result.optimum)
            continue;
        ++checkedTables;
        const ProtectedTable applied = applyTransformation(table, parameters, result.optimum->transformation);
        REQUIRE(applied.assessment.suppressedRows == result.optimum->suppressedRows);
        (void)writeTable(applied.table, path, TableFileFormat::Csv);

        LoadOptions options;
        options.delimiter = ',';
        const EncodedTable written = loadTable(path.string(), options);
        INFO(testing::describeRandomTable(seed, table));
        REQUIRE(written.rowCount == table.rowCount);
        REQUIRE(written.columnNames() == table.columnNames());
        std::map<std::vector<std::string>, std::uint64_t> classSizes;
        std::uint64_t suppressed = 0;
        for (std::uint32_t row = 0; row < table.rowCount; ++row) {
            for (std::size_t column = static_cast<std::size_t>(qiCount); column < table.columnCount(); ++column)
                REQUIRE(written.text(row, column) == table.text(row, column));
            std::vector<std::string> cells;
            std::vector<std::string> generalised;
            for (int q = 0; q < qiCount; ++q) {
                cells.push_back(written.text(row, static_cast<std::size_t>(q)));
                for (const std::vector<std::string>& line :
                     parameters.quasiIdentifiers[static_cast<std::size_t>(q)].hierarchy.rows)
                    if (line.front() == table.text(row, static_cast<std::size_t>(q)))
                        generalised.push_back(line[static_cast<std::size_t>(
                            result.optimum->transformation.levels[static_cast<std::size_t>(q)])]);
            }
            if (cells == generalised) {
                ++classSizes[cells];
                continue;
            }
            REQUIRE(cells == std::vector<std::string>(static_cast<std::size_t>(qiCount), "*"));
            ++suppressed;
        }
        REQUIRE(suppressed == result.optimum->suppressedRows);
        REQUIRE(suppressed <= suppressionLimitRows(limit, table.rowCount));
        REQUIRE(classSizes.size() == result.optimum->classes);
        for (const auto& [cells, size] : classSizes)
            REQUIRE(size >= k);

        // The kept table holds the kept rows' quasi-identifier cells in order, each column encoded
        // in order of first appearance with matching frequencies (as the loader encodes).
        const EncodedTable kept = keptQuasiIdentifierTable(applied, parameters);
        REQUIRE(kept.rowCount == table.rowCount - suppressed);
        REQUIRE(kept.columnCount() == static_cast<std::size_t>(qiCount));
        std::uint32_t keptRow = 0;
        for (std::uint32_t row = 0; row < table.rowCount; ++row) {
            if (std::find(applied.suppressedRows.begin(), applied.suppressedRows.end(), row) !=
                applied.suppressedRows.end())
                continue;
            for (int q = 0; q < qiCount; ++q)
                REQUIRE(kept.text(keptRow, static_cast<std::size_t>(q)) ==
                        applied.table.text(row, static_cast<std::size_t>(q)));
            ++keptRow;
        }
        for (const EncodedColumn& column : kept.columns) {
            std::vector<std::uint32_t> frequencies(column.distinctCount(), 0);
            std::uint32_t nextCode = 0;
            for (const std::uint32_t code : column.codes) {
                REQUIRE(code <= nextCode);
                nextCode = std::max(nextCode, code + 1);
                ++frequencies[code];
            }
            REQUIRE(nextCode == column.distinctCount());
            REQUIRE(frequencies == column.frequencies);
        }

        // Without its suppressed rows (#33) the table keeps every column of the kept rows, as is.
        const EncodedTable published =
            withoutSuppressedRows(applied.table, applied.suppressedRows, static_cast<int>(1 + k % 2));
        REQUIRE(published.rowCount == table.rowCount - suppressed);
        REQUIRE(published.columnNames() == applied.table.columnNames());
        keptRow = 0;
        for (std::uint32_t row = 0; row < table.rowCount; ++row) {
            if (std::binary_search(applied.suppressedRows.begin(), applied.suppressedRows.end(), row))
                continue;
            for (std::size_t column = 0; column < published.columnCount(); ++column)
                REQUIRE(published.text(keptRow, column) == applied.table.text(row, column));
            ++keptRow;
        }
    }
    std::filesystem::remove(path);
    REQUIRE(checkedTables >= 10);
}
