// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QAbstractTableModel>

#include "qiscout/core/anonymization/hierarchy.h"

namespace qiscout::ui {

/// One hierarchy as an editable grid: a row per original value, a column per level (level 0, the
/// original values, is read-only). An edit does not change the model: it emits hierarchyEdited
/// with the whole new hierarchy, so the editor can record it for undo and set it back.
class HierarchyModel : public QAbstractTableModel {
    Q_OBJECT

public:
    explicit HierarchyModel(QObject* parent = nullptr);

    void setHierarchy(const core::Hierarchy& hierarchy);
    [[nodiscard]] const core::Hierarchy& hierarchy() const { return m_hierarchy; }

    [[nodiscard]] int rowCount(const QModelIndex& parent = {}) const override;
    [[nodiscard]] int columnCount(const QModelIndex& parent = {}) const override;
    [[nodiscard]] QVariant data(const QModelIndex& index, int role) const override;
    [[nodiscard]] QVariant headerData(int section, Qt::Orientation orientation, int role) const override;
    [[nodiscard]] Qt::ItemFlags flags(const QModelIndex& index) const override;
    bool setData(const QModelIndex& index, const QVariant& value, int role) override;

Q_SIGNALS:
    /// The user typed a new group name; `edited` is the hierarchy with it.
    void hierarchyEdited(const qiscout::core::Hierarchy& edited);

private:
    core::Hierarchy m_hierarchy;
};

} // namespace qiscout::ui
