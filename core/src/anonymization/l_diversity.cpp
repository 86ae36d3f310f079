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

/// The least d whose log2 is not below log2(l) by twice the rounding allowance. A class of d
/// distinct values has entropy at most log2(d) (reached by the uniform class; the computed value
/// exceeds it by far less than the allowance), so a class with fewer than this many values misses
/// log2(l) - modelTolerance, the bar satisfiedBy applies: it never satisfies entropy-l. No class
/// has more than `values` distinct values, so an l above twice that (a whole bit beyond any
/// class's entropy) answers just above them.
std::size_t fewestDistinctForEntropy(double l, std::size_t values)
{
    if (l > 2.0 * static_cast<double>(values) + 2.0)
        return values + 1;
    const double bar = std::log2(l) - 2 * modelTolerance;
    auto distinct = static_cast<std::size_t>(std::floor(l));
    while (distinct > 1 && std::log2(static_cast<double>(distinct - 1)) >= bar)
        --distinct;
    while (std::log2(static_cast<double>(distinct)) < bar)
        ++distinct;
    return distinct;
}

/// The least m >= l with c (m - l + 1) > 1 exactly, for the double c. With m distinct values the
/// tail r_l + ... + r_m has m - l + 1 counts of at most r_1 each, so c (tail) <= c (m - l + 1) r_1,
/// which is not above r_1 when c (m - l + 1) <= 1; rounding c (tail) to a double cannot lift it
/// above r_1 (a whole number, exact), so satisfiedBy's r_1 < c (tail) fails whatever the counts.
/// fma decides c k > 1 without rounding. No class has more than `values` distinct values: past
/// them the answer is capped (a tiny c would otherwise ask for more than a size_t holds).
bool recursiveTailSuffices(double c, std::size_t counts)
{
    return std::fma(c, static_cast<double>(counts), -1.0) > 0.0;
}

std::size_t fewestDistinctForRecursive(double c, std::size_t l, std::size_t values)
{
    const double estimate = std::floor(1.0 / c);
    if (estimate > static_cast<double>(values) + 1.0)
        return std::max(l, values + 1);
    // The estimate is off by at most one in the division's rounding, which the loops settle.
    auto counts = std::max<std::size_t>(1, static_cast<std::size_t>(estimate));
    while (counts > 1 && recursiveTailSuffices(c, counts - 1))
        --counts;
    while (!recursiveTailSuffices(c, counts))
        ++counts;
    return l + counts - 1;
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
    const auto whole = static_cast<std::size_t>(l);
    const std::size_t values = table.columns[static_cast<std::size_t>(column)].distinctCount();
    m_minDistinct = variant == DiversityVariant::Entropy     ? fewestDistinctForEntropy(l, values)
                    : variant == DiversityVariant::Recursive ? fewestDistinctForRecursive(c, whole, values)
                                                             : whole;
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

bool LDiversity::meetsMonotonePart(const ClassSummary& equivalenceClass) const
{
    // Every variant needs at least m_minDistinct values (recursive-(c,l) also fails below l values
    // by definition), and a union of classes has at least the distinct values of each: the rows of
    // the classes that fail this are a subset of the violating rows, and that subset never grows
    // under generalisation. It is the strongest such condition: one row of each of m_minDistinct
    // values already satisfies the model (up to the last bit of rounding), so any class with that
    // many values contains a satisfying part.
    return equivalenceClass.sensitive.size() >= m_minDistinct;
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
