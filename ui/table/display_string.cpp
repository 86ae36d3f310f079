// SPDX-License-Identifier: GPL-3.0-or-later
#include "table/display_string.h"

#include <string>

#include "qiscout/core/util/display_text.h"

namespace qiscout::ui {

QString displayString(std::string_view text)
{
    const std::string shown = core::displayText(text);
    return QString::fromUtf8(shown.data(), static_cast<qsizetype>(shown.size()));
}

} // namespace qiscout::ui
