// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <memory>

#include <QWidget>

#include "qiscout/core/anonymization/protection_settings.h"
#include "qiscout/core/table/encoded_table.h"

QT_BEGIN_NAMESPACE
class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QGroupBox;
class QLabel;
class QListWidget;
class QSpinBox;
class QToolButton;
QT_END_NAMESPACE

namespace qiscout::ui {

/// The privacy models, the method (whole rows or single cells suppressed, #34), the suppression
/// limit and the metric in plain words, with the technical names in tooltips; t-closeness with its
/// ground distance, the l-diversity variants, the heuristic search's time limit (#40) and threads
/// under "Advanced". Suppressing single cells shows the
/// quasi-identifiers as a "keep these columns" ranking, which gives their importance.
/// Emits settingsEdited on every user edit, not on programmatic changes.
/// Thread: GUI thread.
class PrivacySettingsPanel : public QWidget {
    Q_OBJECT

public:
    explicit PrivacySettingsPanel(QWidget* parent = nullptr);

    /// How rows that stand out are dealt with; the method combo box's item data.
    enum class Method { SuppressRows, SuppressCellsAndCoarsen, SuppressCellsOnly };

    /// The table whose columns the sensitive-column choices list and whose rows the suppression
    /// limit counts.
    void setTable(std::shared_ptr<const core::EncodedTable> table);
    /// Points the l-diversity and t-closeness column choices at `column` (a column index of the
    /// table), the column the user marked Sensitive; does not emit settingsEdited.
    void chooseSensitiveColumn(int column);
    /// Writes the panel's values into `settings` (quasi-identifiers and the chosen transformation
    /// are left alone).
    void apply(core::ProtectionSettings& settings) const;
    /// Shows these values without emitting settingsEdited.
    void setSettings(const core::ProtectionSettings& settings);
    /// The columns to coarsen, in set-up order, for the keep ranking: columns already ranked keep
    /// their place, new ones go last. Does not emit settingsEdited.
    void setQuasiIdentifiers(const QStringList& names);
    /// The keep ranking, the column to keep most first.
    [[nodiscard]] QStringList keepOrder() const;

    [[nodiscard]] QSpinBox* kSpinBox() const { return m_k; }
    [[nodiscard]] QSpinBox* suppressedRowsSpinBox() const { return m_rows; }
    [[nodiscard]] QDoubleSpinBox* suppressedPercentSpinBox() const { return m_percent; }
    [[nodiscard]] QComboBox* metricComboBox() const { return m_metric; }
    [[nodiscard]] QCheckBox* diversityCheckBox() const { return m_diversity; }
    [[nodiscard]] QCheckBox* closenessCheckBox() const { return m_closeness; }
    [[nodiscard]] QComboBox* diversityColumnComboBox() const { return m_diversityColumn; }
    [[nodiscard]] QComboBox* closenessColumnComboBox() const { return m_closenessColumn; }
    [[nodiscard]] QComboBox* methodComboBox() const { return m_method; }
    [[nodiscard]] QListWidget* keepOrderList() const { return m_keepOrder; }
    [[nodiscard]] QSpinBox* keepAtLeastSpinBox() const { return m_keepAtLeast; }
    /// t-closeness's ground distance: the column's default (item data -1) or a core::ClosenessDistance.
    [[nodiscard]] QComboBox* closenessDistanceComboBox() const { return m_distance; }
    /// Seconds the heuristic search may take beyond the exact search's reach.
    [[nodiscard]] QDoubleSpinBox* timeLimitSpinBox() const { return m_timeLimit; }

Q_SIGNALS:
    void settingsEdited();

private:
    void setRowsFromPercent();
    void setPercentFromRows();
    void updateEnabled();
    /// Whether the keep-at-least cap applies: a lattice is searched and the metric prices each
    /// column on its own (loss, non-uniform entropy).
    [[nodiscard]] bool columnCapApplies() const;
    void emitEdited();
    [[nodiscard]] Method method() const;
    /// Moves the selected column of the keep ranking up (-1) or down (+1).
    void moveKept(int step);
    /// Numbers the ranking and says what a suppressed cell of each column costs.
    void relabelKeepOrder();

    std::shared_ptr<const core::EncodedTable> m_table;
    QSpinBox* m_k = nullptr;
    QCheckBox* m_diversity = nullptr;
    QDoubleSpinBox* m_l = nullptr;
    QComboBox* m_diversityColumn = nullptr;
    QSpinBox* m_rows = nullptr;
    QDoubleSpinBox* m_percent = nullptr;
    QComboBox* m_metric = nullptr;
    QComboBox* m_method = nullptr;
    QWidget* m_keep = nullptr;
    QListWidget* m_keepOrder = nullptr;
    /// Percent of each column's detail to keep (the cap on its loss, #34); 0 = no minimum.
    QSpinBox* m_keepAtLeast = nullptr;
    QToolButton* m_advancedToggle = nullptr;
    QWidget* m_advanced = nullptr;
    QComboBox* m_variant = nullptr;
    QDoubleSpinBox* m_c = nullptr;
    QCheckBox* m_closeness = nullptr;
    QDoubleSpinBox* m_t = nullptr;
    QComboBox* m_closenessColumn = nullptr;
    QComboBox* m_distance = nullptr;
    QDoubleSpinBox* m_timeLimit = nullptr;
    QSpinBox* m_threads = nullptr;
    bool m_updating = false;
};

} // namespace qiscout::ui
