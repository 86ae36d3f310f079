// SPDX-License-Identifier: GPL-3.0-or-later
#include "qiscout/core/risk/risk_parameters.h"

namespace qiscout::core {

// Every name in the table is a string literal, so its view is null-terminated.
const char* toString(SudaScoring scoring)
{
    return nameIn(sudaScoringNames, scoring).data();
}

} // namespace qiscout::core
