// SPDX-License-Identifier: GPL-3.0-or-later
#include "protect/hierarchy_builder_panel.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

#include <QCheckBox>
#include <QCollator>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QRegularExpression>
#include <QSpinBox>
#include <QStackedWidget>
#include <QVBoxLayout>

#include "qiscout/core/anonymization/hierarchy_builders.h"

namespace qiscout::ui {

namespace {

/// The widest number a spin box offers; far beyond any column's range.
constexpr double spinLimit = 1e12;

std::vector<std::string> columnValues(const core::EncodedColumn* column)
{
    return column ? column->dictionary : std::vector<std::string>{};
}

/// The smallest of 1, 2, 5 x 10^n at or above `value`: interval widths people read at a glance.
double roundUp(double value)
{
    if (!(value > 0.0))
        return 1.0;
    const double power = std::pow(10.0, std::floor(std::log10(value)));
    for (const double step : {1.0, 2.0, 5.0, 10.0})
        if (step * power >= value)
            return step * power;
    return 10.0 * power;
}

/// "1 2, 3;4 5" -> {{1, 2, 3}, {4, 5}}: one group per level, separated by ';'.
std::vector<std::vector<double>> parseCutPoints(const QString& text)
{
    std::vector<std::vector<double>> levels;
    for (const QString& level : text.split(QLatin1Char(';'), Qt::SkipEmptyParts)) {
        std::vector<double> points;
        for (const QString& part : level.split(QRegularExpression(QStringLiteral("[\\s,]+")), Qt::SkipEmptyParts)) {
            bool ok = false;
            const double point = part.toDouble(&ok);
            if (!ok)
                throw std::invalid_argument(
                    QObject::tr("\"%1\" is not a number; write the boundaries of each level as numbers, levels "
                                "separated by ';'.")
                        .arg(part)
                        .toStdString());
            points.push_back(point);
        }
        if (!points.empty())
            levels.push_back(std::move(points));
    }
    return levels;
}

std::vector<int> parseGroupSizes(const QString& text)
{
    std::vector<int> sizes;
    for (const QString& part : text.split(QRegularExpression(QStringLiteral("[\\s,;]+")), Qt::SkipEmptyParts)) {
        bool ok = false;
        const int size = part.toInt(&ok);
        if (!ok || size < 2)
            throw std::invalid_argument(
                QObject::tr("Group sizes are whole numbers of at least 2, such as \"2 3\".").toStdString());
        sizes.push_back(size);
    }
    return sizes;
}

} // namespace

HierarchyBuilderPanel::HierarchyBuilderPanel(QWidget* parent) : QWidget(parent)
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto* kindRow = new QHBoxLayout;
    auto* kindLabel = new QLabel(tr("Group the values by:"), this);
    m_kind = new QComboBox(this);
    kindLabel->setBuddy(m_kind);
    m_kind->addItem(tr("Automatic (from the column's type)"), static_cast<int>(HierarchyKind::Automatic));
    m_kind->addItem(tr("Number ranges"), static_cast<int>(HierarchyKind::Intervals));
    m_kind->addItem(tr("Hiding trailing characters"), static_cast<int>(HierarchyKind::Masking));
    m_kind->addItem(tr("Dates: month, quarter, year, decade"), static_cast<int>(HierarchyKind::Dates));
    m_kind->addItem(tr("Neighbours in an order"), static_cast<int>(HierarchyKind::Ordered));
    m_kind->addItem(tr("Keep or hide the value"), static_cast<int>(HierarchyKind::Flat));
    m_kind->addItem(tr("Your own groups (edited or imported)"), static_cast<int>(HierarchyKind::Custom));
    m_kind->setToolTip(tr("How the values are coarsened level by level (a generalisation hierarchy). Every way ends "
                          "with \"*\", which hides the value."));
    kindRow->addWidget(kindLabel);
    kindRow->addWidget(m_kind, 1);
    layout->addLayout(kindRow);

    m_options = new QStackedWidget(this);
    m_note = new QLabel(this);
    m_note->setWordWrap(true);
    m_note->setTextFormat(Qt::PlainText);
    m_options->addWidget(m_note);
    m_options->addWidget(createIntervalOptions());
    m_options->addWidget(createMaskingOptions());
    m_options->addWidget(createDateOptions());
    m_options->addWidget(createOrderedOptions());
    layout->addWidget(m_options);

