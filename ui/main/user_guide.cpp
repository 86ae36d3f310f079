// SPDX-License-Identifier: GPL-3.0-or-later
#include "main/user_guide.h"

#include <QDialogButtonBox>
#include <QFile>
#include <QRegularExpression>
#include <QTextBlock>
#include <QTextBrowser>
#include <QTextCursor>
#include <QTextDocument>
#include <QVBoxLayout>

#include "qiscout/core/report/glossary.h"

#include "lattice/lattice_palette.h"
#include "risk/population_model_text.h"

namespace qiscout::ui {
namespace {

QString stateItem(SetState state, const QString& meaning)
{
    return QStringLiteral("<li><span style=\"color:%1\">&#9632;</span> <b>%2</b>: %3</li>")
        .arg(stateColor(state, QPalette()).name(), stateName(state).toHtmlEscaped(), meaning);
}

QString latticeStates()
{
    QString text = QStringLiteral("<ul>");
    text += stateItem(SetState::Unreached, UserGuide::tr("not looked at yet."));
    text += stateItem(SetState::Safe, UserGuide::tr("everyone is in a group of more than k rows on these columns."));
    text += stateItem(SetState::Vulnerable, UserGuide::tr("a minimal quasi-identifier."));
    text += stateItem(SetState::Pruned,
                      UserGuide::tr("contains a quasi-identifier, so it is risky without being checked."));
    return text + QStringLiteral("</ul>");
}

QString populationModels()
{
    QString text = QStringLiteral("<dl>");
    for (const PopulationModelText& model : populationModelTexts)
        text += QStringLiteral("<dt><b>%1</b></dt><dd>%2</dd>").arg(modelName(model, true), modelExplanation(model));
    return text + QStringLiteral("<dt><b>%1</b></dt><dd>%2</dd></dl>")
                      .arg(UserGuide::tr("Dankar et al.'s rule"), dankarRuleText());
}

QString glossary()
{
    QString text = QStringLiteral("<dl>");
    for (const core::GlossaryEntry& entry : core::glossary)
        text +=
            QStringLiteral("<dt><b>%1</b></dt><dd>%2</dd>")
                .arg(QString::fromUtf8(entry.term.data(), static_cast<qsizetype>(entry.term.size())).toHtmlEscaped(),
                     QString::fromUtf8(entry.definition.data(), static_cast<qsizetype>(entry.definition.size()))
                         .toHtmlEscaped());
    return text + QStringLiteral("</dl>");
}

// The parts the code knows better than any prose (the lattice's colours, the population models'
// texts the Risk step shows too, the report's glossary) stand in the markdown as comments, which
// GitHub does not show.
QString generatedPart(const QString& name)
{
    if (name == QLatin1String("lattice-states"))
        return latticeStates();
    if (name == QLatin1String("population-models"))
        return populationModels();
    if (name == QLatin1String("glossary"))
        return glossary();
    return {};
}

// The heading's anchor as GitHub makes it, so that one "#..." link works on GitHub and in the app.
QString headingAnchor(const QString& heading)
{
    QString anchor;
    for (const QChar c : heading.toLower()) {
        if (c.isLetterOrNumber() || c == u'-' || c == u'_')
            anchor += c;
        else if (c == u' ')
            anchor += u'-';
    }
    return anchor;
}

// The screenshots are for readers of docs/ and are not bundled: in the app they would be broken
// images, so paragraphs holding only an image are left out.
QString markdownToHtml(const QString& markdown)
{
    static const QRegularExpression imageParagraph(QStringLiteral(R"(^!\[[^\]]*\]\([^)]*\)[ \t]*$)"),
                                                   QRegularExpression::MultilineOption);
    QTextDocument document;
    document.setMarkdown(QString(markdown).remove(imageParagraph));
    for (QTextBlock block = document.begin(); block.isValid(); block = block.next()) {
        if (block.blockFormat().headingLevel() == 0)
            continue;
        QTextCursor heading(block);
        heading.movePosition(QTextCursor::EndOfBlock, QTextCursor::KeepAnchor);
        QTextCharFormat anchor;
        anchor.setAnchor(true);
        anchor.setAnchorNames({headingAnchor(block.text())});
        heading.mergeCharFormat(anchor);
    }
    // The body alone, so that the generated parts can go between two stretches of prose.
    const QString html = document.toHtml();
    const qsizetype body = html.indexOf(u'>', html.indexOf(QLatin1String("<body"))) + 1;
    return html.mid(body, html.lastIndexOf(QLatin1String("</body>")) - body);
}

} // namespace

UserGuide::UserGuide(QWidget* parent) : QDialog(parent)
{
    setWindowTitle(tr("QIScout User Guide"));
    setObjectName(QStringLiteral("userGuide"));
    m_text = new QTextBrowser(this);
    m_text->setOpenExternalLinks(false);
    m_text->setHtml(html());
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::close);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_text);
    layout->addWidget(buttons);
    resize(640, 720);
}

QString UserGuide::markdown()
{
    QFile file(QStringLiteral(":/qiscout/user-guide.md"));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QString::fromUtf8(file.readAll());
}

QString UserGuide::html()
{
    static const QRegularExpression generated(QStringLiteral(R"(^<!-- generated: ([a-z-]+) -->$)"),
                                              QRegularExpression::MultilineOption);
    const QString source = markdown();
    QString text;
    qsizetype from = 0;
    for (const QRegularExpressionMatch& match : generated.globalMatch(source)) {
        text += markdownToHtml(source.mid(from, match.capturedStart() - from)) + generatedPart(match.captured(1));
        from = match.capturedEnd();
    }
    return text + markdownToHtml(source.mid(from));
}

} // namespace qiscout::ui
