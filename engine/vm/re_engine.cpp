// re_engine: Python's regular expressions, parsed as sre_parse parses them and matched by
// backtracking as sre matches them (see re_engine.h for why Kiln has its own engine).
//
// Parsing builds a small tree (ReNode) with the flags resolved per node (a scoped (?i:...) marks the
// literals inside it), checks what sre_parse checks with its messages and positions, and compiles
// the tree to instructions for a backtracking machine. The machine keeps one stack of entries:
// choice points (where to resume and at which position) and undo records (a capture or repeat
// counter's old value), so backtracking restores captures exactly as sre's marks do. Single-character
// repeats (\w+, .*, [^"]*) are one instruction that backs off a character at a time, as sre's
// REPEAT_ONE; other repeats count iterations in registers and stop when an iteration matched empty
// (sre's MAX_UNTIL rule). Look-arounds and atomic groups run their body as a nested match and keep
// only its undo records.
#include "vm/re_engine.h"

#include <algorithm>
#include <cctype>
#include <new>

#include "support/unicode.h"
#include "vm/text_str.h"

namespace kiln::vm::re_engine {

namespace {

constexpr uint32_t kReMaxRepeat = 4294967295u;  // _sre.MAXREPEAT on 64-bit CPython: "unbounded"

std::string re_narrow(const std::wstring& w, size_t b, size_t e) {
    std::string out;
    for (size_t i = b; i < e && i < w.size(); ++i) text::utf8_append(out, char32_t(w[i]));
    return out;
}

// ---- character classification (sre's SRE_UNI_IS_* and the ASCII variants) -------------------------------

bool re_is_digit(uint32_t c, bool ascii) { return c < 128 ? (c >= '0' && c <= '9') : !ascii && unicode::is_decimal(char32_t(c)); }
bool re_is_space(uint32_t c, bool ascii) {
    if (c < 128) return ascii ? (c == ' ' || (c >= 9 && c <= 13)) : text::is_space(char32_t(c));
    return !ascii && text::is_space(char32_t(c));
}
bool re_is_word(uint32_t c, bool ascii) {
    if (c < 128) return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
    return !ascii && unicode::is_alnum(char32_t(c));
}
// Simple (one code point) case mappings, as sre's lower/upper: a character whose full mapping has
// several code points keeps itself ('ß'.upper() is 'SS', sre's upper('ß') is 'ß'), except 'İ',
// whose simple lowercase is 'i'.
uint32_t re_lower(uint32_t c, bool ascii) {
    if (c < 128) return (c >= 'A' && c <= 'Z') ? c + 32 : c;
    if (ascii) return c;
    if (c == 0x130) return 'i';
    char32_t out[3];
    return unicode::to_lower(char32_t(c), out) == 1 ? uint32_t(out[0]) : c;
}
uint32_t re_upper(uint32_t c, bool ascii) {
    if (c < 128) return (c >= 'a' && c <= 'z') ? c - 32 : c;
    if (ascii) return c;
    char32_t out[3];
    return unicode::to_upper(char32_t(c), out) == 1 ? uint32_t(out[0]) : c;
}

// The general category of c as one bit of a mask (\p{..} classes of the regex module's syntax).
uint32_t re_gc_bit(uint32_t c) {
    const char* g = unicode::category(char32_t(c));
    int k = 29;  // Cn
    switch (g[0]) {
        case 'L': k = g[1] == 'u' ? 0 : g[1] == 'l' ? 1 : g[1] == 't' ? 2 : g[1] == 'm' ? 3 : 4; break;
        case 'M': k = g[1] == 'n' ? 5 : g[1] == 'c' ? 6 : 7; break;
        case 'N': k = g[1] == 'd' ? 8 : g[1] == 'l' ? 9 : 10; break;
        case 'P':
            k = g[1] == 'c' ? 11 : g[1] == 'd' ? 12 : g[1] == 's' ? 13 : g[1] == 'e' ? 14 : g[1] == 'i' ? 15 : g[1] == 'f' ? 16 : 17;
            break;
        case 'S': k = g[1] == 'm' ? 18 : g[1] == 'c' ? 19 : g[1] == 'k' ? 20 : 21; break;
        case 'Z': k = g[1] == 's' ? 22 : g[1] == 'l' ? 23 : 24; break;
        case 'C': k = g[1] == 'c' ? 25 : g[1] == 'f' ? 26 : g[1] == 's' ? 27 : g[1] == 'o' ? 28 : 29; break;
        default: break;
    }
    return uint32_t(1) << k;
}

// A property name of the regex module (standardised as its standardise_name: '_', '-' and ' '
// dropped, upper case) to its general-category mask; 0 when unknown.
uint32_t re_property_mask(std::string name) {
    std::string n;
    for (char ch : name)
        if (ch != '_' && ch != '-' && ch != ' ') n += char(std::toupper(static_cast<unsigned char>(ch)));
    static const std::pair<const char*, uint32_t> table[] = {
        {"LU", 1u << 0}, {"UPPERCASELETTER", 1u << 0}, {"LL", 1u << 1}, {"LOWERCASELETTER", 1u << 1}, {"LT", 1u << 2},
        {"TITLECASELETTER", 1u << 2}, {"LM", 1u << 3}, {"MODIFIERLETTER", 1u << 3}, {"LO", 1u << 4}, {"OTHERLETTER", 1u << 4},
        {"L", 0x1Fu}, {"LETTER", 0x1Fu}, {"L&", 0x1Fu} /* the regex module reads L& as L */, {"LC", 0x7u}, {"CASEDLETTER", 0x7u},
        {"MN", 1u << 5}, {"NONSPACINGMARK", 1u << 5}, {"MC", 1u << 6}, {"SPACINGMARK", 1u << 6}, {"ME", 1u << 7},
        {"ENCLOSINGMARK", 1u << 7}, {"M", 0xE0u}, {"MARK", 0xE0u}, {"COMBININGMARK", 0xE0u},
        {"ND", 1u << 8}, {"DECIMALNUMBER", 1u << 8}, {"DIGIT", 1u << 8}, {"NL", 1u << 9}, {"LETTERNUMBER", 1u << 9}, {"NO", 1u << 10},
        {"OTHERNUMBER", 1u << 10}, {"N", 0x700u}, {"NUMBER", 0x700u},
        {"PC", 1u << 11}, {"CONNECTORPUNCTUATION", 1u << 11}, {"PD", 1u << 12}, {"DASHPUNCTUATION", 1u << 12},
        {"PS", 1u << 13}, {"OPENPUNCTUATION", 1u << 13}, {"PE", 1u << 14}, {"CLOSEPUNCTUATION", 1u << 14},
        {"PI", 1u << 15}, {"INITIALPUNCTUATION", 1u << 15}, {"PF", 1u << 16}, {"FINALPUNCTUATION", 1u << 16},
        {"PO", 1u << 17}, {"OTHERPUNCTUATION", 1u << 17}, {"P", 0x3F800u}, {"PUNCTUATION", 0x3F800u},
        {"SM", 1u << 18}, {"MATHSYMBOL", 1u << 18}, {"SC", 1u << 19}, {"CURRENCYSYMBOL", 1u << 19}, {"SK", 1u << 20},
        {"MODIFIERSYMBOL", 1u << 20}, {"SO", 1u << 21}, {"OTHERSYMBOL", 1u << 21}, {"S", 0x3C0000u}, {"SYMBOL", 0x3C0000u},
        {"ZS", 1u << 22}, {"SPACESEPARATOR", 1u << 22}, {"ZL", 1u << 23}, {"LINESEPARATOR", 1u << 23}, {"ZP", 1u << 24},
        {"PARAGRAPHSEPARATOR", 1u << 24}, {"Z", 0x1C00000u}, {"SEPARATOR", 0x1C00000u},
        {"CC", 1u << 25}, {"CONTROL", 1u << 25}, {"CNTRL", 1u << 25}, {"CF", 1u << 26}, {"FORMAT", 1u << 26}, {"CS", 1u << 27}, {"SURROGATE", 1u << 27},
        {"CO", 1u << 28}, {"PRIVATEUSE", 1u << 28}, {"CN", 1u << 29}, {"UNASSIGNED", 1u << 29}, {"C", 0x3E000000u},
        {"OTHER", 0x3E000000u}, {"ANY", 0x3FFFFFFFu}, {"ASSIGNED", 0x1FFFFFFFu}};
    for (const auto& [k, v] : table)
        if (n == k) return v;
    return 0;
}

// The regex module's \w and \s (Unicode's definitions, not str.isalnum/isspace as re's): \w is
// Alphabetic (letters, letter numbers, Other_Alphabetic: the marks and the circled/squared Latin
// letters) plus marks, decimal digits, connector punctuation and the joiners, so 'é' written with
// a combining accent is one word and '½' is none; \s is White_Space (not U+001C..U+001F).
bool rx_is_word(uint32_t c) {
    if (re_gc_bit(c) & (0x1Fu | 0xE0u | (1u << 8) | (1u << 9) | (1u << 11))) return true;
    return c == 0x200C || c == 0x200D || (c >= 0x24B6 && c <= 0x24E9) || (c >= 0x1F130 && c <= 0x1F149) || (c >= 0x1F150 && c <= 0x1F169) ||
           (c >= 0x1F170 && c <= 0x1F189);
}
bool rx_is_space(uint32_t c) {
    return (c >= 9 && c <= 13) || c == 0x20 || c == 0x85 || c == 0xA0 || c == 0x1680 || (c >= 0x2000 && c <= 0x200A) || c == 0x2028 ||
           c == 0x2029 || c == 0x202F || c == 0x205F || c == 0x3000;
}
// \w / \s by the pattern's syntax: `rx` for the regex module's (outside ASCII mode)
bool cls_word(uint32_t c, bool ascii, bool rx) { return rx && !ascii && c >= 128 ? rx_is_word(c) : re_is_word(c, ascii); }
bool cls_space(uint32_t c, bool ascii, bool rx) { return rx && !ascii && c >= 128 ? rx_is_space(c) : (rx && !ascii && c >= 0x1C && c <= 0x1F) ? false : re_is_space(c, ascii); }

enum Cat : uint8_t { CAT_DIGIT = 1, CAT_NOT_DIGIT = 2, CAT_SPACE = 4, CAT_NOT_SPACE = 8, CAT_WORD = 16, CAT_NOT_WORD = 32 };

struct ReSet {
    std::vector<std::pair<uint32_t, uint32_t>> ranges;  // inclusive
    uint8_t cats = 0;
    bool negated = false, icase = false, ascii = false, rx = false;  // rx: the regex module's \w \s
    std::vector<std::pair<uint32_t, bool>> props;  // (general-category mask, positive): \p{..} / \P{..}
    bool raw(uint32_t c) const {
        for (const auto& [lo, hi] : ranges)
            if (c >= lo && c <= hi) return true;
        if (!props.empty()) {
            const uint32_t bit = re_gc_bit(c);
            for (const auto& [mask, positive] : props)
                if (((bit & mask) != 0) == positive) return true;
        }
        if (cats) {
            if ((cats & CAT_DIGIT) && re_is_digit(c, ascii)) return true;
            if ((cats & CAT_NOT_DIGIT) && !re_is_digit(c, ascii)) return true;
            if ((cats & CAT_SPACE) && cls_space(c, ascii, rx)) return true;
            if ((cats & CAT_NOT_SPACE) && !cls_space(c, ascii, rx)) return true;
            if ((cats & CAT_WORD) && cls_word(c, ascii, rx)) return true;
            if ((cats & CAT_NOT_WORD) && !cls_word(c, ascii, rx)) return true;
        }
        return false;
    }
    bool test(uint32_t c) const {
        bool hit = raw(c);
        if (!hit && icase) {
            uint32_t l = re_lower(c, ascii), u = re_upper(c, ascii);
            hit = (l != c && raw(l)) || (u != c && raw(u));
        }
        return hit != negated;
    }
};

// ---- the tree ----------------------------------------------------------------------------------------------

enum class NT : uint8_t { Empty, Char, Any, Set, Cat, Alt, Group, Look, Atomic, Repeat, Backref, At, Cond, Fail };
enum AtKind : uint32_t { AT_BEGIN, AT_BEGIN_LINE, AT_END, AT_END_LINE, AT_END_STRING, AT_BOUNDARY, AT_NON_BOUNDARY };
enum RepMode : uint8_t { GREEDY, LAZY, POSSESSIVE };

struct ReNode {
    NT t = NT::Empty;
    bool icase = false, ascii = false;
    bool neg = false, behind = false, dotall = false;  // Look: neg/behind; Any: dotall
    RepMode mode = GREEDY;
    uint32_t a = 0, b = 0;  // Char: code point; Group: index (0 = not capturing); Repeat: min, max; At: kind; Backref/Cond: group; Set: index
    std::vector<ReNode> kids;
};

}  // namespace

// ---- instructions -------------------------------------------------------------------------------------------

enum Op : uint8_t {
    OP_CHAR, OP_CHAR_I, OP_ANY, OP_ANY_ALL, OP_SET,  // single-character matchers
    OP_AT, OP_SPLIT, OP_JMP, OP_SAVE, OP_BACKREF, OP_REP1, OP_LOOP_INIT, OP_LOOP, OP_MARK, OP_LOOP_NEXT,
    OP_LOOK, OP_ATOMIC, OP_COND, OP_MATCH, OP_SUCCEED, OP_FAIL
};

struct Inst {
    Op op;
    uint8_t flag = 0;
    uint32_t a = 0, b = 0, c = 0, d = 0;
};

struct Program {
    std::vector<Inst> code;
    std::vector<ReSet> sets;
    size_t nslots = 0;  // 2 per group (group 0 included), then the repeat registers
    bool ascii = false;
    // search shortcuts, as sre_compile's INFO block: the shortest match (a start closer than that to
    // the end cannot match), a literal prefix every match starts with (found by a KMP scan, as sre's
    // overlap table, and not matched again: the attempt resumes at prefix_pc with the group marks
    // inside the prefix set from prefix_saves), else a set of first characters (sre's charset)
    uint64_t min_width = 0;
    std::vector<uint32_t> prefix;
    std::vector<uint32_t> prefix_overlap;                  // KMP failure function of `prefix`
    std::vector<std::pair<uint32_t, uint32_t>> prefix_saves;  // (slot, offset in the prefix)
    uint32_t prefix_pc = 0;
    std::vector<Inst> first_set;  // single-character matchers; a match starts with a character one of them takes
    bool anchored_start = false;  // the pattern starts with \A or '^' (without MULTILINE)
};

namespace {

// ---- parser (sre_parse) ----------------------------------------------------------------------------------

struct ReParser {
    const std::wstring& p;
    size_t i = 0;
    int64_t flags;  // global flags
    size_t groups = 0;  // groups opened so far
    std::vector<std::pair<std::string, size_t>> names;
    std::vector<bool> open;  // per group number: still open
    std::vector<std::pair<uint64_t, uint64_t>> group_widths;  // per closed group: (min, max), for a backreference's width
    std::vector<ReSet> sets;
    std::vector<std::pair<uint32_t, size_t>> cond_refs;  // (group, position) of (?(N)...) checked at the end
    int depth = 0;
    long lookbehind_groups = -1;  // groups before the innermost enclosing look-behind, -1 outside
    bool regex_syntax = false;     // the regex module's syntax (\p{..} classes)
    std::pair<uint32_t, bool> prop{0, true};  // the property escape() returned (kind 3)

