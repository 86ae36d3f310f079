// SPDX-License-Identifier: GPL-3.0-or-later
#include "protect/transformation_choices_view.h"

#include <algorithm>

#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QTableWidget>
#include <QVBoxLayout>

#include "common/whole_header_labels.h"

namespace qiscout::ui {

namespace {

/// A level as a steward reads it: the original values, an example of the level's groups, or *.
QString levelInWords(const core::Hierarchy& hierarchy, int level)
{
    if (level == 0)
        return TransformationChoicesView::tr("as is");
    // An example from the hierarchy's rows: the first value that the level coarsens.
    for (const auto& row : hierarchy.rows)
        if (static_cast<std::size_t>(level) < row.size() && row[static_cast<std::size_t>(level)] != row.front()) {
            const std::string& group = row[static_cast<std::size_t>(level)];
            if (group == "*")
                return TransformationChoicesView::tr("hidden (*)");
            return TransformationChoicesView::tr("like %1").arg(QString::fromStdString(group));
        }
    return TransformationChoicesView::tr("as is");
}

} // namespace

TransformationChoicesView::TransformationChoicesView(QWidget* parent) : QWidget(parent)
{
    auto* layout = new QVBoxLayout(this);
    m_caption = new QLabel(this);
    m_caption->setWordWrap(true);
    layout->addWidget(m_caption);
    m_table = new QTableWidget(this);
    m_table->setObjectName(QStringLiteral("transformationChoices"));
    m_table->verticalHeader()->hide();
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setSortingEnabled(false);
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 6);
    // Every header whole (#35: "Detail lost" was cut to "Det"); a wide table scrolls instead.
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setStretchLastSection(false);
    showWholeHeaderLabels(m_table->horizontalHeader());
    m_table->setHorizontalScrollMode(QAbstractItemView::ScrollPerPixel);
    layout->addWidget(m_table);
    connect(m_table, &QTableWidget::currentCellChanged, this, [this](int row) {
        if (!m_updating && row >= 0 && static_cast<std::size_t>(row) < m_transformations.size())
            Q_EMIT transformationPicked(m_transformations[static_cast<std::size_t>(row)]);
    });
    clear();
}

void TransformationChoicesView::clear()
{
    m_updating = true;
    m_transformations.clear();
    m_table->clear();
    m_table->setRowCount(0);
    m_table->setColumnCount(0);
    m_caption->setText(tr("The good choices appear here once the search has run."));
    m_updating = false;
}

void TransformationChoicesView::showChoices(const core::AnonymizationResult& result,
                                            const core::AnonymizationParameters& parameters,
                                            const QStringList& quasiIdentifierNames)
{
    m_updating = true;
    std::vector<core::TransformationAssessment> choices =
        result.frontier.value_or(std::vector<core::TransformationAssessment>{});
    std::stable_sort(choices.begin(), choices.end(), [](const auto& a, const auto& b) { return a.value < b.value; });
    if (result.optimum) {
        std::erase_if(
            choices, [&result](const auto& choice) { return choice.transformation == result.optimum->transformation; });
        choices.insert(choices.begin(), *result.optimum);
    }
    const QLocale locale;
    const auto columns = static_cast<int>(parameters.quasiIdentifiers.size());
    QStringList headers{tr("Choice")};
    headers << quasiIdentifierNames;
    headers << tr("Detail lost") << tr("Rows suppressed") << tr("Groups");
    m_table->clear();
    m_table->setColumnCount(static_cast<int>(headers.size()));
    m_table->setHorizontalHeaderLabels(headers);
    m_table->setRowCount(static_cast<int>(choices.size()));
    m_transformations.clear();
    for (std::size_t index = 0; index < choices.size(); ++index) {
        const auto& choice = choices[index];
        const auto row = static_cast<int>(index);
        m_transformations.push_back(choice.transformation);
        const bool best = result.optimum && choice.transformation == result.optimum->transformation;
        m_table->setItem(row, 0, new QTableWidgetItem(best ? tr("Best") : QString::number(row)));
        for (int q = 0; q < columns; ++q) {
            const auto& hierarchy = parameters.quasiIdentifiers[static_cast<std::size_t>(q)].hierarchy;
            const int level = choice.transformation.levels[static_cast<std::size_t>(q)];
            auto* item = new QTableWidgetItem(levelInWords(hierarchy, level));
            item->setToolTip(tr("Level %1 of %2").arg(level).arg(hierarchy.height()));
            m_table->setItem(row, q + 1, item);
        }
        const auto addNumber = [this, row](int column, const QString& text) {
            auto* item = new QTableWidgetItem(text);
            item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            m_table->setItem(row, column, item);
        };
        addNumber(columns + 1, locale.toString(choice.value, 'g', 4));
        addNumber(columns + 2, locale.toString(static_cast<qulonglong>(choice.suppressedRows)));
        addNumber(columns + 3, locale.toString(static_cast<qulonglong>(choice.classes)));
    }
    m_table->resizeColumnsToContents();
    m_caption->setText(tr("%n ways to protect enough without coarsening any column further than needed. Each column "
                          "says how far it is coarsened, with an example of its values. Select one to see it.",
                          nullptr, static_cast<int>(choices.size())) +
                       (result.complete ? QString()
                                        : QStringLiteral(" ") + tr("(The search was stopped: the list may "
                                                                   "be incomplete.)")));
    m_updating = false;
}

void TransformationChoicesView::markShown(const core::Transformation& transformation)
{
    m_updating = true;
    const auto found = std::find(m_transformations.begin(), m_transformations.end(), transformation);
    if (found == m_transformations.end())
        m_table->clearSelection();
    else
        m_table->selectRow(static_cast<int>(found - m_transformations.begin()));
    m_updating = false;
}

} // namespace qiscout::ui
