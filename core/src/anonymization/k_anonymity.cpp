// SPDX-License-Identifier: GPL-3.0-or-later
#include "qiscout/core/anonymization/k_anonymity.h"

#include <stdexcept>
#include <string>

namespace qiscout::core {

KAnonymity::KAnonymity(std::uint64_t k) : m_k(k)
{
    if (k < 1)
        throw std::invalid_argument("k must be at least 1.");
}

std::string KAnonymity::describe(const std::vector<std::string>& /*columnNames*/) const
{
    return minimumGroupSizeText(m_k);
}

std::string minimumGroupSizeText(std::uint64_t minGroupSize)
{
    const std::string usual = std::to_string(minGroupSize) + "-anonymity";
    if (minGroupSize <= 1)
        return "any group size (" + usual + ")";
    if (minGroupSize == 2)
        return "nobody unique (" + usual + ")";
    return "no group of " + std::to_string(minGroupSize - 1) + " or fewer rows (" + usual + ")";
}

} // namespace qiscout::core
