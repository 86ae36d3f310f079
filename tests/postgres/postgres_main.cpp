// SPDX-License-Identifier: GPL-3.0-or-later
// The PostgreSQL reader's tests run against a server of their own (support/postgres_server.h).
// Where none can be started (PostgreSQL not installed, no unprivileged user to run it as root) the
// whole executable says why and exits 77, which CTest reports as skipped rather than passed.
#define CATCH_CONFIG_RUNNER
#include <exception>
#include <iostream>

#include <catch2/catch.hpp>

#include "support/postgres_server.h"

namespace {

constexpr int exitSkipped = 77;

} // namespace

int main(int argc, char** argv)
{
    try {
        static_cast<void>(qiscout::test::PostgresServer::shared());
    } catch (const std::exception& error) {
        std::cerr << "postgres_tests: skipped, no PostgreSQL test server could be started: " << error.what() << '\n';
        return exitSkipped;
    }
    return Catch::Session().run(argc, argv);
}
