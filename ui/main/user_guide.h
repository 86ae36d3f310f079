// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QDialog>

QT_BEGIN_NAMESPACE
class QTextBrowser;
QT_END_NAMESPACE

namespace qiscout::ui {

/// The user guide behind Help > User Guide (F1): the whole journey from opening a table to exporting
/// a protected one, and the report's glossary. Its prose is docs/user-guide.md, bundled as a
/// resource, so the guide in the app and the one in the repository cannot drift apart. A window of
/// its own, so it can stay open beside the main window.
class UserGuide : public QDialog {
    Q_OBJECT

public:
    explicit UserGuide(QWidget* parent = nullptr);

    /// The guide as HTML, the same text the window shows.
    [[nodiscard]] static QString html();

    /// The guide's prose as bundled: docs/user-guide.md.
    [[nodiscard]] static QString markdown();

private:
    QTextBrowser* m_text = nullptr;
};

} // namespace qiscout::ui