    [[noreturn]] void fail(const std::string& msg, size_t at) { throw PatternError{PatternError::Syntax, msg, long(at)}; }
    [[noreturn]] void fail_nopos(const std::string& msg) { throw PatternError{PatternError::Syntax, msg, -1}; }

    bool at_end() const { return i >= p.size(); }
    bool next_is(wchar_t c) const { return i < p.size() && p[i] == c; }
    bool eat(wchar_t c) {
        if (next_is(c)) {
            ++i;
            return true;
        }
        return false;
    }

    struct Fl {
        bool icase, multiline, dotall, verbose, ascii;
    };
    Fl global_fl() const { return {(flags & RF_I) != 0, (flags & RF_M) != 0, (flags & RF_S) != 0, (flags & RF_X) != 0, (flags & RF_A) != 0}; }

    std::string group_name(wchar_t close, size_t at) {
        size_t e = p.find(close, i);
        if (e == std::wstring::npos) {
            bool empty = i >= p.size();
            i = p.size();
            if (empty) fail("missing group name", i);
            fail(close == L'>' ? "missing >, unterminated name" : "missing ), unterminated name", at);
        }
        if (e == i) fail("missing group name", at);
        std::string name = re_narrow(p, i, e);
        // checkgroupname: an identifier
        bool ok = !(p[i] >= L'0' && p[i] <= L'9');
        for (size_t k = i; k < e; ++k) {
            wchar_t c = p[k];
            if (c < 128) ok = ok && ((c >= L'a' && c <= L'z') || (c >= L'A' && c <= L'Z') || (c >= L'0' && c <= L'9') || c == L'_');
            else ok = ok && (k == i ? unicode::is_xid_start(char32_t(c)) : unicode::is_xid_continue(char32_t(c)));
        }
        if (!ok) fail("bad character in group name '" + name + "'", at);
        i = e + 1;
        return name;
    }

