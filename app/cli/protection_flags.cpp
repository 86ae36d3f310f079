// SPDX-License-Identifier: GPL-3.0-or-later
#include "protection_flags.h"

#include <charconv>
#include <memory>

#include "qiscout/core/anonymization/delta_presence.h"
#include "qiscout/core/anonymization/hierarchy_builders.h"
#include "qiscout/core/anonymization/k_anonymity.h"
#include "qiscout/core/anonymization/research_subset.h"
#include "qiscout/core/anonymization/t_closeness.h"

#include "column_selection.h"
#include "flag_checks.h"

namespace qiscout::cli {
namespace {

std::optional<double> numberIn(std::string_view text)
{
    double value = 0.0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || error != std::errc{} || end != text.data() + text.size())
        return std::nullopt;
    return value;
}

} // namespace

void ProtectionFlags::addTo(CLI::App& command)
{
    command
        .add_option("--qi", m_quasiIdentifiers,
                    "A quasi-identifier to generalise, with its hierarchy file (ARX CSV: value;level1;...); "
                    "without '=FILE' the automatic hierarchy of its type. Repeat for each")
        ->required();
    command
        .add_option_function<std::vector<std::string>>(
            "--l-diversity",
            [this](const std::vector<std::string>& specs) {
                for (const std::string& spec : specs) {
                    Diversity diversity;
                    if (const auto parts = splitFromRight(spec, 2);
                        parts && ((*parts)[1] == "distinct" || (*parts)[1] == "entropy") && numberIn((*parts)[2])) {
                        diversity = {(*parts)[0], *core::valueIn(core::diversityVariantNames, (*parts)[1]),
                                     *numberIn((*parts)[2]), 0.0};
                    } else if (const auto recursive = splitFromRight(spec, 3);
                               recursive && (*recursive)[1] == "recursive" && numberIn((*recursive)[2]) &&
                               numberIn((*recursive)[3])) {
                        diversity = {(*recursive)[0], core::DiversityVariant::Recursive, *numberIn((*recursive)[3]),
                                     *numberIn((*recursive)[2])};
                    } else {
                        throw CLI::ValidationError("--l-diversity", "must be COLUMN:distinct:L, COLUMN:entropy:L or "
                                                                    "COLUMN:recursive:C:L, not '" +
                                                                        spec + "'");
                    }
                    m_diversity.push_back(std::move(diversity));
                }
            },
            "l-diversity of a sensitive column: COLUMN:distinct:L, COLUMN:entropy:L or COLUMN:recursive:C:L")
        ->type_name("SPEC");
    command
        .add_option_function<std::vector<std::string>>(
            "--t-closeness",
            [this](const std::vector<std::string>& specs) {
                for (const std::string& spec : specs) {
                    // The file of ":hierarchical=FILE" may hold ':', so it is cut off first.
                    Closeness closeness;
                    std::string rest = spec;
                    if (const std::size_t at = spec.find(":hierarchical="); at != std::string::npos) {
                        closeness.distance = core::ClosenessDistance::Hierarchical;
                        closeness.hierarchyFile = spec.substr(at + std::string_view(":hierarchical=").size());
                        rest = spec.substr(0, at);
                    } else if (const auto parts = splitFromRight(spec, 1)) {
                        if (const auto distance = core::valueIn(core::closenessDistanceNames, (*parts)[1]);
                            distance && *distance != core::ClosenessDistance::Hierarchical) {
                            closeness.distance = *distance;
                            rest = (*parts)[0];
                        }
                    }
                    const auto parts = splitFromRight(rest, 1);
                    if (!parts || !numberIn((*parts)[1]) ||
                        (closeness.hierarchyFile && closeness.hierarchyFile->empty()))
                        throw CLI::ValidationError("--t-closeness", "must be COLUMN:T, COLUMN:T:equal, "
                                                                    "COLUMN:T:ordered or COLUMN:T:hierarchical=FILE, "
                                                                    "not '" +
                                                                        spec + "'");
                    closeness.column = (*parts)[0];
                    closeness.t = *numberIn((*parts)[1]);
                    m_closeness.push_back(std::move(closeness));
                }
            },
            "t-closeness of a sensitive column: COLUMN:T[:DISTANCE] (T in [0, 1]); the ground distance "
            "equal, ordered or hierarchical=FILE (a hierarchy of the column in --qi's layout); by default "
            "ordered for numbers and dates, equal for text")
        ->type_name("SPEC");
    auto* presence =
        command
            .add_option_function<std::string>(
                "--delta-presence",
                [this](const std::string& spec) {
                    const std::size_t colon = spec.find(':');
                    const bool split = colon != std::string::npos;
                    const auto min = split ? numberIn(std::string_view(spec).substr(0, colon)) : std::nullopt;
                    const auto max = split ? numberIn(std::string_view(spec).substr(colon + 1)) : std::nullopt;
                    if (!min || !max || !(*min >= 0.0 && *min <= *max && *max <= 1.0))
                        throw CLI::ValidationError("--delta-presence", "must be MIN:MAX with 0 <= MIN <= "
                                                                       "MAX <= 1, not '" +
                                                                           spec + "'");
                    m_presence = PresenceBounds{*min, *max};
                },
                "delta-presence (Nergiz et al.): the table is the population, --subset-column or "
                "--subset gives the research subset that is published, and in every class of the "
                "generalised population the share of its rows in the subset lies in [MIN, MAX]")
            ->type_name("MIN:MAX");
    auto* subset = command
                       .add_option("--subset-column", m_subsetColumn,
                                   "With --delta-presence: the column marking the research subset, 1 for its rows "
                                   "and 0 for the rest of the population; --out holds the subset's rows without it")
                       ->type_name("COLUMN");
    auto* subsetFile =
        command
            .add_option("--subset", m_subsetFile,
                        "With --delta-presence: the research subset as a file of its own, with the population's "
                        "columns; each of its rows is found in the population by its values (loaded with the "
                        "table's load flags)")
            ->type_name("FILE");
    subset->needs(presence);
    subsetFile->needs(presence);
    subset->excludes(subsetFile);
}

