// SPDX-License-Identifier: GPL-3.0-or-later
#include <string>

#include <catch2/catch.hpp>

#include "qiscout/core/util/display_text.h"

using namespace qiscout::core;

TEST_CASE("Short text is shown whole", "[robust][display-text]")
{
    CHECK(displayText("") == "");
    CHECK(displayText("Divorced") == "Divorced");
    const std::string exactly(displayTextLimit, 'a');
    CHECK(displayText(exactly) == exactly);
    // 200 characters of two bytes each: 400 bytes, still within the limit.
    std::string accents;
    for (std::size_t i = 0; i < displayTextLimit; ++i)
        accents += "\u00e9";
    CHECK(displayText(accents) == accents);
}

TEST_CASE("Long text is cut on a character boundary with an ellipsis and its full length", "[robust][display-text]")
{
    const std::string huge(10'000'000, 'x');
    const std::string shown = displayText(huge);
    CHECK(shown == std::string(displayTextLimit, 'x') + "\u2026 (10000000 characters)");

    std::string accents;
    for (int i = 0; i < 300; ++i)
        accents += "\u00e9";
    const std::string cut = displayText(accents, 5);
    CHECK(cut == "\u00e9\u00e9\u00e9\u00e9\u00e9\u2026 (300 characters)");
    CHECK(characterCount(accents) == 300);
}
