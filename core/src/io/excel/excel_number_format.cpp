// SPDX-License-Identifier: GPL-3.0-or-later
// Over 400 lines: Excel's number format language (sections, digit placeholders, literals, dates
// and times) is one small interpreter; its parts share the token list and mean little apart.
#include "io/excel/excel_number_format.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <vector>

#include "io/reading/value_text.h"

namespace qiscout::core {
namespace {

/// Excel's General format shows at most this many characters.
constexpr int generalWidth = 11;
constexpr double secondsPerDay = 86'400.0;

constexpr std::array<const char*, 12> monthNames = {"January",   "February", "March",    "April",
                                                    "May",       "June",     "July",     "August",
                                                    "September", "October",  "November", "December"};
constexpr std::array<const char*, 7> dayNames = {"Sunday",   "Monday", "Tuesday", "Wednesday",
                                                 "Thursday", "Friday", "Saturday"};

enum class Kind {
    Literal,
    General,
    Digit,
    DecimalPoint,
    Comma,
    Percent,
    Exponent,
    Text,
    Year,
    Month,
    Minute,
    Day,
    Hour,
    Second,
    SubSecond,
    AmPm,
    ElapsedHours,
    ElapsedMinutes,
    ElapsedSeconds,
};

struct Token {
    Kind kind = Kind::Literal;
    std::string text;
    /// Digit: '0', '#' or '?'; Exponent: '+' or '-'; AmPm: 'A' for "AM/PM", 'a' for "A/P".
    char symbol = 0;
    /// Letters in a date or time token ("yyyy": 4), digits of a sub-second token.
    int count = 0;
};

struct Condition {
    std::string op;
    double operand = 0;
};

struct Section {
    std::vector<Token> tokens;
    std::optional<Condition> condition;
    bool isDate = false;
    bool hasGeneral = false;
};

bool startsWithNoCase(std::string_view text, std::size_t at, std::string_view word)
{
    if (text.size() - at < word.size())
        return false;
    for (std::size_t i = 0; i < word.size(); ++i)
        if (std::tolower(static_cast<unsigned char>(text[at + i])) != std::tolower(static_cast<unsigned char>(word[i])))
            return false;
    return true;
}

std::vector<std::string_view> splitSections(std::string_view code)
{
    std::vector<std::string_view> sections;
    std::size_t begin = 0;
    bool quoted = false;
    bool bracket = false;
    for (std::size_t i = 0; i < code.size(); ++i) {
        const char c = code[i];
        if (quoted) {
            quoted = c != '"';
        } else if (bracket) {
            bracket = c != ']';
        } else if (c == '"') {
            quoted = true;
        } else if (c == '[') {
            bracket = true;
        } else if (c == '\\' || c == '_' || c == '*') {
            ++i;
        } else if (c == ';') {
            sections.push_back(code.substr(begin, i - begin));
            begin = i + 1;
        }
    }
    sections.push_back(code.substr(std::min(begin, code.size())));
    return sections;
}

void addLiteral(std::vector<Token>& tokens, std::string_view text)
{
    if (!tokens.empty() && tokens.back().kind == Kind::Literal)
        tokens.back().text += text;
    else
        tokens.push_back({Kind::Literal, std::string(text), 0, 0});
}

/// Reads a bracketed part: elapsed time, currency, condition; colours and locales are dropped.
void parseBracket(std::string_view content, Section& section)
{
    if (!content.empty() && content.front() == '$') {
        const std::size_t dash = content.find('-');
        addLiteral(section.tokens, content.substr(1, dash == std::string_view::npos ? content.size() - 1 : dash - 1));
        return;
    }
    if (!content.empty() && content.find_first_not_of(content.front()) == std::string_view::npos) {
        const char letter = static_cast<char>(std::tolower(static_cast<unsigned char>(content.front())));
        const int count = static_cast<int>(content.size());
        if (letter == 'h')
            section.tokens.push_back({Kind::ElapsedHours, {}, 0, count});
        else if (letter == 'm')
            section.tokens.push_back({Kind::ElapsedMinutes, {}, 0, count});
        else if (letter == 's')
            section.tokens.push_back({Kind::ElapsedSeconds, {}, 0, count});
        if (letter == 'h' || letter == 'm' || letter == 's') {
            section.isDate = true;
            return;
        }
    }
    const std::size_t opEnd = content.find_first_not_of("<>=");
    if (opEnd != 0 && opEnd != std::string_view::npos) {
        Condition condition;
        condition.op = std::string(content.substr(0, opEnd));
        condition.operand = std::strtod(std::string(content.substr(opEnd)).c_str(), nullptr);
        section.condition = condition;
    }
}

Section parseSection(std::string_view code)
{
    Section section;
    auto& tokens = section.tokens;
    std::size_t i = 0;
    while (i < code.size()) {
        const char c = code[i];
        const char lower = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        if (c == '"') {
            const std::size_t end = code.find('"', i + 1);
            addLiteral(tokens, code.substr(i + 1, (end == std::string_view::npos ? code.size() : end) - i - 1));
            i = end == std::string_view::npos ? code.size() : end + 1;
        } else if (c == '\\' || c == '_' || c == '*') {
            if (i + 1 < code.size() && c != '*')
                addLiteral(tokens, c == '_' ? std::string_view(" ") : code.substr(i + 1, 1));
            i += 2;
        } else if (c == '[') {
            const std::size_t end = code.find(']', i);
            parseBracket(code.substr(i + 1, (end == std::string_view::npos ? code.size() : end) - i - 1), section);
            i = end == std::string_view::npos ? code.size() : end + 1;
        } else if (startsWithNoCase(code, i, "General")) {
            tokens.push_back({Kind::General, {}, 0, 0});
            section.hasGeneral = true;
            i += 7;
        } else if (startsWithNoCase(code, i, "AM/PM")) {
            tokens.push_back({Kind::AmPm, {}, 'A', 0});
            section.isDate = true;
            i += 5;
        } else if (startsWithNoCase(code, i, "A/P")) {
            tokens.push_back({Kind::AmPm, {}, 'a', 0});
            section.isDate = true;
            i += 3;
        } else if (c == '0' || c == '#' || c == '?') {
            tokens.push_back({Kind::Digit, {}, c, 0});
            ++i;
        } else if (c == '.') {
            std::size_t zeros = 0;
            while (i + 1 + zeros < code.size() && code[i + 1 + zeros] == '0')
                ++zeros;
            const bool afterSeconds = std::any_of(tokens.begin(), tokens.end(), [](const Token& t) {
                return t.kind == Kind::Second || t.kind == Kind::ElapsedSeconds;
            });
            if (afterSeconds && zeros > 0) {
                tokens.push_back({Kind::SubSecond, {}, 0, static_cast<int>(std::min<std::size_t>(zeros, 3))});
                i += 1 + zeros;
            } else {
                tokens.push_back({Kind::DecimalPoint, {}, 0, 0});
                ++i;
            }
        } else if (c == ',') {
            tokens.push_back({Kind::Comma, {}, 0, 0});
            ++i;
        } else if (c == '%') {
            tokens.push_back({Kind::Percent, {}, 0, 0});
            ++i;
        } else if ((c == 'E' || c == 'e') && i + 1 < code.size() && (code[i + 1] == '+' || code[i + 1] == '-')) {
            tokens.push_back({Kind::Exponent, {}, code[i + 1], 0});
            i += 2;
        } else if (c == '@') {
            tokens.push_back({Kind::Text, {}, 0, 0});
            ++i;
        } else if (lower == 'y' || lower == 'm' || lower == 'd' || lower == 'h' || lower == 's') {
            std::size_t run = 1;
            while (i + run < code.size() && std::tolower(static_cast<unsigned char>(code[i + run])) == lower)
                ++run;
            const int count = static_cast<int>(run);
            const Kind kind = lower == 'y'   ? Kind::Year
                              : lower == 'm' ? Kind::Month
                              : lower == 'd' ? Kind::Day
                              : lower == 'h' ? Kind::Hour
                                             : Kind::Second;
            tokens.push_back({kind, {}, 0, count});
            section.isDate = true;
            i += run;
        } else {
            addLiteral(tokens, code.substr(i, 1));
            ++i;
        }
    }
    // "m" and "mm" mean minutes right after hours or right before seconds.
    for (std::size_t t = 0; t < tokens.size(); ++t) {
        if (tokens[t].kind != Kind::Month || tokens[t].count > 2)
            continue;
        const auto previous = std::find_if(tokens.rbegin() + static_cast<std::ptrdiff_t>(tokens.size() - t),
                                           tokens.rend(), [](const Token& x) { return x.kind != Kind::Literal; });
        const auto next = std::find_if(tokens.begin() + static_cast<std::ptrdiff_t>(t + 1), tokens.end(),
                                       [](const Token& x) { return x.kind != Kind::Literal; });
        const bool afterHour =
            previous != tokens.rend() && (previous->kind == Kind::Hour || previous->kind == Kind::ElapsedHours);
        const bool beforeSecond = next != tokens.end() && (next->kind == Kind::Second || next->kind == Kind::SubSecond);
        if (afterHour || beforeSecond)
            tokens[t].kind = Kind::Minute;
    }
    return section;
}

std::string trimmedFixed(double value, int decimals)
{
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "%.*f", std::clamp(decimals, 0, 30), value);
    std::string text = buffer;
    if (text.find('.') != std::string::npos) {
        while (text.back() == '0')
            text.pop_back();
        if (text.back() == '.')
            text.pop_back();
    }
    return text == "-0" ? "0" : text;
}

/// "1.23457E+11": six significant digits, trailing zeros dropped, a two-digit exponent at least.
std::string generalScientific(double value)
{
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "%.5E", value);
    std::string text = buffer;
    const std::size_t e = text.find('E');
    std::string mantissa = text.substr(0, e);
    while (mantissa.back() == '0')
        mantissa.pop_back();
    if (mantissa.back() == '.')
        mantissa.pop_back();
    return mantissa + text.substr(e);
}

