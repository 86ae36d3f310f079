// SPDX-License-Identifier: GPL-3.0-or-later
// A private PostgreSQL server for the reader tests: its own cluster in a temporary folder,
// listening on a free loopback port only, stopped and removed when the test process ends.
#pragma once

#include <string>

namespace qiscout::test {

// Thread: used by the test's thread only.
class PostgresServer {
public:
    /// The login role and its password; the server asks for the password on TCP connections.
    static constexpr const char* user = "qiscout";
    static constexpr const char* password = "s3cret-Pa55";

    /// The process's server, started on first use: initdb and pg_ctl (found through pg_config or
    /// /usr/lib/postgresql/*/bin) run as the unprivileged "postgres" or "nobody" user when the
    /// tests run as root. Throws std::runtime_error saying what failed (PostgreSQL not installed:
    /// installer/install-deps.sh installs it).
    static PostgresServer& shared();

    ~PostgresServer();
    PostgresServer(const PostgresServer&) = delete;
    PostgresServer& operator=(const PostgresServer&) = delete;

    /// "postgresql://qiscout@127.0.0.1:PORT/postgres", without the password.
    [[nodiscard]] std::string uri() const;
    [[nodiscard]] int port() const { return m_port; }
    /// Runs SQL (several statements allowed) as the login role; throws std::runtime_error on failure.
    void execute(const std::string& sql) const;
    /// Loads rows into a table with COPY FROM STDIN (CSV format, NULL as an unquoted empty field).
    void copyCsv(const std::string& table, const std::string& csv) const;

private:
    PostgresServer();

    std::string m_folder;
    std::string m_binaries;
    std::string m_runAs;
    int m_port = 0;
    bool m_started = false;
};

} // namespace qiscout::test
