// Syntax classes for the editor and the code panels: one class per byte of the text, no ImGui (the
// UI maps classes to colours), so the rules are unit-tested.
//
// Python uses the engine's own keyword table (lang/token.h is_keyword) and a forgiving scanner: the
// text being edited is usually not a valid program, and half-typed strings must not make the rest
// of the file flicker (the engine's lexer stops at the first error). C++ (generated code) and the
// FX/aten printouts use the same scanner with C++ keywords and // comments.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace kiln::playground {

enum class Syntax : uint8_t { Text, Keyword, Builtin, Number, String, Comment, Decorator, Function };
enum class SyntaxLanguage { Python, Cpp };

std::vector<Syntax> classify_text(const std::string& text, SyntaxLanguage lang);

}  // namespace kiln::playground