std::string generalText(double value)
{
    if (value == 0 || !std::isfinite(value))
        return value == 0 ? "0" : "#NUM!";
    const double magnitude = std::fabs(value);
    if (magnitude >= 1e11 || magnitude < 1e-9)
        return generalScientific(value);
    const int integerDigits = magnitude < 1 ? 1 : static_cast<int>(std::floor(std::log10(magnitude))) + 1;
    const std::string fixed = trimmedFixed(value, generalWidth - 1 - integerDigits);
    if (magnitude < 1e-4 &&
        std::strtod(fixed.c_str(), nullptr) != std::strtod(generalScientific(value).c_str(), nullptr))
        return generalScientific(value);
    return fixed;
}

/// Rounds half away from zero to `decimals` places, as Excel does.
double roundHalfAway(double value, int decimals)
{
    const double scale = std::pow(10.0, decimals);
    return std::round(value * scale) / scale;
}

std::string groupThousands(const std::string& digits)
{
    std::string out;
    for (std::size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0)
            out += ',';
        out += digits[i];
    }
    return out;
}

/// Fills placeholders with digits: integer placeholders right to left (extra digits before the
/// first one), fraction placeholders left to right.
std::string formatNumberSection(double value, const Section& section, bool showMinus)
{
    const auto& tokens = section.tokens;
    const auto point =
        std::find_if(tokens.begin(), tokens.end(), [](const Token& t) { return t.kind == Kind::DecimalPoint; });
    const auto exponent =
        std::find_if(tokens.begin(), tokens.end(), [](const Token& t) { return t.kind == Kind::Exponent; });
    const auto numberEnd = std::min(point, exponent);
    std::vector<std::size_t> integerSlots;
    std::vector<std::size_t> fractionSlots;
    std::vector<std::size_t> exponentSlots;
    bool grouping = false;
    int scaling = 0;
    for (std::size_t t = 0; t < tokens.size(); ++t) {
        const auto it = tokens.begin() + static_cast<std::ptrdiff_t>(t);
        if (tokens[t].kind == Kind::Percent)
            value *= 100;
        if (tokens[t].kind == Kind::Digit)
            (it < numberEnd ? integerSlots : it < exponent ? fractionSlots : exponentSlots).push_back(t);
        if (tokens[t].kind == Kind::Comma && it < exponent) {
            // Between two integer digits a comma groups thousands; after the last digit (or
            // another such comma) each one divides by 1000.
            const bool digitBefore = t > 0 && tokens[t - 1].kind == Kind::Digit;
            const bool digitAfter = t + 1 < tokens.size() && tokens[t + 1].kind == Kind::Digit;
            if (it < numberEnd && digitBefore && digitAfter)
                grouping = true;
            else if (digitBefore || (t > 0 && tokens[t - 1].kind == Kind::Comma && scaling > 0))
                ++scaling;
        }
    }
    value /= std::pow(1000.0, scaling);
    const bool negative = value < 0;
    value = std::fabs(value);
    int exponentValue = 0;
    if (exponent != tokens.end() && value != 0) {
        const int width = std::max<int>(1, static_cast<int>(integerSlots.size()));
        const bool engineering = width > 1 && std::any_of(integerSlots.begin(), integerSlots.end(),
                                                          [&](std::size_t s) { return tokens[s].symbol == '#'; });
        exponentValue = static_cast<int>(std::floor(std::log10(value)));
        exponentValue = engineering ? static_cast<int>(std::floor(static_cast<double>(exponentValue) / width)) * width
                                    : exponentValue - (width - 1);
        value /= std::pow(10.0, exponentValue);
    }
    const int decimals = static_cast<int>(fractionSlots.size());
    value = roundHalfAway(value, decimals);
    char buffer[400];
    std::snprintf(buffer, sizeof buffer, "%.*f", decimals, value);
    const std::string fixed = buffer;
    const std::size_t dot = fixed.find('.');
    std::string integerDigits = fixed.substr(0, dot);
    std::string fractionDigits = dot == std::string::npos ? std::string() : fixed.substr(dot + 1);
    if (integerDigits == "0")
        integerDigits.clear();

    std::vector<std::string> slotText(tokens.size());
    // Integer part, right to left.
    std::size_t remaining = integerDigits.size();
    for (std::size_t k = integerSlots.size(); k-- > 0;) {
        std::string& out = slotText[integerSlots[k]];
        if (remaining > 0) {
            out = integerDigits.substr(remaining - 1, 1);
            --remaining;
        } else {
            const char symbol = tokens[integerSlots[k]].symbol;
            out = symbol == '0' ? "0" : symbol == '?' ? " " : "";
        }
    }
    if (!integerSlots.empty()) {
        slotText[integerSlots.front()].insert(0, integerDigits.substr(0, remaining));
        if (grouping) {
            std::string joined;
            for (const std::size_t slot : integerSlots)
                joined += slotText[slot];
            const std::size_t firstDigit = joined.find_first_not_of(' ');
            const std::string padding = joined.substr(0, std::min(firstDigit, joined.size()));
            const std::string grouped = padding + groupThousands(joined.substr(padding.size()));
            for (const std::size_t slot : integerSlots)
                slotText[slot].clear();
            slotText[integerSlots.front()] = grouped;
        }
    }
    // Fraction part, left to right; optional trailing zeros dropped or blanked.
    for (std::size_t k = 0; k < fractionSlots.size(); ++k)
        slotText[fractionSlots[k]] = fractionDigits.substr(k, 1);
    for (std::size_t k = fractionSlots.size(); k-- > 0;) {
        const char symbol = tokens[fractionSlots[k]].symbol;
        std::string& out = slotText[fractionSlots[k]];
        if (out != "0" || symbol == '0')
            break;
        out = symbol == '?' ? " " : "";
    }
    // Exponent digits.
    if (exponent != tokens.end()) {
        std::string digits = std::to_string(std::abs(exponentValue));
        const std::size_t minimum = static_cast<std::size_t>(std::count_if(
            exponentSlots.begin(), exponentSlots.end(), [&](std::size_t s) { return tokens[s].symbol == '0'; }));
        if (digits.size() < minimum)
            digits.insert(0, minimum - digits.size(), '0');
        if (!exponentSlots.empty())
            slotText[exponentSlots.front()] = digits;
    }

    std::string out;
    const bool zero = std::all_of(fixed.begin(), fixed.end(), [](char c) { return c == '0' || c == '.'; });
    if (negative && showMinus && !zero)
        out += '-';
    for (std::size_t t = 0; t < tokens.size(); ++t) {
        const Token& token = tokens[t];
        switch (token.kind) {
        case Kind::Literal:
            out += token.text;
            break;
        case Kind::Digit:
            out += slotText[t];
            break;
        case Kind::DecimalPoint:
            out += '.';
            break;
        case Kind::Percent:
            out += '%';
            break;
        case Kind::Exponent:
            out += 'E';
            if (exponentValue < 0)
                out += '-';
            else if (token.symbol == '+')
                out += '+';
            break;
        case Kind::General:
            out += generalText(value);
            break;
        case Kind::Text:
            out += generalText(negative ? -value : value);
            break;
        default:
            break;
        }
    }
    return out;
}

