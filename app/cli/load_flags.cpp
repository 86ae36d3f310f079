// SPDX-License-Identifier: GPL-3.0-or-later
#include "load_flags.h"

namespace qiscout::cli {

void LoadFlags::addTo(CLI::App& command)
{
    command.add_option("--delimiter", m_delimiter, "Field delimiter: , ; | or tab (default: sniffed)")
        ->check(CLI::IsMember({",", ";", "|", "\t", "tab"}));
    command.add_flag("--no-header", m_noHeader, "The first row is data, not column names");
    command.add_option("--missing", m_missing, "Cell values that mean missing (default: '' ? NA N/A NULL)")
        ->delimiter(',');
}

core::LoadOptions LoadFlags::options() const
{
    core::LoadOptions options;
    if (!m_delimiter.empty())
        options.delimiter = m_delimiter == "tab" ? '\t' : m_delimiter.front();
    if (m_noHeader)
        options.hasHeader = false;
    if (!m_missing.empty())
        options.missingTokens = m_missing;
    return options;
}

} // namespace qiscout::cli