    uint32_t hex_escape(wchar_t kind, size_t at) {
        size_t n = kind == L'x' ? 2 : kind == L'u' ? 4 : 8;
        uint32_t v = 0;
        size_t k = 0;
        for (; k < n && i + k < p.size(); ++k) {
            wchar_t h = p[i + k];
            int dgt = h >= L'0' && h <= L'9' ? h - L'0' : h >= L'a' && h <= L'f' ? h - L'a' + 10 : h >= L'A' && h <= L'F' ? h - L'A' + 10 : -1;
            if (dgt < 0) break;
            v = v * 16 + uint32_t(dgt);
        }
        std::string text = std::string("\\") + char(kind) + re_narrow(p, i, i + k);
        i += k;
        if (k != n) fail("incomplete escape " + text, at);
        if (kind == L'U' && v > 0x10FFFF) fail("bad escape " + text, at);
        return v;
    }

    // A backslash escape. In a class it yields a literal (`lit`) or a category (`cat`); outside one
    // also an assertion or a backreference, returned as a node.
    // Returns: 0 literal in lit, 1 category in cat, 2 node in out, 3 a Unicode property in `prop`.
    int escape(bool in_class, const Fl& fl, uint32_t& lit, uint8_t& cat, ReNode& out) {
        size_t at = i;
        ++i;
        if (at_end()) fail("bad escape (end of pattern)", p.size() - 1);
        wchar_t c = p[i++];
        if (regex_syntax && (c == L'p' || c == L'P')) {
            // the regex module's parse_property: \p{Name}, \p{^Name}, \p{gc=Name}, \pL; else a literal
            bool positive = c == L'p';
            if (next_is(L'{')) {
                size_t b = i + 1, e = b;
                bool negate = e < p.size() && p[e] == L'^';
                if (negate) b = ++e;
                while (e < p.size() && p[e] != L'}' && p[e] < 128 &&
                       (std::isalnum(int(p[e])) || p[e] == L' ' || p[e] == L'&' || p[e] == L'_' || p[e] == L'-' || p[e] == L'.' ||
                        p[e] == L'=' || p[e] == L':'))
                    ++e;
                if (e < p.size() && p[e] == L'}') {
                    std::string name = re_narrow(p, b, e);
                    i = e + 1;
                    size_t eq = name.find_first_of("=:");
                    if (eq != std::string::npos) {
                        std::string key;
                        for (char ch : name.substr(0, eq))
                            if (ch != '_' && ch != '-' && ch != ' ') key += char(std::toupper(static_cast<unsigned char>(ch)));
                        if (key != "GC" && key != "GENERALCATEGORY")
                            fail("unknown property (Kiln's regex knows the general categories only, not scripts, blocks or binary properties)", i);
                        name = name.substr(eq + 1);
                    }
                    uint32_t mask = re_property_mask(name);
                    if (!mask) fail("unknown property (Kiln's regex knows the general categories only, not scripts, blocks or binary properties)", i);
                    // the regex module's PROPERTY_IGN: under IGNORECASE, Lu, Ll and Lt each take every cased letter
                    if (fl.icase && (mask & 0x7u)) mask |= 0x7u;
                    prop = {mask, positive != negate};
                    return 3;
                }
            } else if (i < p.size() && std::wstring(L"CLMNPSZ").find(p[i]) != std::wstring::npos) {
                uint32_t mask = re_property_mask(std::string(1, char(p[i++])));
                if (fl.icase && (mask & 0x7u)) mask |= 0x7u;
                prop = {mask, positive};
                return 3;
            }
            lit = uint32_t(c);
            return 0;
        }
        switch (c) {
            case L'd': cat = CAT_DIGIT; return 1;
            case L'D': cat = CAT_NOT_DIGIT; return 1;
            case L's': cat = CAT_SPACE; return 1;
            case L'S': cat = CAT_NOT_SPACE; return 1;
            case L'w': cat = CAT_WORD; return 1;
            case L'W': cat = CAT_NOT_WORD; return 1;
            case L'a': lit = 7; return 0;
            case L'f': lit = 12; return 0;
            case L'n': lit = 10; return 0;
            case L'r': lit = 13; return 0;
            case L't': lit = 9; return 0;
            case L'v': lit = 11; return 0;
            case L'\\': lit = '\\'; return 0;
            case L'x': case L'u': case L'U': lit = hex_escape(c, at); return 0;
            case L'N': fail("bad escape \\N (named Unicode characters are not supported in Kiln's re: unicodedata has no character names)", at);
            case L'0': {
                uint32_t v = 0;
                for (int k = 0; k < 2 && i < p.size() && p[i] >= L'0' && p[i] <= L'7'; ++k) v = v * 8 + uint32_t(p[i++] - L'0');
                lit = v;
                return 0;
            }
            default: break;
        }
        if (in_class) {
            if (c == L'b') {
                lit = 8;
                return 0;
            }
            if (c >= L'1' && c <= L'7') {
                uint32_t v = uint32_t(c - L'0');
                size_t k = 0;
                for (; k < 2 && i < p.size() && p[i] >= L'0' && p[i] <= L'7'; ++k) v = v * 8 + uint32_t(p[i++] - L'0');
                if (v > 0377) fail("octal escape value " + re_narrow(p, at, i) + " outside of range 0-0o377", at);
                lit = v;
                return 0;
            }
        } else {
            switch (c) {
                case L'A': out.t = NT::At; out.a = AT_BEGIN; return 2;
                case L'Z': out.t = NT::At; out.a = AT_END_STRING; return 2;
                case L'b': out.t = NT::At; out.a = AT_BOUNDARY; out.ascii = fl.ascii; out.b = regex_syntax; return 2;
                case L'B': out.t = NT::At; out.a = AT_NON_BOUNDARY; out.ascii = fl.ascii; out.b = regex_syntax; return 2;
                default: break;
            }
            if (c >= L'1' && c <= L'9') {
                if (i < p.size() && p[i] >= L'0' && p[i] <= L'9') {
                    wchar_t d2 = p[i++];
                    if (c <= L'7' && d2 <= L'7' && i < p.size() && p[i] >= L'0' && p[i] <= L'7') {
                        uint32_t v = uint32_t(c - L'0') * 64 + uint32_t(d2 - L'0') * 8 + uint32_t(p[i++] - L'0');
                        if (v > 0377) fail("octal escape value " + re_narrow(p, at, i) + " outside of range 0-0o377", at);
                        lit = v;
                        return 0;
                    }
                }
                uint32_t g = uint32_t(std::stoul(re_narrow(p, at + 1, i)));
                if (g <= groups) {
                    if (open[g]) fail("cannot refer to an open group", at);
                    check_lookbehind_group(g, i);
                    out.t = NT::Backref;
                    out.a = g;
                    out.icase = fl.icase;
                    out.ascii = fl.ascii;
                    return 2;
                }
                fail("invalid group reference " + std::to_string(g), at + 1);
            }
        }
        if (c < 128 && ((c >= L'a' && c <= L'z') || (c >= L'A' && c <= L'Z') || (c >= L'0' && c <= L'9')))
            fail(std::string("bad escape \\") + char(c), at);
        lit = uint32_t(c);
        return 0;
    }

    void check_lookbehind_group(uint32_t g, size_t at) {
        // sre: a look-behind may not refer to a group defined inside it (its width would vary)
        if (lookbehind_groups >= 0 && long(g) > lookbehind_groups) fail("cannot refer to group defined in the same lookbehind subpattern", at);
    }

    ReNode char_node(uint32_t c, const Fl& fl) {
        ReNode n;
        n.t = NT::Char;
        n.a = c;
        n.ascii = fl.ascii;
        n.icase = fl.icase && (re_lower(c, fl.ascii) != c || re_upper(c, fl.ascii) != c);
        return n;
    }

    ReNode set_node(ReSet s) {
        ReNode n;
        n.t = NT::Set;
        n.a = uint32_t(sets.size());
        sets.push_back(std::move(s));
        return n;
    }