struct DateParts {
    int year = 1900;
    unsigned month = 1;
    unsigned day = 1;
    /// 0 = Sunday.
    unsigned weekday = 0;
    long long hour = 0;
    long long minute = 0;
    long long second = 0;
    long long millisecond = 0;
    /// Whole elapsed units since serial 0, for [h] [m] [s].
    long long totalHours = 0;
    long long totalMinutes = 0;
    long long totalSeconds = 0;
};

std::optional<DateParts> dateParts(double serial, bool date1904, int subSecondDigits)
{
    if (!std::isfinite(serial) || serial < 0 || serial >= 2958466)
        return std::nullopt;
    // Rounded to what the format shows, so 23:59:59.7 shown to the second is the next day.
    const double unitsPerSecond = std::pow(10.0, subSecondDigits);
    const auto units = static_cast<long long>(std::llround(serial * secondsPerDay * unitsPerSecond));
    const long long unitsPerDay = static_cast<long long>(secondsPerDay * unitsPerSecond);
    const long long days = units / unitsPerDay;
    const long long withinDay = units % unitsPerDay;
    DateParts parts;
    const auto wholeSeconds = withinDay / static_cast<long long>(unitsPerSecond);
    parts.hour = wholeSeconds / 3600;
    parts.minute = wholeSeconds / 60 % 60;
    parts.second = wholeSeconds % 60;
    parts.millisecond = withinDay % static_cast<long long>(unitsPerSecond);
    parts.totalSeconds = units / static_cast<long long>(unitsPerSecond);
    parts.totalMinutes = parts.totalSeconds / 60;
    parts.totalHours = parts.totalSeconds / 3600;
    using namespace std::chrono;
    if (!date1904 && days == 60) {
        // Excel keeps Lotus 1-2-3's 29 February 1900, a day that never was.
        parts.year = 1900;
        parts.month = 2;
        parts.day = 29;
        parts.weekday = 3;
        return parts;
    }
    const sys_days epoch = date1904    ? sys_days{year{1904} / January / 1}
                           : days < 60 ? sys_days{year{1899} / December / 31}
                                       : sys_days{year{1899} / December / 30};
    const sys_days date = epoch + std::chrono::days{days};
    const year_month_day ymd{date};
    parts.year = static_cast<int>(ymd.year());
    parts.month = static_cast<unsigned>(ymd.month());
    parts.day = static_cast<unsigned>(ymd.day());
    parts.weekday = weekday{date}.c_encoding();
    return parts;
}

