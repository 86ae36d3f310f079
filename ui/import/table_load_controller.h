// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <atomic>
#include <memory>
#include <stop_token>

#include <QObject>
#include <QTimer>

#include "qiscout/core/io/table_loader.h"
#include "qiscout/core/table/encoded_table.h"

QT_BEGIN_NAMESPACE
class QThread;
QT_END_NAMESPACE

namespace qiscout::ui {

/// What a failed load reports: the error's sentence plus where it happened.
struct LoadFailure {
    QString message;
    QString file;
    /// 1-based; 0 when the error is about the whole file.
    quint64 line = 0;
    /// 1-based field; 0 when it does not apply.
    quint64 column = 0;
};

/// Loads one table at a time on the "TableLoad" thread; progress is polled at about 20 Hz, so the
/// loader's callback only stores two atomics. cancel() requests the stop directly.
/// Thread: lives on the GUI thread.
class TableLoadController : public QObject {
    Q_OBJECT

public:
    explicit TableLoadController(QObject* parent = nullptr);
    ~TableLoadController() override;

    /// Starts loading; a load already running is cancelled and its outcome dropped.
    void load(const QString& path, const core::LoadOptions& options);
    /// Stops the running load; loadCancelled follows.
    void cancel();
    [[nodiscard]] bool isLoading() const { return m_thread != nullptr; }

Q_SIGNALS:
    /// Bytes read so far out of the file's size.
    void progressChanged(quint64 bytesDone, quint64 bytesTotal);
    void tableLoaded(std::shared_ptr<const core::EncodedTable> table, const QString& path,
                     const core::LoadOptions& options);
    void loadFailed(const LoadFailure& failure);
    void loadCancelled();

private:
    struct Progress {
        std::atomic<std::uint64_t> done{0};
        std::atomic<std::uint64_t> total{0};
    };

    void finishThread();

    std::unique_ptr<QThread> m_thread;
    std::stop_source m_stop;
    std::shared_ptr<Progress> m_progress;
    QTimer m_progressTimer;
    quint64 m_generation = 0;
};

} // namespace qiscout::ui
