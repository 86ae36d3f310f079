// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

namespace qiscout::ui {

/// Where the bundled UCI Adult sample is: installed (share/qiscout/samples beside bin/) or, in a
/// development build, the source tree's resources/samples. Empty when neither exists.
[[nodiscard]] QString sampleTablePath();

} // namespace qiscout::ui
