// SPDX-License-Identifier: GPL-3.0-or-later
// A streaming XML parser (expat) that hands elements over by local name, prefixes dropped.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace qiscout::core {

/// Receives the events of one XML document. Element and attribute names arrive without their
/// namespace prefix ("x:row" as "row"), which is all the workbook parts need.
class XmlHandler {
public:
    virtual ~XmlHandler() = default;
    /// `attributes` is expat's null-terminated name, value, name, value... array.
    virtual void startElement(std::string_view name, const char** attributes) = 0;
    virtual void endElement(std::string_view name) = 0;
    /// Character data, possibly in several pieces.
    virtual void characters(std::string_view text) = 0;
};

/// The value of the attribute with local name `name`, or nullptr.
[[nodiscard]] const char* xmlAttribute(const char** attributes, std::string_view name);

/// Feeds one document to a handler in pieces. Exceptions thrown by the handler pass through.
// Thread: used by one reader thread.
class XmlStream {
public:
    explicit XmlStream(XmlHandler& handler);
    ~XmlStream();
    XmlStream(const XmlStream&) = delete;
    XmlStream& operator=(const XmlStream&) = delete;

    /// Parses the next piece; false when the document is not well-formed (see error()), or when
    /// stop() was called.
    bool feed(std::string_view piece, bool last);
    /// Ends parsing early; feed() then returns false with stopped() true.
    void stop();
    [[nodiscard]] bool stopped() const { return m_stopped; }
    /// "line 3, column 17: mismatched tag" for the last failed feed().
    [[nodiscard]] std::string error() const;

private:
    void* m_parser = nullptr;
    XmlHandler& m_handler;
    bool m_stopped = false;
};

} // namespace qiscout::core
