// UTF-8 encoding of one code point, validation of one sequence and the ASCII test, shared by the
// lexer (\u escapes, source checks), repr() and the VM's str and bytes functions.
#pragma once
#include <cstddef>
#include <string>
#include <string_view>

namespace kiln {

// True when every byte is < 0x80 (then bytes are characters): the fast-path test of the str
// methods and repr().
bool is_ascii(std::string_view s);

// Appends the UTF-8 encoding of `cp` (cp <= 0x10FFFF).
void utf8_append(std::string& out, char32_t cp);

// The length of the well-formed UTF-8 sequence starting at s[i] (Unicode's table: no overlong forms,
// surrogates or code points past U+10FFFF), or 0 with `reason` ("invalid start byte", "invalid
// continuation byte", "unexpected end of data", as CPython's decoder says) and the bad span's end.
size_t utf8_sequence_length(std::string_view s, size_t i, const char*& reason, size_t& bad_end);

}  // namespace kiln
