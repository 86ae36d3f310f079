// SPDX-License-Identifier: GPL-3.0-or-later
#include "output_files.h"

#include <iostream>

#include <sys/stat.h>

#include "qiscout/core/io/reading/source_format.h"
#include "qiscout/core/util/cancellation.h"

#include "command.h"

namespace qiscout::cli {

int checkOutputPaths(const std::vector<std::string>& outputs, const std::vector<std::string>& inputs)
{
    for (const std::string& output : outputs) {
        if (output.empty() || output == "-")
            continue;
        std::filesystem::path destination;
        try {
            destination = core::writeDestination(output);
        } catch (const core::FileWriteError& error) {
            std::cerr << QISCOUT_PROGRAM ": " << error.what() << '\n';
            return exitInputError;
        }
        // A file that does not exist yet cannot be one that is read.
        struct stat written {};
        if (::stat(destination.c_str(), &written) != 0)
            continue;
        for (const std::string& input : inputs) {
            // A connection string names no file; stat, unlike detecting the format, never opens
            // the input (a FIFO would block).
            struct stat read {};
            if (::stat(core::sourceFilePath(input).c_str(), &read) == 0 && read.st_dev == written.st_dev &&
                read.st_ino == written.st_ino) {
                std::cerr << QISCOUT_PROGRAM ": refusing to write " << output << ": it is the input " << input
                          << (output == input ? "" : " (the same file)") << "; choose another output file.\n";
                return exitUsage;
            }
        }
    }
    return exitOk;
}

OutputFiles::OutputFiles(std::stop_token stop) : m_stop(std::move(stop)) {}

void OutputFiles::prepare(const std::string& path, std::string_view bytes)
{
    core::AtomicFileWriter& writer = open(path);
    try {
        writer.write(bytes);
        writer.flush();
        core::throwIfStopRequested(m_stop, "Writing " + path);
    } catch (...) {
        // Discarded already; the other files may still go into place.
        m_ready.pop_back();
        throw;
    }
}

core::AtomicFileWriter& OutputFiles::open(const std::string& path)
{
    // The writers do not hold the token: once commit() has begun, every file goes into place.
    core::throwIfStopRequested(m_stop, "Writing " + path);
    m_ready.push_back(std::make_unique<core::AtomicFileWriter>(path));
    return *m_ready.back();
}

bool OutputFiles::prepareJson(const std::string& target, std::string document)
{
    if (target == "-") {
        m_standardOutput = std::move(document);
        return true;
    }
    try {
        prepare(target, document);
    } catch (const core::FileWriteError& error) {
        std::cerr << QISCOUT_PROGRAM ": " << error.what() << '\n';
        return false;
    }
    return true;
}

bool OutputFiles::commit()
{
    // The last moment a stop keeps the old files: the renames below take microseconds, and a
    // stop among them would leave some files new and others old.
    core::throwIfStopRequested(m_stop, "Writing the output files");
    bool allWritten = true;
    for (const auto& writer : m_ready) {
        try {
            writer->commit();
            std::cerr << QISCOUT_PROGRAM ": wrote " << writer->target().string() << '\n';
        } catch (const core::FileWriteError& error) {
            std::cerr << QISCOUT_PROGRAM ": " << error.what() << '\n';
            allWritten = false;
        }
    }
    m_ready.clear();
    if (m_standardOutput) {
        std::cout << *m_standardOutput << std::flush;
        m_standardOutput.reset();
    }
    return allWritten;
}

} // namespace qiscout::cli
