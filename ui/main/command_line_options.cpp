// SPDX-License-Identifier: GPL-3.0-or-later
#include "qiscout/ui/command_line_options.h"

#include <QCommandLineParser>
#include <QCoreApplication>

namespace qiscout::ui {
namespace {

// Smaller windows cannot lay out the workspace at all.
constexpr int minimumWindowSide = 200;

} // namespace

CommandLineParseResult parseCommandLine(const QStringList& arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QCoreApplication::translate("CommandLine", "Finds the quasi-identifiers in a table before it is published."));
    const QCommandLineOption helpOption({QStringLiteral("h"), QStringLiteral("help")},
                                        QCoreApplication::translate("CommandLine", "Show this help and exit."));
    const QCommandLineOption versionOption(QStringLiteral("version"),
                                           QCoreApplication::translate("CommandLine", "Show the version and exit."));
    const QCommandLineOption kOption(
        QStringLiteral("k"),
        QCoreApplication::translate(
            "CommandLine",
            "k: a row in a group of K or fewer rows is at risk; with --protect, nobody may remain in one."),
        QStringLiteral("K"));
    const QCommandLineOption threadsOption(QStringLiteral("threads"),
                                           QCoreApplication::translate("CommandLine", "Worker threads to use."),
                                           QStringLiteral("T"));
    const QCommandLineOption runOption(
        QStringLiteral("run"), QCoreApplication::translate("CommandLine", "Run the analysis once FILE is open."));
    const QCommandLineOption protectOption(
        QStringLiteral("protect"),
        QCoreApplication::translate("CommandLine",
                                    "Find the quasi-identifiers, then protect FILE so that nobody is in a group of K "
                                    "or fewer people (K as -k gives it), and show the outcome."));
    const QCommandLineOption qiOption(
        QStringLiteral("qi"),
        QCoreApplication::translate("CommandLine",
                                    "With --protect: coarsen COLUMN, by the hierarchy in HIERARCHY.csv (ARX layout) "
                                    "or, without one, automatically. Repeat for more columns."),
        QStringLiteral("COLUMN[=HIERARCHY.csv]"));
    const QCommandLineOption riskOption(
        QStringLiteral("risk"),
        QCoreApplication::translate("CommandLine",
                                    "Find the quasi-identifiers, then score every record's risk on the columns they "
                                    "involve and show it."));
    const QCommandLineOption screenshotOption(
        QStringLiteral("screenshot"),
        QCoreApplication::translate("CommandLine", "Save a PNG of the main window when the run finishes."),
        QStringLiteral("PNG"));
    const QCommandLineOption windowSizeOption(
        QStringLiteral("window-size"),
        QCoreApplication::translate("CommandLine", "Open the window at this size, e.g. 1024x700."),
        QStringLiteral("WxH"));
    const QCommandLineOption quitOption(
        QStringLiteral("quit"),
        QCoreApplication::translate("CommandLine", "Exit when the run (and screenshot) is done."));
    parser.addOptions({helpOption, versionOption, kOption, threadsOption, runOption, protectOption, qiOption,
                       riskOption, screenshotOption, windowSizeOption, quitOption});
    parser.addPositionalArgument(
        QStringLiteral("FILE"), QCoreApplication::translate("CommandLine", "A table (CSV, TSV) or a .qiscout project."),
        QStringLiteral("[FILE]"));

    CommandLineParseResult result;
    const auto fail = [&result](const QString& message) {
        result.output = message + QLatin1Char('\n');
        result.exitCode = 2;
        return result;
    };
    if (!parser.parse(arguments))
        return fail(parser.errorText());
    if (parser.isSet(helpOption)) {
        // Without a QCoreApplication the parser cannot know the program's name.
        result.output = parser.helpText().replace(QStringLiteral("<executable_name>"), QStringLiteral("qiscout"));
        return result;
    }
    if (parser.isSet(versionOption)) {
        result.output = QStringLiteral("qiscout " QISCOUT_VERSION "\n");
        return result;
    }
    CommandLineOptions options;
    const auto positional = parser.positionalArguments();
    if (positional.size() > 1)
        return fail(QCoreApplication::translate("CommandLine", "Only one FILE can be opened."));
    if (!positional.isEmpty())
        options.file = positional.front();
    if (parser.isSet(kOption)) {
        bool ok = false;
        const auto k = parser.value(kOption).toULongLong(&ok);
        if (!ok || k < 1)
            return fail(QCoreApplication::translate("CommandLine", "--k needs a whole number of at least 1."));
        options.k = k;
    }
    if (parser.isSet(threadsOption)) {
        bool ok = false;
        const int threads = parser.value(threadsOption).toInt(&ok);
        if (!ok || threads < 1)
            return fail(QCoreApplication::translate("CommandLine", "--threads needs a whole number of at least 1."));
        options.threads = threads;
    }
    if (parser.isSet(windowSizeOption)) {
        const auto parts = parser.value(windowSizeOption).split(QLatin1Char('x'));
        bool widthOk = false;
        bool heightOk = false;
        const int width = parts.size() == 2 ? parts[0].toInt(&widthOk) : 0;
        const int height = parts.size() == 2 ? parts[1].toInt(&heightOk) : 0;
        if (!widthOk || !heightOk || width < minimumWindowSide || height < minimumWindowSide)
            return fail(QCoreApplication::translate("CommandLine",
                                                    "--window-size needs WIDTHxHEIGHT in pixels, each at least %1.")
                            .arg(minimumWindowSide));
        options.windowSize = QSize(width, height);
    }
    options.run = parser.isSet(runOption);
    options.protect = parser.isSet(protectOption);
    options.risk = parser.isSet(riskOption);
    if (options.risk && options.protect)
        return fail(QCoreApplication::translate("CommandLine", "--risk and --protect cannot be combined."));
    for (const QString& value : parser.values(qiOption)) {
        const qsizetype equals = value.indexOf(QLatin1Char('='));
        QuasiIdentifierOption quasiIdentifier{equals < 0 ? value : value.left(equals),
                                              equals < 0 ? QString() : value.mid(equals + 1)};
        if (quasiIdentifier.column.isEmpty() || (equals >= 0 && quasiIdentifier.hierarchyFile.isEmpty()))
            return fail(QCoreApplication::translate("CommandLine", "--qi needs COLUMN or COLUMN=HIERARCHY.csv."));
        options.quasiIdentifiers << quasiIdentifier;
    }
    if (!options.quasiIdentifiers.isEmpty() && !parser.isSet(protectOption))
        return fail(QCoreApplication::translate("CommandLine", "--qi is only used with --protect."));
    options.screenshot = parser.value(screenshotOption);
    options.quit = parser.isSet(quitOption);
    if ((options.run || options.protect || options.risk || !options.screenshot.isEmpty()) && options.file.isEmpty())
        return fail(
            QCoreApplication::translate("CommandLine", "--run, --protect, --risk and --screenshot need a FILE."));
    result.options = options;
    return result;
}

} // namespace qiscout::ui
