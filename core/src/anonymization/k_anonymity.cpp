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
    return std::to_string(m_k) + "-anonymity";
}

} // namespace qiscout::core
