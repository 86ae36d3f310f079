// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <memory>
#include <vector>

#include <QString>
#include <QWidget>

#include "qiscout/core/anonymization/hierarchy.h"
#include "qiscout/core/anonymization/protection_settings.h"
#include "qiscout/core/table/encoded_table.h"

#include "protect/hierarchy_builder_panel.h"

QT_BEGIN_NAMESPACE
class QLabel;
class QLineEdit;
class QListWidget;
class QPushButton;
class QTableView;
class QTreeWidget;
class QUndoStack;
QT_END_NAMESPACE

namespace qiscout::ui {

class HierarchyModel;

/// Which columns are generalised and how: a checklist of the table's columns and, for the
/// selected one, its hierarchy: the engine's builders with their options, the groups at every
/// level with their rows and the number of distinct values left (a live preview), the grid of
/// groups to edit by hand, ARX-compatible import and export, and undo for every change.
/// Thread: GUI thread.
class HierarchyEditor : public QWidget {
    Q_OBJECT

public:
    /// One column as the editor holds it.
    struct Entry {
        bool generalised = false;
        core::Hierarchy hierarchy;
        QString source;
        HierarchyKind kind = HierarchyKind::Automatic;
    };

    explicit HierarchyEditor(QWidget* parent = nullptr);
    ~HierarchyEditor() override;

    /// A new table: nothing generalised, undo history cleared.
    void setTable(std::shared_ptr<const core::EncodedTable> table);
    /// Generalises exactly these columns with these hierarchies (columns the table lacks are
    /// skipped); clears the undo history. Not an edit: does not emit edited.
    void setQuasiIdentifiers(const std::vector<core::ProtectedColumnSetting>& columns);
    /// The generalised columns in table order.
    [[nodiscard]] std::vector<core::ProtectedColumnSetting> quasiIdentifiers() const;
    /// A column's hierarchy as the editor holds it, generalised or not (t-closeness's hierarchical
    /// distance uses the sensitive column's, #40): the one built or imported, else the automatic one.
    [[nodiscard]] core::ProtectedColumnSetting columnHierarchy(int column) const;
    /// Gives a column that stays as it is a hierarchy (a project's t-closeness hierarchy); not an
    /// edit: does not emit edited.
    void setKeptColumnHierarchy(int column, const core::Hierarchy& hierarchy, const QString& source);
    /// Reads an ARX-style hierarchy file for a column and generalises the column with it (an undo
    /// step). Returns an empty string, or the reason it failed (naming file and line).
    QString importHierarchy(int column, const QString& path);
    /// Coarsens a column by its automatic hierarchy (an undo step).
    void coarsenAutomatically(int column);
    /// Shows a column's hierarchy.
    void selectColumn(int column);
    [[nodiscard]] int selectedColumn() const { return m_column; }

    [[nodiscard]] QUndoStack* undoStack() const { return m_undo; }
    [[nodiscard]] HierarchyBuilderPanel* builderPanel() const { return m_builder; }
    [[nodiscard]] QTreeWidget* previewTree() const { return m_preview; }
    [[nodiscard]] QListWidget* columnList() const { return m_columns; }
    /// Groups (distinct values) per level of the selected column's hierarchy, as previewed.
    [[nodiscard]] std::vector<std::uint32_t> previewGroupCounts() const { return m_previewGroups; }

Q_SIGNALS:
    /// Columns or hierarchies changed (by the user, by undo or redo).
    void edited();

private:
    class EntriesCommand;
    friend class EntriesCommand;

    /// Shows the entries and emits edited (undo, redo, the user).
    void setEntries(const std::vector<Entry>& entries, int column);
    void showEntries(const std::vector<Entry>& entries, int column);
    void change(std::vector<Entry> entries, const QString& text);
    void rebuildFromOptions();
    void refreshList();
    void refreshColumn();
    void refreshPreview();
    void chooseImport();
    void chooseExport();
    void groupSelected();
    void addLevel();
    void removeLevel();
    [[nodiscard]] Entry defaultEntry(int column) const;

    std::shared_ptr<const core::EncodedTable> m_table;
    std::vector<Entry> m_entries;
    int m_column = -1;
    bool m_updating = false;
    QUndoStack* m_undo = nullptr;
    QListWidget* m_columns = nullptr;
    QLabel* m_title = nullptr;
    HierarchyBuilderPanel* m_builder = nullptr;
    QTreeWidget* m_preview = nullptr;
    QTableView* m_grid = nullptr;
    HierarchyModel* m_model = nullptr;
    QLabel* m_status = nullptr;
    QLineEdit* m_groupName = nullptr;
    QPushButton* m_removeLevel = nullptr;
    std::vector<std::uint32_t> m_previewGroups;
    /// The column whose values the builder panel's options were last reset for.
    const core::EncodedColumn* m_builderColumn = nullptr;
};

} // namespace qiscout::ui
