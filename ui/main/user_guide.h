// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QDialog>

QT_BEGIN_NAMESPACE
class QTextBrowser;
QT_END_NAMESPACE

namespace qiscout::ui {

/// The short user guide behind Help > User Guide (F1): what k and a quasi-identifier are, how to
/// read the lattice, what to do after a run, and the report's glossary. A window of its own, so
/// it can stay open beside the main window.
class UserGuide : public QDialog {
    Q_OBJECT

public:
    explicit UserGuide(QWidget* parent = nullptr);

    /// The guide as HTML, the same text the window shows.
    [[nodiscard]] static QString html();

private:
    QTextBrowser* m_text = nullptr;
};

} // namespace qiscout::ui
