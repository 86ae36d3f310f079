// SPDX-License-Identifier: GPL-3.0-or-later
#include "qiscout/core/report/result_json.h"

#include <nlohmann/json.hpp>

namespace qiscout::core {
std::string resultToJson(const SearchResult& result, const ResultJsonContext& context)
{
    nlohmann::json document;
    document["source"] = context.sourcePath;
    document["rows"] = context.rows;
    document["columns"] = context.columnNames;
    document["searched_columns"] = columnLabels(result.searchedColumns, context.columnNames);
    document["k"] = result.k;
    document["algorithm"] = toString(result.algorithm);
    document["missing_semantics"] = toString(result.missingSemantics);
    document["threads"] = result.threads;
    document["batch_size"] = result.batchSize;
    document["max_set_size"] = context.maxSetSize ? nlohmann::json(*context.maxSetSize) : nlohmann::json(nullptr);
    document["complete"] = result.complete;

    nlohmann::json minimal = nlohmann::json::array();
    for (const MinimalSet& set : result.minimalSets)
        minimal.push_back({{"columns", columnLabels(set.columns, context.columnNames)},
                           {"isolated_rows", set.isolatedRows},
                           {"smallest_class", set.smallestClass}});
    document["minimal_sets"] = std::move(minimal);

    nlohmann::json safe = nlohmann::json::array();
    for (const SafeSet& set : result.maximalSafeSets)
        safe.push_back(
            {{"columns", columnLabels(set.columns, context.columnNames)}, {"smallest_class", set.smallestClass}});
    document["maximal_safe_sets"] = std::move(safe);

    document["stats"] = {{"sets_evaluated", result.stats.setsEvaluated},
                         {"rows_scanned", result.stats.rowsScanned},
                         {"search_seconds", result.stats.searchSeconds},
                         {"load_seconds", context.loadSeconds}};
    return document.dump(2) + "\n";
}

} // namespace qiscout::core