    connect(m_kind, &QComboBox::currentIndexChanged, this, [this] {
        setKind(kind());
        emitEdited();
    });
    setKind(HierarchyKind::Automatic);
}

QWidget* HierarchyBuilderPanel::createIntervalOptions()
{
    auto* page = new QWidget(this);
    auto* form = new QFormLayout(page);
    form->setContentsMargins(0, 0, 0, 0);
    m_width = new QDoubleSpinBox(page);
    m_width->setRange(1e-6, spinLimit);
    m_width->setDecimals(4);
    m_width->setToolTip(tr("Width of the ranges at level 1; each further level doubles it."));
    m_origin = new QDoubleSpinBox(page);
    m_origin->setRange(-spinLimit, spinLimit);
    m_origin->setDecimals(4);
    m_origin->setToolTip(tr("Where the ranges start, e.g. 0 for [0, 10), [10, 20), ..."));
    m_maxLevels = new QSpinBox(page);
    m_maxLevels->setRange(0, 30);
    m_maxLevels->setSpecialValueText(tr("until one range"));
    m_maxLevels->setToolTip(tr("How many levels of ranges before the value is hidden."));
    m_bottomCoding = new QCheckBox(tr("Group values below"), page);
    m_bottom = new QDoubleSpinBox(page);
    m_bottom->setRange(-spinLimit, spinLimit);
    m_bottom->setDecimals(4);
    m_topCoding = new QCheckBox(tr("Group values from"), page);
    m_top = new QDoubleSpinBox(page);
    m_top->setRange(-spinLimit, spinLimit);
    m_top->setDecimals(4);
    m_bottomCoding->setToolTip(tr("Bottom coding: rare small values become one group at every level."));
    m_topCoding->setToolTip(tr("Top coding: rare large values become one group at every level."));
    m_cutPoints = new QLineEdit(page);
    m_cutPoints->setPlaceholderText(tr("e.g. 18 25 35 50 65; 25 50"));
    m_cutPoints->setToolTip(tr("Your own boundaries instead of a width: the boundaries of level 1, then ';' and those "
                               "of level 2 (a subset of level 1's), and so on."));
    form->addRow(tr("Range width:"), m_width);
    form->addRow(tr("Starting at:"), m_origin);
    form->addRow(tr("Levels:"), m_maxLevels);
    form->addRow(m_bottomCoding, m_bottom);
    form->addRow(m_topCoding, m_top);
    form->addRow(tr("Or boundaries:"), m_cutPoints);
    for (auto* spin : {m_width, m_origin, m_bottom, m_top})
        connect(spin, &QDoubleSpinBox::valueChanged, this, &HierarchyBuilderPanel::emitEdited);
    connect(m_maxLevels, &QSpinBox::valueChanged, this, &HierarchyBuilderPanel::emitEdited);
    for (auto* box : {m_bottomCoding, m_topCoding})
        connect(box, &QCheckBox::toggled, this, &HierarchyBuilderPanel::emitEdited);
    connect(m_cutPoints, &QLineEdit::editingFinished, this, &HierarchyBuilderPanel::emitEdited);
    return page;
}

QWidget* HierarchyBuilderPanel::createMaskingOptions()
{
    auto* page = new QWidget(this);
    auto* form = new QFormLayout(page);
    form->setContentsMargins(0, 0, 0, 0);
    m_maskLevels = new QSpinBox(page);
    m_maskLevels->setRange(0, 64);
    m_maskLevels->setSpecialValueText(tr("all but the first"));
    m_maskLevels->setToolTip(tr("Level n hides the last n characters (postcodes: 1234* , 123**, ...)."));
    m_maskCharacter = new QLineEdit(QStringLiteral("*"), page);
    m_maskCharacter->setMaxLength(1);
    m_maskCharacter->setMaximumWidth(40);
    form->addRow(tr("Hide up to:"), m_maskLevels);
    form->addRow(tr("Hide with:"), m_maskCharacter);
    connect(m_maskLevels, &QSpinBox::valueChanged, this, &HierarchyBuilderPanel::emitEdited);
    connect(m_maskCharacter, &QLineEdit::editingFinished, this, &HierarchyBuilderPanel::emitEdited);
    return page;
}