    ReNode char_class(const Fl& fl) {
        size_t here = i;
        ++i;  // '['
        ReSet s;
        s.icase = fl.icase;
        s.ascii = fl.ascii;
        s.rx = regex_syntax;
        s.negated = eat(L'^');
        bool any = false;
        for (;;) {
            if (at_end()) fail("unterminated character set", here);
            size_t item_at = i;
            wchar_t c = p[i];
            if (c == L']' && any) {
                ++i;
                break;
            }
            uint32_t lo = 0;
            uint8_t cat = 0;
            int kind;
            ReNode unused;
            if (c == L'\\') {
                kind = escape(true, fl, lo, cat, unused);
            } else {
                lo = uint32_t(c);
                ++i;
                kind = 0;
            }
            size_t this_end = i;
            const std::pair<uint32_t, bool> prop0 = prop;
            any = true;
            if (next_is(L'-')) {
                ++i;
                if (at_end()) fail("unterminated character set", here);
                if (p[i] == L']') {  // a trailing '-' is a literal
                    ++i;
                    if (kind == 1) s.cats |= cat;
                    else if (kind == 3) s.props.push_back(prop0);
                    else s.ranges.emplace_back(lo, lo);
                    s.ranges.emplace_back('-', '-');
                    break;
                }
                size_t that_at = i;
                uint32_t hi = 0;
                uint8_t cat2 = 0;
                int kind2;
                if (p[i] == L'\\') {
                    kind2 = escape(true, fl, hi, cat2, unused);
                } else {
                    hi = uint32_t(p[i]);
                    ++i;
                    kind2 = 0;
                }
                if (kind == 3 || kind2 == 3) {  // the regex module: a property ends no range ([\p{L}-x] is three items)
                    if (kind == 3) s.props.push_back(prop0);
                    else if (kind == 1) s.cats |= cat;
                    else s.ranges.emplace_back(lo, lo);
                    s.ranges.emplace_back('-', '-');
                    if (kind2 == 3) s.props.push_back(prop);
                    else if (kind2 == 1) s.cats |= cat2;
                    else s.ranges.emplace_back(hi, hi);
                    continue;
                }
                if (kind != 0 || kind2 != 0 || hi < lo)
                    fail("bad character range " + re_narrow(p, item_at, this_end) + "-" + re_narrow(p, that_at, i), item_at);
                s.ranges.emplace_back(lo, hi);
            } else if (kind == 1) {
                s.cats |= cat;
            } else if (kind == 3) {
                s.props.push_back(prop);
            } else {
                s.ranges.emplace_back(lo, lo);
            }
        }
        return set_node(std::move(s));
    }

    // {m,n} after an item: true with min/max set when it is a quantifier (i past the '}').
    bool brace(uint32_t& mn, uint32_t& mx) {
        size_t here = i + 1, k = here;
        if (k < p.size() && p[k] == L'}') return false;
        auto digits = [&](size_t& k2) {
            size_t b = k2;
            while (k2 < p.size() && p[k2] >= L'0' && p[k2] <= L'9') ++k2;
            return std::make_pair(b, k2);
        };
        auto [lb, le] = digits(k);
        size_t hb = lb, he = le;
        bool comma = false;
        if (k < p.size() && p[k] == L',') {
            comma = true;
            ++k;
            std::tie(hb, he) = digits(k);
        }
        if (k >= p.size() || p[k] != L'}') return false;
        auto count = [&](size_t b, size_t e) {
            uint64_t v = 0;
            for (size_t q = b; q < e; ++q) {
                v = v * 10 + uint64_t(p[q] - L'0');
                if (v >= kReMaxRepeat) throw PatternError{PatternError::Overflow, "the repetition number is too large"};
            }
            return uint32_t(v);
        };
        mn = lb < le ? count(lb, le) : 0;
        mx = comma ? (hb < he ? count(hb, he) : kReMaxRepeat) : mn;
        if (mx < mn) fail("min repeat greater than max repeat", here);
        i = k + 1;
        return true;
    }

    void skip_verbose(const Fl& fl) {
        while (fl.verbose && i < p.size()) {
            wchar_t c = p[i];
            if (c == L' ' || c == L'\t' || c == L'\n' || c == L'\r' || c == L'\v' || c == L'\f') {
                ++i;
            } else if (c == L'#') {
                while (i < p.size() && p[i] != L'\n') ++i;
            } else {
                break;
            }
        }
    }

    // Inline flags after "(?" (sre's _parse_flags). Returns false for global flags "(?i)" (applied
    // to `flags`), true for scoped ones with add/del set (i past the ':').
    bool inline_flags(int64_t& add, int64_t& del) {
        auto flag_of = [](wchar_t c) -> int64_t {
            switch (c) {
                case L'i': return RF_I;
                case L'L': return RF_L;
                case L'm': return RF_M;
                case L's': return RF_S;
                case L'x': return RF_X;
                case L'a': return RF_A;
                case L't': return RF_TEMPLATE;
                case L'u': return RF_U;
                default: return 0;
            }
        };
        auto is_alpha = [](wchar_t c) { return c < 128 ? ((c >= L'a' && c <= L'z') || (c >= L'A' && c <= L'Z')) : unicode::is_alpha(char32_t(c)); };
        const int64_t type_flags = RF_A | RF_L | RF_U;
        add = del = 0;
        wchar_t c = p[i++];
        if (c != L'-') {
            for (;;) {
                int64_t f = flag_of(c);
                if (c == L'L') fail("bad inline flags: cannot use 'L' flag with a str pattern", i);
                add |= f;
                if ((f & type_flags) && (add & type_flags) != f) fail("bad inline flags: flags 'a', 'u' and 'L' are incompatible", i);
                if (at_end()) fail("missing -, : or )", i);
                c = p[i++];
                if (c == L')' || c == L'-' || c == L':') break;
                if (!flag_of(c)) fail(is_alpha(c) ? "unknown flag" : "missing -, : or )", i - 1);
            }
        }
        if (c == L')') {
            flags |= add;
            return false;
        }
        if (add & RF_DEBUG) fail("bad inline flags: cannot turn on global flag", i - 1);
        if (c == L'-') {
            if (at_end()) fail("missing flag", i);
            c = p[i++];
            if (!flag_of(c)) fail(is_alpha(c) ? "unknown flag" : "missing flag", i - 1);
            for (;;) {
                int64_t f = flag_of(c);
                if (f & type_flags) fail("bad inline flags: cannot turn off flags 'a', 'u' and 'L'", i);
                del |= f;
                if (at_end()) fail("missing :", i);
                c = p[i++];
                if (c == L':') break;
                if (!flag_of(c)) fail(is_alpha(c) ? "unknown flag" : "missing :", i - 1);
            }
        }
        if (del & RF_DEBUG) fail("bad inline flags: cannot turn off global flag", i - 1);
        if (add & del) fail("bad inline flags: flag turned on and off", i - 1);
        return true;
    }

    // alternatives up to ')' or the end
    ReNode alternation(Fl fl, bool top) {
        std::vector<ReNode> alts;
        bool first_branch = true;
        for (;;) {
            alts.push_back(sequence(fl, top && first_branch));
            first_branch = false;
            if (!eat(L'|')) break;
        }
        if (alts.size() == 1) return std::move(alts[0]);
        // sre_compile turns an alternation of single literals into one set ((?:a|b|c) is [abc])
        bool literals = std::all_of(alts.begin(), alts.end(), [](const ReNode& n) { return n.t == NT::Char && !n.icase; });
        if (literals) {
            ReSet s;
            for (const auto& n : alts) s.ranges.emplace_back(n.a, n.a);
            return set_node(std::move(s));
        }
        ReNode n;
        n.t = NT::Alt;
        n.kids = std::move(alts);
        return n;
    }

    ReNode sequence(Fl& fl, bool first) {
        std::vector<ReNode> items;
        // whether the last item may take a quantifier (not an assertion, not already repeated)
        for (;;) {
            skip_verbose(fl);
            if (at_end()) break;
            wchar_t c = p[i];
            if (c == L'|' || c == L')') break;
            size_t here = i;
            if (c == L'*' || c == L'+' || c == L'?' || c == L'{') {
                uint32_t mn = 0, mx = kReMaxRepeat;
                if (c == L'{') {
                    if (!brace(mn, mx)) {
                        ++i;
                        items.push_back(char_node('{', fl));
                        continue;
                    }
                } else {
                    ++i;
                    if (c == L'+') mn = 1;
                    if (c == L'?') mx = 1;
                }
                if (items.empty() || items.back().t == NT::At) fail("nothing to repeat", here);
                if (items.back().t == NT::Repeat && items.back().dotall) fail("multiple repeat", here);
                RepMode mode = GREEDY;
                if (eat(L'?')) mode = LAZY;
                else if (eat(L'+')) mode = POSSESSIVE;
                ReNode r;
                r.t = NT::Repeat;
                r.a = mn;
                r.b = mx;
                r.mode = mode;
                r.dotall = true;  // marks "a repeat written with a quantifier" for the multiple-repeat check
                r.kids.push_back(std::move(items.back()));
                items.back() = std::move(r);
                continue;
            }
            if (c == L'(') {
                ReNode g;
                int kind = group(fl, first && items.empty(), g);
                if (kind == 0) continue;  // global flags or a comment: nothing added
                items.push_back(std::move(g));
                continue;
            }
            ReNode n;
            switch (c) {
                case L'[': n = char_class(fl); break;
                case L'.':
                    ++i;
                    n.t = NT::Any;
                    n.dotall = fl.dotall;
                    break;
                case L'^':
                    ++i;
                    n.t = NT::At;
                    n.a = fl.multiline ? AT_BEGIN_LINE : AT_BEGIN;
                    break;
                case L'$':
                    ++i;
                    n.t = NT::At;
                    n.a = fl.multiline ? AT_END_LINE : AT_END;
                    break;
                case L'\\': {
                    uint32_t lit = 0;
                    uint8_t cat = 0;
                    int kind = escape(false, fl, lit, cat, n);
                    if (kind == 0) {
                        n = char_node(lit, fl);
                    } else if (kind == 1 || kind == 3) {
                        ReSet s;
                        s.cats = cat;
                        s.ascii = fl.ascii;
                        s.rx = regex_syntax;
                        if (kind == 3) s.props.push_back(prop);
                        n = set_node(std::move(s));
                    }
                    break;
                }
                default:
                    ++i;
                    n = char_node(uint32_t(c), fl);
                    break;
            }
            items.push_back(std::move(n));
        }
        for (auto& n : items)
            if (n.t == NT::Repeat) n.dotall = false;
        if (items.size() == 1) return std::move(items[0]);
        ReNode s;
        s.t = items.empty() ? NT::Empty : NT::Cat;
        s.kids = std::move(items);
        return s;
    }

