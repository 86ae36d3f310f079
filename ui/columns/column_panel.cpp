// SPDX-License-Identifier: GPL-3.0-or-later
#include "columns/column_panel.h"

#include <array>

#include <QComboBox>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QStyle>
#include <QTreeWidget>
#include <QVBoxLayout>

#include "table/display_string.h"

namespace qiscout::ui {
namespace {

enum Column { NameColumn, RoleColumn, DistinctColumn, MissingColumn, TypeColumn, ColumnCount };

struct RoleChoice {
    core::ColumnRole role;
    const char* label;
    const char* help;
};

constexpr std::array<RoleChoice, 5> roleChoices{{
    {core::ColumnRole::QuasiIdentifier, QT_TRANSLATE_NOOP("qiscout::ui::ColumnPanel", "Candidate"),
     QT_TRANSLATE_NOOP("qiscout::ui::ColumnPanel",
                       "Something an outsider might know about a person (age, postcode, job): searched.")},
    {core::ColumnRole::Ignored, QT_TRANSLATE_NOOP("qiscout::ui::ColumnPanel", "Ignore"),
     QT_TRANSLATE_NOOP("qiscout::ui::ColumnPanel", "Left out of the search and the report.")},
    {core::ColumnRole::DirectIdentifier, QT_TRANSLATE_NOOP("qiscout::ui::ColumnPanel", "Direct identifier"),
     QT_TRANSLATE_NOOP("qiscout::ui::ColumnPanel",
                       "Names a person outright (name, ID number): not searched, listed in the report for removal.")},
    {core::ColumnRole::Sensitive, QT_TRANSLATE_NOOP("qiscout::ui::ColumnPanel", "Sensitive"),
     QT_TRANSLATE_NOOP("qiscout::ui::ColumnPanel",
                       "What must stay secret (diagnosis, income): not searched, kept for the report.")},
    {core::ColumnRole::Weight, QT_TRANSLATE_NOOP("qiscout::ui::ColumnPanel", "Weight"),
     QT_TRANSLATE_NOOP("qiscout::ui::ColumnPanel",
                       "How many people each row stands for (a survey's sampling weight): not searched, used for "
                       "the individual risk.")},
}};

QComboBox* roleBox(QTreeWidget* tree, int column)
{
    return qobject_cast<QComboBox*>(tree->itemWidget(tree->topLevelItem(column), RoleColumn));
}

} // namespace

ColumnPanel::ColumnPanel(QWidget* parent) : QWidget(parent)
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_tree = new QTreeWidget(this);
    m_tree->setRootIsDecorated(false);
    m_tree->setUniformRowHeights(true);
    m_tree->setColumnCount(ColumnCount);
    m_tree->setHeaderLabels({tr("Column"), tr("Role"), tr("Distinct"), tr("Missing"), tr("Type")});
    m_tree->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_tree->setToolTip(tr("Choose what each column is. Only candidates are searched for quasi-identifiers."));
    layout->addWidget(m_tree);
    m_summary = new QLabel(this);
    m_summary->setWordWrap(true);
    layout->addWidget(m_summary);
}

