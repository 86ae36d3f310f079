// SPDX-License-Identifier: GPL-3.0-or-later
#include <algorithm>
#include <map>
#include <random>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include <catch2/catch.hpp>

#include "qiscout/core/dependencies/dependency_discovery.h"
#include "qiscout/core/dependencies/ffd_attack.h"
#include "qiscout/core/table/encoded_table.h"

using namespace qiscout::core;

namespace {

// The paper's Table 1 (a), without the Name column: Sex, Zip, Phone, Disease.
EncodedTable paperOriginalTable()
{
    return encodeRows({"Sex", "Zip", "Phone", "Disease"}, {
                                                              {"F", "07921", "1111111", "Ovarian cancer"},
                                                              {"M", "07920", "2222222", "Bronchitis"},
                                                              {"M", "07902", "3333333", "Diabetes"},
                                                              {"F", "07901", "1000001", "Ovarian cancer"},
                                                              {"F", "07902", "3333333", "Bronchitis"},
                                                              {"F", "07903", "2000001", "Pneumonia"},
                                                          });
}

// Table 1 (b): the 3-diverse table the attacker sees.
EncodedTable paperPublishedTable()
{
    return encodeRows({"Sex", "Zip", "Phone", "Disease"}, {
                                                              {"*", "079**", "1111111", "Ovarian cancer"},
                                                              {"*", "079**", "2222222", "Bronchitis"},
                                                              {"*", "079**", "3333333", "Diabetes"},
                                                              {"F", "0790*", "1000001", "Ovarian cancer"},
                                                              {"F", "0790*", "3333333", "Bronchitis"},
                                                              {"F", "0790*", "2000001", "Pneumonia"},
                                                          });
}

using Success = std::tuple<std::size_t, std::size_t, AttackKind, std::vector<std::uint32_t>>;

std::vector<Success> expand(const DependencyAttack& attack)
{
    std::vector<Success> successes;
    for (const AttackFinding& finding : attack.findings)
        for (const std::size_t partner : finding.partners)
            successes.emplace_back(finding.group, partner, finding.kind, finding.rows);
    std::sort(successes.begin(), successes.end());
    return successes;
}

struct NaiveAttack {
    std::vector<Success> successes;
    std::uint64_t matchedPairs = 0;
};

bool diverse(const EncodedTable& table, int sensitive, const std::vector<std::uint32_t>& rows,
             const DiversityRequirement& requirement)
{
    std::map<std::string, std::uint64_t> counts;
    for (const std::uint32_t row : rows)
        ++counts[table.text(row, static_cast<std::size_t>(sensitive))];
    std::uint64_t smallest = UINT64_MAX;
    std::uint64_t largest = 0;
    for (const auto& [value, count] : counts) {
        smallest = std::min(smallest, count);
        largest = std::max(largest, count);
    }
    return counts.size() >= requirement.l && (!requirement.d || largest - smallest <= *requirement.d);
}

// Definitions 5 and 6 literally: every ordered pair of groups, rows matched by comparing the
// determinant cells of every row of G1 with every row of G2.
NaiveAttack naiveAttack(const EncodedTable& table, const FunctionalDependency& dependency,
                        const AttackParameters& parameters)
{
    std::map<std::vector<std::string>, std::size_t> groupOf;
    std::vector<std::vector<std::uint32_t>> groups;
    for (std::uint32_t row = 0; row < table.rowCount; ++row) {
        std::vector<std::string> key;
        for (const int column : parameters.quasiIdentifiers.columns())
            key.push_back(table.text(row, static_cast<std::size_t>(column)));
        const auto [found, inserted] = groupOf.emplace(key, groups.size());
        if (inserted)
            groups.emplace_back();
        groups[found->second].push_back(row);
    }
    const auto sameDeterminant = [&](std::uint32_t a, std::uint32_t b) {
        for (const int column : dependency.lhs.columns())
            if (table.text(a, static_cast<std::size_t>(column)) != table.text(b, static_cast<std::size_t>(column)))
                return false;
        return true;
    };
    NaiveAttack naive;
    for (std::size_t g1 = 0; g1 < groups.size(); ++g1) {
        const bool premise = diverse(table, parameters.sensitive, groups[g1], parameters.requirement);
        for (std::size_t g2 = 0; g2 < groups.size(); ++g2) {
            if (g1 == g2)
                continue;
            std::vector<std::uint32_t> matched;
            std::vector<std::uint32_t> rest;
            for (const std::uint32_t row : groups[g1]) {
                const bool match = std::any_of(groups[g2].begin(), groups[g2].end(),
                                               [&](std::uint32_t other) { return sameDeterminant(row, other); });
                (match ? matched : rest).push_back(row);
            }
            if (matched.empty())
                continue;
            ++naive.matchedPairs;
            if (!premise)
                continue;
            if (!diverse(table, parameters.sensitive, matched, parameters.requirement))
                naive.successes.emplace_back(g1, g2, AttackKind::Intersection, matched);
            if (!rest.empty() && !diverse(table, parameters.sensitive, rest, parameters.requirement))
                naive.successes.emplace_back(g1, g2, AttackKind::Difference, rest);
        }
    }
    std::sort(naive.successes.begin(), naive.successes.end());
    return naive;
}

} // namespace