    void enter(size_t at) {
        (void)at;
        // sre_parse recurses twice per nesting level; CPython's default recursion limit ends it near here
        if (++depth >= 496) throw PatternError{PatternError::Recursion, "maximum recursion depth exceeded"};
    }

    void close_paren(size_t start) {
        if (!eat(L')')) fail("missing ), unterminated subpattern", start);
    }

    // Returns 0 when the group adds nothing (global flags, a comment), 1 with the node in out.
    int group(Fl& fl, bool first, ReNode& out) {
        size_t start = i;
        ++i;  // '('
        uint32_t capture = 0;
        bool atomic = false;
        std::string name;
        Fl inner = fl;
        if (eat(L'?')) {
            if (at_end()) fail("unexpected end of pattern", i);
            wchar_t c = p[i++];
            if (c == L'P') {
                if (eat(L'<')) {
                    name = group_name(L'>', i);
                } else if (eat(L'=')) {
                    size_t at = i;
                    std::string ref = group_name(L')', at);
                    size_t g = 0;
                    for (const auto& [n, k] : names)
                        if (n == ref) g = k;
                    if (!g) fail("unknown group name '" + ref + "'", at);
                    if (open[g]) fail("cannot refer to an open group", at);
                    check_lookbehind_group(uint32_t(g), i);
                    out.t = NT::Backref;
                    out.a = uint32_t(g);
                    out.icase = fl.icase;
                    out.ascii = fl.ascii;
                    return 1;
                } else {
                    if (at_end()) fail("unexpected end of pattern", i);
                    fail(std::string("unknown extension ?P") + re_narrow(p, i, i + 1), i - 2);
                }
            } else if (c == L':') {
                capture = uint32_t(-1);
            } else if (c == L'#') {
                for (;;) {
                    if (at_end()) fail("missing ), unterminated comment", start);
                    if (p[i++] == L')') break;
                }
                return 0;
            } else if (c == L'=' || c == L'!' || c == L'<') {
                bool behind = false;
                if (c == L'<') {
                    if (at_end()) fail("unexpected end of pattern", i);
                    c = p[i++];
                    if (c != L'=' && c != L'!') fail(std::string("unknown extension ?<") + re_narrow(p, i - 1, i), i - 3);
                    behind = true;
                }
                enter(start);
                long saved_lb = lookbehind_groups;
                if (behind && lookbehind_groups < 0) lookbehind_groups = long(groups);
                ReNode body = alternation(fl, false);
                lookbehind_groups = saved_lb;
                --depth;
                close_paren(start);
                out.t = NT::Look;
                out.neg = c == L'!';
                out.behind = behind;
                if (behind) {
                    auto [lo, hi] = width(body);
                    if (lo != hi) fail_nopos("look-behind requires fixed-width pattern");
                    out.b = uint32_t(lo);
                }
                out.kids.push_back(std::move(body));
                return 1;
            } else if (c == L'(') {
                size_t at = i;
                size_t e = p.find(L')', i);
                if (e == std::wstring::npos) {
                    i = p.size();
                    fail("missing ), unterminated name", at);
                }
                std::string cname = re_narrow(p, i, e);
                if (e == i) fail("missing group name", at);
                i = e + 1;
                uint32_t g = 0;
                bool ident = !(p[at] >= L'0' && p[at] <= L'9');
                for (size_t k = at; k < e; ++k) {
                    wchar_t ch = p[k];
                    ident = ident && (ch < 128 ? ((ch >= L'a' && ch <= L'z') || (ch >= L'A' && ch <= L'Z') || (ch >= L'0' && ch <= L'9') || ch == L'_')
                                               : unicode::is_xid_continue(char32_t(ch)));
                }
                if (ident) {
                    for (const auto& [n, k] : names)
                        if (n == cname) g = uint32_t(k);
                    if (!g) fail("unknown group name '" + cname + "'", at);
                } else {
                    bool digits = std::all_of(p.begin() + long(at), p.begin() + long(e), [](wchar_t ch) { return ch >= L'0' && ch <= L'9'; });
                    if (!digits) fail("bad character in group name '" + cname + "'", at);
                    if (e - at > 9) fail("invalid group reference " + cname, at);
                    g = uint32_t(std::stoul(cname));
                    if (!g) fail("bad group number", at);
                    if (g > groups) cond_refs.emplace_back(g, at);
                }
                check_lookbehind_group(g, i);
                enter(start);
                ReNode yes = sequence_alt_once(fl);
                ReNode no;
                bool have_no = false;
                if (eat(L'|')) {
                    no = sequence_alt_once(fl);
                    have_no = true;
                    if (next_is(L'|')) fail("conditional backref with more than two branches", i);
                }
                --depth;
                close_paren(start);
                out.t = NT::Cond;
                out.a = g;
                out.kids.push_back(std::move(yes));
                if (have_no) out.kids.push_back(std::move(no));
                return 1;
            } else if (c == L'>') {
                capture = uint32_t(-1);
                atomic = true;
            } else if (std::wstring(L"aiLmsxtu-").find(c) != std::wstring::npos) {
                --i;
                int64_t add = 0, del = 0;
                if (!inline_flags(add, del)) {
                    if (!first) fail("global flags not at the start of the expression", start);
                    fl = global_fl();
                    return 0;
                }
                capture = uint32_t(-1);
                if (add & RF_I) inner.icase = true;
                if (del & RF_I) inner.icase = false;
                if (add & RF_M) inner.multiline = true;
                if (del & RF_M) inner.multiline = false;
                if (add & RF_S) inner.dotall = true;
                if (del & RF_S) inner.dotall = false;
                if (add & RF_X) inner.verbose = true;
                if (del & RF_X) inner.verbose = false;
                if (add & RF_A) inner.ascii = true;
                if (add & RF_U) inner.ascii = false;
            } else {
                fail(std::string("unknown extension ?") + re_narrow(p, i - 1, i), i - 2);
            }
        }
        if (capture == 0) {
            ++groups;
            capture = uint32_t(groups);
            open.push_back(true);
            if (!name.empty()) {
                for (const auto& [n, k] : names)
                    if (n == name)
                        fail("redefinition of group name '" + name + "' as group " + std::to_string(groups) + "; was group " + std::to_string(k),
                             start + 4);
                names.emplace_back(name, groups);
            }
        }
        enter(start);
        ReNode body = alternation(inner, false);
        --depth;
        close_paren(start);
        if (capture != uint32_t(-1)) {
            open[capture] = false;
            if (group_widths.size() <= capture) group_widths.resize(capture + 1, {0, kReMaxRepeat});
            group_widths[capture] = width(body);
        }
        if (atomic) {
            out.t = NT::Atomic;
            out.kids.push_back(std::move(body));
        } else if (capture != uint32_t(-1)) {
            out.t = NT::Group;
            out.a = capture;
            out.kids.push_back(std::move(body));
        } else {
            out = std::move(body);
            if (out.t == NT::Repeat || out.t == NT::At) {  // (?:a*)* is fine; (?:^)* too
                ReNode wrap;
                wrap.t = NT::Cat;
                wrap.kids.push_back(std::move(out));
                out = std::move(wrap);
            }
        }
        return 1;
    }

    // one branch of a conditional: a sequence (its '|' separates yes from no)
    ReNode sequence_alt_once(Fl fl) { return sequence(fl, false); }

