// SPDX-License-Identifier: GPL-3.0-or-later
#include "io/statistical/statistical_writer.h"

#include <algorithm>
#include <climits>
#include <cstdint>
#include <exception>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include <readstat.h>

#include "io/output/write_buffering.h"
#include "io/statistical/statistical_column_plan.h"
#include "io/statistical/statistical_variable_names.h"

namespace qiscout::core {
namespace {

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
        if (output.buffer.size() >= writeFlushBytes)
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
        const auto names = validVariableNames(m_table, m_format, report.warnings);
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
        return m_family == StatisticalFamily::Stata && plan.integral ? READSTAT_TYPE_INT32 : READSTAT_TYPE_DOUBLE;
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
                        m_family == StatisticalFamily::Stata ? plan.name : "labels" + std::to_string(c + 1);
                    // Stata labels int32 values whatever the variable's storage type.
                    labels = readstat_add_label_set(
                        writer, m_family == StatisticalFamily::Stata ? READSTAT_TYPE_INT32 : READSTAT_TYPE_DOUBLE,
                        setName.c_str());
                    for (const auto& [value, label] : plan.valueLabels) {
                        if (m_family == StatisticalFamily::Stata)
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
                if (m_family == StatisticalFamily::Spss) {
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
            if (row % writeRowsPerStopCheck == 0 && m_stop.stop_requested())
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
    StatisticalFamily m_family;
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
