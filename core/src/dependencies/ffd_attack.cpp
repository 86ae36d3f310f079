// SPDX-License-Identifier: GPL-3.0-or-later
#include "qiscout/core/dependencies/ffd_attack.h"

#include <algorithm>
#include <iterator>
#include <limits>
#include <tuple>

#include "qiscout/core/dependencies/generalised_value.h"

#include "partition/class_partition.h"

namespace qiscout::core {
namespace {

/// Row -> dense class id on `set`, ids in order of first row; every row in class 0 for the empty set.
std::vector<std::uint32_t> classesInRowOrder(const EncodedTable& table, ColumnSet set)
{
    std::vector<std::uint32_t> classes(table.rowCount, 0);
    if (set.empty() || table.rowCount == 0)
        return classes;
    const ClassPartition partition = partitionRows(table, set);
    constexpr std::uint32_t unseen = std::numeric_limits<std::uint32_t>::max();
    std::vector<std::uint32_t> renumbered(partition.classSizes.size(), unseen);
    std::uint32_t next = 0;
    for (std::uint32_t row = 0; row < table.rowCount; ++row) {
        std::uint32_t& id = renumbered[partition.classOfRow[row]];
        if (id == unseen)
            id = next++;
        classes[row] = id;
    }
    return classes;
}

SensitiveProfile profileOf(const EncodedTable& table, int sensitive, std::span<const std::uint32_t> rows)
{
    SensitiveProfile profile;
    const EncodedColumn& column = table.columns[static_cast<std::size_t>(sensitive)];
    for (const std::uint32_t row : rows)
        profile.add(column.codes[row]);
    return profile;
}

// Definitions 5 and 6 for one dependency. Thread: one call at a time per check.
class DependencyAttacker {
public:
    DependencyAttacker(const EncodedTable& table, const AttackParameters& parameters, const AttackCheck& check)
        : m_table(table)
        , m_parameters(parameters)
        , m_check(check)
        , m_nonDiverse(check.groups.size(), false)
    {
        for (const std::size_t group : check.nonDiverseGroups)
            m_nonDiverse[group] = true;
    }

    /// False when stopped.
    bool attack(DependencyAttack& attack, const std::stop_token& stop) const;

private:
    std::string inferredValue(const FunctionalDependency& dependency, std::size_t group, std::size_t partner) const;
    /// Definition 6 on the sets that partners sharing `shared` determinant values cut out of `group`.
    void addFindings(DependencyAttack& attack, std::size_t group, const std::vector<std::uint32_t>& shared,
                     std::vector<std::size_t>& partners, const std::vector<std::uint32_t>& determinantOf,
                     bool quasiIdentifierDependent) const;

