// SPDX-License-Identifier: GPL-3.0-or-later
#include "load_flags.h"

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
}

core::LoadOptions LoadFlags::options() const
{
    core::LoadOptions options;
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
