// SPDX-License-Identifier: GPL-3.0-or-later
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>

#include <catch2/catch.hpp>

#include "report/file_digest.h"

using qiscout::core::sha256Hex;
using qiscout::core::sha256HexOfFile;

TEST_CASE("SHA-256 matches the FIPS 180-4 test vectors", "[digest]")
{
    CHECK(sha256Hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    CHECK(sha256Hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    CHECK(sha256Hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq") ==
          "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
}

TEST_CASE("SHA-256 of a file spanning several read chunks agrees with sha256sum", "[digest]")
{
    const auto path = std::filesystem::temp_directory_path() / "qiscout_digest_test.bin";
    {
        std::mt19937 random(11);
        std::ofstream out(path, std::ios::binary);
        for (int i = 0; i < (3 << 20) + 17; ++i)
            out.put(static_cast<char>(random() & 0xff));
    }
    const std::string ours = sha256HexOfFile(path);
    const std::string command = "sha256sum '" + path.string() + "'";
    FILE* pipe = popen(command.c_str(), "r");
    REQUIRE(pipe != nullptr);
    char line[256] = {};
    REQUIRE(fgets(line, sizeof line, pipe) != nullptr);
    pclose(pipe);
    std::filesystem::remove(path);
    CHECK(ours == std::string(line).substr(0, 64));
}

TEST_CASE("SHA-256 of a missing file names the file", "[digest]")
{
    CHECK_THROWS_WITH(sha256HexOfFile("/nonexistent/qiscout.csv"), Catch::Contains("/nonexistent/qiscout.csv"));
}