void ColumnPanel::setTable(const std::shared_ptr<const core::EncodedTable>& table)
{
    m_updating = true;
    m_tree->clear();
    m_likelyIdentifier.clear();
    if (table) {
        const QLocale locale;
        const auto warningIcon = style()->standardIcon(QStyle::SP_MessageBoxWarning);
        for (std::size_t index = 0; index < table->columnCount(); ++index) {
            const auto& column = table->columns[index];
            const bool unique = table->rowCount > 1 && column.distinctCount() == table->rowCount;
            m_likelyIdentifier.push_back(unique);
            auto* item = new QTreeWidgetItem(m_tree);
            item->setText(NameColumn, displayString(column.name));
            item->setText(DistinctColumn, locale.toString(static_cast<qulonglong>(column.distinctCount())));
            item->setText(MissingColumn, locale.toString(static_cast<qulonglong>(column.missingCells())));
            item->setText(TypeColumn, QString::fromUtf8(core::toString(column.type)));
            item->setTextAlignment(DistinctColumn, Qt::AlignRight | Qt::AlignVCenter);
            item->setTextAlignment(MissingColumn, Qt::AlignRight | Qt::AlignVCenter);
            if (unique) {
                item->setIcon(NameColumn, warningIcon);
                item->setToolTip(NameColumn, tr("Every row has its own value here, so this column alone singles out "
                                                "every person. It is likely a direct identifier (a name or an ID "
                                                "number) to remove before publishing."));
            }
            auto* box = new QComboBox(m_tree);
            for (const auto& choice : roleChoices) {
                box->addItem(tr(choice.label), static_cast<int>(choice.role));
                box->setItemData(box->count() - 1, tr(choice.help), Qt::ToolTipRole);
            }
            box->setToolTip(tr("What this column is; only candidates are searched."));
            m_tree->setItemWidget(item, RoleColumn, box);
            connect(box, &QComboBox::currentIndexChanged, this, [this] {
                updateSummary();
                if (!m_updating)
                    Q_EMIT rolesEdited();
            });
        }
    }
    m_updating = false;
    updateSummary();
}

std::vector<core::ColumnRole> ColumnPanel::roles() const
{
    std::vector<core::ColumnRole> result;
    for (int column = 0; column < m_tree->topLevelItemCount(); ++column)
        result.push_back(role(column));
    return result;
}

core::ColumnRole ColumnPanel::role(int column) const
{
    const auto* box = roleBox(m_tree, column);
    return box ? static_cast<core::ColumnRole>(box->currentData().toInt()) : core::ColumnRole::Ignored;
}

void ColumnPanel::setRole(int column, core::ColumnRole role)
{
    if (auto* box = roleBox(m_tree, column))
        box->setCurrentIndex(box->findData(static_cast<int>(role)));
}

void ColumnPanel::setRoles(const std::vector<core::ColumnRole>& roles)
{
    m_updating = true;
    const auto count = std::min<std::size_t>(roles.size(), static_cast<std::size_t>(m_tree->topLevelItemCount()));
    for (std::size_t column = 0; column < count; ++column)
        setRole(static_cast<int>(column), roles[column]);
    m_updating = false;
    updateSummary();
}

std::optional<core::ColumnSet> ColumnPanel::searchedColumns() const
{
    core::ColumnSet set;
    for (int column = 0; column < m_tree->topLevelItemCount(); ++column) {
        if (role(column) != core::ColumnRole::QuasiIdentifier)
            continue;
        if (column >= core::ColumnSet::capacity)
            return std::nullopt;
        set = set.with(column);
    }
    return set;
}

bool ColumnPanel::isLikelyDirectIdentifier(int column) const
{
    return column >= 0 && static_cast<std::size_t>(column) < m_likelyIdentifier.size() &&
           m_likelyIdentifier[static_cast<std::size_t>(column)];
}

void ColumnPanel::updateSummary()
{
    if (m_tree->topLevelItemCount() == 0) {
        m_summary->clear();
        return;
    }
    const auto searched = searchedColumns();
    if (!searched) {
        m_summary->setText(tr("Only the first %1 columns can be candidates: set the others to Ignore or another role.")
                               .arg(core::ColumnSet::capacity));
        return;
    }
    int flagged = 0;
    for (const bool unique : m_likelyIdentifier)
        flagged += unique ? 1 : 0;
    QString text = (searched->size() == 1 ? tr("1 column will be searched.")
                                          : tr("%1 columns will be searched.").arg(searched->size()));
    if (flagged > 0)
        text += QLatin1Char(' ') +
                (flagged == 1 ? tr("1 column looks like a direct identifier (marked with a warning).")
                              : tr("%1 columns look like direct identifiers (marked with a warning).").arg(flagged));
    m_summary->setText(text);
}

} // namespace qiscout::ui
