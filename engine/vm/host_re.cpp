// re: Python's regular expressions: the module's functions and its Pattern and Match objects.
//
// Patterns are parsed and matched by vm/re_engine.cpp, which follows CPython's sre (syntax, error
// messages and positions, Unicode-aware \d \w \s and IGNORECASE for str patterns, look-behind,
// atomic groups and possessive repeats, conditionals, scoped inline flags). This file adds what
// surrounds a match as sre's module does: the compile cache, pos/endpos, the rules for empty matches
// in findall/finditer/sub/split (an empty match may follow a non-empty one, but not another empty
// match at the same place), replacement templates, and a step limit against runaway backtracking.
// Subjects are converted to UTF-32 (wchar_t is 32-bit on Linux and in Emscripten), so positions
// count characters as Python's do.
#include <algorithm>
#include <cwctype>
#include <map>
#include <memory>
#include <optional>

#include "support/pyrepr.h"
#include "vm/args.h"
#include "vm/host.h"
#include "vm/ops.h"
#include "vm/re_engine.h"
#include "vm/text_str.h"

namespace kiln::vm {

Type* kiln_limit_error_type();  // interpreter.cpp

namespace {

using module_def::def;

enum : int64_t { F_TEMPLATE = 1, F_I = 2, F_L = 4, F_M = 8, F_S = 16, F_U = 32, F_X = 64, F_DEBUG = 128, F_A = 256 };

Type* g_error;
Type* g_pattern_type;
Type* g_match_type;
// The third-party `regex` module (its VERSION0 behaviour, re's syntax plus \p{..} classes): own
// Pattern/Match types and error, the same engine.
Type* g_rx_error;
Type* g_rx_pattern_type;
Type* g_rx_match_type;

// re.error with CPython's attributes: msg, pattern, pos, and the line and column of pos (1-based);
// a pattern of several lines also names them in the message, as sre's error does.
[[noreturn]] void re_error_at(const std::string& msg, const std::string& pattern, long pos, Type* type = g_error) {
    auto e = make<ExceptionObj>(type);
    std::string text = msg;
    Value pat = Value::none(), at = Value::none(), line = Value::none(), col = Value::none();
    if (pos >= 0) {
        // sre counts in characters; the pattern is UTF-8 here
        long lineno = 1, last_nl = -1, k = 0;
        for (size_t b = 0; b < pattern.size() && k < pos; ++k)
            if (text::utf8_next(pattern, b) == U'\n') ++lineno, last_nl = k;
        text = str(msg, " at position ", pos);
        if (pattern.find('\n') != std::string::npos) text = str(text, " (line ", lineno, ", column ", pos - last_nl, ")");
        pat = new_str(pattern);
        at = Value::integer(pos);
        line = Value::integer(lineno);
        col = Value::integer(pos - last_nl);
    }
    e->args = new_tuple({new_str(text)});
    e->dict.set("msg", new_str(msg));
    e->dict.set("pattern", pat);
    e->dict.set("pos", at);
    e->dict.set("lineno", line);
    e->dict.set("colno", col);
    throw PyError(Value(e.get()));
}
[[noreturn]] void re_error(const std::string& msg) { raise(g_error, msg); }

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

using Compiled = re_engine::Compiled;

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
    auto c = std::make_shared<Compiled>();
    try {
        *c = re_engine::compile(widen(pattern), flags);
    } catch (const re_engine::PatternError& e) {
        if (e.kind == re_engine::PatternError::Overflow) raise(T().OverflowError, e.msg);
        if (e.kind == re_engine::PatternError::Recursion) raise(T().RecursionError, e.msg);
        re_error_at(e.msg, pattern, e.pos, (flags & re_engine::RF_REGEX_SYNTAX) ? g_rx_error : g_error);
    }
    int64_t f = c->flags;
    // sre_parse's fix_flags, after inline flags: (?a) with re.UNICODE given
    if ((f & F_A) && (f & F_U)) raise(T().ValueError, "ASCII and UNICODE flags are incompatible");
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
    bool rx = false;  // a regex-module pattern (its Match type, its repr)
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

// The regex module's flag values that differ from re's (its A is 0x80, re's DEBUG).
enum : int64_t { RX_A = 0x80, RX_V1 = 0x100, RX_D = 0x200, RX_R = 0x400, RX_W = 0x800, RX_B = 0x1000, RX_V0 = 0x2000, RX_F = 0x4000,
                 RX_E = 0x8000, RX_P = 0x10000 };

// regex.compile: VERSION0 (the default: re's behaviour) with \p{..} classes. The flags that change
// matching beyond that (fuzzy matching, POSIX leftmost-longest, reverse search, Unicode word
// breaks, VERSION1's set operations and full case folding) are refused by name.
Value make_rx_pattern(const Value& pattern, const Value& flags_v) {
    if (auto* q = native_cast<PatternObj>(pattern)) {
        if (to_int(flags_v, "") != 0) raise(T().ValueError, "cannot process flags argument with a compiled pattern");
        if (q->rx) return pattern;
        return make_rx_pattern(new_str(q->pattern), Value::integer(0));
    }
    if (!pattern.is(Kind::Str)) raise(T().TypeError, "first argument must be a string or compiled pattern");
    const int64_t rf = to_int(flags_v, "flags");
    static const std::pair<int64_t, const char*> refused[] = {{RX_B, "BESTMATCH"}, {RX_E, "ENHANCEMATCH"}, {RX_P, "POSIX"},
                                                              {RX_R, "REVERSE"},   {RX_W, "WORD"},         {RX_V1, "VERSION1"},
                                                              {RX_D, "DEBUG"}};
    for (const auto& [v, n] : refused)
        if (rf & v)
            raise(T().NotImplementedError, str("regex.", n, " is not supported in Kiln's regex module (it has VERSION0's behaviour: "
                                               "re's syntax and matching with \\p{...} Unicode property classes)"));
    if ((rf & RX_F) && (rf & F_I))
        raise(T().NotImplementedError, "regex.FULLCASE with IGNORECASE is not supported in Kiln's regex module (simple case folding only)");
    int64_t ef = (rf & (F_TEMPLATE | F_I | F_L | F_M | F_S | F_U | F_X)) | ((rf & RX_A) ? F_A : 0) | re_engine::RF_REGEX_SYNTAX;
    auto p = make<PatternObj>(g_rx_pattern_type);
    p->pattern = str_of(pattern);
    p->rx = true;
    p->c = compile(p->pattern, ef);
    // Pattern.flags in the regex module's values: the encoding (U unless ASCII) and VERSION0 added
    p->flags = (rf & ~RX_A & (F_TEMPLATE | F_I | F_M | F_S | F_X | RX_F)) | ((ef & F_A) ? RX_A : F_U) | RX_V0;
    return Value(p.get());
}

enum class Mode { Search, Match, Full };

// Backtracking has no bound of its own ((a+)+$ on 40 a's and a b, (?:x*)*y on 25 x's): the engine
// reports its steps to this hook, which charges them to the interpreter's budget, so
// --max-instructions (and the browser's Stop, which polls there) ends a runaway match with
// KilnLimitError as it ends a runaway loop. And each match attempt has a step limit of its own, as
// PCRE2's match_limit: CPython's sre is exponential on these shapes too (3 s for (?:x*)*y on 25 x's,
// doubling with every x), so without one a pathological pattern or subject hangs a CLI run that set
// no budget. The limit grows with the text searched: kStepsPerChar a character, far over what a
// linear pattern spends (a few steps a character and start position), and 4 n^2 up to
// kQuadraticMax, room for a quadratic search (.*b.*c fails on a line of n characters in about 2 n^2
// steps; sre is quadratic there too), so only runaway backtracking reaches it: exponential blowups
// happen on short texts, where the limit is kStepsBase.
constexpr uint64_t kStepsBase = 30'000'000;
constexpr uint64_t kStepsPerChar = 4'000;
constexpr uint64_t kQuadraticMax = 400'000'000;
uint64_t match_step_limit(uint64_t n) {
    const uint64_t quadratic = n >= 10'000 ? kQuadraticMax : std::min(4 * n * n, kQuadraticMax);  // no overflow
    return kStepsBase + kStepsPerChar * n + quadratic;
}

struct MatchBudget : re_engine::StepHook {
    Interpreter* in = nullptr;
    uint64_t steps_taken = 0, limit = 0;
    const std::string* pattern = nullptr;
    size_t subject_chars = 0;
    void steps(uint64_t n) override {
        if (in)
            for (uint64_t k = 0; k < n; ++k) in->charge_step();
        steps_taken += n;
        if (steps_taken > limit)
            raise(kiln_limit_error_type(),
                  str("regular expression backtracking limit exceeded: ", limit, " steps matching ",
                      py_str_repr(pattern->size() > 60 ? pattern->substr(0, 60) + "..." : *pattern), " against a ", subject_chars,
                      "-character string (nested repeats such as (a+)+ or (x*)* try exponentially many ways to "
                      "split the text; CPython's re backtracks the same way without a limit); hint: make the "
                      "repeated parts unambiguous, e.g. x*y instead of (?:x*)*y"));
    }
};

using Spans = std::vector<std::pair<long, long>>;

// One match attempt on [pos, endpos); `nonempty_first`: the match must start at pos and not be empty.
// Fills `spans` (group 0 first) on success.
bool match_spans(PatternObj* p, const std::wstring& w, long pos, long endpos, Mode mode, bool nonempty_first, Spans& spans) {
    MatchBudget budget;
    budget.in = current_interpreter_or_null();
    budget.subject_chars = size_t(std::max(0L, endpos - pos));
    budget.limit = match_step_limit(uint64_t(budget.subject_chars));
    budget.pattern = &p->pattern;
    const re_engine::MatchMode mm = mode == Mode::Full ? re_engine::MatchMode::Full : mode == Mode::Match ? re_engine::MatchMode::Match : re_engine::MatchMode::Search;
    try {
        return re_engine::match(*p->c, w.data(), endpos, pos, mm, nonempty_first, budget, spans);
    } catch (const std::bad_alloc&) {
        raise(T().MemoryError, str("regular expression backtracking stack exhausted matching ",
                                   py_str_repr(p->pattern.size() > 60 ? p->pattern.substr(0, 60) + "..." : p->pattern), " against a ",
                                   endpos - pos, "-character string"));
    }
}

Value make_match(PatternObj* p, const Value& pattern, const Value& string, const std::shared_ptr<const std::wstring>& w, long pos, long endpos,
                 Spans spans) {
    auto r = make<MatchObj>(p->rx ? g_rx_match_type : g_match_type);
    r->pattern = pattern;
    r->string = string;
    r->subject = w;
    r->pos = pos;
    r->endpos = endpos;
    r->spans = std::move(spans);
    return Value(r.get());
}

Value try_match(const Value& pattern, const Value& string, const std::shared_ptr<const std::wstring>& w, long pos, long endpos, Mode mode,
                bool nonempty_first = false) {
    PatternObj* p = pattern_of(pattern);
    Spans spans;
    if (!match_spans(p, *w, pos, endpos, mode, nonempty_first, spans)) return Value::none();
    return make_match(p, pattern, string, w, pos, endpos, std::move(spans));
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
    // sre's state_init clamps both to [0, len]; an endpos before pos leaves nothing to search (no
    // match, not even an empty one)
    pos = std::max(0L, std::min(pos, n));
    endpos = std::max(0L, std::min(endpos, n));
    return {w, pos, endpos};
}

// Every match from left to right with sre's rules for empty matches.
// `overlapped` (the regex module's findall/finditer option): the next search starts one character
// after the previous match's start.
// Calls f(spans) for each match (findall and split need no Match objects: a tokenizer's findall
// over a long text makes one str per token and nothing else).
template <class F>
void each_match(PatternObj* p, const Subject& s, size_t limit, bool overlapped, F&& f) {
    const std::wstring& w = *s.w;
    Spans spans;
    size_t count = 0;
    long at = s.pos;
    bool last_empty = false;
    while (at <= s.endpos && (limit == 0 || count < limit)) {
        bool ok;
        if (overlapped) {
            ok = match_spans(p, w, at, s.endpos, Mode::Search, false, spans);
        } else if (last_empty) {
            ok = match_spans(p, w, at, s.endpos, Mode::Search, true, spans);
            if (!ok) {
                if (at >= s.endpos) break;
                ok = match_spans(p, w, at + 1, s.endpos, Mode::Search, false, spans);
            }
        } else {
            ok = match_spans(p, w, at, s.endpos, Mode::Search, false, spans);
        }
        if (!ok) break;
        ++count;
        f(spans);
        if (overlapped) {
            at = spans[0].first + 1;
            continue;
        }
        last_empty = spans[0].first == spans[0].second;
        at = spans[0].second;
    }
}

std::vector<Value> all_matches(const Value& pattern, const Value& string, const Subject& s, size_t limit = 0, bool overlapped = false) {
    PatternObj* p = pattern_of(pattern);
    std::vector<Value> out;
    each_match(p, s, limit, overlapped, [&](const Spans& spans) { out.push_back(make_match(p, pattern, string, s.w, s.pos, s.endpos, spans)); });
    return out;
}

Value span_str(const std::wstring& w, const std::pair<long, long>& span, const Value& dflt) {
    if (span.first < 0) return dflt;
    return new_str(narrow(w, size_t(span.first), size_t(span.second)));
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
    each_match(pattern_of(pattern), s, maxsplit > 0 ? size_t(maxsplit) : 0, false, [&](const Spans& spans) {
        out.push_back(new_str(narrow(*s.w, size_t(last), size_t(spans[0].first))));
        for (size_t g = 1; g < spans.size(); ++g) out.push_back(span_str(*s.w, spans[g], Value::none()));
        last = spans[0].second;
    });
    out.push_back(new_str(narrow(*s.w, size_t(last), s.w->size())));
    return new_list(std::move(out));
}

Value findall(const Value& pattern, const Value& string, const Value& pos, const Value& endpos, bool overlapped = false) {
    Subject s = subject(string, pos, endpos);
    std::vector<Value> out;
    (void)string;
    each_match(pattern_of(pattern), s, 0, overlapped, [&](const Spans& spans) {
        size_t n = spans.size() - 1;
        if (n == 0) out.push_back(span_str(*s.w, spans[0], Value::none()));
        else if (n == 1) out.push_back(span_str(*s.w, spans[1], new_str("")));
        else {
            std::vector<Value> t;
            for (size_t g = 1; g <= n; ++g) t.push_back(span_str(*s.w, spans[g], new_str("")));
            out.push_back(new_tuple(std::move(t)));
        }
    });
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

// The regex module's keyword options Kiln has no use for or does not implement: `concurrent` and
// `timeout` are accepted (one thread; the step limit bounds a match), `partial` matching is refused.
void rx_check_partial(const Value& partial) {
    if (!partial.is_null() && !partial.is_none() && !(partial.is_bool() && !partial.as_bool()))
        raise(T().NotImplementedError, "partial matching (partial=True) is not supported in Kiln's regex module");
}

void define_pattern_match_methods(Type* pt, Type* mt, bool rx);

void register_re_types() {
    g_error = make_exception_type("error", T().Exception, "re");
    g_pattern_type = make_builtin_type("Pattern", T().object, Kind::Native, "re");
    g_match_type = make_builtin_type("Match", T().object, Kind::Native, "re");
    define_pattern_match_methods(g_pattern_type, g_match_type, false);
    g_rx_error = make_exception_type("error", T().Exception, "regex._regex_core");
    g_rx_pattern_type = make_builtin_type("Pattern", T().object, Kind::Native, "_regex");
    g_rx_match_type = make_builtin_type("Match", T().object, Kind::Native, "_regex");
    define_pattern_match_methods(g_rx_pattern_type, g_rx_match_type, true);
}

void define_pattern_match_methods(Type* pt, Type* mt, bool rx) {
    for (auto [name, mode] : {std::pair{"match", Mode::Match}, std::pair{"search", Mode::Search}, std::pair{"fullmatch", Mode::Full}}) {
        Mode md = mode;
        std::string sig_text = rx ? str(name, "(self, string, pos=None, endpos=None, concurrent=None, partial=False, timeout=None)")
                                  : str(name, "(self, string, pos=0, endpos=None)");
        auto sig = std::make_shared<Signature>(sig_text);
        def_method(pt, name, [md, sig, rx](Interpreter&, const CallArgs& a) {
            auto v = sig->bind(a);
            if (rx) rx_check_partial(v[5]);
            Subject s = subject(v[1], v[2], v[3]);
            return try_match(v[0], v[1], s.w, s.pos, s.endpos, md);
        });
    }
    auto findall_sig = std::make_shared<Signature>(rx ? "findall(self, string, pos=None, endpos=None, overlapped=False, concurrent=None, timeout=None)"
                                                      : "findall(self, string, pos=0, endpos=None)");
    def_method(pt, "findall", [findall_sig, rx](Interpreter& in, const CallArgs& a) {
        auto v = findall_sig->bind(a);
        return findall(v[0], v[1], v[2], v[3], rx && truthy(in, v[4]));
    });
    auto finditer_sig = std::make_shared<Signature>(
        rx ? "finditer(self, string, pos=None, endpos=None, overlapped=False, concurrent=None, partial=False, timeout=None)"
           : "finditer(self, string, pos=0, endpos=None)");
    def_method(pt, "finditer", [finditer_sig, rx](Interpreter& in, const CallArgs& a) {
        auto v = finditer_sig->bind(a);
        if (rx) rx_check_partial(v[6]);
        return get_iter(in, new_list(all_matches(v[0], v[1], subject(v[1], v[2], v[3]), 0, rx && truthy(in, v[4]))));
    });
    for (const char* name : {"sub", "subn"}) {
        const bool n_too = std::string(name) == "subn";
        auto sig = std::make_shared<Signature>(rx ? str(name, "(self, repl, string, count=0, pos=None, endpos=None, concurrent=None, timeout=None)")
                                                  : str(name, "(self, repl, string, count=0)"));
        def_method(pt, name, [sig, rx, n_too](Interpreter& in, const CallArgs& a) {
            auto v = sig->bind(a);
            if (rx && ((!v[4].is_null() && !v[4].is_none()) || (!v[5].is_null() && !v[5].is_none())))
                raise(T().NotImplementedError, "sub() with pos or endpos is not supported in Kiln's regex module");
            auto [s, n] = substitute(in, v[0], v[1], v[2], to_int(v[3], ""));
            if (!n_too) return new_str(s);
            return new_tuple({new_str(s), Value::integer(n)});
        });
    }
    auto split_sig = std::make_shared<Signature>(rx ? "split(self, string, maxsplit=0, concurrent=None, timeout=None)" : "split(self, string, maxsplit=0)");
    def_method(pt, "split", [split_sig](Interpreter&, const CallArgs& a) {
        auto v = split_sig->bind(a);
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
        if (p->rx) {
            static const std::pair<int64_t, const char*> names[] = {{RX_A, "A"}, {RX_F, "F"}, {F_I, "I"}, {F_M, "M"}, {F_S, "S"},
                                                                    {F_X, "X"}, {RX_V0, "V0"}, {F_TEMPLATE, "T"}};
            std::string f;
            for (const auto& [v, n] : names)
                if (p->flags & v) f += str(f.empty() ? "" : "|", "regex.", n);
            return new_str("regex.Regex(" + py_str_repr(p->pattern) + (f.empty() ? "" : ", flags=" + f) + ")");
        }
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
    def_method(mt, "__repr__", [rx](Interpreter& in, const CallArgs& a) {
        MatchObj* m = match_of(a.args[0]);
        return new_str(str(rx ? "<regex.Match object; span=(" : "<re.Match object; span=(", m->spans[0].first, ", ", m->spans[0].second, "), match=", repr(in, group_value(m, 0)), ">"));
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

// The native half of the regex module (engine/stdlib/regex.py adds the module-level functions,
// the flags and escape): compile, error and the types.
void regex_module(Interpreter&, ModuleObj& m) {
    m.dict.set("error", Value(g_rx_error));
    m.dict.set("Pattern", Value(g_rx_pattern_type));
    m.dict.set("Match", Value(g_rx_match_type));
    def(m, "compile", [](Interpreter&, const CallArgs& a) {
        static const Signature sig("compile(pattern, flags=0, ignore_unused=False, cache_pattern=None, **kwargs)");
        auto v = sig.bind(a);
        if (auto* kw = v[4].as<Dict>(); kw && kw->size() != 0)
            raise(T().NotImplementedError, "named lists (keyword arguments to compile) are not supported in Kiln's regex module");
        return make_rx_pattern(v[0], v[1]);
    });
    def(m, "purge", [](Interpreter&, const CallArgs&) { return Value::none(); });
}

}  // namespace

void install_host_re() {
    register_re_types();
    Interpreter::register_module("re", re_module);
    Interpreter::register_module("regex", regex_module);
}

}  // namespace kiln::vm