QWidget* HierarchyBuilderPanel::createDateOptions()
{
    auto* page = new QWidget(this);
    auto* row = new QHBoxLayout(page);
    row->setContentsMargins(0, 0, 0, 0);
    m_day = new QCheckBox(tr("Day"), page);
    m_month = new QCheckBox(tr("Month"), page);
    m_quarter = new QCheckBox(tr("Quarter"), page);
    m_year = new QCheckBox(tr("Year"), page);
    m_decade = new QCheckBox(tr("Decade"), page);
    for (auto* box : {m_day, m_month, m_quarter, m_year, m_decade}) {
        row->addWidget(box);
        connect(box, &QCheckBox::toggled, this, &HierarchyBuilderPanel::emitEdited);
    }
    row->addStretch();
    page->setToolTip(tr("The steps dates are cut to, finest first; the time of day is always dropped."));
    return page;
}

QWidget* HierarchyBuilderPanel::createOrderedOptions()
{
    auto* page = new QWidget(this);
    auto* layout = new QVBoxLayout(page);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(new QLabel(tr("Drag the values into their order:"), page));
    m_order = new QListWidget(page);
    m_order->setDragDropMode(QAbstractItemView::InternalMove);
    m_order->setMaximumHeight(110);
    layout->addWidget(m_order);
    auto* form = new QFormLayout;
    m_groupSizes = new QLineEdit(page);
    m_groupSizes->setPlaceholderText(tr("pairs until one group"));
    m_groupSizes->setToolTip(tr("How many neighbouring groups each level joins, e.g. \"2 3\": pairs, then threes."));
    form->addRow(tr("Join per level:"), m_groupSizes);
    layout->addLayout(form);
    connect(m_order->model(), &QAbstractItemModel::rowsMoved, this, &HierarchyBuilderPanel::emitEdited);
    connect(m_groupSizes, &QLineEdit::editingFinished, this, &HierarchyBuilderPanel::emitEdited);
    return page;
}

void HierarchyBuilderPanel::setColumn(const core::EncodedColumn* column)
{
    m_column = column;
    resetOptions();
    if (kind() == HierarchyKind::Automatic)
        setKind(HierarchyKind::Automatic);
}

QString HierarchyBuilderPanel::automaticRuleText(const core::EncodedColumn& column)
{
    const QString name = QString::fromStdString(column.name);
    switch (core::automaticRule(column)) {
    case core::AutomaticRule::Flat:
        return tr("%1 has at most two values: each is published as it is or hidden (\"*\").").arg(name);
    case core::AutomaticRule::Categories:
        return tr("%1 is treated as categories (text, codes such as \"05\", or numbers with at most %2 values): "
                  "each level merges the groups with the fewest rows, keeping the most frequent values as they "
                  "are, before everything is hidden. If its values are amounts, choose \"Number ranges\".")
            .arg(name)
            .arg(core::maxCategoricalNumbers);
    case core::AutomaticRule::Intervals:
        return tr("%1 holds numbers: ranges holding about equal numbers of rows, with round edges, each level "
                  "joining neighbouring ranges; a long tail becomes one group (\"< a\" or \">= b\").")
            .arg(name);
    case core::AutomaticRule::Dates:
        return tr("%1 holds dates or quarters: month, then quarter, then year (levels that merge nothing are left "
                  "out).")
            .arg(name);
    case core::AutomaticRule::Masking:
        return tr("%1 holds many codes of one length (postcodes, say): each level hides one more trailing "
                  "character.")
            .arg(name);
    }
    return {};
}

void HierarchyBuilderPanel::resetOptions()
{
    m_updating = true;
    double low = std::numeric_limits<double>::infinity();
    double high = -low;
    QStringList values;
    for (const std::string& value : columnValues(m_column)) {
        const QString text = QString::fromStdString(value);
        values << text;
        bool ok = false;
        const double number = text.toDouble(&ok);
        if (ok) {
            low = std::min(low, number);
            high = std::max(high, number);
        }
    }
    const bool numeric = low <= high;
    m_width->setValue(numeric ? roundUp((high - low) / 16.0) : 10.0);
    m_origin->setValue(numeric ? std::floor(low / m_width->value()) * m_width->value() : 0.0);
    m_maxLevels->setValue(0);
    m_bottomCoding->setChecked(false);
    m_topCoding->setChecked(false);
    m_bottom->setValue(numeric ? low : 0.0);
    m_top->setValue(numeric ? high : 0.0);
    m_cutPoints->clear();
    m_maskLevels->setValue(0);
    m_maskCharacter->setText(QStringLiteral("*"));
    m_day->setChecked(false);
    m_month->setChecked(true);
    m_quarter->setChecked(true);
    m_year->setChecked(true);
    m_decade->setChecked(true);
    // Numbers in numeric order, everything else as people sort words.
    QCollator collator;
    collator.setNumericMode(true);
    std::sort(values.begin(), values.end(),
              [&collator](const QString& a, const QString& b) { return collator.compare(a, b) < 0; });
    m_order->clear();
    m_order->addItems(values);
    m_groupSizes->clear();
    m_updating = false;
}

