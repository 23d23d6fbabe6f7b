// Python's str methods and str -> number conversions, as pure functions over UTF-8 std::string.
//
// The VM stores a Python str as UTF-8 bytes; these functions give the methods CPython 3.11's results
// so the VM only has to unpack arguments and box results (join, and tuple prefixes for
// startswith/endswith, are left to the caller). They depend on nothing in the VM.
//
// What "character" means here:
//  - Indices, lengths, widths and tab columns count code points, as Python does: find() returns a
//    code-point index, center(5) pads to 5 code points, "é" is one character. Pure-ASCII strings
//    take fast paths where bytes and code points coincide.
//  - Whitespace is Python's exact set (str.isspace), including the non-ASCII spaces (U+00A0, U+2003,
//    ...) and U+001C..U+001F; line boundaries are exactly str.splitlines()'s.
//  - Case mapping and the is*() classes are Unicode's, as CPython 3.12 has them (Unicode 15.0.0,
//    support/unicode.h): full mappings ('ß'.upper() == 'SS', 'İ'.lower() == 'i̇'), lower()'s final
//    sigma, title()'s cased/uncased word rule, isdigit('²'), isnumeric('½'), isidentifier by
//    XID_Start/XID_Continue. Pure-ASCII strings take byte loops that never touch the tables.
//  - Malformed UTF-8 never throws: each byte that does not start a valid sequence counts as one
//    character (its byte value), so every input has a defined length; case mappings copy such
//    bytes unchanged.
//
// Errors throw kiln::Error with CPython's exception class and message (ValueError "empty separator",
// "substring not found", int()/float() literal errors, TypeError for a bad fill character).
#pragma once
#include "support/utf8.h"
#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace kiln::vm::text {

// ---- UTF-8 helpers (shared with text_format) ------------------------------------------------------

using kiln::is_ascii;  // support/utf8.h: every byte < 0x80 (then byte offsets are code-point indices)
// Number of code points.
int64_t utf8_length(std::string_view s);
// Decodes the code point starting at byte offset `i` and advances `i` past it (a malformed byte
// decodes as itself, one byte long).
char32_t utf8_next(std::string_view s, size_t& i);
using kiln::utf8_append;  // support/utf8.h
std::string utf8_encode(char32_t cp);
// Whole strings as code points and back (normalization works on code points).
std::u32string to_utf32(std::string_view s);
std::string from_utf32(std::u32string_view s);
// Byte offset of code point number `k` (0 <= k; k >= length gives s.size()).
size_t utf8_offset(std::string_view s, int64_t k);
// The first `n` code points of s (all of s when it is shorter).
std::string_view utf8_prefix(std::string_view s, int64_t n);

// Python's str.isspace() for one code point (Unicode White_Space plus U+001C..U+001F): a switch,
// since split() and strip() ask per character; tests/vm/test_unicode.cpp checks it against
// support/unicode.h's table for every code point.
bool is_space(char32_t cp);

// ---- splitting and stripping ----------------------------------------------------------------------

// str.split(sep, maxsplit): no sep splits on whitespace runs and drops empty pieces; an empty sep is
// ValueError "empty separator"; maxsplit < 0 means no limit.
std::vector<std::string> split(std::string_view s, std::optional<std::string_view> sep = std::nullopt,
                               int64_t maxsplit = -1);
std::vector<std::string> rsplit(std::string_view s, std::optional<std::string_view> sep = std::nullopt,
                                int64_t maxsplit = -1);
// str.splitlines(keepends): splits at \n \r \r\n \v \f \x1c \x1d \x1e \x85 U+2028 U+2029.
std::vector<std::string> splitlines(std::string_view s, bool keepends = false);
// str.strip(chars): no chars strips whitespace; otherwise any code point found in `chars`.
std::string strip(std::string_view s, std::optional<std::string_view> chars = std::nullopt);
std::string lstrip(std::string_view s, std::optional<std::string_view> chars = std::nullopt);
std::string rstrip(std::string_view s, std::optional<std::string_view> chars = std::nullopt);
// str.partition / str.rpartition (ValueError "empty separator").
std::array<std::string, 3> partition(std::string_view s, std::string_view sep);
std::array<std::string, 3> rpartition(std::string_view s, std::string_view sep);

// ---- searching ------------------------------------------------------------------------------------
// start/end are Python slice-style code-point indices (negative counts from the end, out-of-range
// clamps); results are code-point indices.

std::string replace(std::string_view s, std::string_view old, std::string_view replacement,
                    int64_t count = -1);