std::string padded(long long value, int width)
{
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%0*lld", width, value);
    return buffer;
}

std::string formatDateSection(double value, const Section& section, bool date1904)
{
    const auto& tokens = section.tokens;
    int subSecondDigits = 0;
    bool twelveHour = false;
    for (const Token& token : tokens) {
        if (token.kind == Kind::SubSecond)
            subSecondDigits = std::max(subSecondDigits, token.count);
        if (token.kind == Kind::AmPm)
            twelveHour = true;
    }
    const auto parts = dateParts(value, date1904, subSecondDigits);
    if (!parts)
        return generalText(value);
    std::string out;
    for (const Token& token : tokens) {
        switch (token.kind) {
        case Kind::Literal:
            out += token.text;
            break;
        case Kind::Year:
            out += token.count <= 2 ? padded(parts->year % 100, 2) : padded(parts->year, 4);
            break;
        case Kind::Month:
            if (token.count <= 2)
                out += padded(parts->month, token.count);
            else if (token.count == 3)
                out += std::string(monthNames[parts->month - 1]).substr(0, 3);
            else if (token.count == 5)
                out += monthNames[parts->month - 1][0];
            else
                out += monthNames[parts->month - 1];
            break;
        case Kind::Day:
            if (token.count <= 2)
                out += padded(parts->day, token.count);
            else if (token.count == 3)
                out += std::string(dayNames[parts->weekday]).substr(0, 3);
            else
                out += dayNames[parts->weekday];
            break;
        case Kind::Hour: {
            long long hour = parts->hour;
            if (twelveHour)
                hour = hour % 12 == 0 ? 12 : hour % 12;
            out += padded(hour, std::min(token.count, 2));
            break;
        }
        case Kind::Minute:
            out += padded(parts->minute, std::min(token.count, 2));
            break;
        case Kind::Second:
            out += padded(parts->second, std::min(token.count, 2));
            break;
        case Kind::SubSecond:
            out += "." + padded(parts->millisecond, subSecondDigits).substr(0, static_cast<std::size_t>(token.count));
            break;
        case Kind::AmPm:
            out += token.symbol == 'A' ? (parts->hour < 12 ? "AM" : "PM") : (parts->hour < 12 ? "A" : "P");
            break;
        case Kind::ElapsedHours:
            out += padded(parts->totalHours, token.count);
            break;
        case Kind::ElapsedMinutes:
            out += padded(parts->totalMinutes, token.count);
            break;
        case Kind::ElapsedSeconds:
            out += padded(parts->totalSeconds, token.count);
            break;
        case Kind::DecimalPoint:
            out += '.';
            break;
        case Kind::Comma:
            out += ',';
            break;
        case Kind::Percent:
            out += '%';
            break;
        case Kind::Digit:
            out += tokens.size() == 1 ? generalText(value) : std::string(1, token.symbol == '0' ? '0' : ' ');
            break;
        default:
            break;
        }
    }
    return out;
}

