// SPDX-License-Identifier: GPL-3.0-or-later
#include "qiscout/core/io/reading/source_format.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <filesystem>
#include <optional>
#include <string_view>
#include <utility>
#include <vector>

#include <unistd.h>

#include "qiscout/core/io/reading/regular_file.h"

namespace qiscout::core {
namespace {

constexpr std::string_view sqlitePrefix = "sqlite:";
constexpr std::array<std::string_view, 2> postgresSchemes = {"postgresql://", "postgres://"};

bool startsWith(std::string_view text, std::string_view prefix)
{
    return text.substr(0, prefix.size()) == prefix;
}

std::string lowercase(std::string text)
{
    std::transform(text.begin(), text.end(), text.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return text;
}

bool isPostgresUri(std::string_view location)
{
    return std::any_of(postgresSchemes.begin(), postgresSchemes.end(),
                       [location](std::string_view scheme) { return startsWith(location, scheme); });
}

/// A libpq key=value string names at least one of the keywords a connection needs.
bool isKeywordConnection(std::string_view location)
{
    static constexpr std::array<std::string_view, 6> keys = {
        "host=", "dbname=", "hostaddr=", "service=", "user=", "password="};
    return std::any_of(keys.begin(), keys.end(), [location](std::string_view key) {
        const std::size_t at = location.find(key);
        return at != std::string_view::npos && (at == 0 || location[at - 1] == ' ');
    });
}

std::optional<SourceFormat> formatOfExtension(const std::string& extension)
{
    const std::string ext = lowercase(extension);
    if (ext == ".sav" || ext == ".zsav")
        return SourceFormat::SpssSystem;
    if (ext == ".por")
        return SourceFormat::SpssPortable;
    if (ext == ".dta")
        return SourceFormat::Stata;
    if (ext == ".sas7bdat")
        return SourceFormat::SasData;
    if (ext == ".xpt" || ext == ".xport")
        return SourceFormat::SasTransport;
    if (ext == ".xlsx" || ext == ".xlsm")
        return SourceFormat::Excel;
    if (ext == ".sqlite" || ext == ".sqlite3" || ext == ".db")
        return SourceFormat::Sqlite;
    return std::nullopt;
}

SourceFormat formatOfContents(const std::string& path)
{
    // Only a regular file is looked into: opening a FIFO to sniff it would block (#19). Whatever
    // cannot be read here goes to the delimited reader, whose error names the reason.
    std::array<char, 32> head{};
    ssize_t count = 0;
    try {
        const RegularFile file(path);
        count = ::read(file.descriptor(), head.data(), head.size());
    } catch (const FileReadError&) {
        return SourceFormat::Delimited;
    }
    const std::string_view bytes(head.data(), static_cast<std::size_t>(std::max<ssize_t>(count, 0)));
    if (startsWith(bytes, "$FL2") || startsWith(bytes, "$FL3"))
        return SourceFormat::SpssSystem;
    if (startsWith(bytes, std::string_view("SQLite format 3\0", 16)))
        return SourceFormat::Sqlite;
    if (startsWith(bytes, "PK\x03\x04"))
        return SourceFormat::Excel;
    if (startsWith(bytes, "<stata_dta>"))
        return SourceFormat::Stata;
    if (startsWith(bytes, "HEADER RECORD*******LIBRARY HEADER RECORD!!!!!!!"))
        return SourceFormat::SasTransport;
    return SourceFormat::Delimited;
}

/// Drops "password=..." pairs from a URI's query part ("?a=1&password=x&b=2").
std::string withoutQueryPassword(const std::string& uri)
{
    const std::size_t question = uri.find('?');
    if (question == std::string::npos)
        return uri;
    std::string kept;
    std::size_t begin = question + 1;
    while (begin <= uri.size()) {
        std::size_t end = uri.find('&', begin);
        if (end == std::string::npos)
            end = uri.size();
        const std::string_view pair(uri.data() + begin, end - begin);
        if (!startsWith(pair, "password=") && !pair.empty()) {
            kept += kept.empty() ? "" : "&";
            kept += pair;
        }
        begin = end + 1;
    }
    return uri.substr(0, question) + (kept.empty() ? "" : "?" + kept);
}

std::string uriWithoutPassword(const std::string& uri)
{
    const std::size_t authority = uri.find("://") + 3;
    const std::size_t authorityEnd = std::min(uri.find_first_of("/?", authority), uri.size());
    const std::size_t at = uri.rfind('@', authorityEnd == 0 ? 0 : authorityEnd - 1);
    std::string out = uri;
    if (at != std::string::npos && at >= authority) {
        const std::size_t colon = uri.find(':', authority);
        if (colon != std::string::npos && colon < at)
            out = uri.substr(0, colon) + uri.substr(at);
    }
    return withoutQueryPassword(out);
}

/// Calls visit(key, pair, value) for each pair of a key=value connection string, `pair` and
/// `value` exactly as written (quotes and escapes included).
template <typename Visit>
void forEachKeywordPair(const std::string& text, Visit visit)
{
    std::size_t pos = 0;
    const auto skipSpaces = [&] {
        while (pos < text.size() && std::isspace(static_cast<unsigned char>(text[pos])) != 0)
            ++pos;
    };
    for (;;) {
        skipSpaces();
        if (pos >= text.size())
            break;
        const std::size_t pairStart = pos;
        while (pos < text.size() && text[pos] != '=' && std::isspace(static_cast<unsigned char>(text[pos])) == 0)
            ++pos;
        const std::string key = text.substr(pairStart, pos - pairStart);
        skipSpaces();
        if (pos < text.size() && text[pos] == '=')
            ++pos;
        skipSpaces();
        const std::size_t valueStart = pos;
        if (pos < text.size() && text[pos] == '\'') {
            ++pos;
            while (pos < text.size() && text[pos] != '\'')
                pos += text[pos] == '\\' ? std::size_t{2} : std::size_t{1};
            pos = std::min(pos + 1, text.size());
        } else {
            while (pos < text.size() && std::isspace(static_cast<unsigned char>(text[pos])) == 0)
                pos += text[pos] == '\\' ? std::size_t{2} : std::size_t{1};
            pos = std::min(pos, text.size());
        }
        visit(key, text.substr(pairStart, pos - pairStart), text.substr(valueStart, pos - valueStart));
    }
}

/// Rebuilds a key=value connection string without its password pair, keeping every other pair
/// exactly as written.
std::string keywordsWithoutPassword(const std::string& text)
{
    std::string out;
    forEachKeywordPair(text, [&out](const std::string& key, const std::string& pair, const std::string&) {
        if (key != "password") {
            out += out.empty() ? "" : " ";
            out += pair;
        }
    });
    return out;
}

/// "%41b" -> "Ab"; a '%' without two hex digits stays as it is (libpq rejects it, and its message
/// quotes the text as written).
std::string percentDecoded(const std::string& text)
{
    std::string out;
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] == '%' && i + 2 < text.size() && std::isxdigit(static_cast<unsigned char>(text[i + 1])) != 0 &&
            std::isxdigit(static_cast<unsigned char>(text[i + 2])) != 0) {
            out += static_cast<char>(std::stoi(text.substr(i + 1, 2), nullptr, 16));
            i += 2;
        } else {
            out += text[i];
        }
    }
    return out;
}

