// re: Python's regular expressions on the C++ standard library's engine (std::wregex, ECMAScript).
//
// Why std::regex: it is in every toolchain Kiln builds with (GCC/clang natively, Emscripten's libc++
// in the browser), so the web build needs no third-party source; a PCRE2 build for WebAssembly would
// have to be fetched and built with the playground's other dependencies. The price is a translation
// layer from Python's syntax and a few constructs the ECMAScript grammar lacks, each rejected with a
// re.error naming it (look-behind anywhere but at the pattern's start, scoped inline flags (?i:...),
// atomic groups, possessive quantifiers, conditionals, \A and \Z under MULTILINE). A look-behind
// that opens the pattern is checked outside std::regex at each candidate start (Compiled).
// Patterns and subjects are converted to UTF-32 (wchar_t is 32-bit on Linux and in Emscripten), so
// positions count characters as Python's do and non-ASCII literals work; \d, \w, \s and IGNORECASE
// follow the "C" locale (ASCII), which is what re.ASCII gives in CPython.
//
// Translation: (?P<name>...) becomes a numbered group with the name remembered, (?P=name) a
// backreference; '.' becomes [^\n] (or [\s\S] with DOTALL); '$' without MULTILINE becomes (?=\n?$)
// (Python's '$' also matches before a final newline); VERBOSE drops whitespace and comments;
// '{' that is not a quantifier is a literal. Matching follows sre's rules for pos/endpos and for
// empty matches in findall/finditer/sub/split (an empty match may follow a non-empty one, but not
// another empty match at the same place).
#include <algorithm>
#include <cwctype>
#include <map>
#include <memory>
#include <optional>
#include <regex>

#include "support/pyrepr.h"
#include "support/stack.h"
#include "vm/args.h"
#include "vm/host.h"
#include "vm/ops.h"
#include "vm/text_str.h"

namespace kiln::vm {

Type* kiln_limit_error_type();  // interpreter.cpp

namespace {

using module_def::def;

enum : int64_t { F_TEMPLATE = 1, F_I = 2, F_L = 4, F_M = 8, F_S = 16, F_U = 32, F_X = 64, F_DEBUG = 128, F_A = 256 };

Type* g_error;
Type* g_pattern_type;
Type* g_match_type;

[[noreturn]] void re_error(const std::string& msg) { raise(g_error, msg); }
constexpr uint64_t kMaxRepeat = 4294967295u;  // _sre.MAXREPEAT on 64-bit CPython

std::wstring widen(const std::string& s) {
    std::wstring w;
    w.reserve(s.size());
    for (size_t i = 0; i < s.size();) w.push_back(wchar_t(text::utf8_next(s, i)));
    return w;
}

std::string narrow(const std::wstring& w, size_t b, size_t e) {
    std::string out;
    for (size_t i = b; i < e; ++i) text::utf8_append(out, char32_t(w[i]));
    return out;
}

// std::regex (libstdc++'s and libc++'s alike) compiles and matches by recursion: compiling recurses
// once per term of a concatenation, and matching once per character consumed and once per state
// it passes without consuming (alternatives, group marks). On a long pattern or subject that walks
// off the C stack (a 60,000-character literal pattern or a 40,000-character subject of (?:a|b)* on
// an 8 MiB stack; far less in the browser), where CPython's sre, which keeps its own stacks, does
// not. Kiln cannot make std::regex iterative, so it keeps the C stack in bounds: before compiling or
// matching, the stack must hold a conservative per-pattern-character allowance, and every move of
// the subject iterator (BudgetIter) checks the stack, so an overlong match ends in RecursionError.
constexpr const char* kRegexDepth = " in std::regex while matching";

size_t regex_stack_need(size_t pattern_chars) {
    // measured: about 150-200 bytes a pattern character in an optimised native build; stack_reserve()
    // grows with the frames of instrumented builds (1 KiB a character under ASan)
    return stack_reserve() + pattern_chars * (stack_reserve() >> 10);
}

void check_regex_stack(size_t pattern_chars, const char* what) {
    if (stack_short(regex_stack_need(pattern_chars)))
        raise(types().RecursionError, str("maximum recursion depth exceeded", what));
}

struct Compiled {
    std::wregex re;
    size_t pattern_chars = 0;  // the translated pattern's length: what matching needs (regex_stack_need)
    size_t groups = 0;
    std::vector<std::pair<std::string, size_t>> names;  // in definition order
    // A look-behind that opens the pattern ((?<!\S)word, (?<=[a-z])(?=[A-Z])): ECMAScript has none,
    // so the rest is searched alone and each candidate start is checked here, `width` characters back
    // (sre's rule: the look-behind may see text before pos, not before the string's start).
    bool lookbehind = false;
    bool lookbehind_negative = false;
    size_t lookbehind_width = 0;
    std::wregex lookbehind_body;
};

// The width of a look-behind body when every alternative has one fixed width (literals, escapes,
// classes and '.', {n} repeats, groups without captures), as sre requires; nullopt when it is
// variable or uses a construct this does not measure.
std::optional<size_t> fixed_width(const std::wstring& p, size_t& i, bool nested) {
    std::optional<size_t> total;  // width of the first alternative
    size_t cur = 0, last = 0;
    bool have_last = false;
    auto end_alt = [&]() -> bool {
        if (total && *total != cur) return false;
        total = cur;
        cur = 0;
        have_last = false;
        return true;
    };
    while (i < p.size()) {
        wchar_t c = p[i];
        if (c == L')') {
            if (!nested) return std::nullopt;
            ++i;
            if (!end_alt()) return std::nullopt;
            return total;
        }
        if (c == L'|') {
            ++i;
            if (!end_alt()) return std::nullopt;
            continue;
        }
        if (c == L'*' || c == L'+' || c == L'?') return std::nullopt;
        if (c == L'{') {
            size_t k = i + 1, n = 0;
            bool digits = false;
            while (k < p.size() && std::iswdigit(p[k])) n = n * 10 + size_t(p[k++] - L'0'), digits = true;
            if (!digits || k >= p.size() || p[k] != L'}' || !have_last) return std::nullopt;
            cur += last * n - last;
            last *= n;
            i = k + 1;
            continue;
        }
        size_t w;
        if (c == L'\\') {
            if (i + 1 >= p.size()) return std::nullopt;
            wchar_t e = p[i + 1];
            if (std::iswdigit(e)) return std::nullopt;  // a backreference
            w = (e == L'b' || e == L'B' || e == L'A' || e == L'Z') ? 0 : 1;
            i += 2;
        } else if (c == L'[') {
            size_t k = i + 1;
            if (k < p.size() && p[k] == L'^') ++k;
            if (k < p.size() && p[k] == L']') ++k;
            while (k < p.size() && p[k] != L']') k += p[k] == L'\\' ? 2 : 1;
            if (k >= p.size()) return std::nullopt;
            w = 1;
            i = k + 1;
        } else if (c == L'(') {
            ++i;
            if (p.compare(i, 2, L"?:") == 0) i += 2;
            else if (p.compare(i, 2, L"?=") == 0 || p.compare(i, 2, L"?!") == 0) {
                i += 2;
                if (!fixed_width(p, i, true)) return std::nullopt;
                w = 0;
                cur += w, last = w, have_last = true;
                continue;
            } else return std::nullopt;  // captures and other extensions: not measured
            auto inner = fixed_width(p, i, true);
            if (!inner) return std::nullopt;
            w = *inner;
        } else if (c == L'^' || c == L'$') {
            w = 0;
            ++i;
        } else {
            w = 1;
            ++i;
        }
        cur += w;
        last = w;
        have_last = true;
    }
    if (nested) return std::nullopt;
    if (!end_alt()) return std::nullopt;
    return total;
}

// ---- translation ------------------------------------------------------------------------------------

struct Translator {
    const std::wstring& p;
    int64_t& flags;
    size_t i = 0;
    std::wstring out;
    size_t groups = 0;
    std::vector<std::pair<std::string, size_t>> names;
    bool lookbehind = false, lookbehind_negative = false;
    std::wstring lookbehind_body;  // the Python text of a look-behind that opens the pattern

