// SPDX-License-Identifier: GPL-3.0-or-later
#include "support/postgres_server.h"

#include <algorithm>
#include <array>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <stdexcept>
#include <vector>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <pwd.h>
#include <sys/socket.h>
#include <unistd.h>

#include <libpq-fe.h>

namespace qiscout::test {
namespace {

constexpr int startAttempts = 5;

std::string shellQuoted(const std::string& text)
{
    std::string quoted = "'";
    for (const char c : text)
        quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return quoted + "'";
}

std::string output(const std::string& command)
{
    std::unique_ptr<FILE, int (*)(FILE*)> pipe(popen(command.c_str(), "r"), pclose);
    std::string text;
    if (!pipe)
        return text;
    std::array<char, 256> buffer{};
    while (std::fgets(buffer.data(), static_cast<int>(buffer.size()), pipe.get()) != nullptr)
        text += buffer.data();
    while (!text.empty() && (text.back() == '\n' || text.back() == ' '))
        text.pop_back();
    return text;
}

std::string findBinaries()
{
    namespace fs = std::filesystem;
    const std::string configured = output("pg_config --bindir 2>/dev/null");
    if (!configured.empty() && fs::exists(fs::path(configured) / "initdb"))
        return configured;
    std::vector<fs::path> found;
    std::error_code error;
    for (const auto& entry : fs::directory_iterator("/usr/lib/postgresql", error))
        if (fs::exists(entry.path() / "bin" / "initdb"))
            found.push_back(entry.path() / "bin");
    if (found.empty())
        throw std::runtime_error("PostgreSQL's initdb was not found (pg_config --bindir, /usr/lib/postgresql/*/bin); "
                                 "installer/install-deps.sh installs the postgresql package");
    std::sort(found.begin(), found.end());
    return found.back().string();
}

/// A loopback port nobody listens on right now.
int freePort()
{
    const int socketFd = ::socket(AF_INET, SOCK_STREAM, 0);
    if (socketFd < 0)
        throw std::runtime_error("cannot open a socket to find a free port");
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    address.sin_port = 0;
    socklen_t length = sizeof address;
    const bool bound = ::bind(socketFd, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0 &&
                       ::getsockname(socketFd, reinterpret_cast<sockaddr*>(&address), &length) == 0;
    ::close(socketFd);
    if (!bound)
        throw std::runtime_error("cannot find a free loopback port");
    return ntohs(address.sin_port);
}

std::string fileText(const std::string& path)
{
    std::ifstream in(path);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

} // namespace

PostgresServer& PostgresServer::shared()
{
    static PostgresServer server;
    return server;
}

PostgresServer::PostgresServer()
{
    m_binaries = findBinaries();
    std::string pattern = (std::filesystem::temp_directory_path() / "qiscout-pg-XXXXXX").string();
    if (::mkdtemp(pattern.data()) == nullptr)
        throw std::runtime_error("cannot create a folder for the PostgreSQL test server");
    m_folder = pattern;
    {
        std::ofstream passwordFile(m_folder + "/password");
        passwordFile << password << '\n';
    }
    if (::geteuid() == 0) {
        // initdb refuses to run as root: the cluster belongs to an unprivileged user.
        const passwd* account = ::getpwnam("postgres");
        if (account == nullptr)
            account = ::getpwnam("nobody");
        if (account == nullptr)
            throw std::runtime_error("no unprivileged user (postgres or nobody) to run the PostgreSQL test server");
        for (const std::string& path : {m_folder, m_folder + "/password"})
            if (::chown(path.c_str(), account->pw_uid, account->pw_gid) != 0)
                throw std::runtime_error("cannot hand " + path + " to user " + account->pw_name);
        m_runAs = "runuser -u " + std::string(account->pw_name) + " -- ";
    }
    const std::string data = m_folder + "/data";
    const std::string initdb = m_runAs + shellQuoted(m_binaries + "/initdb") + " -D " + shellQuoted(data) + " -U " +
                               user + " --pwfile=" + shellQuoted(m_folder + "/password") +
                               " --auth-local=trust --auth-host=scram-sha-256 -E UTF8 --locale=C -N > " +
                               shellQuoted(m_folder + "/initdb.log") + " 2>&1";
    if (std::system(initdb.c_str()) != 0)
        throw std::runtime_error("initdb failed: " + fileText(m_folder + "/initdb.log"));
    for (int attempt = 0; attempt < startAttempts && !m_started; ++attempt) {
        m_port = freePort();
        const std::string settings = "-c listen_addresses=127.0.0.1 -c port=" + std::to_string(m_port) +
                                     " -c unix_socket_directories=" + m_folder + " -c fsync=off -c max_connections=20";
        const std::string start = m_runAs + shellQuoted(m_binaries + "/pg_ctl") + " -D " + shellQuoted(data) + " -l " +
                                  shellQuoted(m_folder + "/server.log") + " -w -t 60 -o " + shellQuoted(settings) +
                                  " start > /dev/null 2>&1";
        m_started = std::system(start.c_str()) == 0;
    }
    if (!m_started)
        throw std::runtime_error("the PostgreSQL test server did not start: " + fileText(m_folder + "/server.log"));
}

PostgresServer::~PostgresServer()
{
    if (m_started) {
        const std::string stop = m_runAs + shellQuoted(m_binaries + "/pg_ctl") + " -D " +
                                 shellQuoted(m_folder + "/data") + " -m immediate -w stop > /dev/null 2>&1";
        static_cast<void>(std::system(stop.c_str()));
    }
    std::error_code ignored;
    std::filesystem::remove_all(m_folder, ignored);
}

std::string PostgresServer::uri() const
{
    return std::string("postgresql://") + user + "@127.0.0.1:" + std::to_string(m_port) + "/postgres";
}

void PostgresServer::execute(const std::string& sql) const
{
    const std::string connection = uri() + "?password=" + password;
    const std::unique_ptr<PGconn, void (*)(PGconn*)> session(PQconnectdb(connection.c_str()), PQfinish);
    if (PQstatus(session.get()) != CONNECTION_OK)
        throw std::runtime_error(std::string("cannot connect to the test server: ") + PQerrorMessage(session.get()));
    const std::unique_ptr<PGresult, void (*)(PGresult*)> result(PQexec(session.get(), sql.c_str()), PQclear);
    const ExecStatusType status = PQresultStatus(result.get());
    if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK)
        throw std::runtime_error("the test server refused \"" + sql + "\": " + PQerrorMessage(session.get()));
}

void PostgresServer::copyCsv(const std::string& table, const std::string& csv) const
{
    const std::string connection = uri() + "?password=" + password;
    const std::unique_ptr<PGconn, void (*)(PGconn*)> session(PQconnectdb(connection.c_str()), PQfinish);
    const std::string sql = "COPY " + table + " FROM STDIN WITH (FORMAT csv, HEADER true)";
    const std::unique_ptr<PGresult, void (*)(PGresult*)> started(PQexec(session.get(), sql.c_str()), PQclear);
    if (PQresultStatus(started.get()) != PGRES_COPY_IN ||
        PQputCopyData(session.get(), csv.data(), static_cast<int>(csv.size())) != 1 ||
        PQputCopyEnd(session.get(), nullptr) != 1)
        throw std::runtime_error(std::string("COPY into the test server failed: ") + PQerrorMessage(session.get()));
    const std::unique_ptr<PGresult, void (*)(PGresult*)> finished(PQgetResult(session.get()), PQclear);
    if (PQresultStatus(finished.get()) != PGRES_COMMAND_OK)
        throw std::runtime_error(std::string("COPY into the test server failed: ") + PQerrorMessage(session.get()));
}

} // namespace qiscout::test
