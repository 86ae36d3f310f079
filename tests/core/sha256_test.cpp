// SPDX-License-Identifier: GPL-3.0-or-later
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>

#include <catch2/catch.hpp>

#include "qiscout/core/sha256.h"

namespace {

using qiscout::core::Sha256;
using qiscout::core::sha256Hex;
using qiscout::core::sha256HexOfFile;

TEST_CASE("SHA-256 matches the FIPS 180-4 test vectors", "[sha256]")
{
    CHECK(sha256Hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    CHECK(sha256Hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    CHECK(sha256Hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq") ==
          "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
    CHECK(sha256Hex(std::string(1000000, 'a')) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

TEST_CASE("SHA-256 gives the same digest however the input is split", "[sha256]")
{
    std::mt19937 random(7);
    std::string message(1000, '\0');
    for (char& c : message)
        c = static_cast<char>(random() & 0xff);
    const std::string whole = sha256Hex(message);
    for (const std::size_t chunk :
         {std::size_t{1}, std::size_t{3}, std::size_t{63}, std::size_t{64}, std::size_t{65}}) {
        Sha256 hash;
        for (std::size_t i = 0; i < message.size(); i += chunk)
            hash.update(std::string_view(message).substr(i, chunk));
        const auto digest = hash.finish();
        std::string hex;
        for (const auto byte : digest) {
            constexpr const char* digits = "0123456789abcdef";
            hex += digits[byte >> 4];
            hex += digits[byte & 0x0f];
        }
        CHECK(hex == whole);
    }
}

TEST_CASE("SHA-256 of a 1 MB file agrees with sha256sum", "[sha256]")
{
    const auto path = std::filesystem::temp_directory_path() / "qiscout_sha256_test.bin";
    {
        std::mt19937 random(11);
        std::ofstream out(path, std::ios::binary);
        for (int i = 0; i < (1 << 20) + 17; ++i)
            out.put(static_cast<char>(random() & 0xff));
    }
    const std::string ours = sha256HexOfFile(path);
    std::string theirs;
    const std::string command = "sha256sum '" + path.string() + "' 2>/dev/null";
    if (FILE* pipe = popen(command.c_str(), "r")) {
        char buffer[65] = {};
        if (std::fread(buffer, 1, 64, pipe) == 64)
            theirs.assign(buffer, 64);
        pclose(pipe);
    }
    std::filesystem::remove(path);
    if (theirs.empty()) {
        WARN("sha256sum is not available; skipped the comparison");
        return;
    }
    CHECK(ours == theirs);
}

TEST_CASE("SHA-256 of an unreadable file is an error naming it", "[sha256]")
{
    CHECK_THROWS_WITH(sha256HexOfFile("/nonexistent/qiscout.csv"), Catch::Contains("/nonexistent/qiscout.csv"));
}

} // namespace
