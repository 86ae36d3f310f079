// SPDX-License-Identifier: GPL-3.0-or-later
#include "io/excel/xml_stream.h"

#include <algorithm>
#include <climits>
#include <exception>
#include <new>
#include <stdexcept>
#include <utility>

#include <expat.h>

namespace qiscout::core {
namespace {

std::string_view localName(const char* name)
{
    const std::string_view text(name);
    const std::size_t colon = text.rfind(':');
    return colon == std::string_view::npos ? text : text.substr(colon + 1);
}

/// The handler and any exception it threw, which must not unwind through expat's C frames.
struct Context {
    XmlHandler* handler = nullptr;
    XML_Parser parser = nullptr;
    std::exception_ptr failure;
};

template <typename Call>
void guarded(void* data, const Call& call)
{
    auto& context = *static_cast<Context*>(data);
    if (context.failure)
        return;
    try {
        call(*context.handler);
    } catch (...) {
        context.failure = std::current_exception();
        XML_StopParser(context.parser, XML_FALSE);
    }
}

void onStart(void* data, const XML_Char* name, const XML_Char** attributes)
{
    guarded(data, [&](XmlHandler& handler) { handler.startElement(localName(name), attributes); });
}

void onEnd(void* data, const XML_Char* name)
{
    guarded(data, [&](XmlHandler& handler) { handler.endElement(localName(name)); });
}

void onCharacters(void* data, const XML_Char* text, int length)
{
    guarded(data,
            [&](XmlHandler& handler) { handler.characters(std::string_view(text, static_cast<std::size_t>(length))); });
}

} // namespace

const char* xmlAttribute(const char** attributes, std::string_view name)
{
    for (const char** attribute = attributes; attribute != nullptr && *attribute != nullptr; attribute += 2)
        if (localName(attribute[0]) == name)
            return attribute[1];
    return nullptr;
}

XmlStream::XmlStream(XmlHandler& handler) : m_handler(handler)
{
    XML_Parser parser = XML_ParserCreate("UTF-8");
    if (parser == nullptr)
        throw std::bad_alloc();
    auto* context = new Context{&m_handler, parser, nullptr};
    XML_SetUserData(parser, context);
    XML_SetElementHandler(parser, onStart, onEnd);
    XML_SetCharacterDataHandler(parser, onCharacters);
    m_parser = parser;
}

XmlStream::~XmlStream()
{
    auto parser = static_cast<XML_Parser>(m_parser);
    delete static_cast<Context*>(XML_GetUserData(parser));
    XML_ParserFree(parser);
}

bool XmlStream::feed(std::string_view piece, bool last)
{
    auto parser = static_cast<XML_Parser>(m_parser);
    auto& context = *static_cast<Context*>(XML_GetUserData(parser));
    // Pieces come from a 64 KiB buffer, far below INT_MAX.
    const XML_Status status =
        XML_Parse(parser, piece.data(), static_cast<int>(std::min<std::size_t>(piece.size(), INT_MAX)), last ? 1 : 0);
    if (context.failure)
        std::rethrow_exception(std::exchange(context.failure, nullptr));
    if (status == XML_STATUS_ERROR && XML_GetErrorCode(parser) == XML_ERROR_ABORTED)
        m_stopped = true;
    return status != XML_STATUS_ERROR;
}

void XmlStream::stop()
{
    XML_StopParser(static_cast<XML_Parser>(m_parser), XML_FALSE);
}

std::string XmlStream::error() const
{
    auto parser = static_cast<XML_Parser>(m_parser);
    return "line " + std::to_string(XML_GetCurrentLineNumber(parser)) + ", column " +
           std::to_string(XML_GetCurrentColumnNumber(parser) + 1) + ": " + XML_ErrorString(XML_GetErrorCode(parser));
}

} // namespace qiscout::core