    // (min, max) width of a node, as sre's getwidth (max capped at MAXREPEAT)
    std::pair<uint64_t, uint64_t> width(const ReNode& n) {
        auto cap = [](uint64_t v) { return std::min<uint64_t>(v, kReMaxRepeat); };
        switch (n.t) {
            case NT::Char: case NT::Any: case NT::Set: return {1, 1};
            case NT::Empty: case NT::At: case NT::Look: case NT::Fail: return {0, 0};
            case NT::Cat: {
                uint64_t lo = 0, hi = 0;
                for (const auto& k : n.kids) {
                    auto [a, b] = width(k);
                    lo = cap(lo + a);
                    hi = cap(hi + b);
                }
                return {lo, hi};
            }
            case NT::Alt: case NT::Cond: {
                uint64_t lo = kReMaxRepeat, hi = 0;
                for (const auto& k : n.kids) {
                    auto [a, b] = width(k);
                    lo = std::min(lo, a);
                    hi = std::max(hi, b);
                }
                if (n.t == NT::Cond && n.kids.size() == 1) lo = 0;
                return {lo, hi};
            }
            case NT::Group: case NT::Atomic: return width(n.kids[0]);
            case NT::Repeat: {
                auto [a, b] = width(n.kids[0]);
                return {cap(a * n.a), n.b == kReMaxRepeat && b ? uint64_t(kReMaxRepeat) : cap(b * n.b)};
            }
            case NT::Backref: return n.a < group_widths.size() ? group_widths[n.a] : std::pair<uint64_t, uint64_t>{0, kReMaxRepeat};
        }
        return {0, 0};
    }
};

// ---- compiler ---------------------------------------------------------------------------------------------

struct ReCompiler {
    Program& prog;
    size_t regs_base;

    size_t emit(Inst in) {
        prog.code.push_back(in);
        return prog.code.size() - 1;
    }
    uint32_t here() const { return uint32_t(prog.code.size()); }

    static bool single_char(const ReNode& n) { return n.t == NT::Char || n.t == NT::Any || n.t == NT::Set; }

    static bool nullable(const ReNode& n) {
        switch (n.t) {
            case NT::Char: case NT::Any: case NT::Set: return false;
            case NT::Cat: return std::all_of(n.kids.begin(), n.kids.end(), nullable);
            case NT::Alt: return std::any_of(n.kids.begin(), n.kids.end(), nullable);
            case NT::Cond: return n.kids.size() == 1 || std::any_of(n.kids.begin(), n.kids.end(), nullable);
            case NT::Group: case NT::Atomic: return nullable(n.kids[0]);
            case NT::Repeat: return n.a == 0 || nullable(n.kids[0]);
            default: return true;
        }
    }

    void single(const ReNode& n) { emit(single_inst(n)); }

    static Inst single_inst(const ReNode& n) {
        Inst in{OP_CHAR};
        if (n.t == NT::Char) {
            if (n.icase) {
                in.op = OP_CHAR_I;
                in.b = re_lower(n.a, n.ascii);
                in.c = re_upper(n.a, n.ascii);
                in.flag = n.ascii;
            }
            in.a = n.a;
        } else if (n.t == NT::Any) {
            in.op = n.dotall ? OP_ANY_ALL : OP_ANY;
        } else {
            in.op = OP_SET;
            in.a = n.a;
        }
        return in;
    }

    // sre_compile's charset for the INFO block: collects into `out` the single-character nodes one
    // of which must take the first character of any match of n that consumes one, and sets `empty`
    // when n can also match without consuming (then what follows n contributes too). False when
    // that cannot be said (a backreference, a conditional).
    static bool first_chars(const ReNode& n, std::vector<const ReNode*>& out, bool& empty) {
        switch (n.t) {
            case NT::Char: case NT::Any: case NT::Set: out.push_back(&n); empty = false; return true;
            case NT::Empty: case NT::At: case NT::Look: empty = true; return true;
            case NT::Fail: empty = false; return true;
            case NT::Group: case NT::Atomic: return first_chars(n.kids[0], out, empty);
            case NT::Repeat: {
                if (n.b == 0) {
                    empty = true;
                    return true;
                }
                bool e = false;
                if (!first_chars(n.kids[0], out, e)) return false;
                empty = e || n.a == 0;
                return true;
            }
            case NT::Cat:
                empty = true;
                for (const auto& k : n.kids) {
                    bool e = false;
                    if (!first_chars(k, out, e)) return false;
                    if (!e) {
                        empty = false;
                        break;
                    }
                }
                return true;
            case NT::Alt:
                empty = false;
                for (const auto& k : n.kids) {
                    bool e = false;
                    if (!first_chars(k, out, e)) return false;
                    empty = empty || e;
                }
                return true;
            case NT::Backref: case NT::Cond: return false;
        }
        return false;
    }

    void node(const ReNode& n) {
        switch (n.t) {
            case NT::Empty: return;
            case NT::Fail: emit({OP_FAIL}); return;
            case NT::Char: case NT::Any: case NT::Set: single(n); return;
            case NT::At: emit({OP_AT, uint8_t((n.ascii ? 1 : 0) | (n.b ? 2 : 0)), n.a}); return;
            case NT::Cat:
                for (const auto& k : n.kids) node(k);
                return;
            case NT::Alt: {
                std::vector<size_t> jumps;
                for (size_t k = 0; k < n.kids.size(); ++k) {
                    if (k + 1 < n.kids.size()) {
                        size_t split = emit({OP_SPLIT});
                        prog.code[split].a = here();
                        node(n.kids[k]);
                        jumps.push_back(emit({OP_JMP}));
                        prog.code[split].b = here();
                    } else {
                        node(n.kids[k]);
                    }
                }
                for (size_t j : jumps) prog.code[j].a = here();
                return;
            }
            case NT::Group:
                emit({OP_SAVE, 0, 2 * n.a});
                node(n.kids[0]);
                emit({OP_SAVE, 0, 2 * n.a + 1});
                return;
            case NT::Backref: emit({OP_BACKREF, uint8_t((n.icase ? 1 : 0) | (n.ascii ? 2 : 0)), n.a}); return;
            case NT::Look: case NT::Atomic: {
                size_t at = emit({n.t == NT::Look ? OP_LOOK : OP_ATOMIC, uint8_t((n.neg ? 1 : 0) | (n.behind ? 2 : 0))});
                prog.code[at].a = here();
                prog.code[at].b = n.b;
                node(n.kids[0]);
                emit({OP_SUCCEED});
                prog.code[at].c = here();
                return;
            }
            case NT::Cond: {
                size_t at = emit({OP_COND, 0, n.a});
                node(n.kids[0]);
                if (n.kids.size() > 1) {
                    size_t j = emit({OP_JMP});
                    prog.code[at].b = here();
                    node(n.kids[1]);
                    prog.code[j].a = here();
                } else {
                    prog.code[at].b = here();
                }
                return;
            }
            case NT::Repeat: repeat(n); return;
        }
    }

    void repeat(const ReNode& n) {
        const ReNode& body = n.kids[0];
        const uint32_t mn = n.a, mx = n.b;
        if (mx == 0) return;  // x{0}: matches empty
        if (single_char(body)) {
            emit({OP_REP1, uint8_t(n.mode), mn, mx});
            single(body);
            return;
        }
        if (n.mode == POSSESSIVE) {
            ReNode greedy = n;
            greedy.mode = GREEDY;
            size_t at = emit({OP_ATOMIC});
            prog.code[at].a = here();
            repeat(greedy);
            emit({OP_SUCCEED});
            prog.code[at].c = here();
            return;
        }
        const bool greedy = n.mode == GREEDY;
        const bool empty_ok = nullable(body);
        if (mn == 0 && mx == 1) {
            size_t split = emit({OP_SPLIT});
            uint32_t b = here();
            node(body);
            uint32_t e = here();
            prog.code[split].a = greedy ? b : e;
            prog.code[split].b = greedy ? e : b;
            return;
        }
        if (!empty_ok && mx == kReMaxRepeat && mn <= 1) {
            if (mn == 0) {
                size_t split = emit({OP_SPLIT});
                uint32_t b = here();
                node(body);
                emit({OP_JMP, 0, uint32_t(split)});
                uint32_t e = here();
                prog.code[split].a = greedy ? b : e;
                prog.code[split].b = greedy ? e : b;
            } else {
                uint32_t b = here();
                node(body);
                size_t split = emit({OP_SPLIT});
                uint32_t e = here();
                prog.code[split].a = greedy ? b : e;
                prog.code[split].b = greedy ? e : b;
            }
            return;
        }
        // counted, or a body that can match empty: count iterations in a register (reg) and remember
        // where the last iteration began (reg + 1), to stop after an empty iteration as sre does
        uint32_t reg = uint32_t(prog.nslots);
        prog.nslots += 2;
        emit({OP_LOOP_INIT, 0, reg});
        size_t loop = emit({OP_LOOP, uint8_t((greedy ? 1 : 0) | (empty_ok ? 2 : 0)), reg, 0, mn, mx});
        emit({OP_MARK, 0, reg + 1});
        node(body);
        emit({OP_LOOP_NEXT, 0, reg, uint32_t(loop)});
        prog.code[loop].b = here();
    }
};

// ---- matcher ------------------------------------------------------------------------------------------------

enum BtKind : uint8_t { BT_CHOICE, BT_UNDO, BT_REP_GREEDY, BT_REP_LAZY };

struct BtEntry {
    BtKind kind;
    uint32_t pc;
    int64_t a, b;
};

constexpr size_t kMaxBacktrack = size_t(1) << 25;  // entries (24 bytes each): 768 MiB

struct ReMatcher {
    const Program& prog;
    const wchar_t* s;
    int64_t end;
    StepHook& hook;
    std::vector<int64_t> slots;
    std::vector<BtEntry> stack;
    uint64_t steps = 0;
    int64_t start = 0;       // where the current attempt began (group 0's start)
    bool full = false, not_empty = false;

