// SPDX-License-Identifier: GPL-3.0-or-later
// Helpers for the loader tests: throwaway files and error matchers.
#pragma once

#include <atomic>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>

#include <unistd.h>

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

} // namespace qiscout::test
