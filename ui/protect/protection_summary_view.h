// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QWidget>

#include "qiscout/core/anonymization/anonymization_parameters.h"
#include "qiscout/core/anonymization/anonymization_result.h"
#include "qiscout/core/table/encoded_table.h"

#include "protect/protection_controller.h"

QT_BEGIN_NAMESPACE
class QLabel;
class QTableWidget;
QT_END_NAMESPACE

namespace qiscout::ui {

/// The outcome of a protection in words and two tables: a headline (does anyone still stand
/// out?), the level chosen for each column with an example and the detail lost, and the original
/// against the protected table side by side (quasi-identifiers at k, rows at risk, groups, rows
/// published and withheld).
/// Thread: GUI thread.
class ProtectionSummaryView : public QWidget {
    Q_OBJECT

public:
    explicit ProtectionSummaryView(QWidget* parent = nullptr);

    /// Shows `text` instead of an outcome (before a run, while one is worked out).
    void showMessage(const QString& text);
    /// Shows an outcome of the search's `result` (its optimum the best choice, and whether that is
    /// proven, #40); null while the search still runs.
    void showOutcome(const ProtectionOutcome& outcome, const core::AnonymizationParameters& parameters,
                     const core::EncodedTable& original, const core::AnonymizationResult* result);

    /// The headline as plain text (for tests and the status bar).
    [[nodiscard]] QString headline() const;
    [[nodiscard]] QTableWidget* levelsTable() const { return m_levels; }
    [[nodiscard]] QTableWidget* comparisonTable() const { return m_comparison; }

private:
    QLabel* m_headline = nullptr;
    QTableWidget* m_levels = nullptr;
    QTableWidget* m_comparison = nullptr;
};

} // namespace qiscout::ui
