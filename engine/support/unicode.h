// Unicode character properties, normalization and case mapping as CPython 3.12 has them (Unicode
// 15.0.0): the data behind the `unicodedata` module and the Unicode-aware str methods
// (vm/text_str.cpp).
//
// The data is generated from CPython itself by gen_unicode_tables.py (unicode_tables.inc); the
// lookups are a few array reads for per-code-point properties and a binary search for decompositions
// and case mappings. Character names are not included (unicodedata.name()/lookup() are not
// supported in Kiln: the names table would add about 1 MB to the browser bundle).
//
// Everything takes code points (char32_t); a value past U+10FFFF is treated as unassigned. Callers
// convert from and to UTF-8 (support/utf8.h, vm/text_str.h).
#pragma once
#include <string>
#include <string_view>

namespace kiln::unicode {

extern const char* const unidata_version;  // "15.0.0"

// ---- unicodedata's per-character properties ---------------------------------------------------------

const char* category(char32_t cp);          // general category: "Lu", "Mn", "Cn" (unassigned), ...
const char* bidirectional(char32_t cp);     // "L", "AL", "NSM", ...; "" for unassigned code points
const char* east_asian_width(char32_t cp);  // "N", "Na", "A", "W", "H", "F"
bool mirrored(char32_t cp);
int combining(char32_t cp);                 // canonical combining class, 0 for starters
// The decomposition mapping as unicodedata.decomposition() prints it ("<compat> 0020 0308",
// "0041 0301"), or "" (Hangul syllables decompose algorithmically and print "" too, as in CPython).
std::string decomposition(char32_t cp);
// Numeric values: decimal and digit are -1 when the character has none; numeric returns false.
int decimal(char32_t cp);
int digit(char32_t cp);
bool numeric(char32_t cp, double& value);

// ---- normalization (UAX #15) ---------------------------------------------------------------------------

enum class Form { NFC, NFD, NFKC, NFKD };
// "NFC", "NFD", "NFKC" or "NFKD"; false for anything else.
bool parse_form(std::string_view name, Form& form);
// Full decomposition (canonical, or compatibility for NFK*; Hangul algorithmically), canonical
// ordering of combining marks, and for NFC/NFKC canonical composition (composition exclusions and
// blocked marks respected).
std::u32string normalize(Form form, std::u32string_view s);
bool is_normalized(Form form, std::u32string_view s);

// ---- full case mappings (CPython's _PyUnicode_To*Full) ------------------------------------------------
// Each writes 1 to 3 code points into out and returns how many. These are the context-free
// mappings: lower() of U+03A3 gives 'σ'; the final-sigma rule is the caller's (vm/text_str.cpp).

int to_upper(char32_t cp, char32_t out[3]);
int to_lower(char32_t cp, char32_t out[3]);
int to_title(char32_t cp, char32_t out[3]);
int casefold(char32_t cp, char32_t out[3]);

// ---- the predicates behind str's is*() methods ------------------------------------------------------------

bool is_alpha(char32_t cp);      // categories Lu Ll Lt Lm Lo
bool is_decimal(char32_t cp);    // has a decimal value (Nd)
bool is_digit(char32_t cp);      // has a digit value: decimals plus '²', '①', ...
bool is_numeric(char32_t cp);    // has a numeric value: digits plus '½', 'Ⅻ', '一', ...
bool is_alnum(char32_t cp);      // alpha or numeric (CPython: alpha, decimal, digit or numeric)
bool is_space(char32_t cp);      // bidirectional class WS, B or S, or category Zs
bool is_printable(char32_t cp);  // ' ' and everything outside categories C* and Z*
bool is_upper(char32_t cp);      // derived property Uppercase ('Ⅰ' and 'Ⓐ' too)
bool is_lower(char32_t cp);      // derived property Lowercase ('ª' too)
bool is_title(char32_t cp);      // category Lt ('ǅ')
bool is_cased(char32_t cp);            // title()'s word rule and lower()'s final sigma
bool is_case_ignorable(char32_t cp);   // skipped by the final-sigma rule (marks, apostrophes, ...)
bool is_xid_start(char32_t cp);        // str.isidentifier(): first character (or '_')
bool is_xid_continue(char32_t cp);     // str.isidentifier(): the others

}  // namespace kiln::unicode
