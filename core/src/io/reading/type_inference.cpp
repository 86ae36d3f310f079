// SPDX-License-Identifier: GPL-3.0-or-later
#include "io/reading/type_inference.h"

#include <cstddef>

namespace qiscout::core {
namespace {

bool isDigit(char c)
{
    return c >= '0' && c <= '9';
}

/// Digits at text[pos...]; returns how many.
std::size_t digitRun(std::string_view text, std::size_t pos)
{
    std::size_t n = 0;
    while (pos + n < text.size() && isDigit(text[pos + n]))
        ++n;
    return n;
}

int number(std::string_view digits)
{
    int value = 0;
    for (const char c : digits)
        value = value * 10 + (c - '0');
    return value;
}

bool validDay(int year, int month, int day)
{
    if (month < 1 || month > 12 || day < 1)
        return false;
    static constexpr int daysInMonth[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    const bool leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
    const int days = month == 2 && leap ? 29 : daysInMonth[month - 1];
    return day <= days;
}

bool validTime(std::string_view text)
{
    // HH:MM[:SS[.fff]]
    if (text.size() < 5 || !isDigit(text[0]) || !isDigit(text[1]) || text[2] != ':' || !isDigit(text[3]) ||
        !isDigit(text[4]))
        return false;
    if (number(text.substr(0, 2)) > 23 || number(text.substr(3, 2)) > 59)
        return false;
    std::string_view rest = text.substr(5);
    if (rest.empty())
        return true;
    if (rest.size() < 3 || rest[0] != ':' || !isDigit(rest[1]) || !isDigit(rest[2]) || number(rest.substr(1, 2)) > 60)
        return false;
    rest = rest.substr(3);
    if (rest.empty())
        return true;
    return rest.size() >= 2 && rest[0] == '.' && digitRun(rest, 1) == rest.size() - 1;
}

bool validDatePart(std::string_view text)
{
    if (text.size() != 10)
        return false;
    const char s1 = text[4];
    if ((s1 == '-' || s1 == '/') && text[7] == s1 && digitRun(text, 0) == 4 && digitRun(text, 5) == 2 &&
        digitRun(text, 8) == 2)
        return validDay(number(text.substr(0, 4)), number(text.substr(5, 2)), number(text.substr(8, 2)));
    const char s2 = text[2];
    if ((s2 == '/' || s2 == '.') && text[5] == s2 && digitRun(text, 0) == 2 && digitRun(text, 3) == 2 &&
        digitRun(text, 6) == 4) {
        const int first = number(text.substr(0, 2));
        const int second = number(text.substr(3, 2));
        const int year = number(text.substr(6, 4));
        if (s2 == '.')
            return validDay(year, second, first);
        return validDay(year, second, first) || validDay(year, first, second);
    }
    return false;
}

} // namespace

bool looksLikeInteger(std::string_view text)
{
    std::size_t pos = 0;
    if (!text.empty() && (text[0] == '+' || text[0] == '-'))
        pos = 1;
    const std::size_t digits = digitRun(text, pos);
    return digits >= 1 && digits <= 18 && pos + digits == text.size();
}

bool looksLikeNumber(std::string_view text)
{
    std::size_t pos = 0;
    if (!text.empty() && (text[0] == '+' || text[0] == '-'))
        pos = 1;
    std::size_t mantissaDigits = digitRun(text, pos);
    pos += mantissaDigits;
    if (pos < text.size() && text[pos] == '.') {
        ++pos;
        const std::size_t fraction = digitRun(text, pos);
        mantissaDigits += fraction;
        pos += fraction;
    }
    if (mantissaDigits == 0)
        return false;
    if (pos < text.size() && (text[pos] == 'e' || text[pos] == 'E')) {
        ++pos;
        if (pos < text.size() && (text[pos] == '+' || text[pos] == '-'))
            ++pos;
        const std::size_t exponent = digitRun(text, pos);
        if (exponent == 0)
            return false;
        pos += exponent;
    }
    return pos == text.size();
}

bool looksLikeDate(std::string_view text)
{
    if (text.size() < 10 || !validDatePart(text.substr(0, 10)))
        return false;
    if (text.size() == 10)
        return true;
    return (text[10] == 'T' || text[10] == ' ') && validTime(text.substr(11));
}

ColumnType inferColumnType(const std::vector<std::string>& dictionary, const std::vector<bool>& missing)
{
    bool anyValue = false;
    bool allIntegers = true;
    bool allNumbers = true;
    bool allDates = true;
    for (std::size_t code = 0; code < dictionary.size(); ++code) {
        if (code < missing.size() && missing[code])
            continue;
        anyValue = true;
        const std::string& text = dictionary[code];
        const bool integer = looksLikeInteger(text);
        const bool numeric = integer || looksLikeNumber(text);
        allIntegers = allIntegers && integer;
        allNumbers = allNumbers && numeric;
        allDates = allDates && !numeric && looksLikeDate(text);
        if (!allNumbers && !allDates)
            return ColumnType::Text;
    }
    if (!anyValue)
        return ColumnType::Text;
    if (allIntegers)
        return ColumnType::Integer;
    if (allNumbers)
        return ColumnType::Decimal;
    return allDates ? ColumnType::Date : ColumnType::Text;
}

} // namespace qiscout::core
