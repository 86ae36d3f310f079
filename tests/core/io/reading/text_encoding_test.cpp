// SPDX-License-Identifier: GPL-3.0-or-later
#include <optional>
#include <string>

#include <catch2/catch.hpp>

#include "io/reading/text_encoding.h"

using namespace qiscout::core;

TEST_CASE("scanText finds the first byte that breaks UTF-8", "[encoding]")
{
    const auto [text, firstInvalid] = GENERATE(table<std::string, std::optional<std::size_t>>({
        {"plain ascii text, long enough for words", std::nullopt},
        {"caf\xC3\xA9 \xE2\x82\xAC \xF0\x9F\x98\x80", std::nullopt},
        {"abc\xE9z", 3},
        {"ab\xC0\xAF", 2},            // overlong '/'
        {"ab\xED\xA0\x80", 2},        // surrogate U+D800
        {"ab\xF4\x90\x80\x80", 2},    // above U+10FFFF
        {"abcdefgh\xC3", 8},          // truncated at the end
        {"abcdefghijklmnop\x80", 16}, // stray continuation byte
    }));
    const TextScan scan = scanText(text);
    CHECK(scan.firstInvalidUtf8 == firstInvalid);
    CHECK_FALSE(scan.firstNul);
}

TEST_CASE("scanText finds a NUL byte after long ASCII runs", "[encoding]")
{
    const std::string text = std::string(37, 'a') + std::string(1, '\0') + "b";
    const TextScan scan = scanText(text);
    REQUIRE(scan.firstNul);
    CHECK(*scan.firstNul == 37);
}

TEST_CASE("scanText finds a NUL, a high byte or a broken sequence wherever it falls among ASCII runs", "[encoding]")
{
    // Every offset of a 200-byte text, so each lands in every position of a 64-, 8- and 1-byte step.
    for (std::size_t at = 0; at < 200; ++at) {
        std::string text(200, 'a');
        text[at] = '\0';
        TextScan scan = scanText(text);
        REQUIRE(scan.firstNul == at);
        CHECK_FALSE(scan.firstInvalidUtf8);

        text = std::string(200, 'a').replace(at, 2, "\xC3\xA9");
        scan = scanText(text);
        CHECK_FALSE(scan.firstNul);
        CHECK_FALSE(scan.firstInvalidUtf8);
        CHECK(scan.hasHighBytes);

        text = std::string(200, 'a');
        text[at] = '\xE9';
        scan = scanText(text);
        CHECK_FALSE(scan.firstNul);
        CHECK(scan.firstInvalidUtf8 == at);
        CHECK(scan.hasHighBytes);
    }
    const TextScan ascii = scanText(std::string(200, 'a'));
    CHECK_FALSE(ascii.hasHighBytes);
    CHECK_FALSE(ascii.firstNul);
}

TEST_CASE("windows1252ToUtf8 maps every byte, including the 0x80-0x9F block", "[encoding]")
{
    CHECK(windows1252ToUtf8("a\xE9\xFF") == "a\xC3\xA9\xC3\xBF");
    CHECK(windows1252ToUtf8("\x80\x99\x81") == "\xE2\x82\xAC\xE2\x84\xA2\xC2\x81");
    std::string all;
    for (int b = 1; b < 256; ++b)
        all.push_back(static_cast<char>(b));
    const std::string utf8 = windows1252ToUtf8(all);
    CHECK(utf8.size() == windows1252Utf8Size(all));
    CHECK_FALSE(scanText(utf8).firstInvalidUtf8);
}
