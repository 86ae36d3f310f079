// SPDX-License-Identifier: GPL-3.0-or-later
#include "protect/loss_profile_view.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QTableWidget>
#include <QVBoxLayout>

#include "protect/distribution_chart.h"

namespace qiscout::ui {

namespace {

QString shareOf(std::uint64_t part, std::uint64_t whole)
{
    return QLocale().toString(whole == 0 ? 0.0 : 100.0 * static_cast<double>(part) / static_cast<double>(whole), 'f',
                              1) +
           QStringLiteral(" %");
}

} // namespace

LossProfileView::LossProfileView(QWidget* parent) : QWidget(parent)
{
    auto* layout = new QVBoxLayout(this);
    auto* chooser = new QHBoxLayout;
    m_column = new QComboBox(this);
    m_column->setObjectName(QStringLiteral("lossProfileColumn"));
    auto* columnLabel = new QLabel(tr("Column:"), this);
    columnLabel->setBuddy(m_column);
    chooser->addWidget(columnLabel);
    chooser->addWidget(m_column);
    m_shares = new QLabel(this);
    m_shares->setWordWrap(true);
    chooser->addWidget(m_shares, 1);
    layout->addLayout(chooser);
    m_numbers = new QTableWidget(2, 8, this);
    m_numbers->setObjectName(QStringLiteral("lossProfileNumbers"));
    m_numbers->setHorizontalHeaderLabels({tr("Numbers"), tr("Mean"), tr("Std. deviation"), tr("Minimum"),
                                          tr("Lower quartile"), tr("Median"), tr("Upper quartile"), tr("Maximum")});
    m_numbers->setVerticalHeaderLabels({tr("Before"), tr("After")});
    m_numbers->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_numbers->setSelectionMode(QAbstractItemView::NoSelection);
    m_numbers->setFocusPolicy(Qt::NoFocus);
    m_numbers->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_numbers->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_numbers->verticalHeader()->setDefaultSectionSize(m_numbers->fontMetrics().height() + 6);
    m_numbers->setFixedHeight(m_numbers->horizontalHeader()->sizeHint().height() +
                              2 * m_numbers->verticalHeader()->defaultSectionSize() + 2 * m_numbers->frameWidth() + 2);
    layout->addWidget(m_numbers);
    m_numbersNote = new QLabel(
        tr("After: the published cells that are numbers, each interval counted as its midpoint; * and other text "
           "are left out. The charts: the original values (runs of neighbouring values merged when there are "
           "many) against the published categories, * last."),
        this);
    m_numbersNote->setWordWrap(true);
    layout->addWidget(m_numbersNote);
    auto* charts = new QHBoxLayout;
    m_before = new DistributionChart(this);
    m_after = new DistributionChart(this);
    charts->addWidget(m_before);
    charts->addWidget(m_after);
    layout->addLayout(charts, 1);
    connect(m_column, &QComboBox::currentIndexChanged, this, &LossProfileView::showColumn);
    clear();
}

void LossProfileView::clear()
{
    setProfiles({});
}

void LossProfileView::setProfiles(std::vector<core::ColumnLossProfile> profiles)
{
    m_profiles = std::move(profiles);
    const int previous = m_column->currentIndex();
    {
        const QSignalBlocker blocker(m_column);
        m_column->clear();
        for (const core::ColumnLossProfile& profile : m_profiles)
            m_column->addItem(QString::fromStdString(profile.column));
        m_column->setCurrentIndex(previous >= 0 && previous < m_column->count() ? previous : 0);
    }
    showColumn(m_column->currentIndex());
}

QString LossProfileView::sharesText() const
{
    return m_shares->text();
}

void LossProfileView::showColumn(int index)
{
    if (index < 0 || static_cast<std::size_t>(index) >= m_profiles.size()) {
        m_shares->setText(tr("What each coarsened column lost appears here once a protection is shown."));
        m_numbers->hide();
        m_numbersNote->hide();
        m_before->clear();
        m_after->clear();
        return;
    }
    const core::ColumnLossProfile& profile = m_profiles[static_cast<std::size_t>(index)];
    const QLocale locale;
    m_shares->setText(tr("%1 of the cells (%2) are published changed, %3 (%4) suppressed.")
                          .arg(shareOf(profile.cellsChanged, profile.rows),
                               locale.toString(static_cast<qulonglong>(profile.cellsChanged)),
                               shareOf(profile.cellsSuppressed, profile.rows),
                               locale.toString(static_cast<qulonglong>(profile.cellsSuppressed))));
    const bool numbers = profile.numbersBefore.has_value();
    m_numbers->setVisible(numbers);
    m_numbersNote->setVisible(numbers);
    for (int row = 0; row < 2; ++row) {
        const std::optional<core::NumberSummary>& summary = row == 0 ? profile.numbersBefore : profile.numbersAfter;
        const QList<QString> cells =
            summary
                ? QList<QString>{locale.toString(static_cast<qulonglong>(summary->count)),
                                 locale.toString(summary->mean, 'g', 5),
                                 locale.toString(summary->standardDeviation, 'g', 5),
                                 locale.toString(summary->minimum, 'g', 6),
                                 locale.toString(summary->lowerQuartile, 'g', 6),
                                 locale.toString(summary->median, 'g', 6),
                                 locale.toString(summary->upperQuartile, 'g', 6),
                                 locale.toString(summary->maximum, 'g', 6)}
                : QList<QString>{QStringLiteral("0"), QStringLiteral("–"), QStringLiteral("–"), QStringLiteral("–"),
                                 QStringLiteral("–"), QStringLiteral("–"), QStringLiteral("–"), QStringLiteral("–")};
        for (int column = 0; column < static_cast<int>(cells.size()); ++column) {
            auto* item = new QTableWidgetItem(cells[column]);
            item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            m_numbers->setItem(row, column, item);
        }
    }
    const QString name = QString::fromStdString(profile.column);
    m_before->setDistribution(tr("%1 before").arg(name), profile.before);
    m_after->setDistribution(tr("%1 as published").arg(name), profile.after);
}

} // namespace qiscout::ui
