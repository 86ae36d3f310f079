// SPDX-License-Identifier: GPL-3.0-or-later
// Over 500 lines: one writer for every section of the report, in reading order, because the HTML
// and the PDF (laid out by Qt from the same markup) must keep each heading next to its table.
// The report as HTML. The markup is XHTML-compatible (every element closed, void elements
// self-closed) so that it is well-formed XML as well as HTML5, and a test can check its balance.
#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nettle/base64.h>

#include "qiscout/core/report/glossary.h"
#include "qiscout/core/report/report_writers.h"
#include "qiscout/core/util/display_text.h"

#include "report/report_protection_section.h"
#include "report/report_text.h"

namespace qiscout::core {
namespace {

constexpr const char* standaloneCss = R"(
body { font-family: "DejaVu Sans", Helvetica, Arial, sans-serif; color: #1a1a1a; max-width: 60em;
       margin: 2em auto; padding: 0 1em; line-height: 1.45; font-size: 15px; }
h1 { font-size: 1.6em; margin-bottom: 0.2em; }
h2 { font-size: 1.25em; border-bottom: 2px solid #c0392b; padding-bottom: 0.2em; margin-top: 2em; }
h3 { font-size: 1.05em; margin-top: 1.4em; }
.meta { color: #555; margin-top: 0; }
.summary { background: #fdf2f0; border-left: 5px solid #c0392b; padding: 0.8em 1.2em; }
.summary p { margin: 0.4em 0; }
.summary.safe { background: #eef8f1; border-left-color: #27ae60; }
.warning { background: #fff8e1; border-left: 5px solid #e6a700; padding: 0.6em 1em; }
.note { color: #555; font-size: 0.92em; }
table { border-collapse: collapse; margin: 0.6em 0 1em; font-size: 0.92em; }
th, td { border: 1px solid #c8c8c8; padding: 0.25em 0.6em; text-align: left; vertical-align: top; }
th { background: #f0f0f0; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
dl.facts { display: grid; grid-template-columns: max-content auto; gap: 0.2em 1.2em; }
dl.facts dt { font-weight: bold; }
dl.facts dd { margin: 0; word-break: break-all; }
figure { margin: 1em 0; }
figure svg, figure img { max-width: 100%; height: auto; }
.redacted { color: #777; font-style: italic; }
@page { size: A4; margin: 16mm; }
@media print {
  body { max-width: none; margin: 0; padding: 0; font-size: 10.5pt; }
  h2.break { break-before: page; page-break-before: always; }
  h2, h3 { break-after: avoid; page-break-after: avoid; }
  thead { display: table-header-group; }
  tr, figure, .summary, .warning, dl.facts { break-inside: avoid; page-break-inside: avoid; }
  table.keep { break-inside: avoid; page-break-inside: avoid; }
}
)";

/// Tables at most this long are kept on one printed page.
constexpr std::size_t keepTogetherRows = 30;

class HtmlBuilder {
public:
    HtmlBuilder(const QiReport& report, const HtmlReportOptions& options)
        : m_report(report)
        , m_options(options)
        , m_rich(options.flavor == HtmlFlavor::RichText)
    {}

    std::string build()
    {
        writeHead();
        // Page one answers the steward's question (#33); how the search ran follows in an appendix.
        writeSummary();
        if (m_report.protection)
            m_html += protectionHtml(*m_report.protection, m_rich);
        writeMinimalSets();
        writeRanking();
        writeRecordsAtRisk();
        writeRecordLevelRisk();
        writeDependencies();
        heading("appendix", "Technical appendix");
        paragraph("How the analysis ran, for whoever checks or repeats it.");
        writeDataset();
        writeSafeSets();
        writeLattice();
        writeGlossary();
        m_html += "</body>\n</html>\n";
        return std::move(m_html);
    }

private:
    void line(const std::string& text) { m_html += text + "\n"; }

    /// A name or value from the table, shortened for display and escaped.
    static std::string shown(const std::string& text) { return escapeXml(displayText(text)); }

    std::string names(ColumnSet set) const
    {
        std::string text;
        for (const std::string& name : m_report.namesOf(set)) {
            if (!text.empty())
                text += ", ";
            text += shown(name);
        }
        return text;
    }

    std::string columnName(int column) const { return shown(m_report.columns[static_cast<std::size_t>(column)].name); }

    /// Sections that start a new printed page; the others follow on.
    static bool startsPage(const std::string& id) { return id == "quasi-identifiers"; }

    // Says above a table of rows whether it shows their values, and why.
    void valuesNote(bool valuesIncluded)
    {
        paragraph(valuesIncluded ? "Values are shown because they were explicitly requested: handle this report as "
                                   "confidentially as the data itself."
                                 : "Values are redacted; they can be included on explicit request. Row 1 is the first "
                                   "row after the header.",
                  "note");
    }

    void heading(const std::string& id, const std::string& title)
    {
        const bool breaks = startsPage(id);
        // The rich-text flavour gets no forced breaks: the PDF writer moves headings that would end
        // a page to the next one instead.
        line("<h2 id=\"" + id + "\"" + (breaks && !m_rich ? " class=\"break\"" : "") + ">" + escapeXml(title) +
             "</h2>");
    }

    void paragraph(const std::string& escapedText, const std::string& cssClass = {})
    {
        line((cssClass.empty() ? std::string("<p>") : "<p class=\"" + cssClass + "\">") + escapedText + "</p>");
    }

    std::string tableOpen(std::size_t rows) const
    {
        if (m_rich)
            return "<table border=\"1\" cellspacing=\"0\" cellpadding=\"3\" style=\"border-collapse: collapse\">";
        return rows <= keepTogetherRows ? "<table class=\"keep\">" : "<table>";
    }

    void tableHeader(std::size_t rows, const std::vector<std::pair<std::string, bool>>& columns)
    {
        std::string head = tableOpen(rows) + "<thead><tr>";
        for (const auto& [title, numeric] : columns)
            head += std::string(numeric ? "<th class=\"num\">" : "<th>") + escapeXml(title) + "</th>";
        line(head + "</tr></thead><tbody>");
    }

    static std::string cell(const std::string& escapedText) { return "<td>" + escapedText + "</td>"; }
    static std::string numberCell(const std::string& text)
    {
        return "<td class=\"num\" align=\"right\">" + escapeXml(text) + "</td>";
    }

    /// Qt's rich text treats <figure> as inline, which would put the image on the preceding line.
    std::string figureOpen() const { return m_rich ? "<div>" : "<figure>"; }
    std::string figureClose() const { return m_rich ? "</div>" : "</figure>"; }

    void chart(ReportChart which, const std::string& caption)
    {
        line(figureOpen());
        if (m_rich)
            line("<img src=\"" + reportChartResourceName(which) + "\" width=\"620\" alt=\"" + escapeXml(caption) +
                 "\"/>");
        else
            line(reportChartSvg(m_report, which));
        line(figureClose());
    }

    void writeHead()
    {
        const std::string title = "Quasi-identifier report: " + m_report.fileName;
        line("<!DOCTYPE html>");
        line("<html xmlns=\"http://www.w3.org/1999/xhtml\" lang=\"en\">");
        line("<head>");
        line("<meta charset=\"utf-8\"/>");
        line("<meta name=\"generator\" content=\"QIScout " + escapeXml(m_report.qiscoutVersion) + "\"/>");
        line("<title>" + escapeXml(title) + "</title>");
        if (!m_rich)
            line("<style>" + std::string(standaloneCss) + "</style>");
        line("</head>");
        line("<body>");
        line("<h1>" + escapeXml(title) + "</h1>");
        paragraph("Generated by QIScout " + escapeXml(m_report.qiscoutVersion) + " on " +
                      escapeXml(m_report.generatedAt) + " (UTC).",
                  "meta");
    }

    void writeSummary()
    {
        heading("summary", "Summary");
        const bool safe = m_report.minimalSets.empty() && m_report.complete;
        if (m_rich) {
            line(std::string("<table border=\"0\" cellpadding=\"8\" width=\"100%\" bgcolor=\"") +
                 (safe ? "#eef8f1" : "#fdf2f0") + "\"><tr><td>");
            for (const std::string& sentence : m_report.summary)
                paragraph(escapeXml(sentence));
            line("</td></tr></table>");
            return;
        }
        line(std::string("<div class=\"summary") + (safe ? " safe" : "") + "\">");
        for (const std::string& sentence : m_report.summary)
            paragraph(escapeXml(sentence));
        line("</div>");
    }

    void fact(const std::string& name, const std::string& escapedValue)
    {
        if (m_rich)
            line("<tr><td><b>" + escapeXml(name) + "</b></td><td>" + escapedValue + "</td></tr>");
        else
            line("<dt>" + escapeXml(name) + "</dt><dd>" + escapedValue + "</dd>");
    }

    void writeDataset()
    {
        const QiReport& r = m_report;
        heading("dataset", "Dataset and parameters");
        line(m_rich ? "<table border=\"0\" cellpadding=\"3\">" : "<dl class=\"facts\">");
        fact("File", escapeXml(r.fileName));
        if (!r.filePath.empty() && r.filePath != r.fileName)
            fact("Path", escapeXml(r.filePath));
        if (!r.sourcePart.empty())
            fact("Sheet, table or query", escapeXml(r.sourcePart));
        fact("SHA-256", r.fileSha256 ? "<code>" + escapeXml(*r.fileSha256) + "</code>"
                                     : std::string("<span class=\"redacted\">unknown (file not readable)</span>"));
        fact("Rows", groupDigits(r.rows));
        fact("Columns", groupDigits(r.columns.size()) + " (" +
                            groupDigits(static_cast<std::uint64_t>(r.searchedColumns.size())) + " searched)");
        fact("k", std::to_string(r.k) + (r.k == 1 ? " (a row is at risk when it is unique)"
                                                  : " (a row is at risk when at most " + std::to_string(r.k) +
                                                        " rows share its values)"));
        std::string strategy = toString(r.algorithm);
        if (r.requestedAlgorithm == Algorithm::Auto)
            strategy += " (chosen automatically)";
        fact("Strategy", escapeXml(strategy));
        fact("Missing cells", escapeXml(std::string(toString(r.missingSemantics)) + ": " +
                                        std::string(missingSemanticsMeaning(r.missingSemantics))));
        fact("Threads", std::to_string(r.threads));
        fact("Batch size", groupDigits(r.batchSize) + " rows");
        fact("Largest set size", r.maxSetSize ? std::to_string(*r.maxSetSize) : std::string("no limit"));
        fact("Search complete", r.complete ? "yes" : "<b>no: the search was stopped</b>");
        fact("Run time", fixedDecimals(r.runSeconds(), 3) + " s (loading " + fixedDecimals(r.loadSeconds, 3) +
                             " s, search " + fixedDecimals(r.stats.searchSeconds, 3) + " s)");
        fact("Work", groupDigits(r.stats.setsEvaluated) + " column sets evaluated, " +
                         groupDigits(r.stats.rowsScanned) + " row visits");
        fact("QIScout version", escapeXml(r.qiscoutVersion));
        fact("Date", escapeXml(r.generatedAt));
        line(m_rich ? "</table>" : "</dl>");

        line("<h3>Columns</h3>");
        // Descriptions come from statistical files' variable labels; without any, no empty column.
        const bool described = std::any_of(r.columns.begin(), r.columns.end(),
                                           [](const ReportColumn& column) { return !column.description.empty(); });
        std::vector<std::pair<std::string, bool>> headings = {
            {"Column", false}, {"Role", false}, {"Type", false}, {"Distinct values", true}, {"Missing cells", true}};
        if (described)
            headings.insert(headings.begin() + 1, {"Description", false});
        tableHeader(r.columns.size(), headings);
        for (const ReportColumn& column : r.columns)
            line("<tr>" + cell(shown(column.name)) + (described ? cell(shown(column.description)) : "") +
                 cell(escapeXml(toString(column.role)) + (column.searched ? "" : " (not searched)")) +
                 cell(toString(column.type)) + numberCell(groupDigits(column.distinctValues)) +
                 numberCell(groupDigits(column.missingCells)) + "</tr>");
        line("</tbody></table>");
    }

    void writeMinimalSets()
    {
        const QiReport& r = m_report;
        heading("quasi-identifiers", "Quasi-identifiers (minimal column combinations)");
        paragraph("Each combination below lets someone who knows those facts about a person narrow them down to "
                  "at most " +
                  std::to_string(r.k) + (r.k == 1 ? " row" : " rows") +
                  ", and none of its parts does so alone. Smaller combinations are easier to know and more "
                  "dangerous. <i>Isolated rows</i> counts the rows in a group of at most k on the combination; "
                  "<i>smallest group</i> is the size of its smallest group of identical rows.");
        if (r.minimalSets.empty()) {
            paragraph("No combination of the searched columns isolates a row.");
            return;
        }
        chart(ReportChart::MinimalSetsBySize, "Quasi-identifiers by number of columns");
        std::size_t begin = 0;
        while (begin < r.minimalSets.size()) {
            const int size = r.minimalSets[begin].columns.size();
            std::size_t end = begin;
            while (end < r.minimalSets.size() && r.minimalSets[end].columns.size() == size)
                ++end;
            line("<h3>" + std::to_string(size) + (size == 1 ? " column" : " columns") + " (" +
                 std::to_string(end - begin) + (end - begin == 1 ? " combination" : " combinations") + ")</h3>");
            tableHeader(
                end - begin,
                {{"Columns", false}, {"Isolated rows", true}, {"Share of rows", true}, {"Smallest group", true}});
            for (std::size_t i = begin; i < end; ++i) {
                const MinimalSet& set = r.minimalSets[i];
                line("<tr>" + cell(names(set.columns)) + numberCell(groupDigits(set.isolatedRows)) +
                     numberCell(percentOf(set.isolatedRows, r.rows)) + numberCell(groupDigits(set.smallestClass)) +
                     "</tr>");
            }
            line("</tbody></table>");
            begin = end;
        }
    }

    void writeRanking()
    {
        const QiReport& r = m_report;
        heading("ranking", "Which columns to treat first");
        paragraph("How many quasi-identifiers each searched column takes part in. Columns in many of them are the "
                  "first candidates for generalisation (coarser values, e.g. year instead of date) or suppression.");
        chart(ReportChart::ColumnRanking, "Quasi-identifiers each column belongs to");
        tableHeader(r.columnRanking.size(), {{"Column", false}, {"Quasi-identifiers", true}});
        for (const ColumnRank& rank : r.columnRanking)
            line("<tr>" + cell(columnName(rank.column)) + numberCell(groupDigits(rank.minimalSets)) + "</tr>");
        line("</tbody></table>");

        const Remediation& fix = r.remediation;
        line("<h3>Columns to generalise or suppress first</h3>");
        if (fix.steps.empty()) {
            paragraph("None: no quasi-identifier was found.");
            return;
        }
        paragraph("A small set of columns that touches every quasi-identifier: each pick is the column in most of "
                  "the quasi-identifiers not yet touched.");
        tableHeader(fix.steps.size(), {{"Order", true}, {"Column", false}, {"Quasi-identifiers newly covered", true}});
        for (std::size_t i = 0; i < fix.steps.size(); ++i)
            line("<tr>" + numberCell(std::to_string(i + 1)) + cell(columnName(fix.steps[i].column)) +
                 numberCell(groupDigits(fix.steps[i].newlyHitSets)) + "</tr>");
        line("</tbody></table>");
        std::string remains = "Every quasi-identifier found contains at least one of these columns, so removing them "
                              "breaks all of them. ";
        if (fix.remaining.empty()) {
            remains += "No searched column would remain.";
        } else {
            remains += "The remaining columns are: " + names(fix.remaining) + ".";
            if (fix.remainingSmallestClass)
                remains += " Together they put every row in a group of at least " +
                           groupDigits(*fix.remainingSmallestClass) +
                           (*fix.remainingSmallestClass == 1 ? " row" : " rows") +
                           (*fix.remainingSmallestClass > r.k ? " (safe at this k)." : " (still at risk at this k).");
        }
        paragraph(remains);
        paragraph("Generalising a column instead of removing it changes the data: the residual risk must be "
                  "checked by re-running QIScout on the generalised table.",
                  "note");
    }

    void writeSafeSets()
    {
        const QiReport& r = m_report;
        heading("safe-sets", "Largest safe combinations (maximal safe sets)");
        paragraph("Each combination below can be released together at this k: every group of identical rows on it "
                  "has more than " +
                  std::to_string(r.k) + (r.k == 1 ? " row" : " rows") +
                  ", and adding any other searched column would break that.");
        if (r.maximalSafeSets.empty()) {
            paragraph("None: every single searched column already isolates a row.");
            return;
        }
        tableHeader(r.maximalSafeSets.size(), {{"Columns", false}, {"Size", true}, {"Smallest group", true}});
        for (const SafeSet& set : r.maximalSafeSets)
            line("<tr>" + cell(names(set.columns)) + numberCell(std::to_string(set.columns.size())) +
                 numberCell(groupDigits(set.smallestClass)) + "</tr>");
        line("</tbody></table>");
    }

    void writeRecordsAtRisk()
    {
        const QiReport& r = m_report;
        const RecordsAtRisk& risk = r.recordsAtRisk;
        heading("records", "Records at risk");
        paragraph(groupDigits(risk.rowsAtRisk) + " of " + groupDigits(r.rows) + " rows (" +
                  escapeXml(percentOf(risk.rowsAtRisk, r.rows)) +
                  ") are isolated by at least one quasi-identifier. The more quasi-identifiers isolate a row, the "
                  "more ways there are to find it.");
        chart(ReportChart::RecordsAtRisk, "Rows by how many quasi-identifiers isolate them");
        if (risk.riskiest.empty())
            return;
        line("<h3>The riskiest rows</h3>");
        valuesNote(risk.valuesIncluded);
        std::vector<std::pair<std::string, bool>> columns{{"Row", true},
                                                          {"Quasi-identifiers isolating it", true},
                                                          {"Smallest one", false},
                                                          {"Group size there", true}};
        if (risk.valuesIncluded)
            columns.emplace_back("Values (searched columns)", false);
        tableHeader(risk.riskiest.size(), columns);
        const std::vector<std::string> valueNames = r.namesOf(r.searchedColumns);
        for (const RiskyRow& row : risk.riskiest) {
            std::string text = "<tr>" + numberCell(groupDigits(std::uint64_t{row.row} + 1)) +
                               numberCell(groupDigits(row.isolatingSets)) + cell(names(row.smallestIsolatingSet)) +
                               numberCell(groupDigits(row.classSize));
            if (risk.valuesIncluded) {
                std::string values;
                for (std::size_t i = 0; i < row.values.size() && i < valueNames.size(); ++i)
                    values += (i > 0 ? "; " : "") + shown(valueNames[i]) + " = " + shown(row.values[i]);
                text += cell(values);
            }
            line(text + "</tr>");
        }
        line("</tbody></table>");
    }

    std::string dependencyText(const FunctionalDependency& dependency) const
    {
        return dependency.lhs.empty() ? "(nothing: a single value)" : names(dependency.lhs);
    }

    void writeRecordLevelRisk()
    {
        if (!m_report.recordRisk)
            return;
        const RecordRiskSection& section = *m_report.recordRisk;
        const RiskAssessment& risk = *section.assessment;
        const QiReport& r = m_report;
        const auto keyNames = [&] {
            std::string text;
            for (const int column : risk.keyColumns)
                text += (text.empty() ? "" : ", ") + columnName(column);
            return text;
        };
        const auto share = [](std::optional<double> value) {
            return value ? escapeXml(sharePercent(*value)) : std::string("no estimate");
        };

        heading("record-risk", "Record-level risk");
        line(m_rich ? "<table border=\"0\" cellpadding=\"8\" width=\"100%\" bgcolor=\"#fdf2f0\"><tr><td>"
                    : "<div class=\"summary\">");
        for (const std::string& sentence : section.summary)
            paragraph(escapeXml(sentence));
        line(m_rich ? "</td></tr></table>" : "</div>");
        paragraph(
            "Key columns (what an intruder is assumed to know): " + keyNames() + ". Sampling fraction " +
                escapeXml(sharePercent(risk.samplingFraction)) + " of the population" +
                (risk.weightColumn ? ", sampling weights from " + columnName(*risk.weightColumn) : std::string()) +
                ". Missing cells here: " + std::string(toString(riskMissingSemantics)) + ", " +
                escapeXml(std::string(missingSemanticsMeaning(riskMissingSemantics))) +
                (r.missingSemantics != riskMissingSemantics
                     ? " (unlike the search above, which matched them as " + std::string(toString(r.missingSemantics)) +
                           "; these measures are defined on groups of equal rows)"
                     : std::string()) +
                ".",
            "note");

        line("<h3>Sample and population</h3>");
        const std::uint64_t rows = r.rows;
        std::vector<std::pair<std::string, std::string>> figures{
            {"Records unique on the key columns", groupDigits(risk.sample.sampleUniques) + " (" +
                                                      escapeXml(percentOf(risk.sample.sampleUniques, rows)) + ")"},
            {"Records in classes of at most k = " + std::to_string(risk.k) + " records",
             groupDigits(risk.sample.recordsAtRisk) + " (" + escapeXml(percentOf(risk.sample.recordsAtRisk, rows)) +
                 ")"},
            {"Highest prosecutor risk (1 / class size)", fourSignificant(risk.sample.highestProsecutorRisk)},
            {"Average prosecutor risk", fourSignificant(risk.sample.averageProsecutorRisk)},
            {"Marketer risk (expected re-identifications per record)", fourSignificant(risk.sample.marketerRisk)},
            {risk.weightColumn ? "Global risk from the weights (Benedetti-Franconi individual risk)"
                               : "Global risk (mean of 1 / class size)",
             fourSignificant(risk.global.risk) + " (" + fourSignificant(risk.global.expectedReidentifications) +
                 " expected re-identifications)"},
            {"Population uniques, Pitman model", share(risk.population.pitman)},
            {"Population uniques, Zayatz model", share(risk.population.zayatz)},
            {"Population uniques, SNB model", share(risk.population.snb)},
            {std::string("Population uniques, Dankar et al.'s rule") +
                 (risk.population.dankarModel ? std::string(" (chose ") + toString(*risk.population.dankarModel) + ")"
                                              : std::string()),
             share(risk.population.dankar)},
        };
        tableHeader(figures.size(), {{"Measure", false}, {"Value", true}});
        for (const auto& [measure, value] : figures)
            line("<tr>" + cell(escapeXml(measure)) + "<td class=\"num\" align=\"right\">" + value + "</td></tr>");
        line("</tbody></table>");
        paragraph("Population uniques are shares of the " +
                      groupDigits(static_cast<std::uint64_t>(risk.population.populationSize + 0.5)) +
                      " people the population holds at this sampling fraction, estimated as ARX estimates them.",
                  "note");

        line("<h3>SUDA scores</h3>");
        std::string sizes;
        for (std::size_t size = 0; size < risk.suda.msusBySize.size(); ++size)
            sizes += (sizes.empty() ? "" : ", ") + groupDigits(risk.suda.msusBySize[size]) + " of " +
                     std::to_string(size + 1) + (size == 0 ? " value" : " values");
        paragraph("A minimal sample unique is a combination of a record's values that no other record shares, while "
                  "every smaller part of it is shared. SUDA scores a record by its minimal sample uniques, the smaller "
                  "ones weighing more; DIS-SUDA turns the scores into the probability of a correct match. Found: " +
                  (sizes.empty() ? std::string("none") : sizes) + "." +
                  (risk.suda.maxMsuSize ? " Combinations of more than " +
                                              groupDigits(static_cast<std::uint64_t>(*risk.suda.maxMsuSize)) +
                                              " values were not searched: each SUDA score is a lower bound."
                                        : std::string()));
        chart(ReportChart::DisSudaScores, "Records by DIS-SUDA score");
        chart(ReportChart::AttributeContributions, "Share of the SUDA scores each key column takes part in");
        paragraph(std::string("Scores as sdcMicro's suda2() computes them (") +
                      (risk.scoring == SudaScoring::Elliot ? "Elliot et al.'s weights" : "the IHSN weights") +
                      "); a column's share counts every minimal sample unique it is part of, so the shares can add up "
                      "to more than 100%.",
                  "note");

        if (section.riskiest.empty())
            return;
        line("<h3>The riskiest records</h3>");
        valuesNote(section.valuesIncluded);
        std::vector<std::pair<std::string, bool>> columns{{"Row", true},
                                                          {"SUDA score", true},
                                                          {"DIS-SUDA score", true},
                                                          {"Individual risk", true},
                                                          {"Class size", true},
                                                          {"Column contributing most", false}};
        if (section.valuesIncluded)
            columns.emplace_back("Values (key columns)", false);
        tableHeader(section.riskiest.size(), columns);
        for (const RiskiestRecord& record : section.riskiest) {
            std::string text =
                "<tr>" + numberCell(groupDigits(std::uint64_t{record.row} + 1)) +
                numberCell(fourSignificant(record.sudaScore)) + numberCell(fourSignificant(record.disSudaScore)) +
                numberCell(fourSignificant(record.individualRisk)) + numberCell(groupDigits(record.classSize)) +
                cell(record.topColumn ? columnName(*record.topColumn) : std::string("-"));
            if (section.valuesIncluded) {
                std::string values;
                for (std::size_t i = 0; i < record.values.size() && i < risk.keyColumns.size(); ++i)
                    values +=
                        (i > 0 ? "; " : "") + columnName(risk.keyColumns[i]) + " = " + escapeXml(record.values[i]);
                text += cell(values);
            }
            line(text + "</tr>");
        }
        line("</tbody></table>");
    }

    void writeDependencies()
    {
        // Longer lists stay in the JSON report.
        constexpr std::size_t listedDependencies = 100;
        const QiReport& r = m_report;
        const DependencyAnalysis& analysis = r.dependencies;
        heading("dependencies", "Functional dependencies");
        paragraph("A set of columns A <i>determines</i> a column B when rows with the same values on A always have the "
                  "same value of B. Examined: the searched and sensitive columns (" +
                  names(analysis.examined) + ")" +
                  (analysis.maxLhs ? ", with determinants of up to " + std::to_string(*analysis.maxLhs) + " columns"
                                   : std::string()) +
                  ". Each dependency listed is minimal: no smaller set of its columns determines B.");
        paragraph("A dependency is <b>unsafe</b> when its determinant includes a column that is not a "
                  "quasi-identifier (a sensitive column, or one published as it is): an attacker who knows it can "
                  "match rows of different groups of a generalised table and narrow what each group reveals (the "
                  "FFD attack of Wang and Liu; the other dependencies do not help it).");
        if (analysis.dependencies.empty()) {
            paragraph("No set of these columns determines another column exactly.");
        } else {
            // A warning only where there is something to warn about.
            line(m_rich ? "<table border=\"0\" cellpadding=\"8\" width=\"100%\" bgcolor=\"#fff8e1\"><tr><td>"
                        : "<div class=\"warning\">");
            paragraph("<b>Warning:</b> generalising or suppressing B while publishing A undoes the generalisation: "
                      "anyone who knows the dependency recovers B from A. Treat such columns together.");
            line(m_rich ? "</td></tr></table>" : "</div>");
            const std::size_t listed = std::min(listedDependencies, analysis.dependencies.size());
            tableHeader(
                listed,
                {{"Determinant A", false}, {"determines B", false}, {"Rows sharing A", true}, {"Safe?", false}});
            for (std::size_t i = 0; i < listed; ++i) {
                const FunctionalDependency& dependency = analysis.dependencies[i];
                const bool safe = isSafe(dependency, analysis.quasiIdentifiers);
                line("<tr>" + cell(dependencyText(dependency)) + cell(columnName(dependency.rhs)) +
                     numberCell(groupDigits(dependency.support)) + cell(safe ? "safe" : "<b>unsafe</b>") + "</tr>");
            }
            line("</tbody></table>");
            if (analysis.dependencies.size() > listed)
                paragraph(std::to_string(analysis.dependencies.size() - listed) +
                              " more dependencies are listed in the JSON report.",
                          "note");
            paragraph("Rows sharing A: rows whose values on A occur on another row too, where the dependency can be "
                      "observed; 0 means A is different on every row.",
                      "note");
        }
        if (!analysis.release)
            return;
        const ReleaseCheck& check = *analysis.release;
        line("<h3>After protection</h3>");
        paragraph("The protected table has " + groupDigits(check.rows) + " rows in " + groupDigits(check.qiGroups) +
                  " QI-groups; sensitive column " + escapeXml(check.sensitive) +
                  ", l = " + std::to_string(check.requirement.l) +
                  (check.requirement.d ? ", d = " + std::to_string(*check.requirement.d) : std::string()) + ". It " +
                  (check.dlInference ? "satisfies" : "does <b>not</b> satisfy") + " (d, l)-inference" +
                  (check.nonDiverseGroups > 0 ? ", and " + groupDigits(check.nonDiverseGroups) +
                                                    " of its QI-groups are not l-diverse by themselves"
                                              : std::string()) +
                  ".");
        if (check.attacks.empty()) {
            paragraph("No unsafe dependency applies to it.");
            return;
        }
        tableHeader(check.attacks.size(),
                    {{"Dependency", false}, {"FFD attack", false}, {"Findings", true}, {"Rows exposed", true}});
        for (const ReleasedAttack& attack : check.attacks)
            line("<tr>" + cell(dependencyText(attack.dependency) + " &#8594; " + columnName(attack.dependency.rhs)) +
                 cell(attack.succeeds ? "<b>succeeds</b>" : "fails") + numberCell(groupDigits(attack.findings)) +
                 numberCell(groupDigits(attack.exposedRows)) + "</tr>");
        line("</tbody></table>");
    }

    void writeLattice()
    {
        const QiReport& r = m_report;
        heading("lattice", "The searched lattice of column combinations");
        if (m_options.latticePng) {
            paragraph("The pruned lattice as the search left it.");
            line(figureOpen());
            if (m_rich)
                line("<img src=\"" + std::string(latticePictureResourceName) +
                     "\" width=\"620\" alt=\"Picture of the pruned lattice\"/>");
            else
                line("<img src=\"data:image/png;base64," + base64Encode(*m_options.latticePng) +
                     "\" alt=\"Picture of the pruned lattice\"/>");
            line(figureClose());
        }
        paragraph("Per number of columns: how many combinations exist, how many contain a quasi-identifier, and "
                  "how many of the minimal and maximal safe combinations lie there.");
        chart(ReportChart::LatticeLevels, "Column combinations by size");
        tableHeader(r.latticeLevels.size(), {{"Columns", true},
                                             {"Combinations", true},
                                             {"Isolating", true},
                                             {"Safe", true},
                                             {"Minimal quasi-identifiers", true},
                                             {"Maximal safe", true}});
        for (const LatticeLevel& level : r.latticeLevels) {
            std::string vulnerable = level.explored ? "not counted" : "not searched";
            std::string safe = vulnerable;
            if (level.vulnerableSets) {
                vulnerable = groupDigits(*level.vulnerableSets);
                safe = groupDigits(level.sets - *level.vulnerableSets);
            }
            line("<tr>" + numberCell(std::to_string(level.size)) + numberCell(groupDigits(level.sets)) +
                 numberCell(vulnerable) + numberCell(safe) + numberCell(groupDigits(level.minimalSets)) +
                 numberCell(groupDigits(level.maximalSafeSets)) + "</tr>");
        }
        line("</tbody></table>");
    }

    void writeGlossary()
    {
        heading("glossary", "How to read this report");
        line("<dl>");
        for (const GlossaryEntry& entry : glossary)
            line("<dt><b>" + escapeXml(entry.term) + "</b></dt><dd>" + escapeXml(entry.definition) + "</dd>");
        line("</dl>");
    }

    const QiReport& m_report;
    const HtmlReportOptions& m_options;
    bool m_rich = false;
    std::string m_html;
};

} // namespace

std::string reportToHtml(const QiReport& report, const HtmlReportOptions& options)
{
    return HtmlBuilder(report, options).build();
}

std::string base64Encode(std::string_view bytes)
{
    std::string encoded(BASE64_ENCODE_RAW_LENGTH(bytes.size()), '\0');
    base64_encode_raw(reinterpret_cast<char*>(encoded.data()), bytes.size(),
                      reinterpret_cast<const std::uint8_t*>(bytes.data()));
    return encoded;
}

std::optional<ReportFormat> reportFormatFor(const std::filesystem::path& path)
{
    std::string extension = path.extension().string();
    std::transform(extension.begin(), extension.end(), extension.begin(),
                   [](unsigned char c) { return static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c); });
    if (extension == ".html" || extension == ".htm")
        return ReportFormat::Html;
    if (extension == ".pdf")
        return ReportFormat::Pdf;
    if (extension == ".json")
        return ReportFormat::Json;
    if (extension == ".csv")
        return ReportFormat::Csv;
    return std::nullopt;
}

} // namespace qiscout::core
