// SPDX-License-Identifier: GPL-3.0-or-later
#include "qiscout/core/anonymization/l_diversity.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

#include "anonymization/model_tolerance.h"
#include "anonymization/number_text.h"

namespace qiscout::core {
namespace {

bool isWhole(double value)
{
    return std::floor(value) == value;
}

} // namespace

LDiversity::LDiversity(const EncodedTable& table, int column, DiversityVariant variant, double l, double c)
    : m_column(column)
    , m_variant(variant)
    , m_l(l)
    , m_c(c)
{
    if (column < 0 || static_cast<std::size_t>(column) >= table.columnCount())
        throw std::invalid_argument("l-diversity names a column the table does not have.");
    if (!(l >= 1.0) || !std::isfinite(l))
        throw std::invalid_argument("l must be at least 1, not " + formatNumber(l) + ".");
    if (variant != DiversityVariant::Entropy && !isWhole(l))
        throw std::invalid_argument(std::string(nameIn(diversityVariantNames, variant)) +
                                    " l-diversity needs a whole number l, not " + formatNumber(l) + ".");
    if (variant == DiversityVariant::Recursive && (!(c > 0.0) || !std::isfinite(c)))
        throw std::invalid_argument("recursive-(c,l)-diversity needs c > 0, not " + formatNumber(c) + ".");
}

bool LDiversity::satisfiedBy(const ClassSummary& equivalenceClass) const
{
    const std::span<const ValueCount> values = equivalenceClass.sensitive;
    switch (m_variant) {
    case DiversityVariant::Distinct:
        return static_cast<double>(values.size()) >= m_l;
    case DiversityVariant::Entropy: {
        if (values.empty())
            return false;
        // H = log2(n) - (1/n) sum c log2 c, computed in this form so that it is exact for a
        // uniform class.
        double weighted = 0.0;
        for (const ValueCount& value : values) {
            const auto count = static_cast<double>(value.rows);
            weighted += count * std::log2(count);
        }
        const auto rows = static_cast<double>(equivalenceClass.rows);
        const double entropy = std::log2(rows) - weighted / rows;
        return entropy >= std::log2(m_l) - modelTolerance;
    }
    case DiversityVariant::Recursive: {
        const auto l = static_cast<std::size_t>(m_l);
        if (values.size() < l)
            return false;
        std::vector<std::uint64_t> counts;
        counts.reserve(values.size());
        for (const ValueCount& value : values)
            counts.push_back(value.rows);
        std::sort(counts.begin(), counts.end(), std::greater<>());
        std::uint64_t tail = 0;
        for (std::size_t i = l - 1; i < counts.size(); ++i)
            tail += counts[i];
        return static_cast<double>(counts.front()) < m_c * static_cast<double>(tail);
    }
    }
    return false;
}

ModelMonotonicity LDiversity::monotonicity() const
{
    // Only distinct-l keeps its violating rows from growing when classes merge: a union with a
    // satisfying class has at least as many distinct values and so satisfies too.
    return {true, m_variant == DiversityVariant::Distinct};
}

std::string LDiversity::describe(const std::vector<std::string>& columnNames) const
{
    const std::string& name = columnNames.at(static_cast<std::size_t>(m_column));
    switch (m_variant) {
    case DiversityVariant::Distinct:
        return "distinct " + formatNumber(m_l) + "-diversity on " + name;
    case DiversityVariant::Entropy:
        return "entropy " + formatNumber(m_l) + "-diversity on " + name;
    case DiversityVariant::Recursive:
        return "recursive (" + formatNumber(m_c) + ", " + formatNumber(m_l) + ")-diversity on " + name;
    }
    return name;
}

} // namespace qiscout::core