int64_t find(std::string_view s, std::string_view sub, std::optional<int64_t> start = std::nullopt,
             std::optional<int64_t> end = std::nullopt);
int64_t rfind(std::string_view s, std::string_view sub, std::optional<int64_t> start = std::nullopt,
              std::optional<int64_t> end = std::nullopt);
// Like find/rfind but ValueError "substring not found" instead of -1.
int64_t index(std::string_view s, std::string_view sub, std::optional<int64_t> start = std::nullopt,
              std::optional<int64_t> end = std::nullopt);
int64_t rindex(std::string_view s, std::string_view sub, std::optional<int64_t> start = std::nullopt,
               std::optional<int64_t> end = std::nullopt);
int64_t count(std::string_view s, std::string_view sub, std::optional<int64_t> start = std::nullopt,
              std::optional<int64_t> end = std::nullopt);
bool startswith(std::string_view s, std::string_view prefix, std::optional<int64_t> start = std::nullopt,
                std::optional<int64_t> end = std::nullopt);
bool endswith(std::string_view s, std::string_view suffix, std::optional<int64_t> start = std::nullopt,
              std::optional<int64_t> end = std::nullopt);

// ---- case and classification (Unicode's; see the top of the file) ---------------------------------

std::string upper(std::string_view s);
std::string lower(std::string_view s);  // 'Σ' becomes 'ς' at the end of a word
std::string casefold(std::string_view s);
std::string swapcase(std::string_view s);
// title(): a cased character after a cased one is lowercased, any other is titlecased.
std::string title(std::string_view s);
// capitalize(): the first character titlecased ('ǆ' -> 'ǅ'), the rest lowercased.
std::string capitalize(std::string_view s);
// The is*() methods are False for "" except isprintable() (str.isascii() is is_ascii above).
bool isdigit(std::string_view s);
bool isdecimal(std::string_view s);
bool isnumeric(std::string_view s);
bool isalpha(std::string_view s);
bool isalnum(std::string_view s);
bool isspace(std::string_view s);
bool isupper(std::string_view s);
bool islower(std::string_view s);
bool istitle(std::string_view s);
bool isprintable(std::string_view s);
bool isidentifier(std::string_view s);

// ---- padding --------------------------------------------------------------------------------------
// fillchar must be exactly one character (TypeError "The fill character must be exactly one
// character long"). center() places an odd padding character as CPython does: the left side gets
// pad / 2 + (pad & width & 1), so "a".center(4) is " a  " but "ab".center(5) is "  ab ".

// `unit` repeated n times (n <= 0: empty), by doubling copies: "y" * 10**8 is a few memcpy calls, not
// 10**8 appends (seconds under the sanitizers, past the fuzzers' time limit). Sizes are the caller's
// to check (check_repeat_size).
std::string repeat_text(const std::string& unit, int64_t n);
std::string ljust(std::string_view s, int64_t width, std::string_view fillchar = " ");
std::string rjust(std::string_view s, int64_t width, std::string_view fillchar = " ");
std::string center(std::string_view s, int64_t width, std::string_view fillchar = " ");
std::string zfill(std::string_view s, int64_t width);
std::string expandtabs(std::string_view s, int64_t tabsize = 8);

// ---- conversions ----------------------------------------------------------------------------------

// int(s, base): surrounding whitespace, one sign, '_' between digits, 0x/0o/0b prefixes (base 0
// infers the base; base 16/8/2 accept their own prefix), bases 2..36. Errors (ValueError):
// "int() base must be >= 2 and <= 36, or 0", "invalid literal for int() with base 10: 'abc'", and,
// for a valid literal outside int64, "int too large for Kiln (64-bit): '...'". Any Unicode decimal
// digit counts ('٣' is 3), as in CPython.
int64_t parse_int(std::string_view s, int base = 10);
// float(s): surrounding whitespace, sign, digits with '.', exponent, '_' between digits,
// inf/infinity/nan in any case, Unicode decimal digits. ValueError "could not convert string to
// float: 'abc'". Out-of-range values become inf or 0.0, as in Python.
double parse_float(std::string_view s);
// The text int() and float() parse (CPython's _PyUnicode_TransformDecimalAndSpaceToASCII): Unicode
// decimal digits become ASCII digits, Unicode whitespace ' ', any other non-ASCII character '?'
// (which no number contains). ASCII text comes back unchanged.
std::string ascii_number_text(std::string_view s);

}  // namespace kiln::vm::text
