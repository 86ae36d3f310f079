// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <memory>
#include <vector>

#include <QWidget>

#include "qiscout/core/lattice/column_set.h"
#include "qiscout/core/table/column_role.h"
#include "qiscout/core/table/encoded_table.h"

QT_BEGIN_NAMESPACE
class QComboBox;
class QLabel;
class QTreeWidget;
QT_END_NAMESPACE

namespace qiscout::ui {

/// Lists the table's columns with their statistics and lets the user pick the role of the selected
/// columns, one or thousands at a time (one list, reachable with Tab, no widget per row).
/// Columns that look like direct identifiers are flagged, and proposed as such when both their
/// name and their values say so.
class ColumnPanel : public QWidget {
    Q_OBJECT

public:
    explicit ColumnPanel(QWidget* parent = nullptr);

    /// Shows a table's columns, every one a quasi-identifier candidate but those proposed as
    /// direct identifiers (IdentifierHint::Proposed).
    void setTable(const std::shared_ptr<const core::EncodedTable>& table);

    [[nodiscard]] std::vector<core::ColumnRole> roles() const;
    [[nodiscard]] core::ColumnRole role(int column) const;
    /// Sets one column's role as if the user had chosen it (emits rolesEdited when it changes).
    void setRole(int column, core::ColumnRole role);
    /// Sets every role without emitting rolesEdited; extra entries are ignored.
    void setRoles(const std::vector<core::ColumnRole>& roles);
    /// Selects these columns in the list (the role box then applies to them).
    void selectColumns(const std::vector<int>& columns);
    /// The box that sets the role of every selected column.
    [[nodiscard]] QComboBox* roleComboBox() const { return m_roleBox; }

    /// Why no search can start with these roles, and what to do about it; empty when one can.
    [[nodiscard]] QString searchProblem() const;
    /// The quasi-identifier candidates, any number of them.
    [[nodiscard]] core::ColumnSet searchedColumns() const;
    /// Whether the column looks like a direct identifier (see IdentifierHint): its values are all
    /// different, or its name says identifier and few rows share a value.
    [[nodiscard]] bool isLikelyDirectIdentifier(int column) const;
    /// Whether the column is still warned about: it looks like a direct identifier and is not
    /// marked as one.
    [[nodiscard]] bool hasOpenIdentifierWarning(int column) const;

Q_SIGNALS:
    /// The user changed one or more roles (once per change, however many columns it touched).
    void rolesEdited();

private:
    /// Gives the selected columns this role; emits rolesEdited once when any changed.
    void applyToSelection(core::ColumnRole role);
    /// Stores a role in a row without signalling; true when it changed.
    bool storeRole(int column, core::ColumnRole role);
    /// Makes every Weight column but `chosen` Ignored.
    void keepOneWeight(int chosen);
    /// Shows the selection's common role in the role box (blank when they differ).
    void showSelectionRole();
    void updateSummary();
    /// The name's icon and tooltip: the warning while hasOpenIdentifierWarning.
    void showIdentifierWarning(int column);

    QTreeWidget* m_tree = nullptr;
    QComboBox* m_roleBox = nullptr;
    QLabel* m_summary = nullptr;
    std::vector<bool> m_likelyIdentifier;
    /// Why each column looks like a direct identifier; empty where it does not.
    std::vector<QString> m_identifierWarnings;
};

} // namespace qiscout::ui
