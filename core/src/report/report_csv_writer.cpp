// SPDX-License-Identifier: GPL-3.0-or-later
#include "qiscout/core/report/report_writers.h"

#include "report/report_protection_section.h"
#include "report/report_text.h"

namespace qiscout::core {

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
    if (report.protection)
        csv += protectionCsv(*report.protection);
    return csv;
}

} // namespace qiscout::core
