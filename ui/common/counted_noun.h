// SPDX-License-Identifier: GPL-3.0-or-later
// How a count reads everywhere in the window, so that one thing is counted one way.
#pragma once

#include <cstdint>

#include <QString>

namespace qiscout::ui {

/// "1 quasi-identifier", "12,345 quasi-identifiers": the count with digit grouping and the noun
/// that agrees with it.
[[nodiscard]] QString countedNoun(std::uint64_t count, const QString& singular, const QString& plural);

} // namespace qiscout::ui
