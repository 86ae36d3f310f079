// SPDX-License-Identifier: GPL-3.0-or-later
// Helpers shared by the report tests: a small JSON Schema validator (the subset
// docs/report.schema.json uses), an XHTML tag-balance checker, and table builders.
#pragma once

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "qiscout/core/table/encoded_table.h"

namespace qiscout::core::test {

inline std::string readFile(const std::filesystem::path& path)
{
    std::ifstream in(path, std::ios::binary);
    std::ostringstream contents;
    contents << in.rdbuf();
    return contents.str();
}

/// Loads a plain CSV (no quoting) with a header row, remembering its path as the source.
inline EncodedTable loadPlainCsv(const std::filesystem::path& path)
{
    std::istringstream in(readFile(path));
    std::string line;
    const auto split = [](const std::string& text) {
        std::vector<std::string> fields;
        std::string field;
        std::istringstream stream(text);
        while (std::getline(stream, field, ','))
            fields.push_back(field);
        return fields;
    };
    std::getline(in, line);
    const std::vector<std::string> header = split(line);
    std::vector<std::vector<std::string>> rows;
    while (std::getline(in, line))
        if (!line.empty())
            rows.push_back(split(line));
    EncodedTable table = encodeRows(header, rows);
    table.sourcePath = path.string();
    return table;
}

/// A random table whose columns draw from small alphabets, so every size of quasi-identifier occurs.
inline EncodedTable randomTable(std::uint32_t seed, int columns, int rows)
{
    std::mt19937 random(seed);
    std::vector<std::string> names;
    std::vector<int> alphabet;
    for (int c = 0; c < columns; ++c) {
        names.push_back("c" + std::to_string(c));
        alphabet.push_back(1 + static_cast<int>(random() % 5));
    }
    std::vector<std::vector<std::string>> cells(static_cast<std::size_t>(rows));
    for (auto& row : cells)
        for (int c = 0; c < columns; ++c)
            row.push_back("v" +
                          std::to_string(random() % static_cast<unsigned>(alphabet[static_cast<std::size_t>(c)])));
    return encodeRows(names, cells);
}

/// Validates `value` against the JSON Schema keywords the report schema uses: type, const, enum,
/// minimum, required, properties, additionalProperties (false), items, $ref (local #/$defs/...).
/// Appends one message per violation.
class SchemaValidator {
public:
    explicit SchemaValidator(nlohmann::json root) : m_root(std::move(root)) {}

    std::vector<std::string> validate(const nlohmann::json& value)
    {
        m_errors.clear();
        check(m_root, value, "$");
        return m_errors;
    }

private:
    static bool hasType(const nlohmann::json& value, const std::string& type)
    {
        if (type == "object")
            return value.is_object();
        if (type == "array")
            return value.is_array();
        if (type == "string")
            return value.is_string();
        if (type == "integer")
            return value.is_number_integer();
        if (type == "number")
            return value.is_number();
        if (type == "boolean")
            return value.is_boolean();
        if (type == "null")
            return value.is_null();
        return false;
    }

    void check(const nlohmann::json& schema, const nlohmann::json& value, const std::string& where)
    {
        for (const auto& [keyword, argument] : schema.items()) {
            static const std::vector<std::string> known{"$schema",
                                                        "$id",
                                                        "title",
                                                        "description",
                                                        "$defs",
                                                        "type",
                                                        "const",
                                                        "enum",
                                                        "minimum",
                                                        "maximum",
                                                        "required",
                                                        "properties",
                                                        "additionalProperties",
                                                        "items",
                                                        "$ref"};
            if (std::find(known.begin(), known.end(), keyword) == known.end())
                m_errors.push_back(where + ": the test validator does not implement keyword " + keyword);
        }
        if (schema.contains("$ref")) {
            const std::string ref = schema["$ref"];
            const std::string prefix = "#/$defs/";
            if (ref.rfind(prefix, 0) != 0 || !m_root["$defs"].contains(ref.substr(prefix.size()))) {
                m_errors.push_back(where + ": unresolvable $ref " + ref);
                return;
            }
            check(m_root["$defs"][ref.substr(prefix.size())], value, where);
        }
        if (schema.contains("type")) {
            std::vector<std::string> types;
            if (schema["type"].is_array())
                types = schema["type"].get<std::vector<std::string>>();
            else
                types.push_back(schema["type"].get<std::string>());
            if (std::none_of(types.begin(), types.end(), [&](const std::string& type) { return hasType(value, type); }))
                m_errors.push_back(where + ": expected type " + schema["type"].dump() + ", got " + value.dump());
        }
        if (schema.contains("const") && value != schema["const"])
            m_errors.push_back(where + ": expected " + schema["const"].dump());
        if (schema.contains("enum")) {
            const auto& options = schema["enum"];
            if (std::find(options.begin(), options.end(), value) == options.end())
                m_errors.push_back(where + ": " + value.dump() + " is not one of " + options.dump());
        }
        if (schema.contains("minimum") && value.is_number() && value.get<double>() < schema["minimum"].get<double>())
            m_errors.push_back(where + ": below the minimum " + schema["minimum"].dump());
        if (schema.contains("maximum") && value.is_number() && value.get<double>() > schema["maximum"].get<double>())
            m_errors.push_back(where + ": above the maximum " + schema["maximum"].dump());
        if (value.is_object()) {
            for (const auto& key : schema.value("required", nlohmann::json::array()))
                if (!value.contains(key.get<std::string>()))
                    m_errors.push_back(where + ": missing required key " + key.get<std::string>());
            const auto properties = schema.value("properties", nlohmann::json::object());
            for (const auto& [key, item] : value.items()) {
                if (properties.contains(key))
                    check(properties[key], item, where + "." + key);
                else if (schema.contains("additionalProperties") && schema["additionalProperties"] == false)
                    m_errors.push_back(where + ": key " + key + " is not in the schema");
            }
        }
        if (value.is_array() && schema.contains("items"))
            for (std::size_t i = 0; i < value.size(); ++i)
                check(schema["items"], value[i], where + "[" + std::to_string(i) + "]");
    }

