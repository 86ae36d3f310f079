// SPDX-License-Identifier: GPL-3.0-or-later
#include "qiscout/core/lattice/column_set.h"

#include <algorithm>
#include <bit>

namespace qiscout::core {
namespace {

constexpr int bitsPerWord = column_words::bitsPerWord;

std::size_t wordOf(int column)
{
    return static_cast<std::size_t>(column) / bitsPerWord;
}

std::uint64_t bitOf(int column)
{
    return std::uint64_t{1} << (static_cast<unsigned>(column) % bitsPerWord);
}

} // namespace

ColumnSet::ColumnSet(const ColumnSet& other) : m_inline(other.m_inline), m_wordCount(other.m_wordCount)
{
    if (m_wordCount > 1) {
        m_heap = std::make_unique_for_overwrite<std::uint64_t[]>(m_wordCount);
        std::copy_n(other.m_heap.get(), m_wordCount, m_heap.get());
    }
}

ColumnSet::ColumnSet(ColumnSet&& other) noexcept
    : m_inline(other.m_inline)
    , m_heap(std::move(other.m_heap))
    , m_wordCount(other.m_wordCount)
{
    other.m_inline = 0;
    other.m_wordCount = 0;
}

ColumnSet& ColumnSet::operator=(const ColumnSet& other)
{
    if (this != &other)
        *this = ColumnSet(other);
    return *this;
}

ColumnSet& ColumnSet::operator=(ColumnSet&& other) noexcept
{
    m_inline = other.m_inline;
    m_heap = std::move(other.m_heap);
    m_wordCount = other.m_wordCount;
    other.m_inline = 0;
    other.m_wordCount = 0;
    return *this;
}

ColumnSet ColumnSet::zeroWords(std::size_t wordCount)
{
    ColumnSet set;
    set.m_wordCount = static_cast<std::uint32_t>(wordCount);
    if (wordCount > 1)
        set.m_heap = std::make_unique<std::uint64_t[]>(wordCount);
    return set;
}

void ColumnSet::trim() noexcept
{
    const std::uint64_t* words = data();
    std::uint32_t used = m_wordCount;
    while (used > 0 && words[used - 1] == 0)
        --used;
    if (m_wordCount > 1 && used <= 1) {
        m_inline = used == 1 ? words[0] : 0;
        m_heap.reset();
    }
    m_wordCount = used;
}

ColumnSet ColumnSet::single(int column)
{
    return ColumnSet{}.with(column);
}

ColumnSet ColumnSet::firstN(int count)
{
    if (count <= 0)
        return {};
    const std::size_t full = static_cast<std::size_t>(count) / bitsPerWord;
    const int rest = count % bitsPerWord;
    ColumnSet set = zeroWords(full + (rest > 0 ? 1 : 0));
    std::uint64_t* words = set.data();
    std::fill_n(words, full, ~std::uint64_t{0});
    if (rest > 0)
        words[full] = (std::uint64_t{1} << rest) - 1;
    return set;
}

ColumnSet ColumnSet::of(std::initializer_list<int> columns)
{
    return fromColumns(std::span<const int>(columns.begin(), columns.size()));
}

ColumnSet ColumnSet::fromColumns(std::span<const int> columns)
{
    if (columns.empty())
        return {};
    ColumnSet set = zeroWords(wordOf(*std::max_element(columns.begin(), columns.end())) + 1);
    std::uint64_t* words = set.data();
    for (const int column : columns)
        words[wordOf(column)] |= bitOf(column);
    return set;
}

ColumnSet ColumnSet::fromWords(std::span<const std::uint64_t> words)
{
    ColumnSet set = zeroWords(words.size());
    std::copy(words.begin(), words.end(), set.data());
    set.trim();
    return set;
}

int ColumnSet::size() const noexcept
{
    if (m_wordCount <= 1)
        return std::popcount(m_inline);
    return column_words::count(words());
}

bool ColumnSet::contains(int column) const noexcept
{
    const std::size_t word = wordOf(column);
    return column >= 0 && word < m_wordCount && (data()[word] & bitOf(column)) != 0;
}

bool ColumnSet::isSubsetOf(const ColumnSet& other) const noexcept
{
    if (m_wordCount <= 1 && other.m_wordCount <= 1)
        return (m_inline & ~other.m_inline) == 0;
    if (m_wordCount > other.m_wordCount)
        return false;
    const std::uint64_t* mine = data();
    const std::uint64_t* theirs = other.data();
    for (std::uint32_t i = 0; i < m_wordCount; ++i)
        if ((mine[i] & ~theirs[i]) != 0)
            return false;
    return true;
}

bool ColumnSet::intersects(const ColumnSet& other) const noexcept
{
    if (m_wordCount <= 1 && other.m_wordCount <= 1)
        return (m_inline & other.m_inline) != 0;
    const std::uint64_t* mine = data();
    const std::uint64_t* theirs = other.data();
    for (std::uint32_t i = 0; i < std::min(m_wordCount, other.m_wordCount); ++i)
        if ((mine[i] & theirs[i]) != 0)
            return true;
    return false;
}

ColumnSet ColumnSet::with(int column) const
{
    const std::size_t word = wordOf(column);
    if (word == 0 && m_wordCount <= 1) {
        ColumnSet set;
        set.m_inline = m_inline | bitOf(column);
        set.m_wordCount = 1;
        return set;
    }
    ColumnSet set = zeroWords(std::max<std::size_t>(m_wordCount, word + 1));
    std::copy_n(data(), m_wordCount, set.data());
    set.data()[word] |= bitOf(column);
    return set;
}

ColumnSet ColumnSet::without(int column) const
{
    if (!contains(column))
        return *this;
    ColumnSet set = *this;
    set.data()[wordOf(column)] &= ~bitOf(column);
    set.trim();
    return set;
}

ColumnSet ColumnSet::united(const ColumnSet& other) const
{
    if (m_wordCount <= 1 && other.m_wordCount <= 1) {
        ColumnSet set;
        set.m_inline = m_inline | other.m_inline;
        set.m_wordCount = set.m_inline != 0 ? 1 : 0;
        return set;
    }
    const ColumnSet& wider = m_wordCount >= other.m_wordCount ? *this : other;
    const ColumnSet& narrower = m_wordCount >= other.m_wordCount ? other : *this;
    ColumnSet set = wider;
    std::uint64_t* words = set.data();
    const std::uint64_t* theirs = narrower.data();
    for (std::uint32_t i = 0; i < narrower.m_wordCount; ++i)
        words[i] |= theirs[i];
    return set;
}

ColumnSet ColumnSet::intersected(const ColumnSet& other) const
{
    if (m_wordCount <= 1 && other.m_wordCount <= 1) {
        ColumnSet set;
        set.m_inline = m_inline & other.m_inline;
        set.m_wordCount = set.m_inline != 0 ? 1 : 0;
        return set;
    }
    const std::uint32_t common = std::min(m_wordCount, other.m_wordCount);
    ColumnSet set = zeroWords(common);
    std::uint64_t* words = set.data();
    const std::uint64_t* mine = data();
    const std::uint64_t* theirs = other.data();
    for (std::uint32_t i = 0; i < common; ++i)
        words[i] = mine[i] & theirs[i];
    set.trim();
    return set;
}

ColumnSet ColumnSet::minus(const ColumnSet& other) const
{
    if (m_wordCount <= 1 && other.m_wordCount <= 1) {
        ColumnSet set;
        set.m_inline = m_inline & ~other.m_inline;
        set.m_wordCount = set.m_inline != 0 ? 1 : 0;
        return set;
    }
    ColumnSet set = *this;
    std::uint64_t* words = set.data();
    const std::uint64_t* theirs = other.data();
    for (std::uint32_t i = 0; i < std::min(m_wordCount, other.m_wordCount); ++i)
        words[i] &= ~theirs[i];
    set.trim();
    return set;
}

int ColumnSet::first() const noexcept
{
    const std::uint64_t* words = data();
    std::uint32_t i = 0;
    while (words[i] == 0)
        ++i;
    return static_cast<int>(i) * bitsPerWord + std::countr_zero(words[i]);
}

int ColumnSet::last() const noexcept
{
    return static_cast<int>(m_wordCount) * bitsPerWord - 1 - std::countl_zero(data()[m_wordCount - 1]);
}

std::vector<int> ColumnSet::columns() const
{
    std::vector<int> result;
    result.reserve(static_cast<std::size_t>(size()));
    forEach([&result](int column) { result.push_back(column); });
    return result;
}

bool operator==(const ColumnSet& a, const ColumnSet& b) noexcept
{
    if (a.m_wordCount != b.m_wordCount)
        return false;
    const std::uint64_t* left = a.data();
    return std::equal(left, left + a.m_wordCount, b.data());
}

bool sizeThenLexLess(const ColumnSet& a, const ColumnSet& b)
{
    return column_words::sizeThenLexLess(a.words(), b.words());
}

std::string columnLabel(int column, const std::vector<std::string>& columnNames)
{
    const auto position = static_cast<std::size_t>(column);
    return position < columnNames.size() ? columnNames[position] : "#" + std::to_string(column + 1);
}

std::vector<std::string> columnLabels(const ColumnSet& set, const std::vector<std::string>& columnNames)
{
    std::vector<std::string> labels;
    for (const int column : set.columns())
        labels.push_back(columnLabel(column, columnNames));
    return labels;
}

std::string describe(const ColumnSet& set, const std::vector<std::string>& columnNames)
{
    std::string text;
    appendDescription(text, set, columnNames);
    return text;
}

void appendDescription(std::string& out, const ColumnSet& set, const std::vector<std::string>& columnNames)
{
    out += '{';
    bool first = true;
    set.forEach([&](int column) {
        if (!first)
            out += ", ";
        first = false;
        const auto position = static_cast<std::size_t>(column);
        if (position < columnNames.size())
            out += columnNames[position];
        else
            out += columnLabel(column, columnNames);
    });
    out += '}';
}

} // namespace qiscout::core