HierarchyKind HierarchyBuilderPanel::kind() const
{
    return static_cast<HierarchyKind>(m_kind->currentData().toInt());
}

void HierarchyBuilderPanel::setKind(HierarchyKind kind)
{
    const bool wasUpdating = m_updating;
    m_updating = true;
    m_kind->setCurrentIndex(m_kind->findData(static_cast<int>(kind)));
    m_updating = wasUpdating;
    switch (kind) {
    case HierarchyKind::Intervals:
        m_options->setCurrentIndex(1);
        break;
    case HierarchyKind::Masking:
        m_options->setCurrentIndex(2);
        break;
    case HierarchyKind::Dates:
        m_options->setCurrentIndex(3);
        break;
    case HierarchyKind::Ordered:
        m_options->setCurrentIndex(4);
        break;
    case HierarchyKind::Automatic:
        m_note->setText(m_column ? automaticRuleText(*m_column)
                                 : tr("Numbers get ranges of about equal rows, dates months, quarters and years, "
                                      "codes and other categories merge their rarest values first."));
        m_options->setCurrentIndex(0);
        break;
    case HierarchyKind::Flat:
        m_note->setText(tr("Each value is either published as it is or hidden (\"*\")."));
        m_options->setCurrentIndex(0);
        break;
    case HierarchyKind::Custom:
        m_note->setText(tr("Imported from a file or edited by hand: change the groups in the table below."));
        m_options->setCurrentIndex(0);
        break;
    }
}

core::Hierarchy HierarchyBuilderPanel::build() const
{
    const std::vector<std::string> values = columnValues(m_column);
    switch (kind()) {
    case HierarchyKind::Automatic:
        if (!m_column)
            throw std::invalid_argument(tr("No column is selected.").toStdString());
        return core::automaticHierarchy(*m_column);
    case HierarchyKind::Intervals: {
        core::IntervalOptions options;
        options.width = m_width->value();
        options.origin = m_origin->value();
        if (m_maxLevels->value() > 0)
            options.maxLevels = m_maxLevels->value();
        if (m_bottomCoding->isChecked())
            options.bottomCoding = m_bottom->value();
        if (m_topCoding->isChecked())
            options.topCoding = m_top->value();
        options.cutPoints = parseCutPoints(m_cutPoints->text());
        return core::buildIntervalHierarchy(values, options);
    }
    case HierarchyKind::Masking: {
        const QString mask = m_maskCharacter->text();
        return core::buildMaskingHierarchy(
            values, m_maskLevels->value() > 0 ? std::optional<int>(m_maskLevels->value()) : std::nullopt,
            mask.isEmpty() ? '*' : mask.toLatin1().front());
    }
    case HierarchyKind::Dates: {
        std::vector<core::DateStep> steps;
        if (m_day->isChecked())
            steps.push_back(core::DateStep::Day);
        if (m_month->isChecked())
            steps.push_back(core::DateStep::Month);
        if (m_quarter->isChecked())
            steps.push_back(core::DateStep::Quarter);
        if (m_year->isChecked())
            steps.push_back(core::DateStep::Year);
        if (m_decade->isChecked())
            steps.push_back(core::DateStep::Decade);
        return core::buildDateHierarchy(values, steps);
    }
    case HierarchyKind::Ordered: {
        std::vector<std::string> ordered;
        for (int row = 0; row < m_order->count(); ++row)
            ordered.push_back(m_order->item(row)->text().toStdString());
        return core::buildOrderedHierarchy(ordered, parseGroupSizes(m_groupSizes->text()));
    }
    case HierarchyKind::Flat:
        return core::buildFlatHierarchy(values);
    case HierarchyKind::Custom:
        break;
    }
    throw std::invalid_argument(tr("Your own groups are edited in the table, not built.").toStdString());
}

void HierarchyBuilderPanel::emitEdited()
{
    if (!m_updating)
        Q_EMIT optionsEdited();
}

} // namespace qiscout::ui
