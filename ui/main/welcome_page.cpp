// SPDX-License-Identifier: GPL-3.0-or-later
#include "main/welcome_page.h"

#include <QFileInfo>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QStyle>
#include <QVBoxLayout>

namespace qiscout::ui {

WelcomePage::WelcomePage(QWidget* parent) : QWidget(parent)
{
    auto* column = new QWidget(this);
    column->setMaximumWidth(column->fontMetrics().averageCharWidth() * 80);
    auto* layout = new QVBoxLayout(column);
    layout->addStretch(1);

    auto* title = new QLabel(tr("QIScout"), column);
    QFont titleFont = title->font();
    titleFont.setPointSizeF(titleFont.pointSizeF() * 2.2);
    titleFont.setBold(true);
    title->setFont(titleFont);
    layout->addWidget(title);

    auto* intro = new QLabel(tr("Before you publish a table about people, QIScout finds the combinations of columns "
                                "(such as age, postcode and job) that single someone out, so you can coarsen or "
                                "remove them."),
                             column);
    intro->setWordWrap(true);
    layout->addWidget(intro);
    layout->addSpacing(intro->fontMetrics().height());

    auto* openTable = new QPushButton(style()->standardIcon(QStyle::SP_DialogOpenButton), tr("&Open a table…"), column);
    openTable->setToolTip(tr("A CSV or tab-separated file with one row per person."));
    auto* openProject = new QPushButton(style()->standardIcon(QStyle::SP_DirOpenIcon), tr("Open a &project…"), column);
    m_sample =
        new QPushButton(style()->standardIcon(QStyle::SP_MediaPlay), tr("&Try the sample (US census extract)"), column);
    m_sample->setToolTip(tr("Opens the UCI Adult table: 48,842 people, 15 columns, from the 1994 US census."));
    for (auto* button : {openTable, openProject, m_sample})
        layout->addWidget(button);

    auto* hint = new QLabel(tr("You can also drop a file on this window."), column);
    hint->setEnabled(false);
    layout->addWidget(hint);
    layout->addSpacing(hint->fontMetrics().height());

    m_recentTitle = new QLabel(tr("Recent files"), column);
    QFont sectionFont = m_recentTitle->font();
    sectionFont.setBold(true);
    m_recentTitle->setFont(sectionFont);
    layout->addWidget(m_recentTitle);
    m_recent = new QListWidget(column);
    m_recent->setToolTip(tr("Double-click or press Enter to open."));
    m_recent->setMaximumHeight(m_recent->fontMetrics().height() * 14);
    layout->addWidget(m_recent);
    layout->addStretch(2);

    auto* outer = new QHBoxLayout(this);
    outer->addStretch(1);
    outer->addWidget(column, 3);
    outer->addStretch(1);

    connect(openTable, &QPushButton::clicked, this, &WelcomePage::openTableRequested);
    connect(openProject, &QPushButton::clicked, this, &WelcomePage::openProjectRequested);
    connect(m_sample, &QPushButton::clicked, this, &WelcomePage::sampleRequested);
    connect(m_recent, &QListWidget::itemActivated, this,
            [this](QListWidgetItem* item) { Q_EMIT recentFileRequested(item->data(Qt::UserRole).toString()); });
    setRecentFiles({});
}

void WelcomePage::setRecentFiles(const QStringList& files)
{
    m_recent->clear();
    const auto fileIcon = style()->standardIcon(QStyle::SP_FileIcon);
    for (const auto& path : files) {
        const QFileInfo info(path);
        auto* item =
            new QListWidgetItem(fileIcon, info.fileName() + QStringLiteral("  —  ") + info.absolutePath(), m_recent);
        item->setData(Qt::UserRole, path);
        item->setToolTip(path);
    }
    m_recentTitle->setVisible(!files.isEmpty());
    m_recent->setVisible(!files.isEmpty());
}

void WelcomePage::setSampleAvailable(bool available)
{
    m_sample->setEnabled(available);
}

} // namespace qiscout::ui
