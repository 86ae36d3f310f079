// SPDX-License-Identifier: GPL-3.0-or-later
#include "io/reading/column_names.h"

#include <unordered_set>
#include <utility>

namespace qiscout::core {

std::vector<std::string> uniqueColumnNames(std::vector<std::string> names, std::vector<std::string>& warnings)
{
    const std::unordered_set<std::string> original(names.begin(), names.end());
    std::unordered_set<std::string> taken;
    for (std::size_t i = 0; i < names.size(); ++i) {
        std::string& name = names[i];
        const std::string number = std::to_string(i + 1);
        if (name.empty()) {
            std::string candidate = "column_" + number;
            for (int k = 2; taken.count(candidate) != 0 || original.count(candidate) != 0; ++k)
                candidate = "column_" + number + "_" + std::to_string(k);
            warnings.push_back("Column " + number + " has no name; it is called \"" + candidate + "\".");
            name = std::move(candidate);
        } else if (taken.count(name) != 0) {
            std::string candidate;
            for (int k = 2;; ++k) {
                candidate = name + "_" + std::to_string(k);
                if (taken.count(candidate) == 0 && original.count(candidate) == 0)
                    break;
            }
            warnings.push_back("Column " + number + " repeats the name \"" + name + "\"; it is called \"" + candidate +
                               "\".");
            name = std::move(candidate);
        }
        taken.insert(name);
    }
    return names;
}

std::vector<std::string> generatedNames(std::size_t count)
{
    std::vector<std::string> names;
    for (std::size_t i = 0; i < count; ++i)
        names.push_back("column_" + std::to_string(i + 1));
    return names;
}

} // namespace qiscout::core
