// SPDX-License-Identifier: GPL-3.0-or-later
// The interface every privacy model implements, and what the search may assume about it.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace qiscout::core {

/// How many rows of an equivalence class hold one value of a sensitive column.
struct ValueCount {
    std::uint32_t code = 0;
    std::uint64_t rows = 0;
};

/// One equivalence class (rows sharing their generalised quasi-identifier values) as a model sees it.
struct ClassSummary {
    /// The class's published rows: with a research subset (AnonymizationParameters::researchSubset),
    /// its rows in the subset; otherwise all its rows.
    std::uint64_t rows = 0;
    /// The class's rows in the whole table (the population when there is a research subset).
    std::uint64_t populationRows = 0;
    /// The class's values of the model's sensitive column among its published rows: every code
    /// present once, counts > 0, in no particular order. Empty when the model names no sensitive
    /// column.
    std::span<const ValueCount> sensitive;
};

/// What the search may assume when it tags transformations without checking them. "Generalisation"
/// means raising levels: classes only merge. Violating rows are the rows of classes that fail
/// satisfiedBy. Declaring a property a model lacks makes the search return wrong answers; the
/// tests check every built-in model's declaration on random tables.
struct ModelMonotonicity {
    /// If no class of a transformation violates the model, no class of any generalisation does.
    bool withoutSuppression = true;
    /// The violating rows of any generalisation are a subset of those of the transformation.
    bool withSuppression = false;
};

/// A privacy model: a condition each equivalence class must meet (classes that fail are
/// suppressed, within the suppression limit), optionally with a condition on the kept classes as a
/// whole. Implementations are immutable once built and bound to the table they were made for.
/// Thread: satisfiedBy and acceptsKeptClasses are called concurrently from search threads.
class PrivacyModel {
public:
    virtual ~PrivacyModel() = default;

    /// Column whose values satisfiedBy inspects (ClassSummary::sensitive); unset for models that
    /// need only class sizes.
    [[nodiscard]] virtual std::optional<int> sensitiveColumn() const { return std::nullopt; }
    /// Whether the class meets the model.
    [[nodiscard]] virtual bool satisfiedBy(const ClassSummary& equivalenceClass) const = 0;
    /// For a model whose verdict depends on a class's published rows alone: the fewest it needs
    /// (satisfiedBy(c) is c.rows >= this for every class c). The search then judges a class
    /// without calling satisfiedBy. Unset by default.
    [[nodiscard]] virtual std::optional<std::uint64_t> minimumClassRows() const { return std::nullopt; }
    /// Whether the model has a table-wide condition (acceptsKeptClasses); the search gathers the
    /// kept classes only for models that do.
    [[nodiscard]] virtual bool hasTableCondition() const { return false; }
    /// The table-wide condition on the classes kept after suppression; true by default.
    [[nodiscard]] virtual bool acceptsKeptClasses(std::span<const ClassSummary> /*keptClasses*/) const { return true; }
    /// The properties the search may rely on; must also hold for the table-wide condition.
    [[nodiscard]] virtual ModelMonotonicity monotonicity() const = 0;
    /// For a model not monotone with suppression: a weaker condition that every class satisfying
    /// the model meets and that a union with a class meeting it meets too, so that its violating
    /// rows, a subset of the model's, never grow under generalisation (ARX prunes l-diversity on
    /// such an implied part). The search prunes on it exactly as on a monotone model. True by
    /// default: no such part.
    [[nodiscard]] virtual bool meetsMonotonePart(const ClassSummary& /*equivalenceClass*/) const { return true; }
    /// Whether classes with no published row (population rows only, with a research subset) must
    /// meet the model too. Such a class cannot be suppressed, so failing it makes the
    /// transformation unacceptable; the other models do not judge it (it publishes nothing).
    [[nodiscard]] virtual bool judgesEmptyClasses() const { return false; }
    /// "5-anonymity", "entropy 3-diversity on disease", ... for reports.
    [[nodiscard]] virtual std::string describe(const std::vector<std::string>& columnNames) const = 0;
};

} // namespace qiscout::core