std::optional<int> ProtectionFlags::subsetColumn(const core::EncodedTable& table) const
{
    if (m_subsetColumn.empty())
        return std::nullopt;
    return requireColumn(table, m_subsetColumn, "--subset-column");
}

std::vector<ProtectionFlags::NamedQuasiIdentifier>
ProtectionFlags::quasiIdentifiers(const core::EncodedTable& table) const
{
    std::vector<NamedQuasiIdentifier> named;
    for (const std::string& spec : m_quasiIdentifiers) {
        // The whole argument may be a column name holding '='; otherwise COLUMN=FILE splits at the
        // first '=' whose left side names a column.
        std::optional<int> column = columnNamed(table, spec);
        std::size_t equals = spec.find('=');
        while (!column && equals != std::string::npos) {
            column = columnNamed(table, spec.substr(0, equals));
            if (!column)
                equals = spec.find('=', equals + 1);
        }
        if (!column)
            throw UnknownColumnError("--qi names '" + spec.substr(0, spec.find('=')) + "', which is not a column of " +
                                     table.sourcePath + ".");
        const bool hasFile = spec.size() > table.columns[static_cast<std::size_t>(*column)].name.size();
        named.push_back({*column, hasFile ? spec.substr(equals + 1) : std::string()});
    }
    return named;
}

std::vector<std::string> ProtectionFlags::possibleHierarchyFiles() const
{
    std::vector<std::string> files;
    for (const std::string& spec : m_quasiIdentifiers)
        for (std::size_t equals = spec.find('='); equals != std::string::npos; equals = spec.find('=', equals + 1))
            files.push_back(spec.substr(equals + 1));
    for (const Closeness& closeness : m_closeness)
        if (closeness.hierarchyFile)
            files.push_back(*closeness.hierarchyFile);
    return files;
}

