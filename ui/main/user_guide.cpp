// SPDX-License-Identifier: GPL-3.0-or-later
#include "main/user_guide.h"

#include <QDialogButtonBox>
#include <QTextBrowser>
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

QString UserGuide::html()
{
    QString text;
    text += tr("<h2>QIScout in five minutes</h2>"
               "<p>QIScout checks a table before it is published: which combinations of columns single a person "
               "out, and what to change so that nobody stands out. Contents: "
               "<a href=\"#k\">k</a> · <a href=\"#qi\">quasi-identifiers</a> · <a href=\"#roles\">roles</a> · "
               "<a href=\"#lattice\">the lattice</a> · <a href=\"#next\">what to do next</a> · <a "
               "href=\"#risk\">record risk</a> · "
               "<a href=\"#glossary\">glossary</a>.</p>");
    text += tr("<h3><a name=\"k\"></a>What k means</h3>"
               "<p>A row is <i>at risk</i> on a combination of columns when at most <b>k</b> rows share its values "
               "there: someone who knows those values about a person narrows them down to k rows or fewer. With "
               "k = 1 only unique rows count; a larger k asks for more safety. Set k in the Parameters panel; "
               "threads, batch size and the search method are under <i>Advanced</i> and change only the "
               "speed.</p>");
    text += tr("<h3><a name=\"qi\"></a>What a quasi-identifier is</h3>"
               "<p>A combination of columns that is not a name but can still single people out, such as birth date, "
               "sex and ZIP code. QIScout lists the <i>minimal</i> ones: every column in them is needed, and any "
               "larger combination that contains one is at least as risky. <i>Isolated rows</i> counts the rows it "
               "puts in a group of at most k. Click a column header to sort the list, pick a column under "
               "<i>With column</i> to list only the quasi-identifiers that contain it, and <i>Export List…</i> "
               "writes the list as shown to a CSV file.</p>");
    text += tr("<h3><a name=\"roles\"></a>Column roles</h3>"
               "<p>Only <b>Candidate</b> columns are searched: columns an attacker could know about someone. Mark "
               "names and record numbers <b>Direct identifier</b> (they must be removed anyway), the facts you "
               "publish <b>Sensitive</b>, and everything else <b>Ignore</b>. Select several columns in the Columns "
               "panel to change their roles together.</p>");
    text += tr("<h3><a name=\"lattice\"></a>Reading the lattice</h3>"
               "<p>Each box is a combination of searched columns; the bottom row holds single columns, each row "
               "above adds one column. While the search runs the boxes take their colours:</p><ul>");
    text += stateItem(SetState::Unreached, tr("not looked at yet."));
    text += stateItem(SetState::Safe, tr("everyone is in a group of more than k rows on these columns."));
    text += stateItem(SetState::Vulnerable, tr("a minimal quasi-identifier."));
    text += stateItem(SetState::Pruned, tr("contains a quasi-identifier, so it is risky without being checked."));
    text += tr("</ul><p>Hover over a box for its columns, click it to see the rows it isolates. With many columns "
               "the boxes of a row are grouped and coloured by what most of them are. A search of more than 64 "
               "columns is not drawn: the list of quasi-identifiers holds its whole answer.</p>");
    text += tr("<h3><a name=\"next\"></a>What to do next</h3>"
               "<ol><li>Read the summary above the list of quasi-identifiers.</li>"
               "<li>Treat the columns it names first: generalise them (age bands instead of ages) or leave them "
               "out.</li>"
               "<li>Re-run QIScout on the changed table until no quasi-identifier is left at your k.</li>"
               "<li>Export the report (File &gt; Export Report) to document the check.</li>"
               "<li>Save the project (File &gt; Save Project) to keep the roles and parameters, and the set-ups "
               "of the Protect step (with its dependency attack settings) and the Record Risk step (key columns, "
               "share of the population, SUDA weights). It keeps the set-up, not the results: opening it runs "
               "the analysis again.</li></ol>");
    text += tr("<h3><a name=\"risk\"></a>Record risk</h3>"
               "<p>Analysis &gt; Record Risk (Ctrl+Shift+K) asks how exposed each <i>record</i> is on the ticked "
               "<b>key columns</b>, the values an intruder may know. Give the column of survey sampling weights the "
               "<b>Weight</b> role, and set the share of the population the table holds.</p><ul>"
               "<li><b>SUDA score</b>: a record scores for every combination of its values that no other record "
               "shares while every smaller part of it is shared; smaller combinations weigh more. "
               "<b>DIS-SUDA</b> turns the score into the probability that a match is correct. Both as sdcMicro "
               "computes them.</li>"
               "<li><b>Individual risk</b>: from the sampling weights (Benedetti-Franconi, as sdcMicro's indivRisk), "
               "or 1 / the number of records sharing the key values.</li>"
               "<li>The riskiest records are listed with the column contributing most to each score; their values "
               "stay redacted until you tick Show values. The bar chart shows which key columns take part in most "
               "of the scores: coarsen those first.</li>"
               "<li>The population lines estimate how many people in the whole population are unique on the key "
               "columns: anyone who finds a match for such a person's values has found that person. A table is "
               "usually a sample, so a record unique in it need not be unique out there; the models below guess "
               "how many are, from how often each combination of key values occurs in the table and from the "
               "share of the population the table holds. A model that cannot be fitted to the table's counts "
               "gives no estimate, and says so. The first line is the estimate of the model Dankar et al.'s rule "
               "picks, then each model's; hover over a line for what its model is.</li></ul>");
    text += QStringLiteral("<dl>");
    for (const PopulationModelText& model : populationModelTexts)
        text += QStringLiteral("<dt><b>%1</b></dt><dd>%2</dd>").arg(modelName(model, true), modelExplanation(model));
    text += QStringLiteral("<dt><b>%1</b></dt><dd>%2</dd></dl>").arg(tr("Dankar et al.'s rule"), dankarRuleText());
    text += tr("<h3><a name=\"glossary\"></a>Glossary</h3><dl>");
    for (const core::GlossaryEntry& entry : core::glossary)
        text +=
            QStringLiteral("<dt><b>%1</b></dt><dd>%2</dd>")
                .arg(QString::fromUtf8(entry.term.data(), static_cast<qsizetype>(entry.term.size())).toHtmlEscaped(),
                     QString::fromUtf8(entry.definition.data(), static_cast<qsizetype>(entry.definition.size()))
                         .toHtmlEscaped());
    text += QStringLiteral("</dl>");
    return text;
}

} // namespace qiscout::ui
