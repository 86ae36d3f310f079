// SPDX-License-Identifier: GPL-3.0-or-later
#include "table/rows_panel.h"

#include <algorithm>

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QScrollBar>
#include <QTableView>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

#include "common/counted_noun.h"
#include "common/whole_header_labels.h"
#include "table/row_order_proxy_model.h"
#include "table/table_model.h"

namespace qiscout::ui {
namespace {

constexpr int filterDelayMs = 250;
/// Columns are sized to their contents, but none wider than this many average characters.
constexpr int widestColumnChars = 28;

} // namespace

RowsPanel::RowsPanel(QWidget* parent) : QWidget(parent)
{
    m_tableModel = new TableModel(this);
    m_rowModel = new RowOrderProxyModel(this);
    m_rowModel->setSourceModel(m_tableModel);

    m_summary = new QLabel(this);
    m_filterText = new QLineEdit(this);
    m_filterText->setPlaceholderText(tr("Filter rows…"));
    m_filterText->setClearButtonEnabled(true);
    m_filterText->setToolTip(tr("Show only the rows containing this text (upper or lower case alike)."));
    m_filterColumn = new QComboBox(this);
    m_filterColumn->setToolTip(tr("Where to look for the filter text."));
    m_filterColumn->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_filterColumn->setMinimumContentsLength(12);
    auto* topBar = new QHBoxLayout;
    topBar->setContentsMargins(4, 2, 4, 2);
    topBar->addWidget(m_summary, 1);
    topBar->addWidget(m_filterText, 1);
    topBar->addWidget(m_filterColumn);

    m_isolatedBar = new QWidget(this);
    auto* isolatedLayout = new QHBoxLayout(m_isolatedBar);
    isolatedLayout->setContentsMargins(4, 2, 4, 2);
    m_isolatedLabel = new QLabel(m_isolatedBar);
    // Wrapping keeps a long set name from widening the panel and pushing the docks aside.
    m_isolatedLabel->setWordWrap(true);
    auto* showAll = new QPushButton(tr("Show all rows"), m_isolatedBar);
    isolatedLayout->addWidget(m_isolatedLabel, 1);
    isolatedLayout->addWidget(showAll);
    m_isolatedBar->hide();
    connect(showAll, &QPushButton::clicked, this, [this] {
        clearIsolatedRows();
        Q_EMIT isolatedRowsCleared();
    });

    m_view = new QTableView(this);
    m_view->setModel(m_rowModel);
    m_view->setWordWrap(false);
    m_view->setCornerButtonEnabled(false);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    // Fixed row heights keep scrolling 11M rows O(1): the view never measures rows.
    m_view->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_view->verticalHeader()->setDefaultSectionSize(m_view->fontMetrics().height() + 6);
    auto* header = m_view->horizontalHeader();
    header->setSectionResizeMode(QHeaderView::Interactive);
    header->setDefaultAlignment(Qt::AlignLeft | Qt::AlignVCenter);
    header->setSectionsMovable(true);
    header->setSortIndicatorClearable(true);
    header->setSortIndicator(-1, Qt::AscendingOrder);
    m_view->setSortingEnabled(true);
    showWholeHeaderLabels(header);
    connect(m_rowModel, &RowOrderProxyModel::sortRequested, this, [this](int column, Qt::SortOrder order) {
        m_query.sortColumn = column >= 0 ? std::optional<int>(column) : std::nullopt;
        m_query.descending = order == Qt::DescendingOrder;
        requestRows();
    });

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addLayout(topBar);
    layout->addWidget(m_isolatedBar);
    layout->addWidget(m_view, 1);

    m_filterTimer.setSingleShot(true);
    m_filterTimer.setInterval(filterDelayMs);
    connect(&m_filterTimer, &QTimer::timeout, this, [this] {
        m_query.filterText = m_filterText->text();
        const int column = m_filterColumn->currentData().toInt();
        m_query.filterColumn = column >= 0 ? std::optional<int>(column) : std::nullopt;
        requestRows();
    });
    connect(m_filterText, &QLineEdit::textChanged, &m_filterTimer, qOverload<>(&QTimer::start));
    connect(m_filterColumn, &QComboBox::currentIndexChanged, &m_filterTimer, qOverload<>(&QTimer::start));
    connect(&m_watcher, &QFutureWatcher<Answer>::finished, this, [this] {
        if (m_watcher.future().resultCount() > 0)
            showAnswer(m_watcher.result());
    });
    setTable(nullptr);
}

RowsPanel::~RowsPanel()
{
    m_stop.request_stop();
    m_watcher.waitForFinished();
}

void RowsPanel::setTable(std::shared_ptr<const core::EncodedTable> table)
{
    m_stop.request_stop();
    ++m_generation;
    m_table = std::move(table);
    m_query = RowQuery{};
    m_isolatedSet.reset();
    m_isolatedBar->hide();
    {
        const QSignalBlocker textBlocker(m_filterText);
        const QSignalBlocker columnBlocker(m_filterColumn);
        m_filterText->clear();
        m_filterColumn->clear();
        m_filterColumn->addItem(tr("in any column"), -1);
        if (m_table)
            for (std::size_t column = 0; column < m_table->columnCount(); ++column)
                m_filterColumn->addItem(tr("in %1").arg(QString::fromStdString(m_table->columns[column].name)),
                                        static_cast<int>(column));
    }
    m_filterTimer.stop();
    m_tableModel->setTable(m_table);
    m_rowModel->setRows(nullptr);
    auto* header = m_view->horizontalHeader();
    header->setSortIndicator(-1, Qt::AscendingOrder);
    restoreColumnOrder();
    m_view->resizeColumnsToContents();
    const int widest = m_view->fontMetrics().averageCharWidth() * widestColumnChars;
    for (int column = 0; column < header->count(); ++column)
        header->resizeSection(column, std::min(header->sectionSize(column), widest));
    // A new table starts at its first row and column, whatever the last one showed.
    m_view->scrollToTop();
    m_view->horizontalScrollBar()->setValue(0);
    updateSummary();
}

void RowsPanel::showIsolatedRows(core::ColumnSet set, std::uint64_t k, std::vector<std::uint32_t> rows,
                                 const QString& setDescription, core::MissingSemantics semantics)
{
    m_isolatedSet = set;
    m_isolatedText = semantics == core::MissingSemantics::Wildcard
                         ? tr("The rows matched by at most %1 people on %2 (a missing cell matches any value).")
                               .arg(k)
                               .arg(setDescription)
                         : tr("The rows in groups of at most %1 people on %2.").arg(k).arg(setDescription);
    m_query.onlyRows = std::make_shared<const std::vector<std::uint32_t>>(std::move(rows));
    requestRows();
}

void RowsPanel::clearIsolatedRows()
{
    if (!m_isolatedSet && !m_query.onlyRows)
        return;
    m_isolatedSet.reset();
    m_query.onlyRows.reset();
    m_isolatedBar->hide();
    m_tableModel->setHighlightedColumns({});
    restoreColumnOrder();
    requestRows();
}

void RowsPanel::setFilter(const QString& text, std::optional<int> column)
{
    const QSignalBlocker textBlocker(m_filterText);
    const QSignalBlocker columnBlocker(m_filterColumn);
    m_filterText->setText(text);
    m_filterColumn->setCurrentIndex(std::max(0, m_filterColumn->findData(column.value_or(-1))));
    m_filterTimer.stop();
    m_query.filterText = text;
    m_query.filterColumn = column;
    requestRows();
}

void RowsPanel::requestRows()
{
    m_stop.request_stop();
    m_stop = std::stop_source();
    const quint64 generation = ++m_generation;
    if (!m_table) {
        showAnswer({generation, std::nullopt});
        return;
    }
    m_watcher.setFuture(QtConcurrent::run([table = m_table, query = m_query, generation, stop = m_stop.get_token()] {
        return Answer{generation, selectRows(*table, query, stop)};
    }));
}

void RowsPanel::showAnswer(Answer answer)
{
    if (answer.generation != m_generation)
        return;
    m_rowModel->setRows(answer.rows ? std::make_shared<const std::vector<std::uint32_t>>(std::move(*answer.rows))
                                    : nullptr);
    if (m_isolatedSet) {
        m_tableModel->setHighlightedColumns(*m_isolatedSet);
        putColumnsFirst(*m_isolatedSet);
        m_isolatedLabel->setText(m_isolatedText);
        m_isolatedBar->show();
        m_view->horizontalScrollBar()->setValue(0);
    }
    updateSummary();
    Q_EMIT rowsShown();
    if (m_isolatedSet)
        Q_EMIT isolatedRowsShown(*m_isolatedSet);
}

void RowsPanel::putColumnsFirst(core::ColumnSet set)
{
    auto* header = m_view->horizontalHeader();
    restoreColumnOrder();
    int position = 0;
    for (const int column : set.columns())
        if (column < header->count())
            header->moveSection(header->visualIndex(column), position++);
}

void RowsPanel::restoreColumnOrder()
{
    auto* header = m_view->horizontalHeader();
    for (int column = 0; column < header->count(); ++column)
        if (header->visualIndex(column) != column)
            header->moveSection(header->visualIndex(column), column);
}

void RowsPanel::updateSummary()
{
    const auto total = m_table ? m_table->rowCount : 0U;
    const auto shown = static_cast<std::uint64_t>(m_rowModel->rowCount());
    const QLocale locale;
    m_summary->setText(shown == total ? countedNoun(total, tr("row"), tr("rows"))
                                      : tr("%1 of %2 rows")
                                            .arg(locale.toString(static_cast<qulonglong>(shown)),
                                                 locale.toString(static_cast<qulonglong>(total))));
}

} // namespace qiscout::ui