/// Every form in which a connection string's passwords may show up in a message: as written and
/// as libpq reads them (percent-decoded in a URI, unquoted and unescaped in key=value form).
std::vector<std::string> passwordsIn(const std::string& connection)
{
    std::vector<std::string> secrets;
    if (isPostgresUri(connection)) {
        const std::size_t authority = connection.find("://") + 3;
        const std::size_t authorityEnd = std::min(connection.find_first_of("/?", authority), connection.size());
        const std::size_t at = connection.rfind('@', authorityEnd == 0 ? 0 : authorityEnd - 1);
        if (at != std::string::npos && at >= authority) {
            const std::size_t colon = connection.find(':', authority);
            if (colon != std::string::npos && colon < at)
                secrets.push_back(connection.substr(colon + 1, at - colon - 1));
        }
        for (std::size_t pair = connection.find("password=", authorityEnd); pair != std::string::npos;
             pair = connection.find("password=", pair + 1)) {
            const std::size_t value = pair + std::string_view("password=").size();
            secrets.push_back(connection.substr(value, connection.find('&', value) - value));
        }
        for (std::size_t written = 0, count = secrets.size(); written < count; ++written)
            secrets.push_back(percentDecoded(secrets[written]));
    } else if (isKeywordConnection(connection)) {
        forEachKeywordPair(connection,
                           [&secrets](const std::string& key, const std::string&, const std::string& value) {
                               if (key != "password")
                                   return;
                               secrets.push_back(value);
                               std::string plain;
                               const bool quoted = !value.empty() && value.front() == '\'';
                               for (std::size_t i = quoted ? 1 : 0; i < value.size(); ++i) {
                                   if (value[i] == '\\' && i + 1 < value.size())
                                       plain += value[++i];
                                   else if (!(quoted && i + 1 == value.size() && value[i] == '\''))
                                       plain += value[i];
                               }
                               secrets.push_back(plain);
                           });
    }
    return secrets;
}

