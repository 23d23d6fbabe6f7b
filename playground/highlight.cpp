// The scanner behind syntax colouring (see highlight.h). One pass over the bytes: strings
// (Python's triple quotes too), comments, numbers, words; a word is a keyword, a known builtin, or
// a function name when it follows `def`/`class` or comes right before '('.
#include "highlight.h"

#include <cctype>
#include <string_view>

#include "lang/token.h"

namespace kiln::playground {
namespace {

bool word_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

bool in_list(std::string_view w, std::initializer_list<std::string_view> list) {
    for (auto x : list)
        if (x == w) return true;
    return false;
}

bool python_builtin(std::string_view w) {
    return in_list(w, {"print", "range", "len", "int", "float", "str", "list", "tuple", "dict", "set", "isinstance",
                       "super", "self", "enumerate", "zip", "min", "max", "sum", "abs", "torch", "nn", "F", "math"});
}

bool cpp_keyword(std::string_view w) {
    return in_list(w, {"auto",   "bool",     "break",  "case",     "char",   "const",  "constexpr", "continue",
                       "double", "else",     "extern", "float",    "for",    "if",     "inline",    "int",
                       "int64_t", "int32_t", "uint8_t", "uint16_t", "uint32_t", "int8_t", "long",   "namespace",
                       "return", "size_t",   "static", "struct",   "template", "typename", "unsigned", "using",
                       "void",   "while",    "true",   "false",    "nullptr", "pragma", "include", "def", "self"});
}

}  // namespace

std::vector<Syntax> classify_text(const std::string& s, SyntaxLanguage lang) {
    const bool py = lang == SyntaxLanguage::Python;
    std::vector<Syntax> out(s.size(), Syntax::Text);
    size_t i = 0;
    std::string_view prev_word;
    while (i < s.size()) {
        char c = s[i];
        // Comments to the end of the line.
        if ((py && c == '#') || (!py && c == '/' && i + 1 < s.size() && s[i + 1] == '/') || (!py && c == '#')) {
            size_t end = s.find('\n', i);
            if (end == std::string::npos) end = s.size();
            for (size_t k = i; k < end; ++k) out[k] = Syntax::Comment;
            i = end;
            continue;
        }
        if (py && c == '@' && (i == 0 || s[i - 1] == '\n' || s[i - 1] == ' ')) {
            size_t k = i + 1;
            while (k < s.size() && (word_char(s[k]) || s[k] == '.')) ++k;
            if (k > i + 1) {
                for (size_t m = i; m < k; ++m) out[m] = Syntax::Decorator;
                i = k;
                continue;
            }
        }
        if (c == '"' || c == '\'') {
            // Python's f/r/b prefixes were coloured as a word already; the string runs to its close
            // quote, or to the end of the line when unterminated (a string being typed).
            bool triple = py && i + 2 < s.size() && s[i + 1] == c && s[i + 2] == c;
            size_t k = i + (triple ? 3 : 1);
            while (k < s.size()) {
                if (s[k] == '\\') {
                    k += 2;
                    continue;
                }
                if (triple ? (s[k] == c && k + 2 < s.size() && s[k + 1] == c && s[k + 2] == c) : s[k] == c) {
                    k += triple ? 3 : 1;
                    break;
                }
                if (!triple && s[k] == '\n') break;
                ++k;
            }
            if (k > s.size()) k = s.size();
            for (size_t m = i; m < k; ++m) out[m] = Syntax::String;
            i = k;
            continue;
        }
        if (std::isdigit(static_cast<unsigned char>(c))) {
            size_t k = i;
            while (k < s.size() && (word_char(s[k]) || s[k] == '.')) ++k;
            for (size_t m = i; m < k; ++m) out[m] = Syntax::Number;
            i = k;
            continue;
        }
        if (word_char(c)) {
            size_t k = i;
            while (k < s.size() && word_char(s[k])) ++k;
            std::string_view w(s.data() + i, k - i);
            Syntax cls = Syntax::Text;
            if (py ? lang::is_keyword(w) : cpp_keyword(w)) cls = Syntax::Keyword;
            else if (prev_word == "def" || prev_word == "class") cls = Syntax::Function;
            else if (k < s.size() && s[k] == '(') cls = py && python_builtin(w) ? Syntax::Builtin : Syntax::Function;
            else if (py && python_builtin(w)) cls = Syntax::Builtin;
            // A string prefix (f"", r'') belongs to its string.
            if (py && k < s.size() && (s[k] == '"' || s[k] == '\'') && w.size() <= 2) cls = Syntax::String;
            for (size_t m = i; m < k; ++m) out[m] = cls;
            prev_word = w;
            i = k;
            continue;
        }
        if (c != ' ' && c != '\t') prev_word = {};
        ++i;
    }
    return out;
}

}  // namespace kiln::playground
