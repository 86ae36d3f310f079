// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QWidget>

#include "qiscout/core/anonymization/hierarchy.h"
#include "qiscout/core/table/encoded_table.h"

QT_BEGIN_NAMESPACE
class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QSpinBox;
class QStackedWidget;
QT_END_NAMESPACE

namespace qiscout::ui {

/// How a column's hierarchy is made.
enum class HierarchyKind {
    Automatic, ///< automaticHierarchy: chosen from the column's type
    Intervals, ///< number ranges that double in width
    Masking,   ///< trailing characters hidden one more per level
    Dates,     ///< day, month, quarter, year, decade
    Ordered,   ///< neighbouring values of an order grouped
    Flat,      ///< the value or "*"
    Custom,    ///< imported from a file or edited by hand
};

/// The builders of the anonymisation engine with their options in plain words: pick how to
/// group, adjust the options, and build() makes the hierarchy for the column's values.
/// Thread: GUI thread.
class HierarchyBuilderPanel : public QWidget {
    Q_OBJECT

public:
    explicit HierarchyBuilderPanel(QWidget* parent = nullptr);

    /// The column whose values the builders group; resets the options to suit it.
    void setColumn(const core::EncodedColumn* column);
    [[nodiscard]] HierarchyKind kind() const;
    /// Shows a kind without emitting optionsEdited.
    void setKind(HierarchyKind kind);
    /// The hierarchy the current kind and options make; throws std::invalid_argument for options
    /// a builder cannot honour (Custom has nothing to build and throws too).
    [[nodiscard]] core::Hierarchy build() const;

    /// The rule the automatic hierarchy applies to `column`, in plain words (docs/hierarchies.md).
    [[nodiscard]] static QString automaticRuleText(const core::EncodedColumn& column);

    [[nodiscard]] QComboBox* kindComboBox() const { return m_kind; }
    [[nodiscard]] QLineEdit* cutPointsEdit() const { return m_cutPoints; }
    [[nodiscard]] QLabel* noteLabel() const { return m_note; }
    [[nodiscard]] QDoubleSpinBox* intervalWidthSpinBox() const { return m_width; }

Q_SIGNALS:
    /// The user changed the kind or an option.
    void optionsEdited();

private:
    QWidget* createIntervalOptions();
    QWidget* createMaskingOptions();
    QWidget* createDateOptions();
    QWidget* createOrderedOptions();
    void resetOptions();
    void emitEdited();

    const core::EncodedColumn* m_column = nullptr;
    QComboBox* m_kind = nullptr;
    QStackedWidget* m_options = nullptr;
    QLabel* m_note = nullptr;
    QDoubleSpinBox* m_width = nullptr;
    QDoubleSpinBox* m_origin = nullptr;
    QSpinBox* m_maxLevels = nullptr;
    QCheckBox* m_bottomCoding = nullptr;
    QDoubleSpinBox* m_bottom = nullptr;
    QCheckBox* m_topCoding = nullptr;
    QDoubleSpinBox* m_top = nullptr;
    QLineEdit* m_cutPoints = nullptr;
    QSpinBox* m_maskLevels = nullptr;
    QLineEdit* m_maskCharacter = nullptr;
    QCheckBox* m_day = nullptr;
    QCheckBox* m_month = nullptr;
    QCheckBox* m_quarter = nullptr;
    QCheckBox* m_year = nullptr;
    QCheckBox* m_decade = nullptr;
    QListWidget* m_order = nullptr;
    QLineEdit* m_groupSizes = nullptr;
    bool m_updating = false;
};

} // namespace qiscout::ui