core::AnonymizationParameters ProtectionFlags::parameters(const core::EncodedTable& table,
                                                          std::optional<std::uint64_t> k, double suppressionLimit,
                                                          core::UtilityMetric metric, std::optional<int> threads,
                                                          const core::EncodedTable* subset) const
{
    core::AnonymizationParameters parameters;
    for (const NamedQuasiIdentifier& named : quasiIdentifiers(table)) {
        core::QuasiIdentifierSpec quasiIdentifier;
        quasiIdentifier.column = named.column;
        if (!named.hierarchyFile.empty()) {
            quasiIdentifier.hierarchySource = named.hierarchyFile;
            // Only the lines of the column's values: a file of millions of lines for a column of a
            // few hundred values costs a scan, not millions of parsed lines (#39).
            quasiIdentifier.hierarchy = core::readHierarchyFile(
                named.hierarchyFile, table.columns[static_cast<std::size_t>(named.column)].dictionary);
        } else {
            quasiIdentifier.hierarchy = core::automaticHierarchy(table.columns[static_cast<std::size_t>(named.column)]);
            quasiIdentifier.hierarchySource = "automatic";
        }
        parameters.quasiIdentifiers.push_back(std::move(quasiIdentifier));
    }
    if (k)
        parameters.models.push_back(std::make_shared<core::KAnonymity>(*k));
    for (const Diversity& diversity : m_diversity)
        parameters.models.push_back(
            std::make_shared<core::LDiversity>(table, requireColumn(table, diversity.column, "--l-diversity"),
                                               diversity.variant, diversity.l, diversity.c));
    for (const Closeness& closeness : m_closeness) {
        const int column = requireColumn(table, closeness.column, "--t-closeness");
        const core::EncodedColumn& values = table.columns[static_cast<std::size_t>(column)];
        if (closeness.hierarchyFile)
            parameters.models.push_back(std::make_shared<core::TCloseness>(
                table, column, closeness.t,
                core::bindHierarchy(core::readHierarchyFile(*closeness.hierarchyFile, values.dictionary), table, column,
                                    *closeness.hierarchyFile)));
        else
            parameters.models.push_back(std::make_shared<core::TCloseness>(
                table, column, closeness.t, closeness.distance.value_or(core::defaultClosenessDistance(values))));
    }
    if (m_presence && !m_subsetFile.empty()) {
        if (!subset)
            throw std::logic_error("--subset's table was not loaded");
        parameters.models.push_back(std::make_shared<core::DeltaPresence>(m_presence->min, m_presence->max));
        parameters.researchSubset = core::researchSubsetRows(table, *subset);
    } else if (m_presence) {
        if (m_subsetColumn.empty())
            throw std::invalid_argument("--delta-presence needs the research subset: --subset-column COLUMN "
                                        "(a 0/1 column of the table) or --subset FILE.");
        const int column = *subsetColumn(table);
        for (const core::QuasiIdentifierSpec& spec : parameters.quasiIdentifiers)
            if (spec.column == column)
                throw std::invalid_argument("--subset-column " + m_subsetColumn +
                                            " marks the research subset; it cannot be a --qi column too.");
        for (const auto& model : parameters.models)
            if (model->sensitiveColumn() == column)
                throw std::invalid_argument("--subset-column " + m_subsetColumn +
                                            " marks the research subset; it cannot be a sensitive column too.");
        parameters.models.push_back(std::make_shared<core::DeltaPresence>(m_presence->min, m_presence->max));
        parameters.researchSubset = core::researchSubsetMarkedBy(table, column);
    }
    parameters.suppressionLimit = suppressionLimit;
    parameters.metric = metric;
    parameters.threads = threads;
    return parameters;
}

} // namespace qiscout::cli
