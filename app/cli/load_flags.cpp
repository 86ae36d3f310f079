// SPDX-License-Identifier: GPL-3.0-or-later
#include "load_flags.h"

#include "qiscout/core/io/reading/source_format.h"

#include "flag_checks.h"

namespace qiscout::cli {
namespace {

/// "?,NA" -> {"?", "NA"}; an empty item is the empty cell, so ",?" means the empty cell and "?".
std::vector<std::string> splitTokens(const std::string& list)
{
    std::vector<std::string> tokens;
    std::size_t begin = 0;
    for (;;) {
        const std::size_t comma = list.find(',', begin);
        tokens.push_back(list.substr(begin, comma == std::string::npos ? std::string::npos : comma - begin));
        if (comma == std::string::npos)
            return tokens;
        begin = comma + 1;
    }
}

} // namespace

void LoadFlags::addTo(CLI::App& command)
{
    command.add_option("--delimiter", m_delimiter, "Field delimiter: ',', ';', '|', 'tab' or '\\t' (default: sniffed)")
        ->check(CLI::IsMember({",", ";", "|", "tab", "\\t", "\t"}));
    command.add_flag("--no-header", m_noHeader, "The first row is data, not column names (default: sniffed)");
    command
        .add_option("--missing", m_missing,
                    "Comma-separated missing-value tokens; an empty item is the empty cell, so ',?,NA' means "
                    "empty, ? and NA (default: ',?,NA,N/A,NULL')")
        ->each([this](const std::string&) { m_missingGiven = true; });
    command
        .add_option("--encoding", m_encoding,
                    "auto (UTF-8, or Windows-1252 with a warning if not valid UTF-8), utf-8 or windows-1252")
        ->transform(oneOf(core::textEncodingNames));
    command.add_flag("--skip-ragged", m_skipRagged, "Skip rows with the wrong number of fields and count them");
    command.add_option("--sheet", m_sheet, "Excel: the worksheet to read (default: the first)");
    auto* table = command.add_option(
        "--table", m_table,
        "SQLite, PostgreSQL: the table or view to read, 'schema.name' allowed (default: the only one)");
    command.add_option("--query", m_query, "SQLite, PostgreSQL: read the result of this one read-only query")
        ->excludes(table);
    static const std::string labelsHelp = "SPSS, Stata, SAS: cells show the value labels (the default)";
    auto* labels = command.add_flag("--value-labels", labelsHelp);
    command.add_flag("--codes", m_codes, "SPSS, Stata, SAS: cells show the stored codes, not their value labels")
        ->excludes(labels);
}

core::LoadOptions LoadFlags::options(const std::string& location) const
{
    const core::SourceFormat format = core::detectSourceFormat(location);
    const std::string kind(core::nameIn(core::sourceFormatNames, format));
    if (!m_sheet.empty() && format != core::SourceFormat::Excel)
        throw LoadFlagError("--sheet names a worksheet, but " + core::withoutPassword(location) + " is read as " +
                            kind + ", not as an Excel workbook");
    if ((!m_table.empty() || !m_query.empty()) && !core::isDatabase(format))
        throw LoadFlagError(std::string(m_table.empty() ? "--query" : "--table") + " needs a database, but " +
                            core::withoutPassword(location) + " is read as " + kind +
                            " (write sqlite:PATH for an SQLite file)");
    core::LoadOptions options;
    options.sheet = m_sheet;
    options.table = m_table;
    options.query = m_query;
    options.valueLabels = !m_codes;
    if (!m_delimiter.empty())
        options.delimiter = m_delimiter == "tab" || m_delimiter == "\\t" ? '\t' : m_delimiter.front();
    if (m_noHeader)
        options.hasHeader = false;
    if (m_missingGiven)
        options.missingTokens = splitTokens(m_missing);
    options.encoding = m_encoding;
    options.skipRaggedRows = m_skipRagged;
    return options;
}

} // namespace qiscout::cli