bool holds(const Condition& condition, double value)
{
    const std::string& op = condition.op;
    const double x = condition.operand;
    if (op == "<")
        return value < x;
    if (op == "<=")
        return value <= x;
    if (op == ">")
        return value > x;
    if (op == ">=")
        return value >= x;
    if (op == "<>")
        return value != x;
    return value == x;
}

} // namespace

std::string builtinExcelFormat(std::uint32_t id)
{
    switch (id) {
    case 1:
        return "0";
    case 2:
        return "0.00";
    case 3:
        return "#,##0";
    case 4:
        return "#,##0.00";
    case 9:
        return "0%";
    case 10:
        return "0.00%";
    case 11:
        return "0.00E+00";
    case 14:
        return "m/d/yyyy";
    case 15:
        return "d-mmm-yy";
    case 16:
        return "d-mmm";
    case 17:
        return "mmm-yy";
    case 18:
        return "h:mm AM/PM";
    case 19:
        return "h:mm:ss AM/PM";
    case 20:
        return "h:mm";
    case 21:
        return "h:mm:ss";
    case 22:
        return "m/d/yyyy h:mm";
    case 37:
        return "#,##0 ;(#,##0)";
    case 38:
        return "#,##0 ;[Red](#,##0)";
    case 39:
        return "#,##0.00;(#,##0.00)";
    case 40:
        return "#,##0.00;[Red](#,##0.00)";
    case 45:
        return "mm:ss";
    case 46:
        return "[h]:mm:ss";
    case 47:
        return "mmss.0";
    case 48:
        return "##0.0E+0";
    case 49:
        return "@";
    default:
        break;
    }
    return "General";
}