    nlohmann::json m_root;
    std::vector<std::string> m_errors;
};

/// Checks that markup is well-formed in the XHTML sense: every element closed in order, void
/// elements self-closed, attribute values quoted, '&' only starting an entity. Raw text inside
/// <style> is skipped. Returns an empty string when well-formed, else the first problem.
inline std::string checkTagBalance(const std::string& html)
{
    std::vector<std::string> open;
    std::size_t i = 0;
    while (i < html.size()) {
        const char c = html[i];
        if (c == '&') {
            const std::size_t end = html.find(';', i);
            if (end == std::string::npos || end - i > 10)
                return "bare '&' at offset " + std::to_string(i);
            for (std::size_t j = i + 1; j < end; ++j)
                if (!std::isalnum(static_cast<unsigned char>(html[j])) && html[j] != '#')
                    return "bad entity at offset " + std::to_string(i);
            i = end + 1;
            continue;
        }
        if (c == '>')
            return "stray '>' at offset " + std::to_string(i);
        if (c != '<') {
            ++i;
            continue;
        }
        if (html.compare(i, 9, "<!DOCTYPE") == 0) {
            i = html.find('>', i) + 1;
            continue;
        }
        if (html.compare(i, 4, "<!--") == 0) {
            const std::size_t end = html.find("-->", i);
            if (end == std::string::npos)
                return "unterminated comment";
            i = end + 3;
            continue;
        }
        // Scan the tag, honouring quoted attribute values.
        std::size_t j = i + 1;
        char quote = 0;
        while (j < html.size() && (quote != 0 || html[j] != '>')) {
            if (quote == 0 && (html[j] == '"' || html[j] == '\''))
                quote = html[j];
            else if (quote != 0 && html[j] == quote)
                quote = 0;
            else if (quote == 0 && html[j] == '<')
                return "'<' inside a tag at offset " + std::to_string(j);
            ++j;
        }
        if (j >= html.size())
            return "unterminated tag at offset " + std::to_string(i);
        const std::string tag = html.substr(i + 1, j - i - 1);
        i = j + 1;
        if (tag.empty())
            return "empty tag";
        if (tag[0] == '/') {
            const std::string name = tag.substr(1);
            if (open.empty() || open.back() != name)
                return "</" + name + "> closes " + (open.empty() ? std::string("nothing") : "<" + open.back() + ">");
            open.pop_back();
            continue;
        }
        const bool selfClosed = tag.back() == '/';
        const std::string name = tag.substr(0, tag.find_first_of(" \t\n/"));
        static const std::vector<std::string> voidElements{"meta", "img", "br", "hr", "link", "input", "col"};
        const bool isVoid = std::find(voidElements.begin(), voidElements.end(), name) != voidElements.end();
        if (isVoid && !selfClosed)
            return "<" + name + "> is not self-closed";
        // Attributes: name="value" pairs only.
        for (std::size_t k = name.size(); k < tag.size(); ++k)
            if (tag[k] == '=' && (k + 1 >= tag.size() || (tag[k + 1] != '"' && tag[k + 1] != '\'')))
                return "unquoted attribute in <" + name + ">";
        if (selfClosed)
            continue;
        if (name == "style") {
            const std::size_t end = html.find("</style>", i);
            if (end == std::string::npos)
                return "unterminated <style>";
            i = end + 8;
            continue;
        }
        open.push_back(name);
    }
    if (!open.empty())
        return "<" + open.back() + "> is never closed";
    return {};
}

} // namespace qiscout::core::test
