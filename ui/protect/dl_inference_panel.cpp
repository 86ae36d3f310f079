// SPDX-License-Identifier: GPL-3.0-or-later
#include "protect/dl_inference_panel.h"

#include <algorithm>

#include <QComboBox>
#include <QFormLayout>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QTextDocumentFragment>
#include <QVBoxLayout>

#include "qiscout/core/anonymization/dl_grouping.h"

namespace qiscout::ui {

DlInferencePanel::DlInferencePanel(QWidget* parent) : QWidget(parent)
{
    auto* layout = new QVBoxLayout(this);
    auto* explanation = new QLabel(
        tr("Someone who knows that one column determines another (a <i>functional dependency</i>, such as phone "
           "number → post code) can set groups side by side and narrow a person's sensitive value down, even when "
           "every group is diverse. Publishing with <b>(d, l)-inference</b> makes groups that share either none or "
           "at least l sensitive values, differ by none or at least l, and hold each value about equally often. "
           "Numbers become ranges, other values \"*\"; rows that do not fit are left out."),
        this);
    explanation->setWordWrap(true);
    layout->addWidget(explanation);

    auto* form = new QFormLayout;
    // Labels above their fields: the set-up pane is narrow and the sentences are long.
    form->setRowWrapPolicy(QFormLayout::WrapAllRows);
    m_sensitive = new QComboBox(this);
    m_sensitive->setToolTip(tr("The column whose values must not be narrowed down (the sensitive attribute)."));
    form->addRow(tr("Protect the values of:"), m_sensitive);
    m_l = new QSpinBox(this);
    m_l->setRange(1, 1'000'000);
    m_l->setValue(2);
    m_l->setToolTip(tr("l: the fewest different sensitive values any group, any overlap of groups and any "
                       "difference between two groups may show."));
    form->addRow(tr("Every group shows at least (l):"), m_l);
    m_d = new QSpinBox(this);
    m_d->setRange(0, 1'000'000'000);
    m_d->setValue(10);
    m_d->setToolTip(tr("d (d-closeness): within a group, the row counts of any two sensitive values differ by at "
                       "most d."));
    form->addRow(tr("Counts within a group differ by at most (d):"), m_d);
    m_heuristic = new QComboBox(this);
    m_heuristic->addItem(tr("fewest rows left out first (top-down)"),
                         static_cast<int>(core::PartitionHeuristic::TopDown));
    m_heuristic->addItem(tr("merge similar values (bottom-up)"), static_cast<int>(core::PartitionHeuristic::BottomUp));
    m_heuristic->setToolTip(tr("How the sensitive values are cut into runs of similar frequency before grouping."));
    form->addRow(tr("Grouping:"), m_heuristic);
    layout->addLayout(form);

    m_run = new QPushButton(tr("Publish with (d, l)-inference"), this);
    m_run->setObjectName(QStringLiteral("dlInferenceButton"));
    m_run->setToolTip(tr("Coarsen the ticked columns into groups that resist the dependency attack; the smallest "
                         "group holds k rows as set under Privacy."));
    connect(m_run, &QPushButton::clicked, this, &DlInferencePanel::runRequested);
    connect(m_sensitive, &QComboBox::currentIndexChanged, this, &DlInferencePanel::settingsEdited);
    connect(m_d, &QSpinBox::valueChanged, this, &DlInferencePanel::settingsEdited);
    connect(m_l, &QSpinBox::valueChanged, this, &DlInferencePanel::settingsEdited);
    connect(m_heuristic, &QComboBox::currentIndexChanged, this, &DlInferencePanel::settingsEdited);
    layout->addWidget(m_run);
    m_result = new QLabel(this);
    m_result->setObjectName(QStringLiteral("dlInferenceResult"));
    m_result->setWordWrap(true);
    layout->addWidget(m_result);
    layout->addStretch();
}

void DlInferencePanel::setTable(std::shared_ptr<const core::EncodedTable> table)
{
    m_table = std::move(table);
    const QSignalBlocker filling(m_sensitive);
    m_sensitive->clear();
    if (m_table)
        for (const auto& column : m_table->columns)
            m_sensitive->addItem(QString::fromStdString(column.name));
    m_sensitive->setCurrentIndex(m_sensitive->count() - 1);
    m_result->clear();
}

void DlInferencePanel::chooseSensitiveColumn(int column)
{
    const QSignalBlocker choosing(m_sensitive);
    if (column >= 0 && column < m_sensitive->count())
        m_sensitive->setCurrentIndex(column);
}

bool DlInferencePanel::apply(core::DlAnonymizationParameters& parameters) const
{
    if (m_sensitive->currentIndex() < 0)
        return false;
    parameters.sensitive = m_sensitive->currentIndex();
    parameters.d = static_cast<std::uint64_t>(m_d->value());
    parameters.l = static_cast<std::uint64_t>(m_l->value());
    parameters.heuristic = static_cast<core::PartitionHeuristic>(m_heuristic->currentData().toInt());
    return true;
}

std::optional<core::DlInferenceSetting> DlInferencePanel::setting() const
{
    if (m_sensitive->currentIndex() < 0)
        return std::nullopt;
    return core::DlInferenceSetting{m_sensitive->currentText().toStdString(), static_cast<std::uint64_t>(m_d->value()),
                                    static_cast<std::uint64_t>(m_l->value()),
                                    static_cast<core::PartitionHeuristic>(m_heuristic->currentData().toInt())};
}

void DlInferencePanel::setSetting(const core::DlInferenceSetting& setting)
{
    const QSignalBlocker blockers[] = {QSignalBlocker(m_sensitive), QSignalBlocker(m_d), QSignalBlocker(m_l),
                                       QSignalBlocker(m_heuristic)};
    if (const int index = m_sensitive->findText(QString::fromStdString(setting.sensitive)); index >= 0)
        m_sensitive->setCurrentIndex(index);
    // A hand-edited project may hold more than the boxes take; they show their largest value then.
    m_d->setValue(static_cast<int>(std::min<std::uint64_t>(setting.d, static_cast<std::uint64_t>(m_d->maximum()))));
    m_l->setValue(static_cast<int>(std::min<std::uint64_t>(setting.l, static_cast<std::uint64_t>(m_l->maximum()))));
    m_heuristic->setCurrentIndex(m_heuristic->findData(static_cast<int>(setting.heuristic)));
}

void DlInferencePanel::showMessage(const QString& text)
{
    m_result->setText(text);
}

void DlInferencePanel::showResult(const core::DlAnonymization& anonymization, std::uint64_t rows)
{
    const QLocale locale;
    const auto removed = static_cast<qulonglong>(anonymization.removedRows.size());
    m_result->setText(
        tr("<b>%1 groups</b>, %2 of %3 rows left out (%4), detail lost %5 %. %6")
            .arg(locale.toString(static_cast<qulonglong>(anonymization.groups.size())), locale.toString(removed),
                 locale.toString(static_cast<qulonglong>(rows)),
                 locale.toString(rows == 0 ? 0.0 : 100.0 * static_cast<double>(removed) / static_cast<double>(rows),
                                 'f', 1) +
                     QStringLiteral(" %"),
                 locale.toString(100.0 * anonymization.informationLoss, 'f', 1),
                 anonymization.check.satisfied ? tr("(d, l)-inference holds: the dependency attack finds nothing.")
                                               : tr("(d, l)-inference does not hold.")));
}

void DlInferencePanel::setRunEnabled(bool enabled)
{
    m_run->setEnabled(enabled);
}

QString DlInferencePanel::resultText() const
{
    return QTextDocumentFragment::fromHtml(m_result->text()).toPlainText();
}

} // namespace qiscout::ui