    [[noreturn]] void fail(const std::string& msg, size_t at) { re_error(str(msg, " at position ", at)); }
    [[noreturn]] void unsupported(const std::string& what) {
        re_error(str(what, " not supported in Kiln's re (it runs on std::regex's ECMAScript engine)"));
    }

    size_t group_of(const std::string& name, size_t at) {
        for (const auto& [n, g] : names)
            if (n == name) return g;
        fail(str("unknown group name '", name, "'"), at);
    }

    std::string read_name(wchar_t close, size_t at) {
        size_t e = p.find(close, i);
        if (e == std::wstring::npos) fail(close == L'>' ? "missing >, unterminated name" : "missing ), unterminated name", at);
        std::string name = narrow(p, i, e);
        if (name.empty()) fail("missing group name", at);
        bool ok = !std::isdigit(static_cast<unsigned char>(name[0]));
        for (char c : name) ok = ok && (std::isalnum(static_cast<unsigned char>(c)) || c == '_' || (c & 0x80));
        if (!ok) fail(str("bad character in group name '", name, "'"), at);
        i = e + 1;
        return name;
    }

    void leading_flags() {
        // (?aiLmsux) at the start sets global flags; anywhere else it is an error in 3.11.
        while (p.compare(i, 2, L"(?") == 0) {
            size_t k = i + 2;
            int64_t f = 0;
            while (k < p.size() && std::wstring(L"aiLmsux").find(p[k]) != std::wstring::npos) {
                switch (p[k]) {
                    case L'a': f |= F_A; break;
                    case L'i': f |= F_I; break;
                    case L'L': f |= F_L; break;
                    case L'm': f |= F_M; break;
                    case L's': f |= F_S; break;
                    case L'u': f |= F_U; break;
                    case L'x': f |= F_X; break;
                }
                ++k;
            }
            if (k == i + 2 || k >= p.size() || p[k] != L')') return;
            flags |= f;
            i = k + 1;
        }
    }

    void escape(bool in_class) {
        size_t at = i;
        ++i;  // the backslash
        if (i >= p.size()) fail("bad escape (end of pattern)", at);
        wchar_t c = p[i++];
        if (c >= L'1' && c <= L'9' && !in_class) {
            std::wstring num(1, c);
            if (i < p.size() && p[i] >= L'0' && p[i] <= L'9') num += p[i++];
            size_t g = std::stoul(std::string(num.begin(), num.end()));
            if (g > groups) fail(str("invalid group reference ", g), at + 1);
            out += L"\\" + num;
            return;
        }
        switch (c) {
            case L'A':
                if (in_class) fail("bad escape \\A", at);
                if (flags & F_M) unsupported("\\A with re.MULTILINE is");
                out += L"^";
                return;
            case L'Z':
                if (in_class) fail("bad escape \\Z", at);
                if (flags & F_M) unsupported("\\Z with re.MULTILINE is");
                out += L"$";
                return;
            case L'b': out += in_class ? L"\\x08" : L"\\b"; return;
            case L'B':
                if (in_class) fail("bad escape \\B", at);
                out += L"\\B";
                return;
            case L'd': case L'D': case L'w': case L'W': case L's': case L'S':
            case L'n': case L't': case L'r': case L'f': case L'v':
                out += L'\\';
                out += c;
                return;
            case L'a': out += L"\\x07"; return;
            case L'0': {
                unsigned v = 0;
                for (int k = 0; k < 2 && i < p.size() && p[i] >= L'0' && p[i] <= L'7'; ++k) v = v * 8 + unsigned(p[i++] - L'0');
                wchar_t buf[16];
                std::swprintf(buf, 16, L"\\x%02x", v);
                out += buf;
                return;
            }
            case L'x': case L'u': case L'U': {
                size_t n = c == L'x' ? 2 : c == L'u' ? 4 : 8;
                if (i + n > p.size()) fail(str("incomplete escape \\", char(c), narrow(p, i, p.size())), at);
                unsigned long v = 0;
                for (size_t k = 0; k < n; ++k) {
                    wchar_t h = p[i + k];
                    int d = h >= L'0' && h <= L'9' ? h - L'0' : h >= L'a' && h <= L'f' ? h - L'a' + 10 : h >= L'A' && h <= L'F' ? h - L'A' + 10 : -1;
                    if (d < 0) fail(str("incomplete escape \\", char(c), narrow(p, i, i + k)), at);
                    v = v * 16 + unsigned(d);
                }
                i += n;
                literal(wchar_t(v), in_class);
                return;
            }
            default: break;
        }
        if ((c < 128 && std::isalnum(int(c))) ) fail(str("bad escape \\", char(c)), at);
        literal(c, in_class);
    }

    void literal(wchar_t c, bool in_class) {
        if (c < 128 && std::wstring(L"\\^$.|?*+()[]{}-/").find(c) != std::wstring::npos) {
            out += L'\\';
            out += c;
        } else if (c < 0x20 || c == 0x7f) {
            wchar_t buf[16];
            std::swprintf(buf, 16, L"\\x%02x", unsigned(c));
            out += buf;
        } else if (c > 0x7f && !in_class) {
            out += L"(?:";
            out += c;
            out += L")";
        } else {
            out += c;
        }
    }

    void char_class() {
        size_t at = i;
        ++i;
        out += L'[';
        if (i < p.size() && p[i] == L'^') {
            out += L'^';
            ++i;
        }
        bool first = true;
        for (;;) {
            if (i >= p.size()) fail("unterminated character set", at);
            wchar_t c = p[i];
            if (c == L']' && !first) {
                ++i;
                break;
            }
            first = false;
            if (c == L'\\') {
                escape(true);
            } else if (c == L'-') {
                out += L'-';
                ++i;
            } else {
                literal(c, true);
                ++i;
            }
        }
        out += L']';
    }