TEST_CASE("The attack check finds the paper's Table 1 attack through Phone -> Zip", "[dependencies][attack]")
{
    const EncodedTable original = paperOriginalTable();
    DependencyParameters discovery;
    discovery.threads = 1;
    const DependencyResult found = discoverDependencies(original, discovery);
    const auto phoneToZip =
        std::find_if(found.dependencies.begin(), found.dependencies.end(),
                     [](const FunctionalDependency& d) { return d.lhs == ColumnSet::of({2}) && d.rhs == 1; });
    REQUIRE(phoneToZip != found.dependencies.end());
    CHECK(phoneToZip->support == 2);

    AttackParameters parameters;
    parameters.quasiIdentifiers = ColumnSet::of({0, 1});
    parameters.sensitive = 3;
    parameters.requirement.l = 3;
    CHECK_FALSE(isSafe(*phoneToZip, parameters.quasiIdentifiers));

    const EncodedTable published = paperPublishedTable();
    const std::vector<FunctionalDependency> dependencies{*phoneToZip};
    const AttackCheck check = checkFfdAttack(published, dependencies, parameters);
    REQUIRE(check.groups.size() == 2);
    CHECK(check.nonDiverseGroups.empty());
    REQUIRE(check.attacks.size() == 1);
    const DependencyAttack& attack = check.attacks.front();
    CHECK(attack.succeeds());
    CHECK(check.attackSucceeds());
    CHECK(attack.matchedPairs == 2);

    // G1 n_F G2 is Calvin's row alone, whose zip becomes 0790* (Table 1 (c)), with one disease.
    const auto intersection = std::find_if(attack.findings.begin(), attack.findings.end(), [](const AttackFinding& f) {
        return f.group == 0 && f.kind == AttackKind::Intersection;
    });
    REQUIRE(intersection != attack.findings.end());
    CHECK(intersection->rows == std::vector<std::uint32_t>{2});
    CHECK(intersection->partners == std::vector<std::size_t>{1});
    CHECK(intersection->inferredValues == std::vector<std::string>{"0790*"});
    REQUIRE(intersection->exposed.distinctValues() == 1);
    CHECK(published.columns[3].text(intersection->exposed.counts.front().first) == "Diabetes");
    // G1 -_F G2 keeps the first two rows: two diseases, fewer than 3.
    const auto difference = std::find_if(attack.findings.begin(), attack.findings.end(), [](const AttackFinding& f) {
        return f.group == 0 && f.kind == AttackKind::Difference;
    });
    REQUIRE(difference != attack.findings.end());
    CHECK(difference->rows == std::vector<std::uint32_t>{0, 1});
    CHECK(attack.findings.size() == 4);
    CHECK(expand(attack) == naiveAttack(published, *phoneToZip, parameters).successes);

    // Both groups are 3-diverse, but they share two diseases only: (d, l)-inference fails.
    CHECK_FALSE(check.dlInference.satisfied);

    // With Phone among the generalised columns the dependency is safe and not checked.
    AttackParameters phoneGeneralised = parameters;
    phoneGeneralised.quasiIdentifiers = ColumnSet::of({0, 1, 2});
    const AttackCheck safe = checkFfdAttack(published, dependencies, phoneGeneralised);
    CHECK(safe.attacks.front().safe);
    CHECK_FALSE(safe.attackSucceeds());
}

