// SPDX-License-Identifier: GPL-3.0-or-later
#include "qiscout/core/report/result_json.h"

#include <charconv>
#include <string_view>

#include <nlohmann/json.hpp>

#include "report/all_columns_json.h"
#include "report/result_json_frame.h"

namespace qiscout::core {
namespace {

/// Each column's label as a quoted JSON string, escaped by the library once per column rather
/// than once per set that names it.
class QuotedLabels {
public:
    explicit QuotedLabels(const std::vector<std::string>& columnNames) : m_columnNames(columnNames) {}

    const std::string& operator()(int column)
    {
        const auto position = static_cast<std::size_t>(column);
        if (position >= m_quoted.size())
            m_quoted.resize(position + 1);
        if (m_quoted[position].empty())
            m_quoted[position] = nlohmann::json(columnLabel(column, m_columnNames))
                                     .dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
        return m_quoted[position];
    }

private:
    const std::vector<std::string>& m_columnNames;
    std::vector<std::string> m_quoted;
};

void appendNumber(std::string& out, std::uint64_t value)
{
    char digits[20];
    const auto end = std::to_chars(digits, digits + sizeof digits, value).ptr;
    out.append(digits, end);
}

/// `"columns": [...]` of one set object, laid out as dump(2) lays it out at that depth.
void appendColumns(std::string& out, const ColumnSet& columns, QuotedLabels& labels)
{
    out += "      \"columns\": [";
    bool first = true;
    columns.forEach([&](int column) {
        out += first ? "\n        " : ",\n        ";
        out += labels(column);
        first = false;
    });
    out += first ? "]" : "\n      ]";
}

/// An array of set objects, byte for byte as nlohmann's dump(2) writes it as a value of the
/// top-level object, `describe` appending one object's members.
template <typename Set, typename Describe>
void appendSetArray(std::string& out, const std::vector<Set>& sets, QuotedLabels& labels, Describe describe)
{
    if (sets.empty()) {
        out += "[]";
        return;
    }
    out += "[\n";
    for (const Set& set : sets) {
        if (&set != sets.data())
            out += ",\n";
        out += "    {\n";
        appendColumns(out, set.columns, labels);
        describe(out, set);
        out += "\n    }";
    }
    out += "\n  ]";
}

} // namespace

nlohmann::json resultJsonFrame(const SearchResult& result, const ResultJsonContext& context)
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
    document["all_columns"] = allColumnsJson<nlohmann::json>(result.allColumns, context.columnNames);
    document["minimal_sets"] = nlohmann::json::array();
    document["maximal_safe_sets"] = nlohmann::json::array();
    document["stats"] = {{"sets_evaluated", result.stats.setsEvaluated},
                         {"rows_scanned", result.stats.rowsScanned},
                         {"search_seconds", result.stats.searchSeconds},
                         {"load_seconds", context.loadSeconds}};
    return document;
}

std::string resultToJson(const SearchResult& result, const ResultJsonContext& context)
{
    // The two set lists can hold half a million sets: as a DOM (an object, an array and strings
    // per set) they took longer to build, dump and free than to write directly. The library
    // still writes everything else, and every label; the lists go where it put empty arrays.
    // A Linux file name may hold bytes that are not UTF-8, which JSON cannot: they become U+FFFD.
    const std::string frame =
        resultJsonFrame(result, context).dump(2, ' ', false, nlohmann::json::error_handler_t::replace);

    // A member's key at the top level follows a line break and two spaces, which no string
    // value can hold (its line breaks and quotes are escaped), so each is found exactly once.
    constexpr std::string_view safeKey = "\n  \"maximal_safe_sets\": ";
    constexpr std::string_view minimalKey = "\n  \"minimal_sets\": ";
    constexpr std::size_t emptyArray = std::string_view("[]").size();
    const std::size_t safeAt = frame.find(safeKey) + safeKey.size();
    const std::size_t minimalAt = frame.find(minimalKey) + minimalKey.size();

    QuotedLabels labels(context.columnNames);
    std::string text;
    text.append(frame, 0, safeAt);
    appendSetArray(text, result.maximalSafeSets, labels, [](std::string& out, const SafeSet& set) {
        out += ",\n      \"smallest_class\": ";
        appendNumber(out, set.smallestClass);
    });
    text.append(frame, safeAt + emptyArray, minimalAt - safeAt - emptyArray);
    appendSetArray(text, result.minimalSets, labels, [](std::string& out, const MinimalSet& set) {
        out += ",\n      \"isolated_rows\": ";
        appendNumber(out, set.isolatedRows);
        out += ",\n      \"smallest_class\": ";
        appendNumber(out, set.smallestClass);
    });
    text.append(frame, minimalAt + emptyArray);
    text += '\n';
    return text;
}

} // namespace qiscout::core