    void flush_steps() {
        if (steps) {
            uint64_t n = steps;
            steps = 0;
            hook.steps(n);
        }
    }

    void push(BtEntry e) {
        if (stack.size() >= kMaxBacktrack) throw std::bad_alloc();
        stack.push_back(e);
    }
    void set_slot(uint32_t k, int64_t v) {
        push({BT_UNDO, k, slots[k], 0});
        slots[k] = v;
    }

    bool one(const Inst& in, uint32_t c) const {
        switch (in.op) {
            case OP_CHAR: return c == in.a;
            case OP_CHAR_I: {
                if (c == in.a) return true;
                bool ascii = in.flag;
                return re_lower(c, ascii) == in.b || re_upper(c, ascii) == in.c;
            }
            case OP_ANY: return c != '\n';
            case OP_ANY_ALL: return true;
            case OP_SET: return prog.sets[in.a].test(c);
            default: return false;
        }
    }

    bool at(uint32_t kind, uint8_t flag, int64_t pos) const {
        const bool ascii = flag & 1, rx = flag & 2;
        switch (kind) {
            case AT_BEGIN: return pos == 0;
            case AT_BEGIN_LINE: return pos == 0 || s[pos - 1] == L'\n';
            case AT_END: return pos == end || (pos == end - 1 && s[pos] == L'\n');
            case AT_END_LINE: return pos == end || s[pos] == L'\n';
            case AT_END_STRING: return pos == end;
            case AT_BOUNDARY: case AT_NON_BOUNDARY: {
                if (end == 0) return false;
                bool that = pos > 0 && cls_word(uint32_t(s[pos - 1]), ascii, rx);
                bool thisw = pos < end && cls_word(uint32_t(s[pos]), ascii, rx);
                return kind == AT_BOUNDARY ? thisw != that : thisw == that;
            }
        }
        return false;
    }

    // Runs from pc at pos until MATCH/SUCCEED (true, `out` = the end position) or until every choice
    // above `base` failed (false). Entries above base stay on the stack after a success.
    bool run(uint32_t pc, int64_t pos, int64_t& out) {
        const size_t base = stack.size();
        const Inst* code = prog.code.data();
        for (;;) {
            if (++steps >= 4096) flush_steps();
            const Inst& in = code[pc];
            switch (in.op) {
                case OP_CHAR: case OP_CHAR_I: case OP_ANY: case OP_ANY_ALL: case OP_SET:
                    if (pos < end && one(in, uint32_t(s[pos]))) {
                        ++pos;
                        ++pc;
                        continue;
                    }
                    goto fail;
                case OP_AT:
                    if (at(in.a, in.flag, pos)) {
                        ++pc;
                        continue;
                    }
                    goto fail;
                case OP_SPLIT:
                    push({BT_CHOICE, in.b, pos, 0});
                    pc = in.a;
                    continue;
                case OP_JMP: pc = in.a; continue;
                case OP_SAVE:
                    set_slot(in.a, pos);
                    ++pc;
                    continue;
                case OP_BACKREF: {
                    int64_t b = slots[2 * in.a], e = slots[2 * in.a + 1];
                    if (b < 0 || e < 0) goto fail;
                    int64_t len = e - b;
                    if (end - pos < len) goto fail;
                    bool ic = in.flag & 1, ascii = in.flag & 2;
                    bool ok = true;
                    for (int64_t k = 0; k < len && ok; ++k) {
                        uint32_t x = uint32_t(s[b + k]), y = uint32_t(s[pos + k]);
                        ok = x == y || (ic && (re_lower(x, ascii) == re_lower(y, ascii) || re_upper(x, ascii) == re_upper(y, ascii)));
                    }
                    steps += uint64_t(len);
                    if (!ok) goto fail;
                    pos += len;
                    ++pc;
                    continue;
                }
                case OP_REP1: {
                    const Inst& ch = code[pc + 1];
                    const int64_t mn = in.a, mx = in.b == kReMaxRepeat ? INT64_MAX : int64_t(in.b);
                    if (in.flag == LAZY) {
                        int64_t k = 0;
                        while (k < mn && pos + k < end && one(ch, uint32_t(s[pos + k]))) ++k;
                        steps += uint64_t(k);
                        if (k < mn) goto fail;
                        pos += k;
                        if (k < mx) push({BT_REP_LAZY, pc, pos, k});
                        pc += 2;
                        continue;
                    }
                    int64_t k = 0;
                    const int64_t limit = std::min(mx, end - pos);
                    if (ch.op == OP_ANY_ALL) k = limit;
                    else
                        while (k < limit && one(ch, uint32_t(s[pos + k]))) ++k;
                    steps += uint64_t(k);
                    if (k < mn) goto fail;
                    if (k > mn && in.flag == GREEDY) push({BT_REP_GREEDY, pc, pos + mn, pos + k});
                    pos += k;
                    pc += 2;
                    continue;
                }
                case OP_LOOP_INIT:
                    set_slot(in.a, 0);
                    set_slot(in.a + 1, -1);
                    ++pc;
                    continue;
                case OP_LOOP: {
                    const int64_t cnt = slots[in.a];
                    const bool greedy = in.flag & 1, check_empty = in.flag & 2;
                    if (cnt < int64_t(in.c)) {
                        // an iteration still required: sre sets last_ptr only for the ones past the
                        // minimum, so the first optional iteration is tried even after empty ones
                        pc = pc + 2;
                        continue;
                    }
                    if ((in.d == kReMaxRepeat || cnt < int64_t(in.d)) && !(check_empty && pos == slots[in.a + 1])) {
                        if (greedy) {
                            push({BT_CHOICE, in.b, pos, 0});
                            pc = pc + 1;
                        } else {
                            push({BT_CHOICE, pc + 1, pos, 0});
                            pc = in.b;
                        }
                        continue;
                    }
                    pc = in.b;
                    continue;
                }
                case OP_MARK:
                    set_slot(in.a, pos);
                    ++pc;
                    continue;
                case OP_LOOP_NEXT:
                    set_slot(in.a, slots[in.a] + 1);
                    pc = in.b;
                    continue;
                case OP_LOOK: {
                    const bool neg = in.flag & 1, behind = in.flag & 2;
                    bool hit;
                    const size_t mark = stack.size();
                    int64_t sub_end = 0;
                    if (behind) {
                        const int64_t from = pos - int64_t(in.b);
                        hit = from >= 0 && sub(in.a, from, sub_end, mark);
                    } else {
                        hit = sub(in.a, pos, sub_end, mark);
                    }
                    if (neg && hit) undo_to(mark);  // a negative look-around keeps nothing
                    if (hit == neg) goto fail;
                    pc = in.c;
                    continue;
                }
                case OP_ATOMIC: {
                    const size_t mark = stack.size();
                    int64_t sub_end = 0;
                    if (!sub(in.a, pos, sub_end, mark)) goto fail;
                    pos = sub_end;
                    pc = in.c;
                    continue;
                }
                case OP_COND:
                    pc = slots[2 * in.a + 1] >= 0 && slots[2 * in.a] >= 0 ? pc + 1 : in.b;
                    continue;
                case OP_MATCH:
                    if (full && pos != end) goto fail;
                    if (not_empty && pos == start) goto fail;
                    out = pos;
                    return true;
                case OP_SUCCEED:
                    out = pos;
                    return true;
                case OP_FAIL: goto fail;
            }
        fail:
            for (;;) {
                if (stack.size() == base) return false;
                BtEntry& e = stack.back();
                switch (e.kind) {
                    case BT_UNDO:
                        slots[e.pc] = e.a;
                        stack.pop_back();
                        continue;
                    case BT_CHOICE:
                        pc = e.pc;
                        pos = e.a;
                        stack.pop_back();
                        break;
                    case BT_REP_GREEDY: {
                        // give back one character: e.a is the shortest end allowed, e.b the current end
                        const Inst* next = &code[e.pc + 2];
                        int64_t cur = e.b - 1;
                        // a literal next: only stop where it can match (sre's REPEAT_ONE shortcut)
                        if (next->op == OP_CHAR) {
                            while (cur >= e.a && (cur >= end || uint32_t(s[cur]) != next->a)) --cur;
                            if (cur < e.a) {
                                stack.pop_back();
                                continue;
                            }
                        }
                        pc = e.pc + 2;
                        pos = cur;
                        if (cur > e.a) e.b = cur;
                        else stack.pop_back();
                        break;
                    }
                    case BT_REP_LAZY: {
                        // take one more character: e.a is the current end, e.b the count
                        const Inst& rep = code[e.pc];
                        const Inst& ch = code[e.pc + 1];
                        const int64_t mx = rep.b == kReMaxRepeat ? INT64_MAX : int64_t(rep.b);
                        if (e.a < end && one(ch, uint32_t(s[e.a]))) {
                            ++e.a;
                            ++e.b;
                            pos = e.a;
                            pc = e.pc + 2;
                            if (e.b >= mx) stack.pop_back();
                            break;
                        }
                        stack.pop_back();
                        continue;
                    }
                }
                break;
            }
            if (++steps >= 4096) flush_steps();
        }
    }