std::string formatExcelNumber(double value, std::string_view formatCode, bool date1904)
{
    // Excel shows at most 15 significant digits, so 2.345 (stored as 2.34499...) shows as 2.35.
    value = roundedToFifteenDigits(value);
    std::vector<Section> sections;
    for (const std::string_view code : splitSections(formatCode))
        sections.push_back(parseSection(code));
    // A fourth section is for text cells only.
    if (sections.size() > 3)
        sections.resize(3);
    const Section* chosen = &sections.front();
    bool showMinus = true;
    const bool conditional =
        std::any_of(sections.begin(), sections.end(), [](const Section& s) { return s.condition; });
    if (conditional) {
        chosen = &sections.back();
        for (const Section& section : sections) {
            if (!section.condition || holds(*section.condition, value)) {
                chosen = &section;
                break;
            }
        }
        showMinus = chosen == &sections.front() || !chosen->condition;
    } else if (sections.size() >= 2 && value < 0) {
        chosen = &sections[1];
        showMinus = false;
    } else if (sections.size() >= 3 && value == 0) {
        chosen = &sections[2];
    }
    if (chosen->tokens.empty())
        return std::string();
    const bool fraction =
        std::any_of(chosen->tokens.begin(), chosen->tokens.end(),
                    [](const Token& t) { return t.kind == Kind::Literal && t.text.find('/') != std::string::npos; }) &&
        !chosen->isDate;
    if (fraction || (chosen->hasGeneral && chosen->tokens.size() == 1))
        return generalText(showMinus ? value : std::fabs(value));
    if (chosen->isDate)
        return formatDateSection(value, *chosen, date1904);
    return formatNumberSection(value, *chosen, showMinus);
}

} // namespace qiscout::core
