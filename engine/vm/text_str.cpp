// Python str methods and int()/float() parsing over UTF-8 (see text_str.h for what "character"
// means here). The algorithms follow CPython 3.11's observable behaviour - index normalisation,
// maxsplit, the empty-needle cases, center()'s odd padding - but are written from scratch.
#include "vm/text_str.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <limits>

#include "support/error.h"
#include "support/pyrepr.h"
#include "support/unicode.h"

namespace kiln::vm::text {

namespace {

// Substring search in linear time. std::string_view::find compares the whole needle at each place
// its first byte occurs: 'a' * 10**8 searched for 'a' * 10**6 + 'b' is 10**14 steps, a hang that no
// instruction budget sees (it is one builtin call). CPython's fastsearch switches to the two-way
// algorithm for long needles; a long needle here goes through Knuth-Morris-Pratt, linear in
// haystack plus needle on every input, its failure table built once per operation (count, replace
// and split search repeatedly). (std::boyer_moore_searcher would do, but the web build's libc++
// does not ship it.)
class SubFinder {
public:
    explicit SubFinder(std::string_view needle) : needle_(needle) {}
    size_t find(std::string_view hay, size_t pos = 0) {
        if (pos > hay.size()) return std::string_view::npos;
        if (needle_.size() < kLong || hay.size() - pos < kLongHay) return hay.find(needle_, pos);
        if (fail_.empty()) build();
        size_t k = 0;  // needle bytes matched so far
        for (size_t i = pos; i < hay.size(); ++i) {
            while (k > 0 && hay[i] != needle_[k]) k = fail_[k - 1];
            if (hay[i] == needle_[k] && ++k == needle_.size()) return i + 1 - k;
        }
        return std::string_view::npos;
    }

private:
    // fail_[j]: length of the longest proper prefix of needle[0..j] that is also its suffix.
    void build() {
        fail_.assign(needle_.size(), 0);
        size_t k = 0;
        for (size_t j = 1; j < needle_.size(); ++j) {
            while (k > 0 && needle_[j] != needle_[k]) k = fail_[k - 1];
            if (needle_[j] == needle_[k]) ++k;
            fail_[j] = k;
        }
    }
    static constexpr size_t kLong = 32, kLongHay = 4096;
    std::string_view needle_;
    std::vector<size_t> fail_;
};

// A string decoded into code points, with the byte offset of each (plus s.size() at the end), for
// the methods that walk characters backwards or need to cut at character boundaries.
struct Decoded {
    std::vector<char32_t> cp;
    std::vector<size_t> off;  // off.size() == cp.size() + 1
};

Decoded decode(std::string_view s) {
    Decoded d;
    d.cp.reserve(s.size());
    d.off.reserve(s.size() + 1);
    size_t i = 0;
    while (i < s.size()) {
        d.off.push_back(i);
        d.cp.push_back(utf8_next(s, i));
    }
    d.off.push_back(s.size());
    return d;
}

bool ascii_upper(char32_t c) { return c >= 'A' && c <= 'Z'; }
bool ascii_lower(char32_t c) { return c >= 'a' && c <= 'z'; }
bool ascii_alpha(char32_t c) { return ascii_upper(c) || ascii_lower(c); }
bool ascii_digit(char32_t c) { return c >= '0' && c <= '9'; }
char32_t to_upper(char32_t c) { return ascii_lower(c) ? c - 32 : c; }
char32_t to_lower(char32_t c) { return ascii_upper(c) ? c + 32 : c; }

// Maps every code point of s through f (ASCII-only mappings keep the byte length, so bytes >= 0x80
// are copied untouched).
template <typename F>
std::string map_ascii(std::string_view s, F f) {
    std::string out(s);
    for (char& ch : out) {
        unsigned char c = static_cast<unsigned char>(ch);
        if (c < 0x80) ch = static_cast<char>(f(c));
    }
    return out;
}

// CPython's ADJUST_INDICES: slice-style normalisation of optional start/end against length len.
// end is clamped to [0, len]; start is only clamped below (a start past the end means "no match").
void adjust_indices(std::optional<int64_t> start, std::optional<int64_t> end, int64_t len, int64_t& lo,
                    int64_t& hi) {
    hi = end ? *end : len;
    if (hi > len) hi = len;
    else if (hi < 0) hi = std::max<int64_t>(hi + len, 0);
    lo = start ? *start : 0;
    if (lo < 0) lo = std::max<int64_t>(lo + len, 0);
}

// Code-point view of a string for the searching methods: length and index <-> byte conversions,
// O(1) for ASCII strings.
struct Indexer {
    std::string_view s;
    bool ascii;
    int64_t len;
    explicit Indexer(std::string_view text)
        : s(text),
          ascii(is_ascii(text)),
          len(ascii ? static_cast<int64_t>(text.size()) : utf8_length(text)) {}
    size_t byte(int64_t k) const { return ascii ? static_cast<size_t>(std::min(k, len)) : utf8_offset(s, k); }
    int64_t index(size_t b) const {
        return ascii ? static_cast<int64_t>(b) : utf8_length(s.substr(0, b));
    }
};

[[noreturn]] void empty_separator() { KILN_FAIL(ValueError, "empty separator"); }

// Whitespace accepted around int() and float() literals: CPython maps non-ASCII spaces to ' ' and
// then skips only the C-locale spaces, so U+001C..U+001F (str whitespace) are not skipped there.
bool is_number_space(char32_t c) { return is_space(c) && !(c >= 0x1c && c <= 0x1f); }

std::string_view strip_number_spaces(std::string_view s) {
    Decoded d = decode(s);
    size_t lo = 0, hi = d.cp.size();
    while (lo < hi && is_number_space(d.cp[lo])) ++lo;
    while (hi > lo && is_number_space(d.cp[hi - 1])) --hi;
    return s.substr(d.off[lo], d.off[hi] - d.off[lo]);
}

// repr() of s cut to 200 characters, as CPython's "%.200R" does in int()'s message.
std::string repr_200(std::string_view s) {
    std::string r = py_str_repr(std::string(s));
    return std::string(utf8_prefix(r, 200));
}

}  // namespace

// ---- UTF-8 helpers ---------------------------------------------------------------------------------

char32_t utf8_next(std::string_view s, size_t& i) {
    const unsigned char c = static_cast<unsigned char>(s[i]);
    if (c < 0x80) {
        ++i;
        return c;
    }
    int extra = 0;
    char32_t cp = 0, min = 0;
    if (c >= 0xC2 && c <= 0xDF) extra = 1, cp = c & 0x1F, min = 0x80;
    else if (c >= 0xE0 && c <= 0xEF) extra = 2, cp = c & 0x0F, min = 0x800;
    else if (c >= 0xF0 && c <= 0xF4) extra = 3, cp = c & 0x07, min = 0x10000;
    if (extra == 0 || i + extra >= s.size()) {
        ++i;  // a stray or truncated byte: one character with the byte's value
        return c;
    }
    for (int k = 1; k <= extra; ++k) {
        const unsigned char cc = static_cast<unsigned char>(s[i + k]);
        if ((cc & 0xC0) != 0x80) {
            ++i;
            return c;
        }
        cp = (cp << 6) | (cc & 0x3F);
    }
    if (cp < min || cp > 0x10FFFF) {  // overlong or out of range: not a valid sequence
        ++i;
        return c;
    }
    i += extra + 1;
    return cp;
}

int64_t utf8_length(std::string_view s) {
    int64_t n = 0;
    size_t i = 0;
    while (i < s.size()) {
        if (static_cast<unsigned char>(s[i]) < 0x80) ++i;
        else utf8_next(s, i);
        ++n;
    }
    return n;
}


std::string utf8_encode(char32_t cp) {
    std::string out;
    utf8_append(out, cp);
    return out;
}

std::u32string to_utf32(std::string_view s) {
    std::u32string out;
    out.reserve(s.size());
    size_t i = 0;
    while (i < s.size()) out += utf8_next(s, i);
    return out;
}

std::string from_utf32(std::u32string_view s) {
    std::string out;
    out.reserve(s.size());
    for (char32_t c : s) utf8_append(out, c);
    return out;
}

size_t utf8_offset(std::string_view s, int64_t k) {
    size_t i = 0;
    for (int64_t n = 0; n < k && i < s.size(); ++n) utf8_next(s, i);
    return i;
}

std::string_view utf8_prefix(std::string_view s, int64_t n) { return s.substr(0, utf8_offset(s, n)); }

bool is_space(char32_t c) {
    if (c < 0x80) return c == ' ' || (c >= 0x09 && c <= 0x0D) || (c >= 0x1C && c <= 0x1F);
    return c == 0x85 || c == 0xA0 || c == 0x1680 || (c >= 0x2000 && c <= 0x200A) || c == 0x2028 ||
           c == 0x2029 || c == 0x202F || c == 0x205F || c == 0x3000;
}

// ---- splitting and stripping ------------------------------------------------------------------------

std::vector<std::string> split(std::string_view s, std::optional<std::string_view> sep, int64_t maxsplit) {
    int64_t budget = maxsplit < 0 ? std::numeric_limits<int64_t>::max() : maxsplit;
    std::vector<std::string> out;
    if (sep) {
        if (sep->empty()) empty_separator();
        size_t pos = 0;
        SubFinder finder(*sep);
        while (budget-- > 0) {
            size_t hit = finder.find(s, pos);
            if (hit == std::string_view::npos) break;
            out.emplace_back(s.substr(pos, hit - pos));
            pos = hit + sep->size();
        }
        out.emplace_back(s.substr(pos));
        return out;
    }
    // Whitespace runs: pieces are never empty; once maxsplit pieces are cut, the rest (minus its
    // leading whitespace) is the last piece, trailing whitespace included.
    Decoded d = decode(s);
    const size_t n = d.cp.size();
    size_t i = 0;
    while (budget-- > 0) {
        while (i < n && is_space(d.cp[i])) ++i;
        if (i == n) break;
        size_t j = i;
        while (i < n && !is_space(d.cp[i])) ++i;
        out.emplace_back(s.substr(d.off[j], d.off[i] - d.off[j]));
    }
    while (i < n && is_space(d.cp[i])) ++i;
    if (i < n) out.emplace_back(s.substr(d.off[i]));
    return out;
}

std::vector<std::string> rsplit(std::string_view s, std::optional<std::string_view> sep, int64_t maxsplit) {
    int64_t budget = maxsplit < 0 ? std::numeric_limits<int64_t>::max() : maxsplit;
    std::vector<std::string> out;
    if (sep) {
        if (sep->empty()) empty_separator();
        size_t end = s.size();  // the piece being built is s[..end)
        while (budget-- > 0 && end >= sep->size()) {
            size_t hit = s.substr(0, end).rfind(*sep);
            if (hit == std::string_view::npos) break;
            out.emplace_back(s.substr(hit + sep->size(), end - hit - sep->size()));
            end = hit;
        }
        out.emplace_back(s.substr(0, end));
        std::reverse(out.begin(), out.end());
        return out;
    }
    Decoded d = decode(s);
    int64_t i = static_cast<int64_t>(d.cp.size()) - 1;
    while (budget-- > 0) {
        while (i >= 0 && is_space(d.cp[i])) --i;
        if (i < 0) break;
        int64_t j = i;
        while (i >= 0 && !is_space(d.cp[i])) --i;
        out.emplace_back(s.substr(d.off[i + 1], d.off[j + 1] - d.off[i + 1]));
    }
    while (i >= 0 && is_space(d.cp[i])) --i;
    if (i >= 0) out.emplace_back(s.substr(0, d.off[i + 1]));
    std::reverse(out.begin(), out.end());
    return out;
}

std::vector<std::string> splitlines(std::string_view s, bool keepends) {
    auto is_break = [](char32_t c) {
        return c == '\n' || c == '\r' || c == 0x0B || c == 0x0C || c == 0x1C || c == 0x1D || c == 0x1E ||
               c == 0x85 || c == 0x2028 || c == 0x2029;
    };
    std::vector<std::string> out;
    size_t i = 0, line_start = 0;
    while (i < s.size()) {
        size_t here = i;
        char32_t c = utf8_next(s, i);
        if (!is_break(c)) continue;
        if (c == '\r' && i < s.size() && s[i] == '\n') ++i;  // \r\n is one boundary
        out.emplace_back(s.substr(line_start, (keepends ? i : here) - line_start));
        line_start = i;
    }
    if (line_start < s.size()) out.emplace_back(s.substr(line_start));
    return out;
}

namespace {

// Shared by strip/lstrip/rstrip: which code points go, and from which ends.
std::string strip_impl(std::string_view s, std::optional<std::string_view> chars, bool left, bool right) {
    std::vector<char32_t> set;
    if (chars) {
        size_t i = 0;
        while (i < chars->size()) set.push_back(utf8_next(*chars, i));
    }
    auto strippable = [&](char32_t c) {
        return chars ? std::find(set.begin(), set.end(), c) != set.end() : is_space(c);
    };
    Decoded d = decode(s);
    size_t lo = 0, hi = d.cp.size();
    if (left)
        while (lo < hi && strippable(d.cp[lo])) ++lo;
    if (right)
        while (hi > lo && strippable(d.cp[hi - 1])) --hi;
    return std::string(s.substr(d.off[lo], d.off[hi] - d.off[lo]));
}

}  // namespace

std::string strip(std::string_view s, std::optional<std::string_view> chars) {
    return strip_impl(s, chars, true, true);
}
std::string lstrip(std::string_view s, std::optional<std::string_view> chars) {
    return strip_impl(s, chars, true, false);
}
std::string rstrip(std::string_view s, std::optional<std::string_view> chars) {
    return strip_impl(s, chars, false, true);
}

std::array<std::string, 3> partition(std::string_view s, std::string_view sep) {
    if (sep.empty()) empty_separator();
    size_t hit = SubFinder(sep).find(s);
    if (hit == std::string_view::npos) return {std::string(s), "", ""};
    return {std::string(s.substr(0, hit)), std::string(sep), std::string(s.substr(hit + sep.size()))};
}

std::array<std::string, 3> rpartition(std::string_view s, std::string_view sep) {
    if (sep.empty()) empty_separator();
    size_t hit = s.rfind(sep);
    if (hit == std::string_view::npos) return {"", "", std::string(s)};
    return {std::string(s.substr(0, hit)), std::string(sep), std::string(s.substr(hit + sep.size()))};
}

// ---- searching ----------------------------------------------------------------------------------------

std::string replace(std::string_view s, std::string_view old, std::string_view replacement, int64_t count) {
    if (count < 0) count = std::numeric_limits<int64_t>::max();
    std::string out;
    if (old.empty()) {
        // The empty string matches before every character and at the end: "ab" -> R a R b R.
        size_t i = 0;
        while (count > 0) {
            out += replacement;
            --count;
            if (i == s.size()) return out;
            size_t j = i;
            utf8_next(s, j);
            out += s.substr(i, j - i);
            i = j;
        }
        out += s.substr(i);
        return out;
    }
    size_t pos = 0;
    SubFinder finder(old);
    while (count-- > 0) {
        size_t hit = finder.find(s, pos);
        if (hit == std::string_view::npos) break;
        out += s.substr(pos, hit - pos);
        out += replacement;
        pos = hit + old.size();
    }
    out += s.substr(pos);
    return out;
}

namespace {

// find/rfind over code-point slice [start, end): CPython returns start (find) or end (rfind) for an
// empty needle, and -1 whenever the slice is shorter than the needle.
int64_t find_impl(std::string_view s, std::string_view sub, std::optional<int64_t> start,
                  std::optional<int64_t> end, bool reverse) {
    Indexer ix(s);
    int64_t lo, hi;
    adjust_indices(start, end, ix.len, lo, hi);
    const int64_t sub_len = is_ascii(sub) ? static_cast<int64_t>(sub.size()) : utf8_length(sub);
    if (hi - lo < sub_len) return -1;
    if (sub_len == 0) return reverse ? hi : lo;
    const size_t b_lo = ix.byte(lo), b_hi = ix.byte(hi);
    std::string_view window = s.substr(b_lo, b_hi - b_lo);
    size_t hit = reverse ? window.rfind(sub) : SubFinder(sub).find(window);
    if (hit == std::string_view::npos) return -1;
    return ix.index(b_lo + hit);
}

}  // namespace

int64_t find(std::string_view s, std::string_view sub, std::optional<int64_t> start,
             std::optional<int64_t> end) {
    return find_impl(s, sub, start, end, false);
}

int64_t rfind(std::string_view s, std::string_view sub, std::optional<int64_t> start,
              std::optional<int64_t> end) {
    return find_impl(s, sub, start, end, true);
}

int64_t index(std::string_view s, std::string_view sub, std::optional<int64_t> start,
              std::optional<int64_t> end) {
    int64_t r = find_impl(s, sub, start, end, false);
    if (r < 0) KILN_FAIL(ValueError, "substring not found");
    return r;
}

int64_t rindex(std::string_view s, std::string_view sub, std::optional<int64_t> start,
               std::optional<int64_t> end) {
    int64_t r = find_impl(s, sub, start, end, true);
    if (r < 0) KILN_FAIL(ValueError, "substring not found");
    return r;
}

int64_t count(std::string_view s, std::string_view sub, std::optional<int64_t> start,
              std::optional<int64_t> end) {
    Indexer ix(s);
    int64_t lo, hi;
    adjust_indices(start, end, ix.len, lo, hi);
    const int64_t sub_len = is_ascii(sub) ? static_cast<int64_t>(sub.size()) : utf8_length(sub);
    if (hi - lo < sub_len) return 0;
    if (sub_len == 0) return hi - lo + 1;  // one empty match between each pair of characters
    const size_t b_lo = ix.byte(lo), b_hi = ix.byte(hi);
    std::string_view window = s.substr(b_lo, b_hi - b_lo);
    int64_t n = 0;
    // Non-overlapping matches, left to right.
    SubFinder finder(sub);
    size_t pos = finder.find(window);
    while (pos != std::string_view::npos) {
        ++n;
        pos = finder.find(window, pos + sub.size());
    }
    return n;
}

namespace {

// CPython's tailmatch: the needle must fit inside the normalised slice (so an empty prefix fails
// when start is past the end), then compare at the slice's start or end.
bool tail_match(std::string_view s, std::string_view sub, std::optional<int64_t> start,
                std::optional<int64_t> end, bool at_end) {
    Indexer ix(s);
    int64_t lo, hi;
    adjust_indices(start, end, ix.len, lo, hi);
    const int64_t sub_len = is_ascii(sub) ? static_cast<int64_t>(sub.size()) : utf8_length(sub);
    if (hi - sub_len < lo) return false;
    if (sub_len == 0) return true;
    const size_t b = at_end ? ix.byte(hi - sub_len) : ix.byte(lo);
    return s.substr(b, sub.size()) == sub;
}

}  // namespace

bool startswith(std::string_view s, std::string_view prefix, std::optional<int64_t> start,
                std::optional<int64_t> end) {
    return tail_match(s, prefix, start, end, false);
}

bool endswith(std::string_view s, std::string_view suffix, std::optional<int64_t> start,
              std::optional<int64_t> end) {
    return tail_match(s, suffix, start, end, true);
}

// ---- case and classification ---------------------------------------------------------------------------
// Pure-ASCII text (is_ascii reads eight bytes at a time) runs byte loops that never touch the
// Unicode tables, so it costs what it did before Unicode; other text goes through support/unicode.h.
// The predicates test ASCII bytes inline and decode only the others.

namespace {

// A byte that did not decode (see the top of text_str.h): case mappings copy it unchanged.
bool malformed_at(const Decoded& d, size_t i) { return d.cp[i] >= 0x80 && d.off[i + 1] - d.off[i] == 1; }

// Maps every character of s with f(decoded, index, out) -> count (1 to 3 code points).
template <typename F>
std::string map_chars(std::string_view s, F f) {
    const Decoded d = decode(s);
    std::string out;
    out.reserve(s.size() + 8);
    char32_t mapped[3];
    for (size_t i = 0; i < d.cp.size(); ++i) {
        if (malformed_at(d, i)) {
            out += s[d.off[i]];
            continue;
        }
        const int n = f(d, i, mapped);
        for (int k = 0; k < n; ++k) utf8_append(out, mapped[k]);
    }
    return out;
}

// ASCII strings through `ascii`, byte by byte (a loop the compiler vectorizes); anything else
// through map_chars(f).
template <typename A, typename F>
std::string map_case(std::string_view s, A ascii, F f) {
    if (!is_ascii(s)) return map_chars(s, f);
    std::string out(s);
    for (char& ch : out) ch = static_cast<char>(ascii(static_cast<unsigned char>(ch)));
    return out;
}

int upper_of(char32_t c, char32_t out[3]) {
    if (c < 0x80) return out[0] = to_upper(c), 1;
    return unicode::to_upper(c, out);
}

int title_of(char32_t c, char32_t out[3]) {
    if (c < 0x80) return out[0] = to_upper(c), 1;
    return unicode::to_title(c, out);
}

// Cased: the ASCII letters, and outside ASCII what Unicode's derived property says ('Ⓐ', 'ª').
bool cased(char32_t c) { return c < 0x80 ? ascii_alpha(c) : unicode::is_cased(c); }

// lower() of the character at i, with Unicode's Final_Sigma context for 'Σ': it becomes 'ς' when a
// cased letter precedes it and none follows (case-ignorable characters such as apostrophes and
// combining marks are skipped on both sides), else 'σ'.
int lower_at(const Decoded& d, size_t i, char32_t out[3]) {
    const char32_t c = d.cp[i];
    if (c < 0x80) return out[0] = to_lower(c), 1;
    if (c != 0x3A3) return unicode::to_lower(c, out);
    size_t j = i;
    while (j > 0 && unicode::is_case_ignorable(d.cp[j - 1])) --j;
    bool final = j > 0 && cased(d.cp[j - 1]);
    if (final) {
        size_t k = i + 1;
        while (k < d.cp.size() && unicode::is_case_ignorable(d.cp[k])) ++k;
        final = k == d.cp.size() || !cased(d.cp[k]);
    }
    out[0] = final ? 0x3C2 : 0x3C3;
    return 1;
}

bool upper_char(char32_t c) { return c < 0x80 ? ascii_upper(c) : unicode::is_upper(c); }
bool lower_char(char32_t c) { return c < 0x80 ? ascii_lower(c) : unicode::is_lower(c); }
bool title_char(char32_t c) { return c >= 0x80 && unicode::is_title(c); }

}  // namespace

std::string upper(std::string_view s) {
    return map_case(
        s, [](char32_t c) { return to_upper(c); },
        [](const Decoded& d, size_t i, char32_t* out) { return upper_of(d.cp[i], out); });
}

std::string lower(std::string_view s) {
    return map_case(s, [](char32_t c) { return to_lower(c); }, lower_at);
}

std::string casefold(std::string_view s) {
    return map_case(s, [](char32_t c) { return to_lower(c); }, [](const Decoded& d, size_t i, char32_t* out) {
        const char32_t c = d.cp[i];
        if (c < 0x80) return out[0] = to_lower(c), 1;
        return unicode::casefold(c, out);
    });
}

std::string swapcase(std::string_view s) {
    return map_case(
        s, [](char32_t c) { return ascii_alpha(c) ? c ^ 0x20 : c; },
        [](const Decoded& d, size_t i, char32_t* out) {
            const char32_t c = d.cp[i];
            if (upper_char(c)) return lower_at(d, i, out);
            if (lower_char(c)) return upper_of(c, out);
            out[0] = c;
            return 1;
        });
}

std::string title(std::string_view s) {
    // A cased character is lowercased after a cased one and titlecased after anything else
    // ("1st" -> "1St", "they're" -> "They'Re", as in Python).
    if (is_ascii(s)) {
        std::string out(s);
        bool prev_cased = false;
        for (char& ch : out) {
            const unsigned char c = static_cast<unsigned char>(ch);
            if (ascii_alpha(c)) ch = static_cast<char>(prev_cased ? to_lower(c) : to_upper(c));
            prev_cased = ascii_alpha(c);
        }
        return out;
    }
    bool prev_cased = false;
    return map_chars(s, [&prev_cased](const Decoded& d, size_t i, char32_t* out) {
        const int n = prev_cased ? lower_at(d, i, out) : title_of(d.cp[i], out);
        prev_cased = cased(d.cp[i]);
        return n;
    });
}

std::string capitalize(std::string_view s) {
    if (is_ascii(s)) {
        std::string out(s);
        for (char& ch : out) ch = static_cast<char>(to_lower(static_cast<unsigned char>(ch)));
        if (!out.empty()) out[0] = static_cast<char>(to_upper(static_cast<unsigned char>(out[0])));
        return out;
    }
    return map_chars(s, [](const Decoded& d, size_t i, char32_t* out) {
        return i == 0 ? title_of(d.cp[0], out) : lower_at(d, i, out);
    });
}

namespace {

// True when s is not empty and every character passes: ASCII bytes through `ascii`, other
// characters through `other`.
template <typename A, typename U>
bool all_of_nonempty(std::string_view s, A ascii, U other) {
    if (s.empty()) return false;
    size_t i = 0;
    while (i < s.size()) {
        const unsigned char c = static_cast<unsigned char>(s[i]);
        if (c < 0x80) {
            if (!ascii(c)) return false;
            ++i;
        } else if (!other(utf8_next(s, i))) {
            return false;
        }
    }
    return true;
}

bool ascii_alnum(char32_t c) { return ascii_alpha(c) || ascii_digit(c); }

}  // namespace

bool isdigit(std::string_view s) { return all_of_nonempty(s, ascii_digit, unicode::is_digit); }
bool isdecimal(std::string_view s) { return all_of_nonempty(s, ascii_digit, unicode::is_decimal); }
bool isnumeric(std::string_view s) { return all_of_nonempty(s, ascii_digit, unicode::is_numeric); }
bool isalpha(std::string_view s) { return all_of_nonempty(s, ascii_alpha, unicode::is_alpha); }
bool isalnum(std::string_view s) { return all_of_nonempty(s, ascii_alnum, unicode::is_alnum); }
bool isspace(std::string_view s) { return all_of_nonempty(s, is_space, is_space); }

// isupper/islower: at least one cased character and none of the other case (a titlecase letter
// such as 'ǅ' counts as the other case for both).
bool isupper(std::string_view s) {
    bool any = false;
    size_t i = 0;
    while (i < s.size()) {
        const char32_t c = utf8_next(s, i);
        if (lower_char(c) || title_char(c)) return false;
        any = any || upper_char(c);
    }
    return any;
}

bool islower(std::string_view s) {
    bool any = false;
    size_t i = 0;
    while (i < s.size()) {
        const char32_t c = utf8_next(s, i);
        if (upper_char(c) || title_char(c)) return false;
        any = any || lower_char(c);
    }
    return any;
}

// istitle: uppercase and titlecase letters only start words, lowercase ones only continue them, and
// there is at least one of them.
bool istitle(std::string_view s) {
    bool any = false, prev_cased = false;
    size_t i = 0;
    while (i < s.size()) {
        const char32_t c = utf8_next(s, i);
        if (upper_char(c) || title_char(c)) {
            if (prev_cased) return false;
            prev_cased = any = true;
        } else if (lower_char(c)) {
            if (!prev_cased) return false;
            prev_cased = any = true;
        } else {
            prev_cased = false;
        }
    }
    return any;
}

bool isprintable(std::string_view s) {
    size_t i = 0;
    while (i < s.size()) {
        const char32_t c = utf8_next(s, i);
        if (c < 0x80 ? c < 0x20 || c == 0x7F : !unicode::is_printable(c)) return false;
    }
    return true;
}

bool isidentifier(std::string_view s) {
    if (s.empty()) return false;
    size_t i = 0;
    bool first = true;
    while (i < s.size()) {
        const char32_t c = utf8_next(s, i);
        const bool ok = c < 0x80 ? ascii_alpha(c) || c == '_' || (!first && ascii_digit(c))
                                 : first ? unicode::is_xid_start(c) : unicode::is_xid_continue(c);
        if (!ok) return false;
        first = false;
    }
    return true;
}

// ---- padding --------------------------------------------------------------------------------------------

std::string repeat_text(const std::string& unit, int64_t n) {
    std::string out;
    if (n <= 0 || unit.empty()) return out;
    const size_t total = unit.size() * size_t(n);
    out.reserve(total);
    out = unit;
    while (out.size() < total) out.append(out, 0, std::min(out.size(), total - out.size()));
    return out;
}

namespace {

std::string checked_fill(std::string_view fillchar) {
    if (utf8_length(fillchar) != 1)
        KILN_FAIL(TypeError, "The fill character must be exactly one character long");
    return std::string(fillchar);
}

std::string pad(std::string_view s, int64_t left, int64_t right, const std::string& fill) {
    return repeat_text(fill, left) + std::string(s) + repeat_text(fill, right);
}

}  // namespace

std::string ljust(std::string_view s, int64_t width, std::string_view fillchar) {
    std::string fill = checked_fill(fillchar);
    int64_t len = utf8_length(s);
    return width <= len ? std::string(s) : pad(s, 0, width - len, fill);
}

std::string rjust(std::string_view s, int64_t width, std::string_view fillchar) {
    std::string fill = checked_fill(fillchar);
    int64_t len = utf8_length(s);
    return width <= len ? std::string(s) : pad(s, width - len, 0, fill);
}

std::string center(std::string_view s, int64_t width, std::string_view fillchar) {
    std::string fill = checked_fill(fillchar);
    int64_t len = utf8_length(s);
    if (width <= len) return std::string(s);
    int64_t margin = width - len;
    int64_t left = margin / 2 + (margin & width & 1);
    return pad(s, left, margin - left, fill);
}

std::string zfill(std::string_view s, int64_t width) {
    int64_t len = utf8_length(s);
    if (width <= len) return std::string(s);
    std::string out = pad(s, width - len, 0, "0");
    // A leading sign moves in front of the zeros.
    const size_t fill = static_cast<size_t>(width - len);
    if (out[fill] == '+' || out[fill] == '-') {
        out[0] = out[fill];
        out[fill] = '0';
    }
    return out;
}

std::string expandtabs(std::string_view s, int64_t tabsize) {
    std::string out;
    int64_t column = 0;
    size_t i = 0;
    while (i < s.size()) {
        size_t at = i;
        char32_t c = utf8_next(s, i);
        if (c == '\t') {
            if (tabsize > 0) {
                int64_t n = tabsize - column % tabsize;
                out.append(static_cast<size_t>(n), ' ');
                column += n;
            }
        } else {
            out += s.substr(at, i - at);
            column = (c == '\n' || c == '\r') ? 0 : column + 1;
        }
    }
    return out;
}

// ---- conversions ------------------------------------------------------------------------------------------

std::string ascii_number_text(std::string_view s) {
    if (is_ascii(s)) return std::string(s);
    std::string out;
    size_t i = 0;
    while (i < s.size()) {
        const char32_t c = utf8_next(s, i);
        if (c < 0x80) out += static_cast<char>(c);
        else if (is_space(c)) out += ' ';
        else if (const int d = unicode::decimal(c); d >= 0) out += static_cast<char>('0' + d);
        else out += '?';
    }
    return out;
}

int64_t parse_int(std::string_view original, int base) {
    if (base != 0 && (base < 2 || base > 36))
        KILN_FAIL(ValueError, "int() base must be >= 2 and <= 36, or 0");
    auto invalid = [&]() -> int64_t {
        KILN_FAIL(ValueError, "invalid literal for int() with base ", base, ": ", repr_200(original));
    };
    std::string converted;  // only for non-ASCII text: '٣' -> '3'
    if (!is_ascii(original)) converted = ascii_number_text(original);
    std::string_view s = strip_number_spaces(converted.empty() ? original : std::string_view(converted));
    size_t i = 0;
    bool negative = false;
    if (i < s.size() && (s[i] == '+' || s[i] == '-')) negative = s[i++] == '-';
    auto at = [&](size_t k) -> char { return k < s.size() ? s[k] : '\0'; };
    auto lower_at = [&](size_t k) -> char {
        return static_cast<char>(to_lower(static_cast<unsigned char>(at(k))));
    };

    // Base 0 reads the base from the prefix; a plain number may not have leading zeros ("010" is
    // the old octal syntax) unless it is zero.
    bool zero_only = false;
    int b = base;
    if (b == 0) {
        if (at(i) != '0') b = 10;
        else if (lower_at(i + 1) == 'x') b = 16;
        else if (lower_at(i + 1) == 'o') b = 8;
        else if (lower_at(i + 1) == 'b') b = 2;
        else b = 10, zero_only = true;
    }
    if (at(i) == '0' && ((b == 16 && lower_at(i + 1) == 'x') || (b == 8 && lower_at(i + 1) == 'o') ||
                         (b == 2 && lower_at(i + 1) == 'b'))) {
        i += 2;
        if (at(i) == '_') ++i;  // one underscore may follow the prefix: 0x_ff
    }
    if (i >= s.size() || s[i] == '_') return invalid();

    // Digits with single underscores between them; the magnitude is accumulated with an overflow
    // flag so that a malformed tail still reports "invalid literal" rather than "too large".
    uint64_t magnitude = 0;
    bool overflow = false;
    char prev = '\0';
    for (; i < s.size(); ++i) {
        const char c = s[i];
        if (c == '_') {
            if (prev == '_') return invalid();
            prev = c;
            continue;
        }
        int digit = ascii_digit(static_cast<unsigned char>(c)) ? c - '0'
                    : ascii_alpha(static_cast<unsigned char>(c))
                        ? to_lower(static_cast<unsigned char>(c)) - 'a' + 10
                        : 99;
        if (digit >= b) return invalid();
        if (__builtin_mul_overflow(magnitude, static_cast<uint64_t>(b), &magnitude) ||
            __builtin_add_overflow(magnitude, static_cast<uint64_t>(digit), &magnitude))
            overflow = true;
        prev = c;
    }
    if (prev == '_') return invalid();
    if (zero_only && (magnitude != 0 || overflow)) return invalid();
    const uint64_t limit = negative ? uint64_t{1} << 63 : (uint64_t{1} << 63) - 1;
    if (overflow || magnitude > limit)
        KILN_FAIL(ValueError, "int too large for Kiln (64-bit): ", repr_200(original));
    if (negative) return magnitude == (uint64_t{1} << 63) ? std::numeric_limits<int64_t>::min()
                                                           : -static_cast<int64_t>(magnitude);
    return static_cast<int64_t>(magnitude);
}

double parse_float(std::string_view original) {
    auto invalid = [&]() -> double {
        KILN_FAIL(ValueError, "could not convert string to float: ", py_str_repr(std::string(original)));
    };
    std::string converted;  // only for non-ASCII text: '١.٥' -> '1.5'
    if (!is_ascii(original)) converted = ascii_number_text(original);
    std::string_view stripped = strip_number_spaces(converted.empty() ? original : std::string_view(converted));
    // Underscores: only between two digits ("1_000.5", also "1e1_0"); they are then dropped.
    std::string text;
    char prev = '\0';
    for (char c : stripped) {
        const bool digit = c >= '0' && c <= '9';
        if (c == '_') {
            if (!(prev >= '0' && prev <= '9')) return invalid();
        } else {
            if (prev == '_' && !digit) return invalid();
            text += c;
        }
        prev = c;
    }
    if (prev == '_') return invalid();

    size_t i = 0;
    bool negative = false;
    if (i < text.size() && (text[i] == '+' || text[i] == '-')) negative = text[i++] == '-';
    std::string body = lower(std::string_view(text).substr(i));
    if (body == "inf" || body == "infinity")
        return negative ? -std::numeric_limits<double>::infinity() : std::numeric_limits<double>::infinity();
    if (body == "nan") return negative ? -std::numeric_limits<double>::quiet_NaN()
                                       : std::numeric_limits<double>::quiet_NaN();

    // digits [. digits] [e [sign] digits], with at least one mantissa digit.
    size_t k = 0;
    bool any_digit = false;
    auto skip_digits = [&] {
        for (; k < body.size() && ascii_digit(static_cast<unsigned char>(body[k])); ++k) any_digit = true;
    };
    skip_digits();
    if (k < body.size() && body[k] == '.') {
        ++k;
        skip_digits();
    }
    if (!any_digit) return invalid();
    if (k < body.size() && body[k] == 'e') {
        ++k;
        if (k < body.size() && (body[k] == '+' || body[k] == '-')) ++k;
        const size_t exp_start = k;
        for (; k < body.size() && ascii_digit(static_cast<unsigned char>(body[k])); ++k) {}
        if (k == exp_start) return invalid();
    }
    if (k != body.size()) return invalid();

    // The text is now a plain decimal literal. strtod (not from_chars: Emscripten's libc++ lacks the
    // floating-point overloads) rounds correctly and gives inf / 0.0 / subnormals out of range, as
    // Python does; like the lexer, this assumes the C locale's decimal point.
    char* parsed_end = nullptr;
    const double value = std::strtod(body.c_str(), &parsed_end);
    if (parsed_end != body.c_str() + body.size()) return invalid();
    return negative ? -value : value;
}

}  // namespace kiln::vm::text
