// SPDX-License-Identifier: GPL-3.0-or-later
// Helpers for the loader tests: throwaway files and error matchers.
#pragma once

#include <atomic>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>
#include <string_view>

#include <unistd.h>

#include "qiscout/core/io/table_loader.h"

namespace qiscout::test {

/// A file in the temporary directory, removed when the object goes out of scope.
class TempFile {
public:
    explicit TempFile(std::string_view contents, std::string_view suffix = ".csv")
    {
        static std::atomic<int> counter{0};
        m_path = (std::filesystem::temp_directory_path() / ("qiscout_loader_" + std::to_string(::getpid()) + "_" +
                                                            std::to_string(counter++) + std::string(suffix)))
                     .string();
        std::ofstream out(m_path, std::ios::binary);
        out.write(contents.data(), static_cast<std::streamsize>(contents.size()));
    }
    ~TempFile()
    {
        std::error_code ignored;
        std::filesystem::remove(m_path, ignored);
    }
    TempFile(const TempFile&) = delete;
    TempFile& operator=(const TempFile&) = delete;

    [[nodiscard]] const std::string& path() const { return m_path; }

private:
    std::string m_path;
};

/// The error a load that must fail throws. A load that succeeds throws std::logic_error instead,
/// which fails the test that expected the error.
inline core::LoadError loadFailure(const std::string& location, const core::LoadOptions& options = {})
{
    try {
        static_cast<void>(core::loadTable(location, options));
    } catch (const core::LoadError& error) {
        return error;
    }
    throw std::logic_error("loading " + location + " did not fail");
}

} // namespace qiscout::test
