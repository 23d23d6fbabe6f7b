// UTF-8 encoding of one code point, shared by the lexer (\u escapes) and the VM's str functions.
#pragma once
#include <string>

namespace kiln {

// Appends the UTF-8 encoding of `cp` (cp <= 0x10FFFF).
void utf8_append(std::string& out, char32_t cp);

}  // namespace kiln
