// SPDX-License-Identifier: GPL-3.0-or-later
#include "qiscout/core/dependencies/generalised_value.h"

#include <charconv>

namespace qiscout::core {
namespace {

std::string_view trimmed(std::string_view text)
{
    while (!text.empty() && text.front() == ' ')
        text.remove_prefix(1);
    while (!text.empty() && text.back() == ' ')
        text.remove_suffix(1);
    return text;
}

std::optional<double> number(std::string_view text)
{
    double value = 0.0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || error != std::errc() || end != text.data() + text.size())
        return std::nullopt;
    return value;
}

} // namespace

GeneralisedValue GeneralisedValue::parse(std::string_view text)
{
    GeneralisedValue value;
    const std::size_t star = text.find('*');
    if (star != std::string_view::npos && text.find_first_not_of('*', star) == std::string_view::npos) {
        value.m_kind = star == 0 ? Kind::Any : Kind::Masked;
        value.m_text = std::string(text.substr(0, star));
        value.m_length = text.size();
        return value;
    }
    if (text.size() >= 5 && text.front() == '[' && text.back() == ']') {
        const std::string_view inside = text.substr(1, text.size() - 2);
        const std::size_t comma = inside.find(',');
        if (comma != std::string_view::npos) {
            const std::string_view lowerText = trimmed(inside.substr(0, comma));
            const std::string_view upperText = trimmed(inside.substr(comma + 1));
            const std::optional<double> lower = number(lowerText);
            const std::optional<double> upper = number(upperText);
            if (lower && upper && *lower <= *upper) {
                value.m_kind = Kind::Interval;
                value.m_text = std::string(lowerText);
                value.m_upperText = std::string(upperText);
                value.m_lower = *lower;
                value.m_upper = *upper;
                return value;
            }
        }
    }
    value.m_kind = Kind::Exact;
    value.m_text = std::string(text);
    return value;
}

std::string GeneralisedValue::text() const
{
    switch (m_kind) {
    case Kind::Exact:
        return m_text;
    case Kind::Interval:
        return "[" + m_text + ", " + m_upperText + "]";
    case Kind::Masked:
        return m_text + std::string(m_length - m_text.size(), '*');
    case Kind::Any:
        break;
    }
    return "*";
}

std::optional<GeneralisedValue> intersect(const GeneralisedValue& a, const GeneralisedValue& b)
{
    using Kind = GeneralisedValue::Kind;
    if (a.m_kind == Kind::Any)
        return b;
    if (b.m_kind == Kind::Any)
        return a;
    if (a.m_kind == Kind::Exact || b.m_kind == Kind::Exact) {
        const GeneralisedValue& exact = a.m_kind == Kind::Exact ? a : b;
        const GeneralisedValue& other = a.m_kind == Kind::Exact ? b : a;
        bool allowed = false;
        if (other.m_kind == Kind::Exact) {
            allowed = exact.m_text == other.m_text;
        } else if (other.m_kind == Kind::Masked) {
            allowed = exact.m_text.size() == other.m_length && exact.m_text.starts_with(other.m_text);
        } else {
            const std::optional<double> value = number(exact.m_text);
            allowed = value && *value >= other.m_lower && *value <= other.m_upper;
        }
        return allowed ? std::optional<GeneralisedValue>(exact) : std::nullopt;
    }
    if (a.m_kind == Kind::Interval && b.m_kind == Kind::Interval) {
        if (a.m_upper < b.m_lower || b.m_upper < a.m_lower)
            return std::nullopt;
        GeneralisedValue both = a;
        if (b.m_lower > a.m_lower) {
            both.m_lower = b.m_lower;
            both.m_text = b.m_text;
        }
        if (b.m_upper < a.m_upper) {
            both.m_upper = b.m_upper;
            both.m_upperText = b.m_upperText;
        }
        return both;
    }
    if (a.m_kind == Kind::Masked && b.m_kind == Kind::Masked) {
        if (a.m_length != b.m_length)
            return std::nullopt;
        if (a.m_text.starts_with(b.m_text))
            return a;
        if (b.m_text.starts_with(a.m_text))
            return b;
        return std::nullopt;
    }
    return a;
}

} // namespace qiscout::core
