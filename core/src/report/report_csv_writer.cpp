// SPDX-License-Identifier: GPL-3.0-or-later

#include "qiscout/core/report/report_writers.h"

namespace qiscout::core {
namespace {

std::string csvField(const std::string& text)
{
    if (text.find_first_of(",\"\r\n") == std::string::npos)
        return text;
    std::string quoted = "\"";
    for (const char c : text) {
        if (c == '"')
            quoted += '"';
        quoted += c;
    }
    return quoted + '"';
}

} // namespace

std::string reportToCsv(const QiReport& report)
{
    std::string csv = "size,columns,isolated_rows,smallest_class\r\n";
    for (const MinimalSet& set : report.minimalSets) {
        std::string columns;
        for (const std::string& name : report.namesOf(set.columns)) {
            if (!columns.empty())
                columns += "; ";
            columns += name;
        }
        csv += std::to_string(set.columns.size()) + "," + csvField(columns) + "," + std::to_string(set.isolatedRows) +
               "," + std::to_string(set.smallestClass) + "\r\n";
    }
    return csv;
}

} // namespace qiscout::core
