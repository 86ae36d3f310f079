// SPDX-License-Identifier: GPL-3.0-or-later
// ProjectSession: projects restore roles by column name and know when the set-up has changed.
#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include "main/project_session.h"

using qiscout::core::ColumnRole;
using qiscout::core::encodeRows;
using qiscout::core::ProjectError;
using qiscout::ui::ProjectSession;
using qiscout::ui::Setup;

class ProjectSessionTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void rolesFollowTheColumnNamesWhenTheTableChangesShape()
    {
        QTemporaryDir folder;
        QVERIFY(folder.isValid());
        const QString tablePath = folder.filePath(QStringLiteral("people.csv"));
        const QString projectPath = folder.filePath(QStringLiteral("people.qiscout"));
        const auto saved = encodeRows({"id", "age", "zip", "diagnosis"}, {{"1", "30", "9000", "flu"}});
        Setup setup;
        setup.roles = {ColumnRole::DirectIdentifier, ColumnRole::QuasiIdentifier, ColumnRole::Ignored,
                       ColumnRole::Sensitive};
        setup.request.parameters.k = 4;
        setup.request.parameters.maxSetSize = 3;
        setup.request.algorithm = qiscout::core::Algorithm::Mtui;
        setup.request.parameters.missingSemantics = qiscout::core::MissingSemantics::Wildcard;
        setup.analysed = true;
        setup.risk = qiscout::core::RiskSettings{{"age", "diagnosis"}, 0.05, qiscout::core::SudaScoring::Ihsn, 3};

        ProjectSession writer;
        writer.save(projectPath, {tablePath, {}}, saved, setup);
        QCOMPARE(writer.path(), projectPath);
        QVERIFY(!writer.isModified(setup));

        ProjectSession reader;
        const auto source = reader.open(projectPath);
        QCOMPARE(QDir::cleanPath(source.path), QDir::cleanPath(tablePath));
        // The table gained a column and its columns moved: roles go by name, new columns are candidates.
        const auto reloaded = encodeRows({"zip", "sex", "diagnosis", "id", "age"}, {{"9000", "f", "flu", "1", "30"}});
        const auto restored = reader.restore(reloaded, Setup{});
        QVERIFY(restored.has_value());
        QVERIFY(restored->roles ==
                (std::vector<ColumnRole>{ColumnRole::Ignored, ColumnRole::QuasiIdentifier, ColumnRole::Sensitive,
                                         ColumnRole::DirectIdentifier, ColumnRole::QuasiIdentifier}));
        QCOMPARE(restored->request.parameters.k, 4ULL);
        QCOMPARE(restored->request.parameters.maxSetSize.value_or(0), 3);
        QVERIFY(restored->request.algorithm == qiscout::core::Algorithm::Mtui);
        QVERIFY(restored->request.parameters.missingSemantics == qiscout::core::MissingSemantics::Wildcard);
        // #14 point 13: the project says it had been analysed, so opening it runs the analysis again.
        QVERIFY(restored->analysed);
        // #16: the Risk step's set-up comes back as saved.
        QVERIFY(restored->risk == setup.risk);
        QVERIFY(!reader.isModified(*restored));

        Setup edited = *restored;
        edited.roles[1] = ColumnRole::Ignored;
        QVERIFY(reader.isModified(edited));
        edited.roles[1] = ColumnRole::QuasiIdentifier;
        QVERIFY(!reader.isModified(edited));
        // Running (or not) is no change to save.
        edited.analysed = false;
        QVERIFY(!reader.isModified(edited));
        edited.request.parameters.missingSemantics = qiscout::core::MissingSemantics::Value;
        QVERIFY(reader.isModified(edited));
        edited.request.parameters.missingSemantics = qiscout::core::MissingSemantics::Wildcard;
        QVERIFY(!reader.isModified(edited));
        edited.request.parameters.k = 5;
        QVERIFY(reader.isModified(edited));
        edited.request.parameters.k = 4;
        edited.risk->samplingFraction = 0.5;
        QVERIFY(reader.isModified(edited));
    }

    void aPlainTableStartsUnmodifiedAndHasNoProject()
    {
        ProjectSession session;
        const auto table = encodeRows({"a", "b"}, {{"1", "2"}});
        Setup defaults;
        defaults.roles = {ColumnRole::QuasiIdentifier, ColumnRole::QuasiIdentifier};
        QVERIFY(!session.restore(table, defaults));
        QVERIFY(session.path().isEmpty());
        QVERIFY(!session.isModified(defaults));
        Setup edited = defaults;
        edited.roles[0] = ColumnRole::Sensitive;
        QVERIFY(session.isModified(edited));
        QCOMPARE(session.suggestedPath(QStringLiteral("/data/survey.2024.csv")),
                 QStringLiteral("/data/survey.2024.qiscout"));
    }

    void aBrokenProjectChangesNothing()
    {
        QTemporaryDir folder;
        const QString path = folder.filePath(QStringLiteral("broken.qiscout"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("{ not json");
        file.close();
        ProjectSession session;
        QVERIFY_THROWS_EXCEPTION(ProjectError, std::ignore = session.open(path));
        QVERIFY(session.path().isEmpty());
        QVERIFY(!session.restore(encodeRows({"a"}, {{"1"}}), Setup{}));
    }
};

QTEST_APPLESS_MAIN(ProjectSessionTest)
#include "project_session_test.moc"