    bool quantifier_brace() {  // at '{': a quantifier {m}, {m,}, {,n}, {m,n}?
        size_t k = i + 1;
        std::wstring lo, hi;
        bool comma = false;
        while (k < p.size() && p[k] >= L'0' && p[k] <= L'9') lo += p[k++];
        if (k < p.size() && p[k] == L',') {
            comma = true;
            ++k;
            while (k < p.size() && p[k] >= L'0' && p[k] <= L'9') hi += p[k++];
        }
        if (k >= p.size() || p[k] != L'}' || (lo.empty() && !comma) || (lo.empty() && hi.empty() && comma)) {
            if (!(lo.empty() && hi.empty() && comma && k < p.size() && p[k] == L'}')) return false;
        }
        // sre_parse's checks: counts below MAXREPEAT (2**32 - 1), and min <= max.
        auto count = [](const std::wstring& digits) {
            uint64_t v = 0;
            for (wchar_t d : digits) {
                v = v * 10 + uint64_t(d - L'0');
                if (v >= kMaxRepeat) raise(types().OverflowError, "the repetition number is too large");
            }
            return v;
        };
        const uint64_t min = count(lo), max = comma ? (hi.empty() ? kMaxRepeat : count(hi)) : min;
        if (max < min) fail("min repeat greater than max repeat", i + 1);
        if (lo.empty()) lo = L"0";
        out += L'{' + lo + (comma ? L"," + hi : L"") + L'}';
        i = k + 1;
        return true;
    }

    void run() {
        leading_flags();
        bool can_quantify = false;
        while (i < p.size()) {
            wchar_t c = p[i];
            if ((flags & F_X) && (c == L' ' || c == L'\t' || c == L'\n' || c == L'\r' || c == L'\v' || c == L'\f')) {
                ++i;
                continue;
            }
            if ((flags & F_X) && c == L'#') {
                while (i < p.size() && p[i] != L'\n') ++i;
                continue;
            }
            switch (c) {
                case L'\\': escape(false); can_quantify = true; break;
                case L'[': char_class(); can_quantify = true; break;
                case L'.': out += (flags & F_S) ? L"[\\s\\S]" : L"[^\\n]"; ++i; can_quantify = true; break;
                case L'^': out += L'^'; ++i; can_quantify = false; break;
                case L'$': out += (flags & F_M) ? L"$" : L"(?=\\n?$)"; ++i; can_quantify = false; break;
                case L'*': case L'+': case L'?': {
                    if (!can_quantify) fail("nothing to repeat", i);
                    out += c;
                    ++i;
                    if (i < p.size() && p[i] == L'?') out += p[i++];
                    else if (i < p.size() && p[i] == L'+') unsupported("possessive quantifiers (*+, ++, ?+) are");
                    if (i < p.size() && (p[i] == L'*' || p[i] == L'+' || p[i] == L'?')) fail("multiple repeat", i);
                    can_quantify = false;
                    break;
                }
                case L'{':
                    if (can_quantify && quantifier_brace()) {
                        if (i < p.size() && p[i] == L'?') out += p[i++];
                        can_quantify = false;
                    } else {
                        out += L"\\{";
                        ++i;
                        can_quantify = true;
                    }
                    break;
                case L'(': group(); can_quantify = true; break;
                case L')': out += L')'; ++i; can_quantify = true; break;
                case L'|': out += L'|'; ++i; can_quantify = false; break;
                default: literal(c, false); ++i; can_quantify = true; break;
            }
        }
    }

