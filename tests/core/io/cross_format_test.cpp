// SPDX-License-Identifier: GPL-3.0-or-later
// The same cells give the same encoded table whatever the format they arrive in: real tables are
// loaded from CSV, written in every other format, loaded again and compared cell by cell.
#include <string>

#include <catch2/catch.hpp>

#include "qiscout/core/io/table_loader.h"

#include "io/statistical/statistical_writer.h"
#include "support/loader_test_support.h"
#include "support/table_comparison.h"

using namespace qiscout::core;
using qiscout::test::TempFile;

namespace {

EncodedTable loadCsv(const std::string& name)
{
    LoadOptions options;
    options.hasHeader = true;
    return loadTable(std::string(QISCOUT_TEST_TABLES_DIR) + "/" + name, options);
}

struct StatisticalCase {
    StatisticalFileFormat format;
    const char* extension;
    /// Whether the format holds the tables' column names unchanged.
    bool keepsNames;
};

std::string statisticalBytes(const EncodedTable& table, StatisticalFileFormat format)
{
    std::string bytes;
    static_cast<void>(writeStatisticalFile(
        table, format, [&bytes](std::string_view piece) { bytes.append(piece); }, "memory"));
    return bytes;
}

} // namespace

TEST_CASE("SPSS, Stata and SAS files load to the table their cells give as CSV", "[readers][cross-format]")
{
    const std::string name = GENERATE("francdat.csv", "sd2011.csv", "adult.csv");
    const auto [format, extension, keepsNames] = GENERATE(table<StatisticalFileFormat, const char*, bool>({
        {StatisticalFileFormat::Sav, ".sav", true},
        {StatisticalFileFormat::Zsav, ".zsav", true},
        {StatisticalFileFormat::Por, ".por", false},
        {StatisticalFileFormat::Dta, ".dta", true},
        {StatisticalFileFormat::Xport, ".xpt", false},
        {StatisticalFileFormat::Sas7bdat, ".sas7bdat", true},
    }));
    INFO(name << " as " << extension);
    const EncodedTable csv = loadCsv(name);
    const TempFile file(statisticalBytes(csv, format), extension);
    const EncodedTable other = loadTable(file.path());
    // adult.csv's names hold '-', which no statistical format allows in a name.
    qiscout::test::checkSameCells(csv, other, keepsNames && name != "adult.csv");
}
