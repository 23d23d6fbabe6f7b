// re_engine: the regular-expression engine behind Kiln's `re` module (vm/host_re.cpp).
//
// Why its own engine: Python's re has constructs the C++ standard library's ECMAScript engine lacks
// (look-behind anywhere, atomic groups and possessive quantifiers, which tokenizers' GPT-4 split
// pattern uses, scoped inline flags (?i:...), conditionals (?(1)yes|no)), and str patterns are
// Unicode-aware in CPython (\w matches 'é' and '你', \d matches '٣', IGNORECASE folds 'É'), where
// std::regex follows the "C" locale. std::regex also recurses once per character matched, so long
// subjects overflowed the C stack. This engine follows CPython's sre: it parses Python's syntax with
// sre_parse's error messages and positions, and matches by backtracking as sre does (leftmost
// alternative first, greedy/lazy/possessive repeats, sre's rule that a repeat stops when an
// iteration matches empty) on an explicit stack, so the C stack depth depends only on how deeply
// look-arounds and atomic groups nest in the pattern, never on the subject.
//
// Subjects are UTF-32 (wchar_t is 32-bit on Linux and in Emscripten), so positions count code points
// as Python's do.
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace kiln::vm::re_engine {

// Flag bits, as the re module's values.
enum : int64_t { RF_TEMPLATE = 1, RF_I = 2, RF_L = 4, RF_M = 8, RF_S = 16, RF_U = 32, RF_X = 64, RF_DEBUG = 128, RF_A = 256 };
// Not a re flag: the pattern is in the third-party `regex` module's syntax, which adds Unicode
// property classes (\p{L}, \P{Lu}, \p{^N}, \pL) to re's (compile() never returns it in flags).
constexpr int64_t RF_REGEX_SYNTAX = int64_t(1) << 40;

// A pattern error. kind: Syntax (re.error: `msg` as sre_parse words it, `pos` its position in the
// pattern or -1), Overflow (OverflowError), Recursion (RecursionError).
struct PatternError {
    enum Kind { Syntax, Overflow, Recursion } kind;
    std::string msg;
    long pos = -1;
};

struct Program;  // the compiled pattern (re_engine.cpp)

struct Compiled {
    std::shared_ptr<const Program> prog;
    size_t groups = 0;
    std::vector<std::pair<std::string, size_t>> names;  // in definition order
    int64_t flags = 0;                                   // the pattern's flags, inline global flags included
};

// Parses and compiles `pattern` (UTF-32) under `flags`; throws PatternError.
Compiled compile(const std::wstring& pattern, int64_t flags);

// Called with the number of steps taken since the last call (every few thousand steps, and at the
// end of a match attempt); it may throw to end the match (a step limit, the interpreter's budget).
struct StepHook {
    virtual void steps(uint64_t n) = 0;
    virtual ~StepHook() = default;
};

enum class MatchMode { Search, Match, Full };

// Matches on s[0, endpos) starting at `pos` (sre's rules: '^' and look-behind see the text before
// pos, '$' and look-ahead stop at endpos). `not_empty`: the match must start at pos (Match mode) and
// must not be empty. On success fills `spans` with (start, end) per group, group 0 first, (-1, -1)
// for a group that did not take part. Throws std::bad_alloc when the backtracking stack outgrows
// its bound.
bool match(const Compiled& c, const wchar_t* s, int64_t endpos, int64_t pos, MatchMode mode, bool not_empty, StepHook& hook,
           std::vector<std::pair<long, long>>& spans);

}  // namespace kiln::vm::re_engine
