// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <vector>

#include "qiscout/core/table/missing_semantics.h"

#include "charts/chart_widget.h"

namespace qiscout::ui {

/// Histogram of the group sizes on one column set: how many groups of people share the same
/// values, by group size; groups of at most k people (the re-identifiable ones) are highlighted.
class ClassSizeHistogramChart : public ChartWidget {
    Q_OBJECT

public:
    explicit ClassSizeHistogramChart(QWidget* parent = nullptr);

    /// sizesOfClasses: one entry per group of rows equal on the set (its class's row count), any
    /// order. Under the wildcard semantics a group's class is everyone who matches it, so the texts
    /// say so.
    void setClassSizes(const std::vector<std::uint32_t>& sizesOfClasses, std::uint64_t k,
                       const QString& setDescription = {},
                       core::MissingSemantics semantics = core::MissingSemantics::Value);
    void clear();

    /// One histogram bin: classes with lowSize..highSize rows.
    struct Bin {
        std::uint64_t lowSize = 0;
        std::uint64_t highSize = 0;
        std::uint64_t classes = 0;
        bool atMostK = false;
    };
    /// The bins shown, smallest sizes first; for tests.
    [[nodiscard]] const std::vector<Bin>& bins() const;

protected:
    void colourSeries() override;

private:
    void rebuild();

    std::vector<Bin> m_bins;
    std::uint64_t m_k = 0;
    QString m_setDescription;
    core::MissingSemantics m_semantics = core::MissingSemantics::Value;
};

} // namespace qiscout::ui