    void group() {
        size_t at = i;
        if (p.compare(i, 2, L"(?") != 0) {
            ++i;
            ++groups;
            out += L'(';
            return;
        }
        i += 2;
        if (i >= p.size()) fail("unexpected end of pattern", i);
        wchar_t c = p[i];
        if (c == L'P' && i + 1 < p.size() && p[i + 1] == L'<') {
            i += 2;
            std::string name = read_name(L'>', at + 4);
            for (const auto& n : names)
                if (n.first == name) fail(str("redefinition of group name '", name, "' as group ", groups + 1, "; was group ", n.second), at + 4);
            ++groups;
            names.emplace_back(name, groups);
            out += L'(';
            return;
        }
        if (c == L'P' && i + 1 < p.size() && p[i + 1] == L'=') {
            i += 2;
            std::string name = read_name(L')', at + 4);
            out += L"\\" + widen(std::to_string(group_of(name, at + 4)));
            return;
        }
        if (c == L':' || c == L'=' || c == L'!') {
            out += L"(?";
            out += c;
            ++i;
            return;
        }
        if (c == L'<' && i + 1 < p.size() && (p[i + 1] == L'=' || p[i + 1] == L'!')) {
            // Only a look-behind that opens the pattern can be checked outside std::regex (compile())
            if (!out.empty() || lookbehind) unsupported("look-behind assertions (?<=...) and (?<!...) other than at the start of the pattern are");
            lookbehind = true;
            lookbehind_negative = p[i + 1] == L'!';
            size_t b = i + 2, k = b;
            int depth = 0;
            for (; k < p.size(); ++k) {
                if (p[k] == L'\\') {
                    ++k;
                    continue;
                }
                if (p[k] == L'[') {
                    ++k;
                    if (k < p.size() && p[k] == L'^') ++k;
                    if (k < p.size() && p[k] == L']') ++k;
                    while (k < p.size() && p[k] != L']') k += p[k] == L'\\' ? 2 : 1;
                    continue;
                }
                if (p[k] == L'(') ++depth;
                if (p[k] == L')' && depth-- == 0) break;
            }
            if (k >= p.size()) fail("missing ), unterminated subpattern", at);
            lookbehind_body = p.substr(b, k - b);
            i = k + 1;
            return;
        }
        if (c == L'#') {
            size_t e = p.find(L')', i);
            if (e == std::wstring::npos) fail("missing ), unterminated comment", at);
            i = e + 1;
            out += L"(?:)";
            return;
        }
        if (c == L'>') unsupported("atomic groups (?>...) are");
        if (c == L'(') unsupported("conditional groups (?(id)yes|no) are");
        if (std::wstring(L"aiLmsux-").find(c) != std::wstring::npos) {
            size_t k = i;
            while (k < p.size() && std::wstring(L"aiLmsux-").find(p[k]) != std::wstring::npos) ++k;
            if (k < p.size() && p[k] == L')') fail("global flags not at the start of the expression", at);
            unsupported("scoped inline flags (?i:...) are");
        }
        fail(str("unknown extension ?", narrow(p, i, i + 1)), at + 1);
    }
};

std::shared_ptr<Compiled> compile(const std::string& pattern, int64_t& flags) {
    static std::map<std::pair<std::string, int64_t>, std::pair<std::shared_ptr<Compiled>, int64_t>> cache;
    auto key = std::make_pair(pattern, flags);
    if (auto it = cache.find(key); it != cache.end()) {
        flags = it->second.second;
        return it->second.first;
    }
    if ((flags & F_A) && (flags & F_L)) raise(T().ValueError, "ASCII and LOCALE flags are incompatible");
    if ((flags & F_A) && (flags & F_U)) raise(T().ValueError, "ASCII and UNICODE flags are incompatible");
    if (flags & F_L) raise(T().ValueError, "cannot use LOCALE flag with a str pattern");
    std::wstring w = widen(pattern);
    int64_t f = flags;
    Translator tr{w, f, 0, {}, 0, {}};
    tr.run();
    // balance check with Python's messages (std::regex's own are not Python's), with sre_parse's other
    // structural errors: a class range running backwards, a backreference into a group still open, and
    // nesting deep enough that sre_parse's recursive descent ends in RecursionError (496 levels under
    // the default recursion limit)
    {
        size_t k = 0;
        std::vector<size_t> stack;
        std::vector<int> open_groups;  // per open paren: its group number, 0 for a non-capturing one
        int groups = 0;
        bool in_class = false;
        for (; k < w.size(); ++k) {
            if (w[k] == L'\\') {
                if (!in_class && k + 1 < w.size() && w[k + 1] >= L'1' && w[k + 1] <= L'9') {
                    int ref = int(w[k + 1] - L'0');
                    if (k + 2 < w.size() && w[k + 2] >= L'0' && w[k + 2] <= L'9') ref = ref * 10 + int(w[k + 2] - L'0');
                    if (std::find(open_groups.begin(), open_groups.end(), ref) != open_groups.end())
                        re_error(str("cannot refer to an open group at position ", k));
                }
                ++k;
                continue;
            }
            if (in_class) {
                if (w[k] == L']') {
                    in_class = false;
                } else if (w[k] == L'-' && k > 0 && w[k - 1] != L'[' && k + 1 < w.size() && w[k + 1] != L']' &&
                           w[k + 1] != L'\\' && (k < 2 || w[k - 2] != L'\\') && w[k + 1] < w[k - 1]) {
                    re_error(str("bad character range ", narrow(w, k - 1, k), "-", narrow(w, k + 1, k + 2), " at position ", k - 1));
                }
                continue;
            }
            if (w[k] == L'[') {
                in_class = true;
                if (k + 1 < w.size() && w[k + 1] == L'^') ++k;
                if (k + 1 < w.size() && w[k + 1] == L']') ++k;
            } else if (w[k] == L'(') {
                stack.push_back(k);
                const bool capturing = k + 1 >= w.size() || w[k + 1] != L'?' ||
                                       (k + 2 < w.size() && w[k + 2] == L'P' && k + 3 < w.size() && w[k + 3] == L'<');
                open_groups.push_back(capturing ? ++groups : 0);
                if (stack.size() >= 496) raise(T().RecursionError, "maximum recursion depth exceeded");
            } else if (w[k] == L')') {
                if (stack.empty()) re_error(str("unbalanced parenthesis at position ", k));
                stack.pop_back();
                open_groups.pop_back();
            } else if ((f & F_X) && w[k] == L'#') {
                while (k < w.size() && w[k] != L'\n') ++k;
            }
        }
        if (!stack.empty()) re_error(str("missing ), unterminated subpattern at position ", stack.back()));
    }
    auto c = std::make_shared<Compiled>();
    auto opts = std::regex_constants::ECMAScript;
    if (f & F_I) opts |= std::regex_constants::icase;
    if (f & F_M) opts |= std::regex_constants::multiline;
    check_regex_stack(tr.out.size(), " in std::regex while compiling");
    c->pattern_chars = tr.out.size() + tr.lookbehind_body.size();
    try {
        c->re = std::wregex(tr.out, opts);
    } catch (const std::regex_error& e) {
        re_error(str("cannot compile ", py_str_repr(pattern), " with std::regex: ", e.what()));
    }
    c->groups = tr.groups;
    c->names = tr.names;
    if (tr.lookbehind) {
        size_t k = 0;
        std::optional<size_t> width = fixed_width(tr.lookbehind_body, k, false);
        if (!width) re_error("look-behind requires fixed-width pattern");
        int64_t bf = f & ~int64_t(F_X);
        std::wstring body = tr.lookbehind_body;
        Translator bt{body, bf, 0, {}, 0, {}};
        if (f & F_X) bt.flags |= F_X;
        bt.run();
        if (bt.groups) re_error("capturing groups inside a look-behind are not supported in Kiln's re (it runs on std::regex's ECMAScript engine)");
        c->lookbehind = true;
        c->lookbehind_negative = tr.lookbehind_negative;
        c->lookbehind_width = *width;
        try {
            c->lookbehind_body = std::wregex(bt.out, opts);
        } catch (const std::regex_error& e) {
            re_error(str("cannot compile ", py_str_repr(pattern), " with std::regex: ", e.what()));
        }
    }
    if (!(f & F_A)) f |= F_U;
    cache[key] = {c, f};
    flags = f;
    return c;
}

// ---- Pattern and Match objects -----------------------------------------------------------------------

struct PatternObj : NativeObj {
    explicit PatternObj(Type* t) : NativeObj(t) {}
    std::string pattern;
    int64_t flags = 0;
    std::shared_ptr<Compiled> c;
};

struct MatchObj : NativeObj {
    explicit MatchObj(Type* t) : NativeObj(t) {}
    void clear() override {
        pattern = Value();
        string = Value();
    }
    Value pattern;  // the PatternObj
    Value string;
    std::shared_ptr<const std::wstring> subject;
    std::vector<std::pair<long, long>> spans;  // (-1, -1) for a group that did not take part
    long pos = 0, endpos = 0;
    PatternObj* pat() const { return native_cast<PatternObj>(pattern); }
};

PatternObj* pattern_of(const Value& v) {
    auto* p = native_cast<PatternObj>(v);
    if (!p) raise(T().TypeError, str("descriptor requires a 're.Pattern' object but received a '", type_name(v), "'"));
    return p;
}

MatchObj* match_of(const Value& v) {
    auto* m = native_cast<MatchObj>(v);
    if (!m) raise(T().TypeError, str("descriptor requires a 're.Match' object but received a '", type_name(v), "'"));
    return m;
}

Value make_pattern(Interpreter& in, const Value& pattern, const Value& flags_v) {
    if (native_cast<PatternObj>(pattern)) {
        if (to_int(flags_v, "") != 0) raise(T().ValueError, "cannot process flags argument with a compiled pattern");
        return pattern;
    }
    if (!pattern.is(Kind::Str)) raise(T().TypeError, "first argument must be string or compiled pattern");
    int64_t flags = to_int(flags_v, "flags");
    auto p = make<PatternObj>(g_pattern_type);
    p->pattern = str_of(pattern);
    p->c = compile(p->pattern, flags);
    p->flags = flags;
    return Value(p.get());
}

enum class Mode { Search, Match, Full };

// std::regex backtracks without bound ((a+)+$ on 40 a's and a b, (?:x*)*y on 25 x's) and has no
// hook to stop it: the matcher walks the subject through this iterator, and every move and every
// character read is a step.
// Each step is charged to the interpreter's budget, so --max-instructions (and the browser's Stop,
// which polls there) ends a runaway match with KilnLimitError as it ends a runaway loop. And each
// match attempt has a step limit of its own, as PCRE2's match_limit: CPython's sre is exponential
// on these shapes too (3 s for (?:x*)*y on 25 x's, doubling with every x) and std::regex's is a
// steeper curve (25 s on 18 x's), so without one a pathological pattern or subject hangs a CLI run
// that set no budget. The limit grows with the text searched: kStepsPerChar a character, far over
// what a linear pattern spends (a few steps a character and start position), and 4 n^2 up to
// kQuadraticMax, room for a quadratic search (.*b.*c fails on a line of n characters in about 2 n^2
// steps; sre is quadratic there too), so only runaway backtracking reaches it: exponential blowups
// happen on short texts, where the limit is kStepsBase, one to four seconds natively. Why not PCRE2 (match limits, no C recursion, Python's syntax nearly
// as is): the browser build would need it built for WebAssembly with the playground's other
// dependencies, and the bundle has about 60 kB left under its size budget (issue 29).
constexpr uint64_t kStepsBase = 30'000'000;
constexpr uint64_t kStepsPerChar = 4'000;
constexpr uint64_t kQuadraticMax = 400'000'000;
uint64_t match_step_limit(uint64_t n) {
    const uint64_t quadratic = n >= 10'000 ? kQuadraticMax : std::min(4 * n * n, kQuadraticMax);  // no overflow
    return kStepsBase + kStepsPerChar * n + quadratic;
}

struct MatchBudget {
    Interpreter* in = nullptr;
    size_t stack_need = 0;  // the C stack a match of this pattern must keep free (regex_stack_need)
    uint64_t steps = 0, limit = 0;
    const std::string* pattern = nullptr;
    size_t subject_chars = 0;
    void charge() {
        if (in) in->charge_step();
        if (++steps > limit)
            raise(kiln_limit_error_type(),
                  str("regular expression backtracking limit exceeded: ", limit, " steps matching ",
                      py_str_repr(pattern->size() > 60 ? pattern->substr(0, 60) + "..." : *pattern), " against a ", subject_chars,
                      "-character string (nested repeats such as (a+)+ or (x*)* try exponentially many ways to "
                      "split the text; CPython's re backtracks the same way without a limit); hint: make the "
                      "repeated parts unambiguous, e.g. x*y instead of (?:x*)*y"));
        if (stack_short(stack_need)) raise(types().RecursionError, str("maximum recursion depth exceeded", kRegexDepth));
    }
};

class BudgetIter {
public:
    using Base = std::wstring::const_iterator;
    using iterator_category = std::bidirectional_iterator_tag;
    using value_type = wchar_t;
    using difference_type = std::ptrdiff_t;
    using pointer = const wchar_t*;
    using reference = const wchar_t&;
    BudgetIter() = default;
    BudgetIter(Base it, MatchBudget* budget) : it_(it), budget_(budget) {}
    // reading a character is a step too: a character test that fails moves nothing
    reference operator*() const {
        budget_->charge();
        return *it_;
    }
    pointer operator->() const { return &*it_; }
    BudgetIter& operator++() {
        budget_->charge();
        ++it_;
        return *this;
    }
    BudgetIter operator++(int) {
        BudgetIter old = *this;
        ++*this;
        return old;
    }
    BudgetIter& operator--() {
        budget_->charge();
        --it_;
        return *this;
    }
    BudgetIter operator--(int) {
        BudgetIter old = *this;
        --*this;
        return old;
    }
    bool operator==(const BudgetIter& o) const { return it_ == o.it_; }
    bool operator!=(const BudgetIter& o) const { return it_ != o.it_; }
    Base base() const { return it_; }

private:
    Base it_{};
    MatchBudget* budget_ = nullptr;
};

// One match attempt on [pos, endpos); `not_empty_at` forbids an empty match starting there.
Value try_match(const Value& pattern, const Value& string, const std::shared_ptr<const std::wstring>& w, long pos, long endpos, Mode mode,
                bool nonempty_first = false) {
    PatternObj* p = pattern_of(pattern);
    Interpreter* in = current_interpreter_or_null();
    MatchBudget budget;
    budget.in = in;
    budget.stack_need = regex_stack_need(p->c->pattern_chars);
    budget.subject_chars = size_t(endpos - pos);
    budget.limit = match_step_limit(uint64_t(endpos - pos));
    budget.pattern = &p->pattern;
    BudgetIter begin(w->begin() + pos, &budget), end(w->begin() + endpos, &budget);
    std::match_results<BudgetIter> m;
    auto fl = std::regex_constants::match_default;
    if (pos > 0) fl |= std::regex_constants::match_prev_avail;
    const Compiled& c = *p->c;
    check_regex_stack(c.pattern_chars, kRegexDepth);
    // the look-behind that opens the pattern holds at `at` (sre: width characters before it, which
    // may lie before pos but not before the string's start)
    auto behind_ok = [&](long at) {
        long wdt = long(c.lookbehind_width);
        bool hit = at >= wdt && std::regex_match(w->begin() + (at - wdt), w->begin() + at, c.lookbehind_body);
        return hit != c.lookbehind_negative;
    };
    bool ok;
    try {
        if (mode == Mode::Full) {
            ok = (!c.lookbehind || behind_ok(pos)) && std::regex_match(begin, end, m, c.re, fl);
        } else {
            if (mode == Mode::Match) fl |= std::regex_constants::match_continuous;
            if (nonempty_first) fl |= std::regex_constants::match_not_null | std::regex_constants::match_continuous;
            if (c.lookbehind && (fl & std::regex_constants::match_continuous) && !behind_ok(pos)) ok = false;
            else ok = std::regex_search(begin, end, m, c.re, fl);
            // a search whose leftmost match starts where the look-behind fails goes on one further
            while (ok && c.lookbehind && !(fl & std::regex_constants::match_continuous)) {
                long start = long(m[0].first.base() - w->begin());
                if (behind_ok(start)) break;
                if (start >= endpos) {
                    ok = false;
                    break;
                }
                BudgetIter from(w->begin() + start + 1, &budget);
                ok = std::regex_search(from, end, m, c.re, fl | std::regex_constants::match_prev_avail);
            }
        }
    } catch (const std::regex_error& e) {
        raise(T().RecursionError, str("maximum recursion depth exceeded in std::regex while matching (", e.what(), ")"));
    }
    if (!ok) return Value::none();
    auto r = make<MatchObj>(g_match_type);
    r->pattern = pattern;
    r->string = string;
    r->subject = w;
    r->pos = pos;
    r->endpos = endpos;
    for (size_t g = 0; g < m.size(); ++g) {
        if (!m[g].matched) r->spans.emplace_back(-1, -1);
        else r->spans.emplace_back(long(m[g].first.base() - w->begin()), long(m[g].second.base() - w->begin()));
    }
    return Value(r.get());
}

struct Subject {
    std::shared_ptr<const std::wstring> w;
    long pos, endpos;
};

Subject subject(const Value& s, const Value& pos_v, const Value& endpos_v) {
    if (!s.is(Kind::Str)) raise(T().TypeError, str("expected string or bytes-like object, got '", type_name(s), "'"));
    auto w = std::make_shared<const std::wstring>(widen(str_of(s)));
    long n = long(w->size());
    long pos = pos_v.is_null() || pos_v.is_none() ? 0 : long(to_int(pos_v, ""));
    long endpos = endpos_v.is_null() || endpos_v.is_none() ? n : long(to_int(endpos_v, ""));
    pos = std::max(0L, std::min(pos, n));
    endpos = std::max(pos, std::min(endpos, n));
    return {w, pos, endpos};
}

// Every match from left to right with sre's rules for empty matches.
std::vector<Value> all_matches(const Value& pattern, const Value& string, const Subject& s, size_t limit = 0) {
    std::vector<Value> out;
    long at = s.pos;
    bool last_empty = false;
    while (at <= s.endpos && (limit == 0 || out.size() < limit)) {
        Value m;
        if (last_empty) {
            m = try_match(pattern, string, s.w, at, s.endpos, Mode::Search, true);
            if (m.is_none()) {
                if (at >= s.endpos) break;
                m = try_match(pattern, string, s.w, at + 1, s.endpos, Mode::Search);
            }
        } else {
            m = try_match(pattern, string, s.w, at, s.endpos, Mode::Search);
        }
        if (m.is_none()) break;
        auto* mo = match_of(m);
        out.push_back(m);
        last_empty = mo->spans[0].first == mo->spans[0].second;
        at = mo->spans[0].second;
    }
    return out;
}

Value group_value(const MatchObj* m, size_t g, const Value& dflt = Value::none()) {
    auto [b, e] = m->spans[g];
    if (b < 0) return dflt;
    return new_str(narrow(*m->subject, size_t(b), size_t(e)));
}

size_t group_index(Interpreter& in, const MatchObj* m, const Value& g) {
    if (g.is_int() || g.is_bool()) {
        int64_t k = to_int(g, "");
        if (k < 0 || size_t(k) >= m->spans.size()) raise(T().IndexError, "no such group");
        return size_t(k);
    }
    if (g.is(Kind::Str)) {
        for (const auto& [n, k] : m->pat()->c->names)
            if (n == str_of(g)) return k;
    }
    raise(T().IndexError, "no such group");
}

// The replacement template of sub(): \1, \g<1>, \g<name>, and the string escapes.
struct Piece {
    std::string text;
    long group = -1;
};

std::vector<Piece> parse_template(const std::string& t, const PatternObj* p) {
    std::vector<Piece> out;
    std::string lit;
    std::wstring w = widen(t);
    auto flush = [&] {
        if (!lit.empty()) out.push_back({lit, -1});
        lit.clear();
    };
    for (size_t i = 0; i < w.size(); ++i) {
        if (w[i] != L'\\') {
            text::utf8_append(lit, char32_t(w[i]));
            continue;
        }
        size_t at = i;
        if (++i >= w.size()) re_error(str("bad escape (end of pattern) at position ", at));
        wchar_t c = w[i];
        if (c == L'g') {
            if (i + 1 >= w.size() || w[i + 1] != L'<') re_error(str("missing < at position ", i + 1));
            size_t e = w.find(L'>', i + 2);
            if (e == std::wstring::npos) re_error(str("missing >, unterminated name at position ", i + 2));
            std::string name = narrow(w, i + 2, e);
            if (name.empty()) re_error(str("missing group name at position ", i + 2));
            long g = -1;
            if (std::all_of(name.begin(), name.end(), [](char ch) { return std::isdigit(static_cast<unsigned char>(ch)); })) {
                g = std::stol(name);
                if (size_t(g) > p->c->groups) re_error(str("invalid group reference ", g, " at position ", i + 2));
            } else {
                for (const auto& [n, k] : p->c->names)
                    if (n == name) g = long(k);
                if (g < 0) raise(T().IndexError, str("unknown group name '", name, "'"));
            }
            flush();
            out.push_back({"", g});
            i = e;
            continue;
        }
        if (c >= L'0' && c <= L'9') {
            long g = c - L'0';
            if (i + 1 < w.size() && w[i + 1] >= L'0' && w[i + 1] <= L'9') g = g * 10 + (w[++i] - L'0');
            if (g == 0) {
                lit += '\0';
                continue;
            }
            if (size_t(g) > p->c->groups) re_error(str("invalid group reference ", g, " at position ", at + 1));
            flush();
            out.push_back({"", g});
            continue;
        }
        switch (c) {
            case L'n': lit += '\n'; break;
            case L't': lit += '\t'; break;
            case L'r': lit += '\r'; break;
            case L'f': lit += '\f'; break;
            case L'v': lit += '\v'; break;
            case L'a': lit += '\a'; break;
            case L'b': lit += '\b'; break;
            case L'\\': lit += '\\'; break;
            default:
                if (c < 128 && std::isalpha(int(c))) re_error(str("bad escape \\", char(c), " at position ", at));
                lit += '\\';
                text::utf8_append(lit, char32_t(c));
        }
    }
    flush();
    return out;
}

std::string expand(const MatchObj* m, const std::vector<Piece>& t) {
    std::string out;
    for (const auto& piece : t) {
        if (piece.group < 0) out += piece.text;
        else if (m->spans[size_t(piece.group)].first >= 0) out += narrow(*m->subject, size_t(m->spans[size_t(piece.group)].first), size_t(m->spans[size_t(piece.group)].second));
    }
    return out;
}

std::pair<std::string, int64_t> substitute(Interpreter& in, const Value& pattern, const Value& repl, const Value& string, int64_t count) {
    PatternObj* p = pattern_of(pattern);
    Subject s = subject(string, Value(), Value());
    std::vector<Piece> tmpl;
    bool callable = !repl.is(Kind::Str);
    if (!callable) tmpl = parse_template(str_of(repl), p);
    std::vector<Value> ms = all_matches(pattern, string, s, count > 0 ? size_t(count) : 0);
    std::string out;
    long last = 0;
    // CPython's pattern_subx collects the pieces (each non-empty text between matches, each
    // callable result but None) and joins them at the end: a result that is no str fails the
    // join as "sequence item N: ...", after every match's call has run.
    size_t pieces = 0;
    std::optional<std::pair<size_t, std::string>> bad;
    for (const Value& mv : ms) {
        auto* m = match_of(mv);
        if (m->spans[0].first > last) ++pieces;
        out += narrow(*s.w, size_t(last), size_t(m->spans[0].first));
        if (callable) {
            Value r = in.call(repl, {mv});
            if (!r.is_none()) {
                if (!r.is(Kind::Str) && !bad) bad.emplace(pieces, type_name(r));
                if (r.is(Kind::Str)) out += str_of(r);
                ++pieces;
            }
        } else {
            out += expand(m, tmpl);
        }
        last = m->spans[0].second;
    }
    if (bad) raise(T().TypeError, str("sequence item ", bad->first, ": expected str instance, ", bad->second, " found"));
    out += narrow(*s.w, size_t(last), s.w->size());
    return {out, int64_t(ms.size())};
}

Value split(const Value& pattern, const Value& string, int64_t maxsplit) {
    Subject s = subject(string, Value(), Value());
    std::vector<Value> out;
    long last = 0;
    for (const Value& mv : all_matches(pattern, string, s, maxsplit > 0 ? size_t(maxsplit) : 0)) {
        auto* m = match_of(mv);
        out.push_back(new_str(narrow(*s.w, size_t(last), size_t(m->spans[0].first))));
        for (size_t g = 1; g < m->spans.size(); ++g) out.push_back(group_value(m, g));
        last = m->spans[0].second;
    }
    out.push_back(new_str(narrow(*s.w, size_t(last), s.w->size())));
    return new_list(std::move(out));
}

Value findall(const Value& pattern, const Value& string, const Value& pos, const Value& endpos) {
    Subject s = subject(string, pos, endpos);
    std::vector<Value> out;
    for (const Value& mv : all_matches(pattern, string, s)) {
        auto* m = match_of(mv);
        size_t n = m->spans.size() - 1;
        if (n == 0) out.push_back(group_value(m, 0));
        else if (n == 1) out.push_back(group_value(m, 1, new_str("")));
        else {
            std::vector<Value> t;
            for (size_t g = 1; g <= n; ++g) t.push_back(group_value(m, g, new_str("")));
            out.push_back(new_tuple(std::move(t)));
        }
    }
    return new_list(std::move(out));
}

std::string flags_text(int64_t f) {
    static const std::pair<int64_t, const char*> names[] = {{F_TEMPLATE, "re.TEMPLATE"}, {F_I, "re.IGNORECASE"}, {F_L, "re.LOCALE"},
                                                            {F_M, "re.MULTILINE"},     {F_S, "re.DOTALL"},     {F_U, "re.UNICODE"},
                                                            {F_X, "re.VERBOSE"},       {F_DEBUG, "re.DEBUG"},  {F_A, "re.ASCII"}};
    std::string out;
    for (const auto& [v, n] : names)
        if (f & v) {
            if (!out.empty()) out += '|';
            out += n;
        }
    return out;
}

void register_re_types() {
    g_error = make_exception_type("error", T().Exception, "re");
    Type* pt = g_pattern_type = make_builtin_type("Pattern", T().object, Kind::Native, "re");
    Type* mt = g_match_type = make_builtin_type("Match", T().object, Kind::Native, "re");

    for (auto [name, mode] : {std::pair{"match", Mode::Match}, std::pair{"search", Mode::Search}, std::pair{"fullmatch", Mode::Full}}) {
        Mode md = mode;
        std::string sig_text = str(name, "(self, string, pos=0, endpos=None)");
        auto sig = std::make_shared<Signature>(sig_text);
        def_method(pt, name, [md, sig](Interpreter&, const CallArgs& a) {
            auto v = sig->bind(a);
            Subject s = subject(v[1], v[2], v[3]);
            return try_match(v[0], v[1], s.w, s.pos, s.endpos, md);
        });
    }
    def_method(pt, "findall", [](Interpreter&, const CallArgs& a) {
        static const Signature sig("findall(self, string, pos=0, endpos=None)");
        auto v = sig.bind(a);
        return findall(v[0], v[1], v[2], v[3]);
    });
    def_method(pt, "finditer", [](Interpreter& in, const CallArgs& a) {
        static const Signature sig("finditer(self, string, pos=0, endpos=None)");
        auto v = sig.bind(a);
        return get_iter(in, new_list(all_matches(v[0], v[1], subject(v[1], v[2], v[3]))));
    });
    def_method(pt, "sub", [](Interpreter& in, const CallArgs& a) {
        static const Signature sig("sub(self, repl, string, count=0)");
        auto v = sig.bind(a);
        return new_str(substitute(in, v[0], v[1], v[2], to_int(v[3], "")).first);
    });
    def_method(pt, "subn", [](Interpreter& in, const CallArgs& a) {
        static const Signature sig("subn(self, repl, string, count=0)");
        auto v = sig.bind(a);
        auto [s, n] = substitute(in, v[0], v[1], v[2], to_int(v[3], ""));
        return new_tuple({new_str(s), Value::integer(n)});
    });
    def_method(pt, "split", [](Interpreter&, const CallArgs& a) {
        static const Signature sig("split(self, string, maxsplit=0)");
        auto v = sig.bind(a);
        return split(v[0], v[1], to_int(v[2], ""));
    });
    def_property(pt, "pattern", [](Interpreter&, const CallArgs& a) { return new_str(pattern_of(a.args[0])->pattern); });
    def_property(pt, "flags", [](Interpreter&, const CallArgs& a) { return Value::integer(pattern_of(a.args[0])->flags); });
    def_property(pt, "groups", [](Interpreter&, const CallArgs& a) { return Value::integer(int64_t(pattern_of(a.args[0])->c->groups)); });
    def_property(pt, "groupindex", [](Interpreter&, const CallArgs& a) {
        auto d = make<Dict>();
        for (const auto& [n, g] : pattern_of(a.args[0])->c->names) d->set(new_str(n), Value::integer(int64_t(g)));
        return Value(d.get());
    });
    def_method(pt, "__repr__", [](Interpreter&, const CallArgs& a) {
        PatternObj* p = pattern_of(a.args[0]);
        std::string f = flags_text(p->flags & ~F_U);
        return new_str("re.compile(" + py_str_repr(p->pattern) + (f.empty() ? "" : ", " + f) + ")");
    });
    def_method(pt, "__eq__", [](Interpreter&, const CallArgs& a) {
        auto* x = pattern_of(a.args[0]);
        auto* y = native_cast<PatternObj>(a.args[1]);
        return Value::boolean(y && x->pattern == y->pattern && x->flags == y->flags);
    });

    def_method(mt, "group", [](Interpreter& in, const CallArgs& a) {
        MatchObj* m = match_of(a.args[0]);
        if (a.nargs <= 1) return group_value(m, 0);
        if (a.nargs == 2) return group_value(m, group_index(in, m, a.args[1]));
        std::vector<Value> out;
        for (size_t i = 1; i < a.nargs; ++i) out.push_back(group_value(m, group_index(in, m, a.args[i])));
        return new_tuple(std::move(out));
    });
    def_method(mt, "__getitem__", [](Interpreter& in, const CallArgs& a) {
        MatchObj* m = match_of(a.args[0]);
        return group_value(m, group_index(in, m, a.args[1]));
    });
    def_method(mt, "groups", [](Interpreter&, const CallArgs& a) {
        static const Signature sig("groups(self, default=None)");
        auto v = sig.bind(a);
        MatchObj* m = match_of(v[0]);
        std::vector<Value> out;
        for (size_t g = 1; g < m->spans.size(); ++g) out.push_back(group_value(m, g, v[1]));
        return new_tuple(std::move(out));
    });
    def_method(mt, "groupdict", [](Interpreter&, const CallArgs& a) {
        static const Signature sig("groupdict(self, default=None)");
        auto v = sig.bind(a);
        MatchObj* m = match_of(v[0]);
        auto d = make<Dict>();
        for (const auto& [n, g] : m->pat()->c->names) d->set(new_str(n), group_value(m, g, v[1]));
        return Value(d.get());
    });
    for (const char* n : {"start", "end", "span"}) {
        std::string name = n;
        def_method(mt, n, [name](Interpreter& in, const CallArgs& a) {
            MatchObj* m = match_of(a.args[0]);
            size_t g = a.nargs > 1 ? group_index(in, m, a.args[1]) : 0;
            auto [b, e] = m->spans[g];
            if (name == "start") return Value::integer(b);
            if (name == "end") return Value::integer(e);
            return new_tuple({Value::integer(b), Value::integer(e)});
        });
    }
    def_method(mt, "expand", [](Interpreter&, const CallArgs& a) {
        MatchObj* m = match_of(a.args[0]);
        if (a.nargs != 2 || !a.args[1].is(Kind::Str)) raise(T().TypeError, "expand() takes a template string");
        return new_str(expand(m, parse_template(str_of(a.args[1]), m->pat())));
    });
    def_property(mt, "string", [](Interpreter&, const CallArgs& a) { return match_of(a.args[0])->string; });
    def_property(mt, "re", [](Interpreter&, const CallArgs& a) { return match_of(a.args[0])->pattern; });
    def_property(mt, "pos", [](Interpreter&, const CallArgs& a) { return Value::integer(match_of(a.args[0])->pos); });
    def_property(mt, "endpos", [](Interpreter&, const CallArgs& a) { return Value::integer(match_of(a.args[0])->endpos); });
    def_property(mt, "lastindex", [](Interpreter&, const CallArgs& a) {
        MatchObj* m = match_of(a.args[0]);
        // the group that closed last: the matched group with the largest end, the outermost on ties
        long best = -1, best_end = -1;
        for (size_t g = 1; g < m->spans.size(); ++g)
            if (m->spans[g].first >= 0 && m->spans[g].second > best_end) best = long(g), best_end = m->spans[g].second;
        return best < 0 ? Value::none() : Value::integer(best);
    });
    def_property(mt, "lastgroup", [](Interpreter&, const CallArgs& a) {
        MatchObj* m = match_of(a.args[0]);
        long best = -1, best_end = -1;
        for (size_t g = 1; g < m->spans.size(); ++g)
            if (m->spans[g].first >= 0 && m->spans[g].second > best_end) best = long(g), best_end = m->spans[g].second;
        for (const auto& [n, g] : m->pat()->c->names)
            if (long(g) == best) return new_str(n);
        return Value::none();
    });
    def_method(mt, "__repr__", [](Interpreter& in, const CallArgs& a) {
        MatchObj* m = match_of(a.args[0]);
        return new_str(str("<re.Match object; span=(", m->spans[0].first, ", ", m->spans[0].second, "), match=", repr(in, group_value(m, 0)), ">"));
    });
}

void re_module(Interpreter&, ModuleObj& m) {
    for (auto [n, v] : {std::pair{"TEMPLATE", F_TEMPLATE}, std::pair{"T", F_TEMPLATE}, std::pair{"IGNORECASE", F_I}, std::pair{"I", F_I},
                        std::pair{"LOCALE", F_L}, std::pair{"L", F_L}, std::pair{"MULTILINE", F_M}, std::pair{"M", F_M},
                        std::pair{"DOTALL", F_S}, std::pair{"S", F_S}, std::pair{"UNICODE", F_U}, std::pair{"U", F_U},
                        std::pair{"VERBOSE", F_X}, std::pair{"X", F_X}, std::pair{"DEBUG", F_DEBUG}, std::pair{"ASCII", F_A},
                        std::pair{"A", F_A}})
        m.dict.set(n, Value::integer(v));
    m.dict.set("error", Value(g_error));
    m.dict.set("Pattern", Value(g_pattern_type));
    m.dict.set("Match", Value(g_match_type));
    def(m, "compile", [](Interpreter& in, const CallArgs& a) {
        static const Signature sig("compile(pattern, flags=0)");
        auto v = sig.bind(a);
        return make_pattern(in, v[0], v[1]);
    });
    for (auto [name, mode] : {std::pair{"match", Mode::Match}, std::pair{"search", Mode::Search}, std::pair{"fullmatch", Mode::Full}}) {
        Mode md = mode;
        auto sig = std::make_shared<Signature>(str(name, "(pattern, string, flags=0)"));
        def(m, name, [md, sig](Interpreter& in, const CallArgs& a) {
            auto v = sig->bind(a);
            Value p = make_pattern(in, v[0], v[2]);
            Subject s = subject(v[1], Value(), Value());
            return try_match(p, v[1], s.w, s.pos, s.endpos, md);
        });
    }
    def(m, "findall", [](Interpreter& in, const CallArgs& a) {
        static const Signature sig("findall(pattern, string, flags=0)");
        auto v = sig.bind(a);
        return findall(make_pattern(in, v[0], v[2]), v[1], Value(), Value());
    });
    def(m, "finditer", [](Interpreter& in, const CallArgs& a) {
        static const Signature sig("finditer(pattern, string, flags=0)");
        auto v = sig.bind(a);
        Value p = make_pattern(in, v[0], v[2]);
        return get_iter(in, new_list(all_matches(p, v[1], subject(v[1], Value(), Value()))));
    });
    def(m, "sub", [](Interpreter& in, const CallArgs& a) {
        static const Signature sig("sub(pattern, repl, string, count=0, flags=0)");
        auto v = sig.bind(a);
        return new_str(substitute(in, make_pattern(in, v[0], v[4]), v[1], v[2], to_int(v[3], "")).first);
    });
    def(m, "subn", [](Interpreter& in, const CallArgs& a) {
        static const Signature sig("subn(pattern, repl, string, count=0, flags=0)");
        auto v = sig.bind(a);
        auto [s, n] = substitute(in, make_pattern(in, v[0], v[4]), v[1], v[2], to_int(v[3], ""));
        return new_tuple({new_str(s), Value::integer(n)});
    });
    def(m, "split", [](Interpreter& in, const CallArgs& a) {
        static const Signature sig("split(pattern, string, maxsplit=0, flags=0)");
        auto v = sig.bind(a);
        return split(make_pattern(in, v[0], v[3]), v[1], to_int(v[2], ""));
    });
    def(m, "escape", [](Interpreter&, const CallArgs& a) {
        if (a.nargs != 1 || !a.args[0].is(Kind::Str)) raise(T().TypeError, "escape() takes a str");
        std::string out;
        for (char c : str_of(a.args[0])) {
            if (std::string("()[]{}?*+-|^$\\.&~# \t\n\r\v\f").find(c) != std::string::npos) out += '\\';
            out += c;
        }
        return new_str(out);
    });
    def(m, "purge", [](Interpreter&, const CallArgs&) { return Value::none(); });
}

}  // namespace

void install_host_re() {
    register_re_types();
    Interpreter::register_module("re", re_module);
}

}  // namespace kiln::vm
