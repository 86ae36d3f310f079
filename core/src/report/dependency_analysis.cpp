// SPDX-License-Identifier: GPL-3.0-or-later
#include "qiscout/core/report/dependency_analysis.h"

#include <algorithm>
#include <set>
#include <stdexcept>

#include "qiscout/core/dependencies/dependency_discovery.h"
#include "qiscout/core/dependencies/ffd_attack.h"
#include "qiscout/core/lattice/lattice_layout.h"
#include "qiscout/core/util/cancellation.h"

namespace qiscout::core {
namespace {

std::optional<int> positionOf(const EncodedTable& table, const std::string& name)
{
    for (std::size_t c = 0; c < table.columnCount(); ++c)
        if (table.columns[c].name == name)
            return static_cast<int>(c);
    return std::nullopt;
}

int requiredPosition(const EncodedTable& table, const std::string& name)
{
    const std::optional<int> position = positionOf(table, name);
    if (!position)
        throw std::invalid_argument("The protected table has no column '" + name + "'.");
    return *position;
}

ReleaseCheck checkRelease(const EncodedTable& table, const std::vector<FunctionalDependency>& unsafe,
                          const ProtectedRelease& release)
{
    const EncodedTable& published = *release.table;
    AttackParameters parameters;
    for (const std::string& name : release.quasiIdentifiers)
        parameters.quasiIdentifiers = parameters.quasiIdentifiers.with(requiredPosition(published, name));
    parameters.sensitive = requiredPosition(published, release.sensitive);
    parameters.requirement = release.requirement;

    // Dependencies move to the protected table's positions by column name.
    std::vector<FunctionalDependency> mapped;
    std::vector<FunctionalDependency> original;
    const std::vector<std::optional<FunctionalDependency>> moved = mapByColumnName(unsafe, table, published);
    for (std::size_t i = 0; i < unsafe.size(); ++i) {
        if (!moved[i])
            continue;
        mapped.push_back(*moved[i]);
        original.push_back(unsafe[i]);
    }

    const AttackCheck check = checkFfdAttack(published, mapped, parameters);
    ReleaseCheck result;
    result.sensitive = release.sensitive;
    result.requirement = release.requirement;
    result.rows = published.rowCount;
    result.qiGroups = check.groups.size();
    result.nonDiverseGroups = check.nonDiverseGroups.size();
    result.dlInference = check.dlInference.satisfied;
    for (std::size_t i = 0; i < check.attacks.size(); ++i) {
        const DependencyAttack& attack = check.attacks[i];
        ReleasedAttack released;
        released.dependency = original[i];
        released.succeeds = attack.succeeds();
        released.findings = attack.findings.size();
        std::set<std::uint32_t> rows;
        for (const AttackFinding& finding : attack.findings)
            rows.insert(finding.rows.begin(), finding.rows.end());
        released.exposedRows = rows.size();
        result.attacks.push_back(released);
    }
    return result;
}

} // namespace

bool ReleaseCheck::attackSucceeds() const
{
    return std::any_of(attacks.begin(), attacks.end(), [](const ReleasedAttack& attack) { return attack.succeeds; });
}

std::size_t DependencyAnalysis::unsafeCount() const
{
    return static_cast<std::size_t>(
        std::count_if(dependencies.begin(), dependencies.end(), [this](const FunctionalDependency& dependency) {
            return !isSafe(dependency, quasiIdentifiers);
        }));
}

std::optional<int> affordableMaxLhs(int columns, std::optional<int> maxLhs)
{
    const int widest = std::max(0, std::min(maxLhs.value_or(columns - 1), columns - 1));
    int affordable = 0;
    while (affordable < widest && LatticeLayout::binomial(columns, affordable + 2) <= maxDependencyLevelSets)
        ++affordable;
    return affordable == widest ? maxLhs : std::optional<int>(affordable);
}

DependencyAnalysis analyseDependencies(const EncodedTable& table, ColumnSet examined, ColumnSet quasiIdentifiers,
                                       std::optional<int> maxLhs, const std::optional<ProtectedRelease>& release,
                                       const std::stop_token& stop)
{
    DependencyAnalysis analysis;
    analysis.examined = examined;
    analysis.quasiIdentifiers = quasiIdentifiers;
    analysis.maxLhs = affordableMaxLhs(examined.size(), maxLhs);
    DependencyParameters parameters;
    parameters.columns = examined;
    parameters.maxLhs = analysis.maxLhs;
    analysis.dependencies = discoverDependencies(table, parameters, stop).dependencies;
    // A stopped discovery is incomplete: the report must not present it as the whole truth.
    throwIfStopRequested(stop, "Building the report");
    if (release && release->table) {
        std::vector<FunctionalDependency> unsafe;
        for (const FunctionalDependency& dependency : analysis.dependencies)
            if (!isSafe(dependency, quasiIdentifiers))
                unsafe.push_back(dependency);
        analysis.release = checkRelease(table, unsafe, *release);
    }
    return analysis;
}

} // namespace qiscout::core