TEST_CASE("The attack check agrees with a pairwise brute force on random generalised tables", "[dependencies][attack]")
{
    const std::uint64_t seed = GENERATE(range(std::uint64_t{1}, std::uint64_t{151}));
    std::mt19937_64 random(seed);
    const auto rowCount = 4 + random() % 30U;
    const auto groupKinds = 1 + random() % 6U;
    const auto phones = 1 + random() % 8U;
    const auto diseases = 1 + random() % 5U;
    const std::vector<std::string> cells{"*", "[1, 5]", "[3, 9]", "2", "4", "07***", "079**"};
    std::vector<std::vector<std::string>> rows;
    for (std::uint64_t r = 0; r < rowCount; ++r) {
        const auto kind = random() % groupKinds;
        rows.push_back({cells[kind % cells.size()], cells[(kind * 3 + 1) % cells.size()],
                        "p" + std::to_string(random() % phones), "d" + std::to_string(random() % diseases)});
    }
    const EncodedTable table = encodeRows({"Q1", "Q2", "P", "S"}, rows);
    AttackParameters parameters;
    parameters.quasiIdentifiers = ColumnSet::of({0, 1});
    parameters.sensitive = 3;
    parameters.requirement.l = 1 + random() % 3U;
    if (random() % 2U == 0)
        parameters.requirement.d = random() % 3U;
    const std::vector<FunctionalDependency> dependencies{
        {ColumnSet::of({2}), 0, 0}, {ColumnSet::of({2, 3}), 1, 0}, {ColumnSet::of({3}), 0, 0},
        {ColumnSet(), 0, 0},        {ColumnSet::of({0}), 2, 0},
    };
    INFO("seed " << seed);
    const AttackCheck check = checkFfdAttack(table, dependencies, parameters);
    REQUIRE(check.attacks.size() == dependencies.size());
    for (std::size_t i = 0; i < dependencies.size(); ++i) {
        const DependencyAttack& attack = check.attacks[i];
        CHECK(attack.safe == dependencies[i].lhs.isSubsetOf(parameters.quasiIdentifiers));
        if (attack.safe) {
            CHECK(attack.findings.empty());
            continue;
        }
        const NaiveAttack naive = naiveAttack(table, dependencies[i], parameters);
        CHECK(expand(attack) == naive.successes);
        CHECK(attack.matchedPairs == naive.matchedPairs);
    }
    // Definition 8 protects against every dependency within the quasi-identifiers and the sensitive
    // column (the paper's setting); a determinant with another published column, such as P, is
    // beyond it.
    if (check.dlInference.satisfied && check.nonDiverseGroups.empty())
        for (const DependencyAttack& attack : check.attacks)
            if (attack.dependency.lhs.isSubsetOf(parameters.quasiIdentifiers.with(parameters.sensitive)))
                CHECK_FALSE(attack.succeeds());
}

TEST_CASE("The attack check rejects columns the table does not have", "[dependencies][attack]")
{
    const EncodedTable table = paperPublishedTable();
    AttackParameters parameters;
    parameters.quasiIdentifiers = ColumnSet::of({0, 1});
    parameters.sensitive = 9;
    CHECK_THROWS_AS(checkFfdAttack(table, {}, parameters), AttackParameterError);
    parameters.sensitive = 1;
    CHECK_THROWS_AS(checkFfdAttack(table, {}, parameters), AttackParameterError);
    parameters.sensitive = 3;
    const std::vector<FunctionalDependency> outside{{ColumnSet::of({7}), 1, 0}};
    CHECK_THROWS_AS(checkFfdAttack(table, outside, parameters), AttackParameterError);
}