void replaceAll(std::string& text, const std::string& what, const std::string& with)
{
    for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + with.size()))
        text.replace(at, what.size(), with);
}

} // namespace

SourceFormat detectSourceFormat(const std::string& location)
{
    if (startsWith(location, sqlitePrefix))
        return SourceFormat::Sqlite;
    if (isPostgresUri(location))
        return SourceFormat::PostgreSql;
    if (const auto byExtension = formatOfExtension(std::filesystem::path(location).extension().string()))
        return *byExtension;
    std::error_code error;
    if (!std::filesystem::is_regular_file(location, error) && isKeywordConnection(location))
        return SourceFormat::PostgreSql;
    return formatOfContents(location);
}

bool isDatabase(SourceFormat format)
{
    return format == SourceFormat::Sqlite || format == SourceFormat::PostgreSql;
}

bool isStatisticalFile(SourceFormat format)
{
    switch (format) {
    case SourceFormat::SpssSystem:
    case SourceFormat::SpssPortable:
    case SourceFormat::Stata:
    case SourceFormat::SasData:
    case SourceFormat::SasTransport:
        return true;
    case SourceFormat::Delimited:
    case SourceFormat::Excel:
    case SourceFormat::Sqlite:
    case SourceFormat::PostgreSql:
        break;
    }
    return false;
}

bool isFileSource(SourceFormat format)
{
    return format != SourceFormat::PostgreSql;
}

std::string sourceFilePath(const std::string& location)
{
    return startsWith(location, sqlitePrefix) ? location.substr(sqlitePrefix.size()) : location;
}

std::string redactPassword(std::string text, const std::string& connection, const std::string& password)
{
    // The whole string first, so that a message quoting it keeps everything but the password.
    const std::string shown = withoutPassword(connection);
    if (shown != connection && !connection.empty())
        replaceAll(text, connection, shown);
    std::vector<std::string> secrets = passwordsIn(connection);
    secrets.push_back(password);
    // Longest first: a password that holds another's text is replaced whole.
    std::sort(secrets.begin(), secrets.end(),
              [](const std::string& a, const std::string& b) { return a.size() > b.size(); });
    for (const std::string& secret : secrets)
        if (!secret.empty())
            replaceAll(text, secret, "***");
    return text;
}

std::string withoutPassword(const std::string& connection)
{
    if (isPostgresUri(connection))
        return uriWithoutPassword(connection);
    if (isKeywordConnection(connection))
        return keywordsWithoutPassword(connection);
    return connection;
}

} // namespace qiscout::core
