// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QWidget>

QT_BEGIN_NAMESPACE
class QLabel;
class QListWidget;
class QPushButton;
QT_END_NAMESPACE

namespace qiscout::ui {

/// The first screen: open a table or a project, reopen a recent file, or try the bundled sample.
class WelcomePage : public QWidget {
    Q_OBJECT

public:
    explicit WelcomePage(QWidget* parent = nullptr);

    /// Lists these files, newest first.
    void setRecentFiles(const QStringList& files);
    /// Disables "Try the sample" when the sample cannot be found.
    void setSampleAvailable(bool available);

Q_SIGNALS:
    void openTableRequested();
    void openProjectRequested();
    void sampleRequested();
    void recentFileRequested(const QString& path);

private:
    QListWidget* m_recent = nullptr;
    QLabel* m_recentTitle = nullptr;
    QPushButton* m_sample = nullptr;
};

} // namespace qiscout::ui