    void undo_to(size_t mark) {
        while (stack.size() > mark) {
            const BtEntry& e = stack.back();
            if (e.kind == BT_UNDO) slots[e.pc] = e.a;
            stack.pop_back();
        }
    }

    // A nested match (look-around body, atomic group): on success its choice points are dropped and
    // its undo records kept (so an outer backtrack still restores what it captured); on failure it
    // has restored everything itself.
    bool sub(uint32_t pc, int64_t pos, int64_t& out, size_t mark) {
        if (!run(pc, pos, out)) return false;
        size_t w = mark;
        for (size_t r = mark; r < stack.size(); ++r)
            if (stack[r].kind == BT_UNDO) stack[w++] = stack[r];
        stack.resize(w);
        return true;
    }
};

}  // namespace

Compiled compile(const std::wstring& pattern, int64_t flags) {
    ReParser ps{pattern, 0, flags & ~RF_REGEX_SYNTAX};
    ps.regex_syntax = (flags & RF_REGEX_SYNTAX) != 0;
    ps.open.push_back(false);  // group 0
    ReParser::Fl fl = ps.global_fl();
    // sre_parse: a leading (?x) applies to the whole pattern, so the first branch is parsed with the
    // flags current when each item is read
    ReNode root = ps.alternation(fl, true);
    if (!ps.at_end()) ps.fail("unbalanced parenthesis", ps.i);
    for (const auto& [g, at] : ps.cond_refs)
        if (g > ps.groups) ps.fail("invalid group reference " + std::to_string(g), at);
    auto prog = std::make_shared<Program>();
    prog->sets = std::move(ps.sets);
    prog->nslots = 2 * (ps.groups + 1);
    prog->ascii = (ps.flags & RF_A) != 0;
    ReCompiler cc{*prog, prog->nslots};
    cc.node(root);
    cc.emit({OP_MATCH});
    // search shortcuts (sre_compile's _compile_info)
    prog->min_width = ps.width(root).first;
    size_t k = 0;
    for (; k < prog->code.size(); ++k) {
        const Inst& in = prog->code[k];
        if (in.op == OP_SAVE) prog->prefix_saves.emplace_back(in.a, uint32_t(prog->prefix.size()));
        else if (in.op == OP_CHAR) prog->prefix.push_back(in.a);
        else break;
    }
    prog->prefix_pc = uint32_t(k);
    if (!prog->prefix.empty()) {
        // KMP: overlap[i] is the longest proper prefix of prefix[0..i] that is also its suffix
        const auto& pre = prog->prefix;
        prog->prefix_overlap.assign(pre.size(), 0);
        for (size_t q = 1, len = 0; q < pre.size();) {
            if (pre[q] == pre[len]) prog->prefix_overlap[q++] = uint32_t(++len);
            else if (len) len = prog->prefix_overlap[len - 1];
            else prog->prefix_overlap[q++] = 0;
        }
    } else {
        size_t j = 0;
        while (j < prog->code.size() && prog->code[j].op == OP_SAVE) ++j;
        if (prog->code[j].op == OP_AT && prog->code[j].a == AT_BEGIN) prog->anchored_start = true;
        std::vector<const ReNode*> firsts;
        bool empty = true;
        if (!prog->anchored_start && ReCompiler::first_chars(root, firsts, empty) && !empty && firsts.size() <= 16 &&
            std::none_of(firsts.begin(), firsts.end(), [](const ReNode* n) { return n->t == NT::Any && n->dotall; }))
            for (const ReNode* n : firsts) prog->first_set.push_back(ReCompiler::single_inst(*n));
    }
    Compiled c;
    c.prog = prog;
    c.groups = ps.groups;
    c.names = ps.names;
    c.flags = ps.flags;
    return c;
}

namespace {
// The matcher's buffers, kept between calls: findall over a long text makes one match call per
// token, and allocating them each time dominated short matches. A nested call (none today) would
// find them taken and allocate its own.
thread_local std::vector<int64_t> tl_re_slots;
thread_local std::vector<BtEntry> tl_re_stack;
}  // namespace

bool match(const Compiled& c, const wchar_t* s, int64_t endpos, int64_t pos, MatchMode mode, bool not_empty, StepHook& hook,
           std::vector<std::pair<long, long>>& spans) {
    const Program& prog = *c.prog;
    ReMatcher m{prog, s, endpos, hook, std::move(tl_re_slots), std::move(tl_re_stack)};
    m.stack.clear();
    struct GiveBack {
        ReMatcher& m;
        ~GiveBack() {
            if (m.stack.capacity() <= (size_t(1) << 16)) {
                m.stack.clear();
                tl_re_stack = std::move(m.stack);
            }
            tl_re_slots = std::move(m.slots);
        }
    } give_back{m};
    m.full = mode == MatchMode::Full;
    m.not_empty = not_empty;
    const bool anchored = mode != MatchMode::Search || not_empty;
    // sre's INFO check: a start closer to the end than the shortest match cannot match
    if (endpos < pos || uint64_t(endpos - pos) < prog.min_width) return false;
    const int64_t last_start = endpos - int64_t(prog.min_width);
    m.slots.assign(prog.nslots, -1);
    bool found = false;
    int64_t out = 0;
    auto attempt = [&](int64_t st, uint32_t pc, int64_t at) {
        std::fill(m.slots.begin(), m.slots.end(), -1);
        m.stack.clear();
        m.start = st;
        if (pc)
            for (const auto& [slot, off] : prog.prefix_saves) m.slots[slot] = st + off;
        if (!m.run(pc, at, out)) return false;
        m.slots[0] = st;
        m.slots[1] = out;
        return true;
    };
    if (!anchored && !prog.prefix.empty()) {
        // the literal prefix by KMP (sre's search with an overlap table): linear in the text, and an
        // attempt starts after the prefix, which is not matched again
        const auto& pre = prog.prefix;
        const int64_t plen = int64_t(pre.size());
        int64_t j = 0;
        for (int64_t i = pos; i < endpos; ++i) {
            const uint32_t c = uint32_t(s[i]);
            while (j > 0 && pre[size_t(j)] != c) j = prog.prefix_overlap[size_t(j - 1)];
            if (pre[size_t(j)] == c) ++j;
            if ((i & 1023) == 0) {
                m.steps += 1024;
                if (m.steps >= 4096) m.flush_steps();
            }
            if (j < plen) continue;
            const int64_t st = i + 1 - plen;
            if (st > last_start) break;
            if (attempt(st, prog.prefix_pc, i + 1)) {
                found = true;
                break;
            }
            j = prog.prefix_overlap[size_t(j - 1)];
        }
    } else {
        for (int64_t st = pos; st <= last_start; ++st) {
            if (!anchored) {
                if (prog.anchored_start && st > 0) break;
                if (!prog.first_set.empty()) {
                    // sre's charset skip: only where a first character can match
                    const int64_t from = st;
                    while (st <= last_start && std::none_of(prog.first_set.begin(), prog.first_set.end(),
                                                            [&](const Inst& in) { return m.one(in, uint32_t(s[st])); }))
                        ++st;
                    m.steps += uint64_t(st - from) / 4;
                    if (st > last_start) break;
                }
            }
            if (attempt(st, 0, st)) {
                found = true;
                break;
            }
            if (anchored) break;
        }
    }
    m.flush_steps();
    if (!found) return false;
    spans.clear();
    for (size_t g = 0; g <= c.groups; ++g) {
        int64_t b = m.slots[2 * g], e = m.slots[2 * g + 1];
        if (b < 0 || e < 0) spans.emplace_back(-1, -1);
        else spans.emplace_back(long(b), long(e));
    }
    return true;
}

}  // namespace kiln::vm::re_engine
