// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <memory>
#include <optional>
#include <vector>

#include <QWidget>

#include "qiscout/core/lattice/column_set.h"
#include "qiscout/core/table/column_role.h"
#include "qiscout/core/table/encoded_table.h"

QT_BEGIN_NAMESPACE
class QLabel;
class QTreeWidget;
QT_END_NAMESPACE

namespace qiscout::ui {

/// Lists the table's columns with their statistics and lets the user pick each column's role.
/// Columns whose every value is different are flagged as likely direct identifiers.
class ColumnPanel : public QWidget {
    Q_OBJECT

public:
    explicit ColumnPanel(QWidget* parent = nullptr);

    /// Shows a table's columns, every one a quasi-identifier candidate.
    void setTable(const std::shared_ptr<const core::EncodedTable>& table);

    [[nodiscard]] std::vector<core::ColumnRole> roles() const;
    [[nodiscard]] core::ColumnRole role(int column) const;
    /// Sets one column's role as if the user had chosen it (emits rolesEdited).
    void setRole(int column, core::ColumnRole role);
    /// Sets every role without emitting rolesEdited; extra entries are ignored.
    void setRoles(const std::vector<core::ColumnRole>& roles);

    /// The quasi-identifier candidates; nullopt when one lies beyond the 64 columns a search spans.
    [[nodiscard]] std::optional<core::ColumnSet> searchedColumns() const;
    /// Whether the column's values are all different (and so identify every row on their own).
    [[nodiscard]] bool isLikelyDirectIdentifier(int column) const;

Q_SIGNALS:
    /// The user changed a role.
    void rolesEdited();

private:
    void updateSummary();

    QTreeWidget* m_tree = nullptr;
    QLabel* m_summary = nullptr;
    std::vector<bool> m_likelyIdentifier;
    bool m_updating = false;
};

} // namespace qiscout::ui
