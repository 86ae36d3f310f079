// SPDX-License-Identifier: GPL-3.0-or-later
// #14 point 14: threads, batch size and engine names were shown up front to a user who does not
// need them; they now sit under a collapsed "Advanced" section.
#include <QComboBox>
#include <QFormLayout>
#include <QLabel>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTest>
#include <QToolButton>

#include "parameters/parameters_panel.h"

using qiscout::ui::ParametersPanel;

class ParametersPanelTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void tuningStaysUnderACollapsedAdvancedSection()
    {
        ParametersPanel panel;
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        const auto shown = [&panel](QWidget* field) {
            auto* label = qobject_cast<QLabel*>(qobject_cast<QFormLayout*>(panel.layout())->labelForField(field));
            return field->isVisibleTo(&panel) && label != nullptr && label->isVisibleTo(&panel);
        };
        QVERIFY(shown(panel.kSpinBox()));
        QVERIFY(shown(panel.maxSetSizeSpinBox()));
        QVERIFY(!panel.advancedToggle()->isChecked());
        QVERIFY(!shown(panel.threadsSpinBox()));
        QVERIFY(!shown(panel.algorithmComboBox()));
        const int collapsedHeight = panel.sizeHint().height();

        // Open from the keyboard, as a user would: Tab reaches the toggle, Space opens it.
        panel.advancedToggle()->setFocus();
        QTest::keyClick(panel.advancedToggle(), Qt::Key_Space);
        QVERIFY(panel.advancedToggle()->isChecked());
        QVERIFY(shown(panel.threadsSpinBox()));
        QVERIFY(shown(panel.algorithmComboBox()));
        QVERIFY(panel.sizeHint().height() > collapsedHeight);
        QVERIFY(panel.advancedToggle()->focusPolicy() & Qt::TabFocus);

        // Collapsed again, the hidden values still make the request and still count as edits.
        panel.advancedToggle()->click();
        QVERIFY(!shown(panel.threadsSpinBox()));
        QSignalSpy edited(&panel, &ParametersPanel::parametersEdited);
        panel.threadsSpinBox()->setValue(1);
        QCOMPARE(edited.count(), panel.threadsSpinBox()->maximum() > 1 ? 1 : 0);
        QCOMPARE(panel.request().parameters.threads, 1);
    }

    // #17: how missing cells match changes the answer, so it is up front, explained, and round-trips
    // through setRequest (which a project's parameters go through).
    void missingCellSemanticsAreAChoiceUpFront()
    {
        ParametersPanel panel;
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        QComboBox* semantics = panel.missingSemanticsComboBox();
        QVERIFY(semantics->isVisibleTo(&panel));
        QVERIFY(!panel.advancedToggle()->isChecked());
        QCOMPARE(semantics->count(), 2);
        QVERIFY(semantics->toolTip().contains(QStringLiteral("wildcard")));
        QCOMPARE(panel.request().parameters.missingSemantics, qiscout::core::MissingSemantics::Value);

        QSignalSpy edited(&panel, &ParametersPanel::parametersEdited);
        semantics->setCurrentIndex(semantics->findData(static_cast<int>(qiscout::core::MissingSemantics::Wildcard)));
        QCOMPARE(edited.count(), 1);
        QCOMPARE(panel.request().parameters.missingSemantics, qiscout::core::MissingSemantics::Wildcard);
        QVERIFY(!semantics->itemData(semantics->currentIndex(), Qt::ToolTipRole).toString().isEmpty());

        qiscout::ui::SearchRequest request;
        request.parameters.missingSemantics = qiscout::core::MissingSemantics::Value;
        panel.setRequest(request);
        QCOMPARE(edited.count(), 1);
        QCOMPARE(panel.request().parameters.missingSemantics, qiscout::core::MissingSemantics::Value);
        request.parameters.missingSemantics = qiscout::core::MissingSemantics::Wildcard;
        panel.setRequest(request);
        QCOMPARE(panel.request().parameters.missingSemantics, qiscout::core::MissingSemantics::Wildcard);
    }
};

QTEST_MAIN(ParametersPanelTest)
#include "parameters_panel_test.moc"
