// SPDX-License-Identifier: GPL-3.0-or-later
#include "io/statistical/readstat_value_text.h"

#include <algorithm>
#include <cctype>
#include <optional>
#include <string_view>
#include <utility>

#include "io/reading/value_text.h"

namespace qiscout::core {
namespace {

constexpr double secondsPerDay = 86'400.0;
/// Days from each format's epoch to 1970-01-01: SPSS counts from 1582-10-14, Stata and SAS from 1960-01-01.
constexpr double spssEpochDays = -141'428.0;
constexpr double stataSasEpochDays = -3'653.0;

bool startsWithFormat(const std::string& format, std::string_view prefix)
{
    return format.compare(0, prefix.size(), prefix) == 0;
}

std::string uppercaseFormat(const char* format)
{
    std::string text = format == nullptr ? std::string() : std::string(format);
    std::transform(text.begin(), text.end(), text.begin(),
                   [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
    return text;
}

Conversion spssConversion(const std::string& format)
{
    const double epoch = spssEpochDays * secondsPerDay;
    for (const std::string_view prefix : {"DATETIME", "YMDHMS"})
        if (startsWithFormat(format, prefix))
            return {ValueKind::DateTime, 1, epoch};
    for (const std::string_view prefix : {"DTIME", "MTIME", "TIME"})
        if (startsWithFormat(format, prefix))
            return {ValueKind::Time, 1, 0};
    for (const std::string_view prefix : {"DATE", "ADATE", "EDATE", "JDATE", "SDATE", "QYR", "MOYR", "WKYR"})
        if (startsWithFormat(format, prefix))
            return {ValueKind::Date, 1, epoch};
    return {};
}

Conversion stataConversion(std::string format)
{
    format.erase(std::remove(format.begin(), format.end(), '-'), format.end());
    const double epoch = stataSasEpochDays * secondsPerDay;
    if (startsWithFormat(format, "%TD") || (startsWithFormat(format, "%D") && !startsWithFormat(format, "%DT")))
        return {ValueKind::Date, secondsPerDay, epoch};
    if (startsWithFormat(format, "%TC"))
        return {ValueKind::DateTime, 0.001, epoch};
    return {};
}

Conversion sasConversion(const std::string& format)
{
    const double epoch = stataSasEpochDays * secondsPerDay;
    for (const std::string_view prefix : {"DATETIME", "E8601DT", "B8601DT", "DATEAMPM", "IS8601DT", "MDYAMPM"})
        if (startsWithFormat(format, prefix))
            return {ValueKind::DateTime, 1, epoch};
    for (const std::string_view prefix : {"TIME", "HHMM", "TOD", "E8601TM", "B8601TM", "IS8601TM", "HOUR"})
        if (startsWithFormat(format, prefix))
            return {ValueKind::Time, 1, 0};
    for (const std::string_view prefix :
         {"DATE",   "DAY",      "DDMMYY",   "MMDDYY",   "YYMMDD",   "YYMM",    "MONYY",   "MMYY",
          "JULIAN", "WEEKDATE", "WORDDATE", "WEEKDATX", "WORDDATX", "E8601DA", "B8601DA", "IS8601DA",
          "NLDATE", "YYQ",      "YEAR",     "MONNAME",  "QTR",      "DOWNAME", "EURDF"})
        if (startsWithFormat(format, prefix))
            return {ValueKind::Date, secondsPerDay, epoch};
    return {};
}

std::string convertedText(double value, const Conversion& conversion)
{
    if (conversion.fifteenDigits)
        value = roundedToFifteenDigits(value);
    std::optional<std::string> text;
    const double seconds = value * conversion.secondsPerUnit;
    switch (conversion.kind) {
    case ValueKind::Number:
        break;
    case ValueKind::Date:
        text = dateText((seconds + conversion.epochSeconds) / secondsPerDay);
        break;
    case ValueKind::DateTime:
        text = dateTimeText(seconds + conversion.epochSeconds);
        break;
    case ValueKind::Time:
        text = timeText(seconds);
        break;
    }
    return text ? std::move(*text) : numberText(value);
}

} // namespace

Conversion conversionFor(SourceFormat format, const char* formatName)
{
    const std::string name = uppercaseFormat(formatName);
    switch (format) {
    case SourceFormat::SpssSystem:
        return spssConversion(name);
    case SourceFormat::SpssPortable: {
        Conversion conversion = spssConversion(name);
        conversion.fifteenDigits = true;
        return conversion;
    }
    case SourceFormat::Stata:
        return stataConversion(name);
    case SourceFormat::SasData:
    case SourceFormat::SasTransport:
        return sasConversion(name);
    case SourceFormat::Delimited:
    case SourceFormat::Excel:
    case SourceFormat::Sqlite:
    case SourceFormat::PostgreSql:
        break;
    }
    return {};
}

CellText numericText(readstat_value_t value, const Conversion& conversion)
{
    if (readstat_value_is_tagged_missing(value) != 0)
        return {std::string(".") + readstat_value_tag(value), true};
    if (readstat_value_is_system_missing(value) != 0)
        return {std::string(), true};
    switch (readstat_value_type(value)) {
    case READSTAT_TYPE_INT8:
        return {convertedText(readstat_int8_value(value), conversion)};
    case READSTAT_TYPE_INT16:
        return {convertedText(readstat_int16_value(value), conversion)};
    case READSTAT_TYPE_INT32:
        return {convertedText(readstat_int32_value(value), conversion)};
    case READSTAT_TYPE_FLOAT:
        if (conversion.kind == ValueKind::Number)
            return {numberText(readstat_float_value(value))};
        return {convertedText(readstat_float_value(value), conversion)};
    case READSTAT_TYPE_DOUBLE:
        return {convertedText(readstat_double_value(value), conversion)};
    case READSTAT_TYPE_STRING:
    case READSTAT_TYPE_STRING_REF:
        break;
    }
    const char* text = readstat_string_value(value);
    return {text == nullptr ? std::string() : std::string(text)};
}

} // namespace qiscout::core
