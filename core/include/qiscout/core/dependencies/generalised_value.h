// SPDX-License-Identifier: GPL-3.0-or-later
// A published cell as an attacker reads it, and the intersection of two of them (the paper's
// Definition 4), which is what a functional dependency lets an attacker compute.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace qiscout::core {

/// One cell of a generalised table: an exact value, a closed numeric interval "[a, b]", a masked
/// code such as "079**" (every value of that length starting with "079"), or "*" (any value).
/// Value type.
class GeneralisedValue {
public:
    enum class Kind { Exact, Interval, Masked, Any };

    /// Reads a cell. Anything that is not an interval, a mask or a run of '*' is an exact value.
    [[nodiscard]] static GeneralisedValue parse(std::string_view text);

    [[nodiscard]] Kind kind() const { return m_kind; }
    /// Whether the cell stands for more than one original value.
    [[nodiscard]] bool isGeneralised() const { return m_kind != Kind::Exact; }
    /// The cell as it would be published: the exact text, "[a, b]", the mask or "*".
    [[nodiscard]] std::string text() const;

    friend std::optional<GeneralisedValue> intersect(const GeneralisedValue& a, const GeneralisedValue& b);

    friend bool operator==(const GeneralisedValue&, const GeneralisedValue&) = default;

private:
    Kind m_kind = Kind::Any;
    /// Exact: the value; Masked: the visible prefix; Interval: the bounds as written.
    std::string m_text;
    std::string m_upperText;
    double m_lower = 0.0;
    double m_upper = 0.0;
    /// Masked: the length of every value the mask allows.
    std::size_t m_length = 0;
};

/// Definition 4, extended to the other kinds: the values both cells allow, or nullopt when they
/// allow none in common. An interval and a mask describe incomparable sets, so neither narrows the
/// other and the first is returned.
[[nodiscard]] std::optional<GeneralisedValue> intersect(const GeneralisedValue& a, const GeneralisedValue& b);

} // namespace qiscout::core
