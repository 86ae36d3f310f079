// SPDX-License-Identifier: GPL-3.0-or-later
// Over 400 lines: deciding how each column fits a format (numbers or text, names, missing values,
// labels) is one piece of reasoning, and splitting it would scatter the format rules.
#include "io/statistical_writer.h"

#include <algorithm>
#include <cctype>
#include <climits>
#include <cmath>
#include <exception>
#include <map>
#include <memory>
#include <set>
#include <unordered_map>
#include <unordered_set>
#include <utility>

#include <readstat.h>

#include "qiscout/core/io/table_loader.h"

#include "io/value_text.h"

namespace qiscout::core {
namespace {

/// Bytes gathered before they go to the sink.
constexpr std::size_t flushBytes = std::size_t{1} << 20;
/// Rows between two looks at the stop token.
constexpr std::uint32_t rowsPerStopCheck = 4096;
constexpr std::size_t spssMaxStringBytes = 32767;
constexpr std::size_t stataMaxStringBytes = 2045;
constexpr std::size_t sasMaxStringBytes = 32767;
constexpr std::size_t spssMaxMissingStringBytes = 8;
constexpr std::size_t spssMaxDiscreteMissing = 3;
/// Stata's largest int32 that is not a missing code.
constexpr double stataMaxInt32 = 2'147'483'620.0;

enum class Family { Spss, Stata, Sas };

/// What a format allows in a variable name.
struct NameRules {
    std::size_t maxBytes = 64;
    /// Characters allowed after the first (besides ASCII letters and digits).
    std::string_view extraCharacters;
    bool caseInsensitive = false;
    bool uppercase = false;
    std::vector<std::string_view> reserved;
};

Family familyOf(StatisticalFileFormat format)
{
    switch (format) {
    case StatisticalFileFormat::Sav:
    case StatisticalFileFormat::Zsav:
    case StatisticalFileFormat::Por:
        return Family::Spss;
    case StatisticalFileFormat::Dta:
        return Family::Stata;
    case StatisticalFileFormat::Xport:
    case StatisticalFileFormat::Sas7bdat:
        break;
    }
    return Family::Sas;
}

NameRules nameRules(StatisticalFileFormat format)
{
    switch (format) {
    case StatisticalFileFormat::Sav:
    case StatisticalFileFormat::Zsav:
        return {64,
                "_.@#$",
                true,
                false,
                {"ALL", "AND", "BY", "EQ", "GE", "GT", "LE", "LT", "NE", "NOT", "OR", "TO", "WITH"}};
    case StatisticalFileFormat::Por:
        return {8,
                "_.@#$",
                true,
                true,
                {"ALL", "AND", "BY", "EQ", "GE", "GT", "LE", "LT", "NE", "NOT", "OR", "TO", "WITH"}};
    case StatisticalFileFormat::Dta:
        return {32, "_", false, false, {"_all",  "_b",  "byte",  "_coef", "_cons", "double", "float",
                                        "if",    "in",  "int",   "long",  "_n",    "_N",     "_pi",
                                        "_pred", "_rc", "_skip", "strL",  "using", "with"}};
    case StatisticalFileFormat::Xport:
        return {8, "_", true, true, {}};
    case StatisticalFileFormat::Sas7bdat:
        break;
    }
    return {32, "_", true, false, {}};
}

std::string folded(std::string text, bool caseInsensitive)
{
    if (caseInsensitive)
        std::transform(text.begin(), text.end(), text.begin(),
                       [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
    return text;
}

bool isReserved(const std::string& name, const NameRules& rules)
{
    const std::string key = folded(name, rules.caseInsensitive);
    if (std::any_of(rules.reserved.begin(), rules.reserved.end(),
                    [&](std::string_view word) { return folded(std::string(word), rules.caseInsensitive) == key; }))
        return true;
    // Stata reserves str1, str2, ... as type names.
    return rules.extraCharacters == "_" && !rules.caseInsensitive && name.size() > 3 &&
           name.compare(0, 3, "str") == 0 &&
           std::all_of(name.begin() + 3, name.end(), [](unsigned char c) { return std::isdigit(c) != 0; });
}

/// A name the format accepts, as close to `name` as it allows: other characters become '_', a
/// name that does not start with a letter gets a "v" in front, and it is cut to the length limit.
std::string validName(const std::string& name, const NameRules& rules)
{
    std::string out;
    for (const char c : name) {
        const auto byte = static_cast<unsigned char>(c);
        const bool allowed =
            byte < 0x80 && (std::isalnum(byte) != 0 || rules.extraCharacters.find(c) != std::string_view::npos);
        out += allowed ? c : '_';
    }
    if (out.empty() || std::isalpha(static_cast<unsigned char>(out.front())) == 0)
        out.insert(out.begin(), 'v');
    if (rules.uppercase)
        out = folded(out, true);
    if (out.size() > rules.maxBytes)
        out.resize(rules.maxBytes);
    // SPSS names may not end with a full stop.
    while (out.size() > 1 && out.back() == '.')
        out.back() = '_';
    if (isReserved(out, rules))
        out = out.size() < rules.maxBytes ? out + "_" : "v" + out.substr(0, rules.maxBytes - 1);
    return out;
}

/// Valid, unique names for every column; a warning for each that had to change.
std::vector<std::string> validNames(const EncodedTable& table, const NameRules& rules,
                                    std::vector<std::string>& warnings)
{
    std::vector<std::string> names;
    std::unordered_set<std::string> taken;
    for (const auto& column : table.columns) {
        std::string name = validName(column.name, rules);
        if (taken.count(folded(name, rules.caseInsensitive)) != 0) {
            for (int k = 2;; ++k) {
                const std::string suffix = "_" + std::to_string(k);
                std::string candidate =
                    name.substr(0, rules.maxBytes - std::min(rules.maxBytes, suffix.size())) + suffix;
                if (rules.uppercase)
                    candidate = folded(candidate, true);
                if (taken.count(folded(candidate, rules.caseInsensitive)) == 0) {
                    name = std::move(candidate);
                    break;
                }
            }
        }
        taken.insert(folded(name, rules.caseInsensitive));
        if (name != column.name)
            warnings.push_back("Column \"" + column.name + "\" is written as \"" + name + "\", a valid variable name.");
        names.push_back(std::move(name));
    }
    return names;
}

bool isDefaultMissingToken(const std::string& text)
{
    static const std::vector<std::string> tokens = LoadOptions{}.missingTokens;
    return std::find(tokens.begin(), tokens.end(), text) != tokens.end();
}

/// A missing code's letter when `text` is ".a" (Stata) or ".A"/"._" (SAS).
char missingTag(const std::string& text, Family family)
{
    if (text.size() != 2 || text[0] != '.')
        return 0;
    const char tag = text[1];
    if (family == Family::Stata && tag >= 'a' && tag <= 'z')
        return tag;
    if (family == Family::Sas && ((tag >= 'A' && tag <= 'Z') || tag == '_'))
        return tag;
    return 0;
}

/// How one column is written.
struct ColumnPlan {
    std::string name;
    std::string label;
    bool numeric = false;
    bool integral = true;
    /// Code -> the number written (numeric columns).
    std::vector<double> numbers;
    /// Code -> written as system-missing.
    std::vector<bool> systemMissing;
    /// Code -> missing-code letter (0: none).
    std::vector<char> tags;
    std::vector<std::pair<double, std::string>> valueLabels;
    std::vector<std::pair<char, std::string>> tagLabels;
    std::vector<double> missingValues;
    std::optional<std::pair<double, double>> missingRange;
    std::vector<std::string> missingStrings;
    std::size_t width = 1;
    int decimals = 0;
    std::size_t numberWidth = 1;
    /// Stata strL: text too long for a fixed-width string.
    bool longText = false;
};

/// The text each code stands for in the file: the labelled value when the dictionary shows a label.
std::vector<std::string> storedValues(const EncodedColumn& column)
{
    std::vector<std::string> values = column.dictionary;
    if (!column.labelsShown)
        return values;
    std::unordered_map<std::string_view, std::string_view> valueOf;
    for (const auto& [value, label] : column.valueLabels)
        valueOf.emplace(label, value);
    for (auto& text : values)
        if (const auto it = valueOf.find(text); it != valueOf.end())
            text = std::string(it->second);
    return values;
}

int decimalsOf(const std::string& text)
{
    const std::size_t point = text.find('.');
    if (point == std::string::npos || text.find('e') != std::string::npos)
        return 0;
    return static_cast<int>(text.size() - point - 1);
}

void planMissingNumbers(const EncodedColumn& column, const std::vector<std::string>& values, Family family,
                        ColumnPlan& plan, std::vector<std::string>& warnings)
{
    const std::size_t codes = column.dictionary.size();
    std::set<char> usedTags;
    for (std::size_t code = 0; code < codes; ++code)
        if (column.missing[code])
            if (const char tag = missingTag(values[code], family); tag != 0)
                usedTags.insert(tag);
    char nextTag = family == Family::Stata ? 'a' : 'A';
    const char lastTag = family == Family::Stata ? 'z' : 'Z';
    std::set<double> userMissing;
    std::optional<std::string> lostText;
    for (std::size_t code = 0; code < codes; ++code) {
        if (!column.missing[code])
            continue;
        const std::string& value = values[code];
        const std::string& shown = column.dictionary[code];
        plan.systemMissing[code] = true;
        if (value.empty())
            continue;
        if (family == Family::Spss) {
            if (const auto number = canonicalNumber(value)) {
                plan.systemMissing[code] = false;
                plan.numbers[code] = *number;
                userMissing.insert(*number);
            } else if (!lostText) {
                lostText = shown;
            }
            continue;
        }
        char tag = missingTag(value, family);
        if (tag == 0) {
            while (nextTag <= lastTag && usedTags.count(nextTag) != 0)
                ++nextTag;
            if (nextTag > lastTag || family == Family::Sas) {
                if (!lostText)
                    lostText = shown;
                continue;
            }
            tag = nextTag;
            usedTags.insert(tag);
        }
        plan.systemMissing[code] = false;
        plan.tags[code] = tag;
        if (family == Family::Stata && shown != "." + std::string(1, tag))
            plan.tagLabels.emplace_back(tag, shown);
    }
    if (lostText)
        warnings.push_back("Column \"" + column.name + "\": some missing cells are written as system-missing, " +
                           "their text (such as \"" + *lostText + "\") is not kept.");
    if (userMissing.size() <= spssMaxDiscreteMissing) {
        plan.missingValues.assign(userMissing.begin(), userMissing.end());
        return;
    }
    const double low = *userMissing.begin();
    const double high = *userMissing.rbegin();
    bool rangeHoldsValues = false;
    for (std::size_t code = 0; code < codes; ++code)
        if (!column.missing[code] && plan.numbers[code] >= low && plan.numbers[code] <= high)
            rangeHoldsValues = true;
    if (!rangeHoldsValues) {
        plan.missingRange = std::make_pair(low, high);
        return;
    }
    for (std::size_t code = 0; code < codes; ++code)
        if (column.missing[code] && !values[code].empty())
            plan.systemMissing[code] = true;
    warnings.push_back("Column \"" + column.name + "\" has " + std::to_string(userMissing.size()) +
                       " missing values, more than SPSS can declare; they are written as system-missing.");
}

void planLabels(const EncodedColumn& column, Family family, ColumnPlan& plan, std::vector<std::string>& warnings)
{
    bool dropped = false;
    for (const auto& [value, label] : column.valueLabels) {
        const auto number = canonicalNumber(value);
        if (!number) {
            if (family == Family::Stata && missingTag(value, family) != 0)
                plan.tagLabels.emplace_back(value[1], label);
            else
                dropped = true;
            continue;
        }
        if (family == Family::Stata && (std::trunc(*number) != *number || std::fabs(*number) > stataMaxInt32)) {
            dropped = true;
            continue;
        }
        plan.valueLabels.emplace_back(*number, label);
    }
    std::sort(plan.tagLabels.begin(), plan.tagLabels.end());
    plan.tagLabels.erase(std::unique(plan.tagLabels.begin(), plan.tagLabels.end(),
                                     [](const auto& a, const auto& b) { return a.first == b.first; }),
                         plan.tagLabels.end());
    if (dropped)
        warnings.push_back("Column \"" + column.name + "\": value labels on values the format cannot label " +
                           "(Stata labels integers only) are left out.");
}

std::size_t maxStringBytes(Family family)
{
    switch (family) {
    case Family::Spss:
        return spssMaxStringBytes;
    case Family::Stata:
        return stataMaxStringBytes;
    case Family::Sas:
        break;
    }
    return sasMaxStringBytes;
}

ColumnPlan planColumn(const EncodedColumn& column, std::string name, Family family, const std::filesystem::path& target,
                      std::vector<std::string>& warnings)
{
    ColumnPlan plan;
    plan.label = column.description.empty() && name != column.name ? column.name : column.description;
    plan.name = std::move(name);
    const std::vector<std::string> values = storedValues(column);
    const std::size_t codes = column.dictionary.size();
    plan.numbers.assign(codes, 0.0);
    plan.systemMissing.assign(codes, false);
    plan.tags.assign(codes, 0);
    plan.numeric = true;
    for (std::size_t code = 0; code < codes && plan.numeric; ++code) {
        if (column.missing[code])
            continue;
        const auto number = canonicalNumber(values[code]);
        if (!number) {
            plan.numeric = false;
            break;
        }
        plan.numbers[code] = *number;
        plan.integral = plan.integral && std::trunc(*number) == *number && std::fabs(*number) <= stataMaxInt32;
        plan.decimals = std::max(plan.decimals, decimalsOf(values[code]));
        plan.numberWidth = std::max(plan.numberWidth, values[code].size());
    }
    if (plan.numeric) {
        planMissingNumbers(column, values, family, plan, warnings);
        if (family != Family::Sas)
            planLabels(column, family, plan, warnings);
        return plan;
    }
    for (const auto& text : column.dictionary)
        plan.width = std::max(plan.width, text.size());
    if (plan.width > maxStringBytes(family)) {
        if (family != Family::Stata)
            throw FileWriteError(target, "column \"" + column.name + "\" holds a text of " +
                                             std::to_string(plan.width) + " bytes, more than the format's " +
                                             std::to_string(maxStringBytes(family)));
        plan.longText = true;
    }
    bool lostMissing = false;
    for (std::size_t code = 0; code < codes; ++code) {
        const std::string& text = column.dictionary[code];
        if (!column.missing[code] || isDefaultMissingToken(text))
            continue;
        if (family == Family::Spss && text.size() <= spssMaxMissingStringBytes &&
            plan.missingStrings.size() < spssMaxDiscreteMissing)
            plan.missingStrings.push_back(text);
        else
            lostMissing = true;
    }
    if (lostMissing)
        warnings.push_back("Column \"" + column.name + "\" is written as text; some of its missing values are " +
                           "written as ordinary text, which the format cannot mark missing.");
    if (!column.valueLabels.empty() && !column.labelsShown)
        warnings.push_back("Column \"" + column.name + "\" is written as text; its value labels are left out.");
    return plan;
}

/// Collects ReadStat's output and hands it to the sink in large pieces; exceptions from the sink
/// are kept here, since they must not cross ReadStat's C frames.
struct Output {
    const std::function<void(std::string_view)>* sink = nullptr;
    std::string buffer;
    std::exception_ptr failure;
    std::string message;

    void flush()
    {
        if (!buffer.empty())
            (*sink)(buffer);
        buffer.clear();
    }
};

ssize_t writeBytes(const void* data, std::size_t length, void* context)
{
    auto& output = *static_cast<Output*>(context);
    if (output.failure)
        return -1;
    try {
        output.buffer.append(static_cast<const char*>(data), length);
        if (output.buffer.size() >= flushBytes)
            output.flush();
    } catch (...) {
        output.failure = std::current_exception();
        return -1;
    }
    return static_cast<ssize_t>(length);
}

class StatisticalWrite {
public:
    StatisticalWrite(const EncodedTable& table, StatisticalFileFormat format,
                     const std::function<void(std::string_view)>& sink, const std::filesystem::path& target,
                     std::stop_token stop)
        : m_table(table)
        , m_format(format)
        , m_family(familyOf(format))
        , m_target(target)
        , m_stop(std::move(stop))
        , m_writer(readstat_writer_init(), readstat_writer_free)
    {
        m_output.sink = &sink;
    }

    TableWriteReport run()
    {
        if (!m_writer)
            throw FileWriteError(m_target, "out of memory");
        if (m_table.rowCount > static_cast<std::uint32_t>(INT_MAX))
            throw FileWriteError(m_target, "the table has more rows than the format can count");
        TableWriteReport report;
        const auto names = validNames(m_table, nameRules(m_format), report.warnings);
        for (std::size_t c = 0; c < m_table.columnCount(); ++c)
            m_plans.push_back(planColumn(m_table.columns[c], names[c], m_family, m_target, report.warnings));

        readstat_writer_t* writer = m_writer.get();
        check(readstat_set_data_writer(writer, writeBytes));
        check(readstat_writer_set_error_handler(writer, &StatisticalWrite::onError));
        if (m_format == StatisticalFileFormat::Dta)
            check(readstat_writer_set_file_format_version(writer, 118));
        if (m_format == StatisticalFileFormat::Sav)
            check(readstat_writer_set_compression(writer, READSTAT_COMPRESS_ROWS));
        if (m_format == StatisticalFileFormat::Zsav)
            check(readstat_writer_set_compression(writer, READSTAT_COMPRESS_BINARY));
        defineVariables();
        check(beginWriting());
        writeRows();
        check(readstat_end_writing(writer));
        if (m_output.failure)
            std::rethrow_exception(m_output.failure);
        m_output.flush();
        return report;
    }

private:
    void check(readstat_error_t error)
    {
        if (m_output.failure)
            std::rethrow_exception(m_output.failure);
        if (error == READSTAT_OK)
            return;
        std::string message = readstat_error_message(error);
        if (!m_output.message.empty())
            message += " (" + m_output.message + ")";
        throw FileWriteError(m_target, message);
    }

    static void onError(const char* message, void* context)
    {
        auto& output = *static_cast<Output*>(context);
        if (message != nullptr && output.message.empty())
            output.message = message;
    }

    readstat_error_t beginWriting()
    {
        const auto rows = static_cast<long>(m_table.rowCount);
        switch (m_format) {
        case StatisticalFileFormat::Sav:
        case StatisticalFileFormat::Zsav:
            return readstat_begin_writing_sav(m_writer.get(), &m_output, rows);
        case StatisticalFileFormat::Por:
            return readstat_begin_writing_por(m_writer.get(), &m_output, rows);
        case StatisticalFileFormat::Dta:
            return readstat_begin_writing_dta(m_writer.get(), &m_output, rows);
        case StatisticalFileFormat::Xport:
            return readstat_begin_writing_xport(m_writer.get(), &m_output, rows);
        case StatisticalFileFormat::Sas7bdat:
            break;
        }
        return readstat_begin_writing_sas7bdat(m_writer.get(), &m_output, rows);
    }

    readstat_type_t numberType(const ColumnPlan& plan) const
    {
        return m_family == Family::Stata && plan.integral ? READSTAT_TYPE_INT32 : READSTAT_TYPE_DOUBLE;
    }

    void defineVariables()
    {
        readstat_writer_t* writer = m_writer.get();
        m_references.resize(m_plans.size());
        for (std::size_t c = 0; c < m_plans.size(); ++c) {
            ColumnPlan& plan = m_plans[c];
            readstat_variable_t* variable = nullptr;
            if (plan.numeric) {
                const readstat_type_t type = numberType(plan);
                readstat_label_set_t* labels = nullptr;
                if (!plan.valueLabels.empty() || !plan.tagLabels.empty()) {
                    const std::string setName =
                        m_family == Family::Stata ? plan.name : "labels" + std::to_string(c + 1);
                    // Stata labels int32 values whatever the variable's storage type.
                    labels = readstat_add_label_set(
                        writer, m_family == Family::Stata ? READSTAT_TYPE_INT32 : READSTAT_TYPE_DOUBLE,
                        setName.c_str());
                    for (const auto& [value, label] : plan.valueLabels) {
                        if (m_family == Family::Stata)
                            readstat_label_int32_value(labels, static_cast<std::int32_t>(value), label.c_str());
                        else
                            readstat_label_double_value(labels, value, label.c_str());
                    }
                    for (const auto& [tag, label] : plan.tagLabels)
                        readstat_label_tagged_value(labels, tag, label.c_str());
                }
                variable = readstat_add_variable(writer, plan.name.c_str(), type, 0);
                if (labels != nullptr)
                    readstat_variable_set_label_set(variable, labels);
                for (const double value : plan.missingValues)
                    check(readstat_variable_add_missing_double_value(variable, value));
                if (plan.missingRange)
                    check(readstat_variable_add_missing_double_range(variable, plan.missingRange->first,
                                                                     plan.missingRange->second));
                if (m_family == Family::Spss) {
                    const std::size_t width = std::min<std::size_t>(
                        40, std::max<std::size_t>(plan.numberWidth, static_cast<std::size_t>(plan.decimals) + 2));
                    const std::string format =
                        "F" + std::to_string(width) + "." + std::to_string(std::min(plan.decimals, 16));
                    readstat_variable_set_format(variable, format.c_str());
                }
                readstat_variable_set_measure(variable, plan.valueLabels.empty() ? READSTAT_MEASURE_SCALE
                                                                                 : READSTAT_MEASURE_NOMINAL);
            } else {
                const readstat_type_t type = plan.longText ? READSTAT_TYPE_STRING_REF : READSTAT_TYPE_STRING;
                variable = readstat_add_variable(writer, plan.name.c_str(), type, plan.longText ? 0 : plan.width);
                // Stata's map of sections is written first, so every strL must exist before writing begins.
                if (plan.longText)
                    for (const auto& text : m_table.columns[c].dictionary)
                        m_references[c].push_back(readstat_add_string_ref(writer, text.c_str()));
                for (const auto& text : plan.missingStrings)
                    check(readstat_variable_add_missing_string_value(variable, text.c_str()));
                readstat_variable_set_measure(variable, READSTAT_MEASURE_NOMINAL);
            }
            if (variable == nullptr)
                throw FileWriteError(m_target, "out of memory");
            if (!plan.label.empty())
                readstat_variable_set_label(variable, plan.label.c_str());
            m_variables.push_back(variable);
        }
    }

    void writeRows()
    {
        readstat_writer_t* writer = m_writer.get();
        for (std::uint32_t row = 0; row < m_table.rowCount; ++row) {
            if (row % rowsPerStopCheck == 0 && m_stop.stop_requested())
                throw WriteCancelled(m_target, "writing was cancelled");
            check(readstat_begin_row(writer));
            for (std::size_t c = 0; c < m_plans.size(); ++c) {
                const ColumnPlan& plan = m_plans[c];
                const EncodedColumn& column = m_table.columns[c];
                const std::uint32_t code = column.codes[row];
                readstat_variable_t* variable = m_variables[c];
                if (!plan.numeric) {
                    if (plan.longText) {
                        check(readstat_insert_string_ref(writer, variable, m_references[c][code]));
                    } else {
                        check(readstat_insert_string_value(writer, variable, column.dictionary[code].c_str()));
                    }
                } else if (plan.tags[code] != 0) {
                    check(readstat_insert_tagged_missing_value(writer, variable, plan.tags[code]));
                } else if (plan.systemMissing[code]) {
                    check(readstat_insert_missing_value(writer, variable));
                } else if (numberType(plan) == READSTAT_TYPE_INT32) {
                    check(readstat_insert_int32_value(writer, variable, static_cast<std::int32_t>(plan.numbers[code])));
                } else {
                    check(readstat_insert_double_value(writer, variable, plan.numbers[code]));
                }
            }
            check(readstat_end_row(writer));
        }
    }

    const EncodedTable& m_table;
    StatisticalFileFormat m_format;
    Family m_family;
    const std::filesystem::path& m_target;
    std::stop_token m_stop;
    std::unique_ptr<readstat_writer_t, void (*)(readstat_writer_t*)> m_writer;
    Output m_output;
    std::vector<ColumnPlan> m_plans;
    std::vector<readstat_variable_t*> m_variables;
    /// Column -> code -> the Stata strL holding its text (long-text columns only).
    std::vector<std::vector<readstat_string_ref_t*>> m_references;
};

} // namespace

TableWriteReport writeStatisticalFile(const EncodedTable& table, StatisticalFileFormat format,
                                      const std::function<void(std::string_view)>& sink,
                                      const std::filesystem::path& describe, std::stop_token stop)
{
    return StatisticalWrite(table, format, sink, describe, std::move(stop)).run();
}

} // namespace qiscout::core
