// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <memory>
#include <optional>

#include <QWidget>

#include "qiscout/core/anonymization/dl_inference_anonymizer.h"
#include "qiscout/core/anonymization/protection_settings.h"
#include "qiscout/core/table/encoded_table.h"

QT_BEGIN_NAMESPACE
class QComboBox;
class QLabel;
class QPushButton;
class QSpinBox;
QT_END_NAMESPACE

namespace qiscout::ui {

/// The defence against attackers who know a functional dependency (#18): the FFD paper's
/// (d, l)-inference in plain words, a sensitive column, d, l and the phase-1 heuristic, a button to
/// publish with it, and what the last run removed and lost.
/// Thread: GUI thread.
class DlInferencePanel : public QWidget {
    Q_OBJECT

public:
    explicit DlInferencePanel(QWidget* parent = nullptr);

    /// The table whose columns the sensitive-column choice lists (the last column first chosen).
    void setTable(std::shared_ptr<const core::EncodedTable> table);
    /// Chooses `column` (a column index of the table) as the sensitive column, the column the user
    /// marked Sensitive; does not emit settingsEdited.
    void chooseSensitiveColumn(int column);
    /// Writes the sensitive column, d, l and the heuristic into `parameters` (quasi-identifiers and
    /// the smallest group are left alone); false when the table has no column to choose.
    bool apply(core::DlAnonymizationParameters& parameters) const;
    /// The set-up shown, the sensitive column by name, as a project stores it; unset when the
    /// table has no column to choose.
    [[nodiscard]] std::optional<core::DlInferenceSetting> setting() const;
    /// Shows a saved set-up; a sensitive column the table lacks leaves that choice as it is.
    void setSetting(const core::DlInferenceSetting& setting);
    /// Shows a sentence instead of a result (while running, after a failure).
    void showMessage(const QString& text);
    /// Shows what a run removed and lost, for `rows` input rows.
    void showResult(const core::DlAnonymization& anonymization, std::uint64_t rows);
    /// Enables the button (not while a run is on).
    void setRunEnabled(bool enabled);

    [[nodiscard]] QComboBox* sensitiveComboBox() const { return m_sensitive; }
    [[nodiscard]] QSpinBox* dSpinBox() const { return m_d; }
    [[nodiscard]] QSpinBox* lSpinBox() const { return m_l; }
    [[nodiscard]] QComboBox* heuristicComboBox() const { return m_heuristic; }
    [[nodiscard]] QPushButton* runButton() const { return m_run; }
    /// The result line as plain text (for tests).
    [[nodiscard]] QString resultText() const;

Q_SIGNALS:
    /// The user pressed the button.
    void runRequested();
    /// The user changed the sensitive column, d, l or the heuristic (setTable and setSetting do
    /// not emit it).
    void settingsEdited();

private:
    std::shared_ptr<const core::EncodedTable> m_table;
    QComboBox* m_sensitive = nullptr;
    QSpinBox* m_d = nullptr;
    QSpinBox* m_l = nullptr;
    QComboBox* m_heuristic = nullptr;
    QPushButton* m_run = nullptr;
    QLabel* m_result = nullptr;
};

} // namespace qiscout::ui
