// SPDX-License-Identifier: GPL-3.0-or-later
// Replays every saved input of the binary readers' fuzz corpora (seeds and former crashes)
// through the harness the fuzzers run, and can write the seeds again.
#include <filesystem>
#include <fstream>
#include <string>

#include <catch2/catch.hpp>

#include "qiscout/core/io/table_loader.h"

#include "io/statistical/statistical_writer.h"
#include "support/fuzz_corpus.h"
#include "support/reader_fuzz_harness.h"
#include "support/statistical_fixture.h"

namespace {

std::size_t replay(qiscout::fuzz::BinaryReader reader, const std::string& folder)
{
    return qiscout::fuzz::replayFuzzCorpus(folder, [reader](const std::uint8_t* data, std::size_t size) {
        qiscout::fuzz::runReaderInput(reader, data, size);
    });
}

void writeSeed(const std::string& folder, const std::string& name, std::uint8_t flags, const std::string& bytes)
{
    std::ofstream out(qiscout::fuzz::fuzzCorpus(folder) / name, std::ios::binary);
    out.put(static_cast<char>(flags));
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

} // namespace

TEST_CASE("Every input of the binary readers' fuzz corpora reads or fails cleanly", "[readers][fuzz]")
{
    using qiscout::fuzz::BinaryReader;
    CHECK(replay(BinaryReader::Statistical, "statistical") > 0);
    CHECK(replay(BinaryReader::Excel, "excel") > 0);
    CHECK(replay(BinaryReader::Sqlite, "sqlite") > 0);
}

TEST_CASE("Every input of the single-format statistical fuzz corpora reads or fails cleanly", "[readers][fuzz]")
{
    using qiscout::core::SourceFormat;
    const std::pair<const char*, SourceFormat> targets[] = {
        {"por", SourceFormat::SpssPortable},
        {"zsav", SourceFormat::SpssSystem},
        {"xpt", SourceFormat::SasTransport},
        {"sas7bdat", SourceFormat::SasData},
    };
    for (const auto& [folder, format] : targets) {
        INFO(folder);
        CHECK(qiscout::fuzz::replayFuzzCorpus(folder, [format](const std::uint8_t* data, std::size_t size) {
                  qiscout::fuzz::runStatisticalFormatInput(format, data, size);
              }) > 0);
    }
}

// Hidden: run `core_tests "[.fuzz-seeds]"` to write the statistical seeds again (the Excel seeds
// are tests/data/readers' workbooks, the SQLite seeds by the commands in tests/fuzz/README.md).
TEST_CASE("Write the statistical readers' fuzz seeds", "[.fuzz-seeds]")
{
    using qiscout::test::StatisticalFixtureFormat;
    const std::pair<StatisticalFixtureFormat, std::uint8_t> fixtures[] = {
        {StatisticalFixtureFormat::Sav, 0},      {StatisticalFixtureFormat::Zsav, 0},
        {StatisticalFixtureFormat::Por, 1},      {StatisticalFixtureFormat::Dta, 2},
        {StatisticalFixtureFormat::Sas7bdat, 3}, {StatisticalFixtureFormat::Xport, 4},
    };
    for (const auto& [format, flags] : fixtures)
        writeSeed("statistical", std::string("seed_survey") + qiscout::test::fixtureExtension(format), flags,
                  qiscout::test::statisticalFixture(format));
    qiscout::core::LoadOptions options;
    options.hasHeader = true;
    const auto table = qiscout::core::loadTable(std::string(QISCOUT_TEST_TABLES_DIR) + "/francdat.csv", options);
    const std::pair<qiscout::core::StatisticalFileFormat, std::uint8_t> kinds[] = {
        {qiscout::core::StatisticalFileFormat::Sav, 0},   {qiscout::core::StatisticalFileFormat::Por, 1},
        {qiscout::core::StatisticalFileFormat::Dta, 2},   {qiscout::core::StatisticalFileFormat::Sas7bdat, 3},
        {qiscout::core::StatisticalFileFormat::Xport, 4},
    };
    for (const auto& [kind, flags] : kinds) {
        std::string bytes;
        static_cast<void>(qiscout::core::writeStatisticalFile(
            table, kind, [&bytes](std::string_view piece) { bytes.append(piece); }, "seed"));
        writeSeed("statistical", "seed_francdat_" + std::to_string(flags), flags, bytes);
    }
}
