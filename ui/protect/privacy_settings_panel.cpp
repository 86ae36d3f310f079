// SPDX-License-Identifier: GPL-3.0-or-later
#include "protect/privacy_settings_panel.h"

#include <algorithm>
#include <cmath>
#include <thread>

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QLocale>
#include <QPushButton>
#include <QSpinBox>
#include <QStandardItemModel>
#include <QToolButton>
#include <QVBoxLayout>

#include "qiscout/core/anonymization/anonymization_parameters.h"
#include "qiscout/core/anonymization/t_closeness.h"
#include "qiscout/core/anonymization/transformation_lattice.h"

namespace qiscout::ui {

namespace {

/// A metric in the words of the panel and what it computes, for its tooltip; its exact name is
/// core's (utilityMetricNames). In the order offered, the default first.
struct MetricChoice {
    core::UtilityMetric metric;
    const char* words;
    const char* description;
};

constexpr std::array metricChoices{
    MetricChoice{core::UtilityMetric::Loss, QT_TRANSLATE_NOOP("PrivacySettingsPanel", "every value equally"),
                 QT_TRANSLATE_NOOP("PrivacySettingsPanel",
                                   "Generalised loss: the share of each column's different values a published value "
                                   "stands for, averaged over all cells (ARX's loss per column, but averaged rather "
                                   "than ARX's geometric mean).")},
    MetricChoice{core::UtilityMetric::Precision, QT_TRANSLATE_NOOP("PrivacySettingsPanel", "every column equally"),
                 QT_TRANSLATE_NOOP("PrivacySettingsPanel",
                                   "Precision (Prec): how far up its hierarchy each column is coarsened, as a share "
                                   "of the hierarchy's height; a suppressed row loses everything.")},
    MetricChoice{core::UtilityMetric::NonUniformEntropy,
                 QT_TRANSLATE_NOOP("PrivacySettingsPanel", "the information in each value"),
                 QT_TRANSLATE_NOOP("PrivacySettingsPanel",
                                   "Non-uniform entropy: the bits of information lost per cell, weighting rare values "
                                   "more than common ones; a suppressed cell counts as coarsened to everything. With "
                                   "suppression this is neither of ARX's two entropies.")},
    MetricChoice{core::UtilityMetric::EntropyMonotonic,
                 QT_TRANSLATE_NOOP("PrivacySettingsPanel", "the information in each value, as ARX (monotonic)"),
                 QT_TRANSLATE_NOOP("PrivacySettingsPanel",
                                   "ARX's monotonic non-uniform entropy: the bits lost per cell with every row counted "
                                   "as coarsened; suppressing a row costs nothing more.")},
    MetricChoice{core::UtilityMetric::EntropyNonMonotonic,
                 QT_TRANSLATE_NOOP("PrivacySettingsPanel", "the information in each value, as ARX (non-monotonic)"),
                 QT_TRANSLATE_NOOP("PrivacySettingsPanel",
                                   "ARX's non-monotonic non-uniform entropy: the monotonic one plus, per column, the "
                                   "entropy of the coarsened values among the suppressed rows.")},
    MetricChoice{core::UtilityMetric::DmStar, QT_TRANSLATE_NOOP("PrivacySettingsPanel", "small groups"),
                 QT_TRANSLATE_NOOP("PrivacySettingsPanel",
                                   "ARX's DM* (monotonic discernibility): the sum of the squared group sizes, the "
                                   "suppressed rows counted as groups like the others.")},
    MetricChoice{core::UtilityMetric::Discernibility,
                 QT_TRANSLATE_NOOP("PrivacySettingsPanel", "small groups, a suppressed row costing the whole table"),
                 QT_TRANSLATE_NOOP("PrivacySettingsPanel",
                                   "ARX's DM (non-monotonic discernibility), not DM*: the sum of the squared sizes of "
                                   "the kept groups, plus the table's row count for every suppressed row. Without "
                                   "suppression it equals DM*.")},
    MetricChoice{core::UtilityMetric::Aecs, QT_TRANSLATE_NOOP("PrivacySettingsPanel", "many groups"),
                 QT_TRANSLATE_NOOP("PrivacySettingsPanel",
                                   "Average equivalence class size (AECS): rows per group, the suppressed rows "
                                   "counting as one group.")},
};

static_assert(metricChoices.size() == core::utilityMetricNames.size(), "every metric core has is offered");

/// A closeness distance choice's item data: a core::ClosenessDistance, or the column's default.
constexpr int automaticClosenessDistance = -1;

QLabel* wrapped(const QString& text, QWidget* parent)
{
    auto* label = new QLabel(text, parent);
    label->setWordWrap(true);
    return label;
}

} // namespace

PrivacySettingsPanel::PrivacySettingsPanel(QWidget* parent) : QWidget(parent)
{
    auto* layout = new QVBoxLayout(this);

    auto* kRow = new QHBoxLayout;
    // The k of the search (a group of k or fewer rows is at risk), so that the app shows one k (#33);
    // the settings hold k-anonymity's minimum group size, k + 1.
    m_k = new QSpinBox(this);
    m_k->setRange(1, 999'999);
    m_k->setValue(4);
    m_k->setToolTip(tr("The same k as the search: a group of k or fewer rows is at risk. Every combination of "
                       "published values in the coarsened columns will be shared by more than k rows, which is "
                       "(k + 1)-anonymity in the usual terms."));
    auto* kLabel = new QLabel(tr("Nobody may be in a group of"), this);
    kLabel->setBuddy(m_k);
    kLabel->setWordWrap(true);
    kRow->addWidget(kLabel, 1);
    kRow->addWidget(m_k);
    kRow->addWidget(new QLabel(tr("or fewer rows (k)"), this));
    layout->addLayout(kRow);

    auto* methodRow = new QFormLayout;
    m_method = new QComboBox(this);
    m_method->setObjectName(QStringLiteral("protectionMethod"));
    m_method->addItem(tr("coarsen columns, suppress whole rows"), static_cast<int>(Method::SuppressRows));
    m_method->addItem(tr("coarsen columns, suppress single cells"), static_cast<int>(Method::SuppressCellsAndCoarsen));
    m_method->addItem(tr("suppress single cells only"), static_cast<int>(Method::SuppressCellsOnly));
    m_method->setToolTip(
        tr("Whole rows: rows that still stand out after coarsening lose every coarsened cell (record suppression). "
           "Single cells: only the cells that make a row stand out become * (local suppression, as sdcMicro's "
           "kAnon); each row then shares the values it still shows with at least k others, and a * never stands in for "
           "another row's value. Single cells protect k-anonymity alone."));
    methodRow->addRow(wrapped(tr("To protect:"), this), m_method);
    m_keepAtLeast = new QSpinBox(this);
    m_keepAtLeast->setObjectName(QStringLiteral("keepAtLeast"));
    m_keepAtLeast->setRange(0, 100);
    m_keepAtLeast->setSuffix(tr(" % of its detail"));
    m_keepAtLeast->setSpecialValueText(tr("no minimum"));
    m_keepAtLeast->setToolTip(
        tr("Coarsen no column so far that less of its detail than this remains, so the loss is spread over the "
           "columns instead of taken from one. Suppressed cells come on top. Needs the loss or non-uniform "
           "entropy metric."));
    methodRow->addRow(wrapped(tr("Each column keeps at least:"), this), m_keepAtLeast);
    layout->addLayout(methodRow);
    m_keep = new QWidget(this);
    auto* keepLayout = new QVBoxLayout(m_keep);
    keepLayout->setContentsMargins(12, 0, 0, 0);
    keepLayout->addWidget(wrapped(tr("Keep these columns most, top first: a suppressed cell costs more the higher "
                                     "its column, so cells are suppressed in the columns at the bottom first."),
                                  m_keep));
    m_keepOrder = new QListWidget(m_keep);
    m_keepOrder->setObjectName(QStringLiteral("keepOrder"));
    m_keepOrder->setDragDropMode(QAbstractItemView::InternalMove);
    m_keepOrder->setToolTip(tr("Drag a column, or select it and move it, to change what is kept"));
    auto* keepButtons = new QHBoxLayout;
    auto* up = new QPushButton(tr("Keep More"), m_keep);
    auto* down = new QPushButton(tr("Keep Less"), m_keep);
    keepButtons->addWidget(up);
    keepButtons->addWidget(down);
    keepButtons->addStretch();
    keepLayout->addWidget(m_keepOrder);
    keepLayout->addLayout(keepButtons);
    layout->addWidget(m_keep);
    connect(up, &QPushButton::clicked, this, [this] { moveKept(-1); });
    connect(down, &QPushButton::clicked, this, [this] { moveKept(1); });
    connect(m_keepOrder->model(), &QAbstractItemModel::rowsMoved, this, [this] {
        relabelKeepOrder();
        emitEdited();
    });

    m_diversity = new QCheckBox(tr("Each group must also contain at least"), this);
    m_diversity->setToolTip(tr("l-diversity: knowing someone's group must not reveal their sensitive value, "
                               "because the group holds at least l different ones."));
    m_l = new QDoubleSpinBox(this);
    m_l->setRange(1.0, 1000.0);
    m_l->setDecimals(0);
    m_l->setValue(2.0);
    m_diversityColumn = new QComboBox(this);
    auto* diversityRow = new QHBoxLayout;
    diversityRow->addWidget(m_diversity);
    diversityRow->addWidget(m_l);
    layout->addLayout(diversityRow);
    auto* diversityColumnRow = new QHBoxLayout;
    diversityColumnRow->addWidget(new QLabel(tr("different values of"), this));
    diversityColumnRow->addWidget(m_diversityColumn, 1);
    layout->addLayout(diversityColumnRow);

    auto* suppressionRow = new QHBoxLayout;
    suppressionRow->addWidget(new QLabel(tr("At most"), this));
    m_rows = new QSpinBox(this);
    m_rows->setRange(0, 0);
    m_percent = new QDoubleSpinBox(this);
    m_percent->setRange(0.0, 100.0);
    m_percent->setDecimals(2);
    m_percent->setSuffix(QStringLiteral(" %"));
    m_rows->setToolTip(tr("Record suppression: rows that would still stand out after coarsening may be left out of "
                          "the published table (every coarsened cell becomes \"*\"), up to this many."));
    m_percent->setToolTip(m_rows->toolTip());
    suppressionRow->addWidget(m_rows);
    suppressionRow->addWidget(new QLabel(tr("rows ("), this));
    suppressionRow->addWidget(m_percent);
    suppressionRow->addWidget(new QLabel(tr(") may be suppressed"), this));
    suppressionRow->addStretch();
    layout->addLayout(suppressionRow);

    auto* metricRow = new QFormLayout;
    m_metric = new QComboBox(this);
    m_metric->setObjectName(QStringLiteral("metric"));
    for (std::size_t index = 0; index < metricChoices.size(); ++index) {
        const MetricChoice& choice = metricChoices[index];
        m_metric->addItem(tr(choice.words), static_cast<int>(choice.metric));
        m_metric->setItemData(
            static_cast<int>(index),
            tr("%1 The command line's --metric %2.")
                .arg(tr(choice.description), QString::fromUtf8(core::nameIn(core::utilityMetricNames, choice.metric))),
            Qt::ToolTipRole);
    }
    metricRow->addRow(wrapped(tr("Keep as much detail as possible in:"), this), m_metric);
    layout->addLayout(metricRow);

    m_advancedToggle = new QToolButton(this);
    m_advancedToggle->setText(tr("Advanced"));
    m_advancedToggle->setCheckable(true);
    m_advancedToggle->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_advancedToggle->setArrowType(Qt::RightArrow);
    m_advancedToggle->setAutoRaise(true);
    layout->addWidget(m_advancedToggle);
    m_advanced = new QWidget(this);
    auto* advanced = new QFormLayout(m_advanced);
    advanced->setContentsMargins(12, 0, 0, 0);
    m_variant = new QComboBox(m_advanced);
    m_variant->addItem(tr("different values (distinct)"), static_cast<int>(core::DiversityVariant::Distinct));
    m_variant->addItem(tr("evenly spread values (entropy)"), static_cast<int>(core::DiversityVariant::Entropy));
    m_variant->addItem(tr("no value too common (recursive)"), static_cast<int>(core::DiversityVariant::Recursive));
    m_variant->setToolTip(tr("Distinct l-diversity counts different values; entropy l-diversity needs their spread to "
                             "be as even as l equally common values; recursive (c, l)-diversity keeps the most "
                             "common value below c times the rest."));
    advanced->addRow(tr("Group diversity:"), m_variant);
    m_c = new QDoubleSpinBox(m_advanced);
    m_c->setRange(0.01, 1000.0);
    m_c->setValue(1.0);
    m_c->setToolTip(tr("c of recursive (c, l)-diversity"));
    advanced->addRow(tr("c:"), m_c);
    m_closeness = new QCheckBox(tr("Each group's mix of"), m_advanced);
    m_closeness->setToolTip(tr("t-closeness: the distribution of the sensitive column within every group stays within "
                               "t of the whole table's (the earth mover's distance over the ground distance below)."));
    m_closenessColumn = new QComboBox(m_advanced);
    advanced->addRow(m_closeness, m_closenessColumn);
    m_t = new QDoubleSpinBox(m_advanced);
    m_t->setRange(0.0, 1.0);
    m_t->setDecimals(3);
    m_t->setSingleStep(0.05);
    m_t->setValue(0.2);
    advanced->addRow(tr("stays within (0..1) of the whole table's:"), m_t);
    m_distance = new QComboBox(m_advanced);
    m_distance->setObjectName(QStringLiteral("closenessDistance"));
    m_distance->addItem(QString(), automaticClosenessDistance);
    m_distance->addItem(tr("all equally far apart (equal)"), static_cast<int>(core::ClosenessDistance::Equal));
    m_distance->addItem(tr("by their order (ordered)"), static_cast<int>(core::ClosenessDistance::Ordered));
    m_distance->addItem(tr("by the column's hierarchy (hierarchical)"),
                        static_cast<int>(core::ClosenessDistance::Hierarchical));
    m_distance->setToolTip(
        tr("How far apart two values of the sensitive column are. Equal: every two values differ by 1 (for text). "
           "Ordered: by their rank (for numbers and dates). Hierarchical: by the level at which the column's "
           "hierarchy first puts them in one group (ARX's hierarchical distance); the hierarchy is the column's under "
           "Columns, its automatic one unless you built or imported another there."));
    advanced->addRow(tr("counting values as far apart as:"), m_distance);
    // Their longest labels would widen the panel beyond its pane; the popups still show them whole.
    for (auto* combo : {m_metric, m_distance}) {
        combo->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        combo->setMinimumContentsLength(16);
    }
    m_timeLimit = new QDoubleSpinBox(m_advanced);
    m_timeLimit->setObjectName(QStringLiteral("heuristicTimeLimit"));
    m_timeLimit->setRange(1.0, 86'400.0);
    m_timeLimit->setDecimals(0);
    m_timeLimit->setSuffix(tr(" s"));
    m_timeLimit->setValue(core::ProtectionSettings{}.heuristicSeconds);
    m_timeLimit->setToolTip(
        tr("Up to %1 ways to coarsen, the search finds the best one and proves it. Beyond that it searches for the "
           "best it can find in this time and says how close to the best possible that is: its answer is then not "
           "proven the best. With single cells suppressed the limit always applies: each way to coarsen is then "
           "priced by a pass over the rows.")
            .arg(QLocale().toString(static_cast<qulonglong>(core::TransformationLattice::maxExactSize))));
    advanced->addRow(tr("Time limit beyond %1 ways:")
                         .arg(QLocale().toString(static_cast<qulonglong>(core::TransformationLattice::maxExactSize))),
                     m_timeLimit);
    m_threads = new QSpinBox(m_advanced);
    m_threads->setRange(1, std::max(1, static_cast<int>(std::thread::hardware_concurrency())));
    m_threads->setValue(m_threads->maximum());
    m_threads->setToolTip(tr("Worker threads for the search"));
    advanced->addRow(tr("Threads:"), m_threads);
    m_advanced->hide();
    layout->addWidget(m_advanced);
    layout->addStretch();

    connect(m_advancedToggle, &QToolButton::toggled, this, [this](bool open) {
        m_advancedToggle->setArrowType(open ? Qt::DownArrow : Qt::RightArrow);
        m_advanced->setVisible(open);
    });
    connect(m_k, &QSpinBox::valueChanged, this, &PrivacySettingsPanel::emitEdited);
    connect(m_l, &QDoubleSpinBox::valueChanged, this, &PrivacySettingsPanel::emitEdited);
    connect(m_c, &QDoubleSpinBox::valueChanged, this, &PrivacySettingsPanel::emitEdited);
    connect(m_t, &QDoubleSpinBox::valueChanged, this, &PrivacySettingsPanel::emitEdited);
    connect(m_threads, &QSpinBox::valueChanged, this, &PrivacySettingsPanel::emitEdited);
    connect(m_keepAtLeast, &QSpinBox::valueChanged, this, &PrivacySettingsPanel::emitEdited);
    connect(m_timeLimit, &QDoubleSpinBox::valueChanged, this, &PrivacySettingsPanel::emitEdited);
    for (auto* box : {m_diversity, m_closeness})
        connect(box, &QCheckBox::toggled, this, [this] {
            updateEnabled();
            emitEdited();
        });
    connect(m_method, &QComboBox::currentIndexChanged, this, [this] {
        // Single cells need a metric counted per cell; the metrics of groups are no choice then.
        if (method() != Method::SuppressRows &&
            !core::isCountedPerCell(static_cast<core::UtilityMetric>(m_metric->currentData().toInt())))
            m_metric->setCurrentIndex(m_metric->findData(static_cast<int>(core::UtilityMetric::Loss)));
    });
    for (auto* combo : {m_diversityColumn, m_closenessColumn, m_metric, m_variant, m_method, m_distance})
        connect(combo, &QComboBox::currentIndexChanged, this, [this] {
            updateEnabled();
            emitEdited();
        });
    connect(m_rows, &QSpinBox::valueChanged, this, [this] {
        setPercentFromRows();
        emitEdited();
    });
    connect(m_percent, &QDoubleSpinBox::valueChanged, this, [this] {
        setRowsFromPercent();
        emitEdited();
    });
    updateEnabled();
}

void PrivacySettingsPanel::setTable(std::shared_ptr<const core::EncodedTable> table)
{
    m_updating = true;
    m_table = std::move(table);
    for (auto* combo : {m_diversityColumn, m_closenessColumn}) {
        combo->clear();
        if (m_table)
            for (const auto& column : m_table->columns)
                combo->addItem(QString::fromStdString(column.name));
    }
    m_rows->setRange(0, m_table ? static_cast<int>(std::min<std::uint32_t>(m_table->rowCount, INT32_MAX)) : 0);
    setRowsFromPercent();
    updateEnabled();
    m_updating = false;
}

void PrivacySettingsPanel::chooseSensitiveColumn(int column)
{
    const bool wasUpdating = m_updating;
    m_updating = true;
    for (auto* combo : {m_diversityColumn, m_closenessColumn})
        if (column >= 0 && column < combo->count())
            combo->setCurrentIndex(column);
    m_updating = wasUpdating;
}

void PrivacySettingsPanel::setRowsFromPercent()
{
    if (!m_table)
        return;
    const bool wasUpdating = m_updating;
    m_updating = true;
    m_rows->blockSignals(true);
    m_rows->setValue(static_cast<int>(core::suppressionLimitRows(m_percent->value() / 100.0, m_table->rowCount)));
    m_rows->blockSignals(false);
    m_updating = wasUpdating;
}

void PrivacySettingsPanel::setPercentFromRows()
{
    if (!m_table || m_table->rowCount == 0)
        return;
    m_percent->blockSignals(true);
    // The percentage that gives exactly this many rows: rounding up keeps floor(limit x rows) at the value.
    const double share = static_cast<double>(m_rows->value()) / m_table->rowCount;
    m_percent->setValue(std::ceil(share * 10000.0) / 100.0);
    m_percent->blockSignals(false);
}

PrivacySettingsPanel::Method PrivacySettingsPanel::method() const
{
    return static_cast<Method>(m_method->currentData().toInt());
}

bool PrivacySettingsPanel::columnCapApplies() const
{
    return method() != Method::SuppressCellsOnly &&
           core::isValuedByLevelAlone(static_cast<core::UtilityMetric>(m_metric->currentData().toInt()));
}

void PrivacySettingsPanel::updateEnabled()
{
    // Single cells protect k-anonymity alone and replace whole rows (see LocalSuppressionSettings).
    const bool cells = method() != Method::SuppressRows;
    const bool diversity = !cells && m_diversity->isChecked();
    const bool closeness = !cells && m_closeness->isChecked();
    m_diversity->setEnabled(!cells);
    m_closeness->setEnabled(!cells);
    m_rows->setEnabled(!cells);
    m_percent->setEnabled(!cells);
    m_keep->setVisible(cells);
    m_keepAtLeast->setEnabled(columnCapApplies());
    if (auto* metrics = qobject_cast<QStandardItemModel*>(m_metric->model()))
        for (int index = 0; index < metrics->rowCount(); ++index) {
            const auto metric = static_cast<core::UtilityMetric>(m_metric->itemData(index).toInt());
            metrics->item(index)->setEnabled(!cells || core::isCountedPerCell(metric));
        }
    m_l->setEnabled(diversity);
    m_diversityColumn->setEnabled(diversity);
    m_variant->setEnabled(diversity);
    m_c->setEnabled(diversity &&
                    m_variant->currentData().toInt() == static_cast<int>(core::DiversityVariant::Recursive));
    m_l->setDecimals(m_variant->currentData().toInt() == static_cast<int>(core::DiversityVariant::Entropy) ? 2 : 0);
    m_t->setEnabled(closeness);
    m_closenessColumn->setEnabled(closeness);
    m_distance->setEnabled(closeness);
    // The automatic choice names the distance it stands for on the chosen column.
    const int closenessColumn = m_closenessColumn->currentIndex();
    m_distance->setItemText(
        0, m_table && closenessColumn >= 0 && static_cast<std::size_t>(closenessColumn) < m_table->columnCount()
               ? tr("as suits the column (%1)")
                     .arg(QString::fromUtf8(core::nameIn(
                         core::closenessDistanceNames,
                         core::defaultClosenessDistance(m_table->columns[static_cast<std::size_t>(closenessColumn)]))))
               : tr("as suits the column (ordered for numbers and dates, equal for text)"));
    m_metric->setToolTip(m_metric->currentData(Qt::ToolTipRole).toString());
}

void PrivacySettingsPanel::setQuasiIdentifiers(const QStringList& names)
{
    QStringList order;
    for (const QString& name : keepOrder())
        if (names.contains(name))
            order << name;
    for (const QString& name : names)
        if (!order.contains(name))
            order << name;
    const QSignalBlocker blocker(m_keepOrder->model());
    m_keepOrder->clear();
    for (const QString& name : order) {
        auto* item = new QListWidgetItem(m_keepOrder);
        item->setData(Qt::UserRole, name);
    }
    relabelKeepOrder();
}

QStringList PrivacySettingsPanel::keepOrder() const
{
    QStringList names;
    for (int row = 0; row < m_keepOrder->count(); ++row)
        names << m_keepOrder->item(row)->data(Qt::UserRole).toString();
    return names;
}

void PrivacySettingsPanel::moveKept(int step)
{
    const int from = m_keepOrder->currentRow();
    const int to = from + step;
    if (from < 0 || to < 0 || to >= m_keepOrder->count())
        return;
    {
        const QSignalBlocker blocker(m_keepOrder->model());
        m_keepOrder->insertItem(to, m_keepOrder->takeItem(from));
        m_keepOrder->setCurrentRow(to);
    }
    relabelKeepOrder();
    emitEdited();
}

void PrivacySettingsPanel::relabelKeepOrder()
{
    // The weights keepOrderImportance gives: n for the first of n columns, 1 for the last.
    const int count = m_keepOrder->count();
    for (int row = 0; row < count; ++row) {
        QListWidgetItem* item = m_keepOrder->item(row);
        item->setText(tr("%1. %2 (a suppressed cell costs %3)")
                          .arg(row + 1)
                          .arg(item->data(Qt::UserRole).toString())
                          .arg(count - row));
    }
    // Every row shown, without a scroll bar, up to a dozen columns.
    const int rowHeight =
        m_keepOrder->sizeHintForRow(0) > 0 ? m_keepOrder->sizeHintForRow(0) : m_keepOrder->fontMetrics().height() + 4;
    m_keepOrder->setFixedHeight(rowHeight * std::clamp(count, 2, 12) + 2 * m_keepOrder->frameWidth() + 4);
}

void PrivacySettingsPanel::apply(core::ProtectionSettings& settings) const
{
    // Single cells protect k-anonymity alone and replace whole rows: the boxes greyed out then are
    // left out, though they keep what the user set for a return to whole rows.
    const bool cells = method() != Method::SuppressRows;
    settings.k = static_cast<std::uint64_t>(m_k->value()) + 1;
    settings.diversity.reset();
    if (!cells && m_diversity->isChecked() && m_diversityColumn->currentIndex() >= 0)
        settings.diversity = core::DiversitySetting{
            m_diversityColumn->currentText().toStdString(),
            static_cast<core::DiversityVariant>(m_variant->currentData().toInt()), m_l->value(), m_c->value()};
    settings.closeness.reset();
    if (!cells && m_closeness->isChecked() && m_closenessColumn->currentIndex() >= 0) {
        core::ClosenessSetting closeness;
        closeness.column = m_closenessColumn->currentText().toStdString();
        closeness.t = m_t->value();
        if (const int distance = m_distance->currentData().toInt(); distance != automaticClosenessDistance)
            closeness.distance = static_cast<core::ClosenessDistance>(distance);
        settings.closeness = std::move(closeness);
    }
    settings.suppressionLimit = cells ? 0.0 : m_percent->value() / 100.0;
    if (!cells && m_table && m_table->rowCount > 0)
        // The rows box is exact; the percentage is rounded for display.
        settings.suppressionLimit = static_cast<double>(m_rows->value()) / m_table->rowCount;
    settings.localSuppression.reset();
    if (cells) {
        std::vector<std::string> order;
        for (const QString& name : keepOrder())
            order.push_back(name.toStdString());
        settings.localSuppression =
            core::LocalSuppressionSetting{method() == Method::SuppressCellsAndCoarsen, std::move(order)};
    }
    settings.metric = static_cast<core::UtilityMetric>(m_metric->currentData().toInt());
    settings.threads =
        m_threads->value() == m_threads->maximum() ? std::nullopt : std::optional<int>(m_threads->value());
    settings.maxColumnLoss.reset();
    if (columnCapApplies() && m_keepAtLeast->value() > 0)
        settings.maxColumnLoss = 1.0 - m_keepAtLeast->value() / 100.0;
    settings.heuristicSeconds = m_timeLimit->value();
}

void PrivacySettingsPanel::setSettings(const core::ProtectionSettings& settings)
{
    m_updating = true;
    const QSignalBlocker blockers[] = {
        QSignalBlocker(m_k),    QSignalBlocker(m_l),       QSignalBlocker(m_c),           QSignalBlocker(m_t),
        QSignalBlocker(m_rows), QSignalBlocker(m_percent), QSignalBlocker(m_keepAtLeast), QSignalBlocker(m_timeLimit)};
    m_keepAtLeast->setValue(
        settings.maxColumnLoss ? static_cast<int>(std::lround((1.0 - *settings.maxColumnLoss) * 100.0)) : 0);
    m_k->setValue(
        static_cast<int>(std::clamp<std::uint64_t>(settings.k, 2, static_cast<std::uint64_t>(m_k->maximum()) + 1) - 1));
    m_diversity->setChecked(settings.diversity.has_value());
    if (settings.diversity) {
        m_diversityColumn->setCurrentText(QString::fromStdString(settings.diversity->column));
        m_variant->setCurrentIndex(m_variant->findData(static_cast<int>(settings.diversity->variant)));
        m_l->setValue(settings.diversity->l);
        m_c->setValue(settings.diversity->c);
    }
    m_closeness->setChecked(settings.closeness.has_value());
    if (settings.closeness) {
        m_closenessColumn->setCurrentText(QString::fromStdString(settings.closeness->column));
        m_t->setValue(settings.closeness->t);
        m_distance->setCurrentIndex(m_distance->findData(settings.closeness->distance
                                                             ? static_cast<int>(*settings.closeness->distance)
                                                             : automaticClosenessDistance));
    }
    m_timeLimit->setValue(settings.heuristicSeconds);
    m_percent->setValue(settings.suppressionLimit * 100.0);
    if (m_table)
        m_rows->setValue(static_cast<int>(core::suppressionLimitRows(settings.suppressionLimit, m_table->rowCount)));
    m_metric->setCurrentIndex(m_metric->findData(static_cast<int>(settings.metric)));
    m_threads->setValue(settings.threads.value_or(m_threads->maximum()));
    const QSignalBlocker methodBlocker(m_method);
    m_method->setCurrentIndex(
        m_method->findData(static_cast<int>(!settings.localSuppression              ? Method::SuppressRows
                                            : settings.localSuppression->generalise ? Method::SuppressCellsAndCoarsen
                                                                                    : Method::SuppressCellsOnly)));
    QStringList names;
    if (settings.localSuppression)
        for (const std::string& name : settings.localSuppression->keepOrder)
            names << QString::fromStdString(name);
    {
        const QSignalBlocker blocker(m_keepOrder->model());
        m_keepOrder->clear();
        for (const QString& name : names)
            (new QListWidgetItem(m_keepOrder))->setData(Qt::UserRole, name);
    }
    QStringList columns;
    for (const auto& column : settings.quasiIdentifiers)
        columns << QString::fromStdString(column.column);
    setQuasiIdentifiers(columns);
    updateEnabled();
    m_updating = false;
}

void PrivacySettingsPanel::emitEdited()
{
    if (!m_updating)
        Q_EMIT settingsEdited();
}

} // namespace qiscout::ui
