// SPDX-License-Identifier: GPL-3.0-or-later
#include "io/reading/value_text.h"

#include <charconv>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace qiscout::core {
namespace {

constexpr double fixedFrom = 1e-6;
constexpr double fixedBelow = 1e17;
constexpr double millisecondsPerDay = 86'400'000.0;
/// Days from 1970-01-01 to 0001-01-01 and to 10000-01-01.
constexpr double firstDay = -719'162.0;
constexpr double dayAfterLast = 2'932'897.0;

template <typename Number>
std::string shortestText(Number value)
{
    if (std::isnan(value))
        return "NaN";
    if (std::isinf(value))
        return value < 0 ? "-Infinity" : "Infinity";
    if (value == 0)
        return "0";
    char buffer[400];
    const Number magnitude = std::fabs(value);
    const auto format = magnitude >= Number(fixedFrom) && magnitude < Number(fixedBelow) ? std::chars_format::fixed
                                                                                         : std::chars_format::general;
    const auto result = std::to_chars(buffer, buffer + sizeof buffer, value, format);
    return std::string(buffer, result.ptr);
}

std::string twoDigits(long long value)
{
    char buffer[24];
    std::snprintf(buffer, sizeof buffer, "%02lld", value);
    return buffer;
}

/// "HH:MM:SS[.fff]" of a non-negative count of milliseconds.
std::string clockText(long long milliseconds)
{
    const long long seconds = milliseconds / 1000;
    std::string text = twoDigits(seconds / 3600) + ":" + twoDigits(seconds / 60 % 60) + ":" + twoDigits(seconds % 60);
    if (const long long fraction = milliseconds % 1000; fraction != 0) {
        char buffer[8];
        std::snprintf(buffer, sizeof buffer, ".%03lld", fraction);
        text += buffer;
    }
    return text;
}

std::string calendarText(long long days)
{
    const std::chrono::year_month_day date{std::chrono::sys_days{std::chrono::days{days}}};
    char buffer[16];
    std::snprintf(buffer, sizeof buffer, "%04d-%02u-%02u", static_cast<int>(date.year()),
                  static_cast<unsigned>(date.month()), static_cast<unsigned>(date.day()));
    return buffer;
}

} // namespace

std::string numberText(double value)
{
    return shortestText(value);
}

std::string numberText(float value)
{
    return shortestText(value);
}

double roundedToFifteenDigits(double value)
{
    if (!std::isfinite(value))
        return value;
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.15g", value);
    return std::strtod(buffer, nullptr);
}

std::optional<std::string> dateText(double daysSinceUnixEpoch)
{
    if (!std::isfinite(daysSinceUnixEpoch))
        return std::nullopt;
    const double day = std::floor(daysSinceUnixEpoch);
    if (day < firstDay || day >= dayAfterLast)
        return std::nullopt;
    return calendarText(static_cast<long long>(day));
}

std::optional<std::string> dateTimeText(double secondsSinceUnixEpoch)
{
    if (!std::isfinite(secondsSinceUnixEpoch))
        return std::nullopt;
    const double milliseconds = std::round(secondsSinceUnixEpoch * 1000.0);
    const double day = std::floor(milliseconds / millisecondsPerDay);
    if (day < firstDay || day >= dayAfterLast)
        return std::nullopt;
    const auto withinDay = static_cast<long long>(milliseconds - day * millisecondsPerDay);
    return calendarText(static_cast<long long>(day)) + " " + clockText(withinDay);
}

std::optional<std::string> timeText(double seconds)
{
    if (!std::isfinite(seconds) || seconds < 0 || seconds > 1e12)
        return std::nullopt;
    return clockText(static_cast<long long>(std::round(seconds * 1000.0)));
}

std::optional<double> canonicalNumber(const std::string& text)
{
    double value = 0;
    const char* end = text.data() + text.size();
    const auto result = std::from_chars(text.data(), end, value);
    if (result.ec != std::errc() || result.ptr != end || !std::isfinite(value) || numberText(value) != text)
        return std::nullopt;
    return value;
}

} // namespace qiscout::core