    const EncodedTable& m_table;
    const AttackParameters& m_parameters;
    const AttackCheck& m_check;
    std::vector<bool> m_nonDiverse;
};

std::string DependencyAttacker::inferredValue(const FunctionalDependency& dependency, std::size_t group,
                                              std::size_t partner) const
{
    const auto column = static_cast<std::size_t>(dependency.rhs);
    const GeneralisedValue own = GeneralisedValue::parse(m_table.text(m_check.groups[group].front(), column));
    const GeneralisedValue other = GeneralisedValue::parse(m_table.text(m_check.groups[partner].front(), column));
    const std::optional<GeneralisedValue> both = intersect(own, other);
    return both ? both->text() : std::string();
}

void DependencyAttacker::addFindings(DependencyAttack& attack, std::size_t group,
                                     const std::vector<std::uint32_t>& shared, std::vector<std::size_t>& partners,
                                     const std::vector<std::uint32_t>& determinantOf,
                                     bool quasiIdentifierDependent) const
{
    std::sort(partners.begin(), partners.end());
    std::vector<std::uint32_t> matched;
    std::vector<std::uint32_t> rest;
    for (const std::uint32_t row : m_check.groups[group])
        (std::binary_search(shared.begin(), shared.end(), determinantOf[row]) ? matched : rest).push_back(row);
    for (const AttackKind kind : {AttackKind::Intersection, AttackKind::Difference}) {
        std::vector<std::uint32_t>& exposedRows = kind == AttackKind::Intersection ? matched : rest;
        if (exposedRows.empty())
            continue;
        SensitiveProfile exposed = profileOf(m_table, m_parameters.sensitive, exposedRows);
        if (isDiverse(exposed, m_parameters.requirement))
            continue;
        AttackFinding finding;
        finding.kind = kind;
        finding.group = group;
        finding.partners = partners;
        if (kind == AttackKind::Intersection && quasiIdentifierDependent)
            for (const std::size_t partner : partners)
                finding.inferredValues.push_back(inferredValue(attack.dependency, group, partner));
        finding.rows = std::move(exposedRows);
        finding.exposed = std::move(exposed);
        attack.findings.push_back(std::move(finding));
    }
}

bool DependencyAttacker::attack(DependencyAttack& attack, const std::stop_token& stop) const
{
    const FunctionalDependency& dependency = attack.dependency;
    const std::vector<std::uint32_t> determinantOf = classesInRowOrder(m_table, dependency.lhs);
    const std::size_t groupCount = m_check.groups.size();

    // Determinant value -> the groups holding it, each once, ascending.
    std::uint32_t determinantCount = 0;
    for (const std::uint32_t value : determinantOf)
        determinantCount = std::max(determinantCount, value + 1);
    std::vector<std::vector<std::uint32_t>> holders(determinantCount);
    for (std::size_t group = 0; group < groupCount; ++group)
        for (const std::uint32_t row : m_check.groups[group]) {
            std::vector<std::uint32_t>& list = holders[determinantOf[row]];
            if (list.empty() || list.back() != group)
                list.push_back(static_cast<std::uint32_t>(group));
        }

    // Each group's distinct determinant values, ascending.
    std::vector<std::vector<std::uint32_t>> valuesOf(groupCount);
    for (std::size_t group = 0; group < groupCount; ++group) {
        std::vector<std::uint32_t>& values = valuesOf[group];
        for (const std::uint32_t row : m_check.groups[group])
            values.push_back(determinantOf[row]);
        std::sort(values.begin(), values.end());
        values.erase(std::unique(values.begin(), values.end()), values.end());
    }

    // Partners that share the same determinant values with a group cut the same sets out of it.
    // They are found without a container per partner: each partner sums a random key per shared
    // value, and partners with equal sums and counts are compared exactly before they are merged.
    std::vector<std::uint64_t> valueKey(determinantCount);
    std::uint64_t state = 0x9E3779B97F4A7C15ULL;
    for (std::uint64_t& key : valueKey) {
        state ^= state << 13U;
        state ^= state >> 7U;
        state ^= state << 17U;
        key = state;
    }
    std::vector<std::uint64_t> keySum(groupCount, 0);
    std::vector<std::uint32_t> shareCount(groupCount, 0);
    std::vector<std::uint32_t> partners;
    const auto shared = [&](std::size_t group, std::size_t partner) {
        std::vector<std::uint32_t> common;
        std::set_intersection(valuesOf[group].begin(), valuesOf[group].end(), valuesOf[partner].begin(),
                              valuesOf[partner].end(), std::back_inserter(common));
        return common;
    };

    const bool quasiIdentifierDependent = m_parameters.quasiIdentifiers.contains(dependency.rhs);
    for (std::size_t group = 0; group < groupCount; ++group) {
        if (stop.stop_requested())
            return false;
        partners.clear();
        for (const std::uint32_t value : valuesOf[group])
            for (const std::uint32_t partner : holders[value]) {
                if (partner == group)
                    continue;
                if (shareCount[partner]++ == 0)
                    partners.push_back(partner);
                keySum[partner] += valueKey[value];
            }
        attack.matchedPairs += partners.size();
        if (!m_nonDiverse[group]) {
            std::sort(partners.begin(), partners.end(), [&](std::uint32_t a, std::uint32_t b) {
                return std::tie(shareCount[a], keySum[a], a) < std::tie(shareCount[b], keySum[b], b);
            });
            std::vector<std::pair<std::vector<std::uint32_t>, std::vector<std::size_t>>> classes;
            for (std::size_t i = 0; i < partners.size(); ++i) {
                const std::uint32_t partner = partners[i];
                const bool sameKey = i > 0 && shareCount[partner] == shareCount[partners[i - 1]] &&
                                     keySum[partner] == keySum[partners[i - 1]];
                // Equal counts, so the partner shares exactly the class's values iff it holds them all.
                if (!sameKey || !std::includes(valuesOf[partner].begin(), valuesOf[partner].end(),
                                               classes.back().first.begin(), classes.back().first.end()))
                    classes.emplace_back(shared(group, partner), std::vector<std::size_t>{});
                classes.back().second.push_back(partner);
            }
            for (auto& [values, members] : classes)
                addFindings(attack, group, values, members, determinantOf, quasiIdentifierDependent);
        }
        for (const std::uint32_t partner : partners) {
            shareCount[partner] = 0;
            keySum[partner] = 0;
        }
    }
    return true;
}

} // namespace

// Every name in the table is a string literal, so its view is null-terminated.
const char* toString(AttackKind kind)
{
    return nameIn(attackKindNames, kind).data();
}

bool AttackCheck::attackSucceeds() const
{
    return std::any_of(attacks.begin(), attacks.end(),
                       [](const DependencyAttack& attack) { return attack.succeeds(); });
}

AttackCheck checkFfdAttack(const EncodedTable& published, std::span<const FunctionalDependency> dependencies,
                           const AttackParameters& parameters, std::stop_token stop)
{
    const auto width = static_cast<int>(published.columnCount());
    const ColumnSet columns = ColumnSet::firstN(width);
    if (!parameters.quasiIdentifiers.isSubsetOf(columns) || parameters.sensitive < 0 || parameters.sensitive >= width)
        throw AttackParameterError("The attack check names a column the table does not have.");
    if (parameters.quasiIdentifiers.contains(parameters.sensitive))
        throw AttackParameterError("The sensitive column cannot also be a quasi-identifier.");
    if (parameters.requirement.l < 1)
        throw AttackParameterError("l must be at least 1.");
    for (const FunctionalDependency& dependency : dependencies)
        if (!dependency.lhs.isSubsetOf(columns) || dependency.rhs < 0 || dependency.rhs >= width ||
            dependency.lhs.contains(dependency.rhs))
            throw AttackParameterError("A dependency names a column the table does not have.");

    AttackCheck check;
    const std::vector<std::uint32_t> groupOfRow = classesInRowOrder(published, parameters.quasiIdentifiers);
    for (std::uint32_t row = 0; row < published.rowCount; ++row) {
        if (groupOfRow[row] == check.groups.size())
            check.groups.emplace_back();
        check.groups[groupOfRow[row]].push_back(row);
    }
    for (std::size_t group = 0; group < check.groups.size(); ++group) {
        check.profiles.push_back(profileOf(published, parameters.sensitive, check.groups[group]));
        if (!isDiverse(check.profiles.back(), parameters.requirement))
            check.nonDiverseGroups.push_back(group);
    }
    check.dlInference = checkDlInference(check.profiles, parameters.requirement);

    const DependencyAttacker attacker(published, parameters, check);
    for (const FunctionalDependency& dependency : dependencies) {
        DependencyAttack attack;
        attack.dependency = dependency;
        attack.safe = isSafe(dependency, parameters.quasiIdentifiers);
        if (!attack.safe && !attacker.attack(attack, stop)) {
            check.complete = false;
            break;
        }
        check.attacks.push_back(std::move(attack));
    }
    return check;
}

} // namespace qiscout::core
