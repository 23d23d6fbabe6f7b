// Line and blank helpers shared by the playground files that read program text (what-if edits,
// try-fix rewrites, the linked view's line maps).
#pragma once
#include <string>
#include <vector>

namespace kiln::playground {

// S split at '\n', with the empty last line after a final newline kept: line i is the editor's line i+1.
inline std::vector<std::string> split_lines(const std::string& s) {
    std::vector<std::string> out;
    size_t p = 0;
    while (true) {
        size_t eol = s.find('\n', p);
        out.push_back(s.substr(p, eol == std::string::npos ? std::string::npos : eol - p));
        if (eol == std::string::npos) break;
        p = eol + 1;
    }
    return out;
}

// S without its leading and trailing spaces and tabs.
inline std::string trim_blanks(const std::string& s) {
    size_t a = s.find_first_not_of(" \t"), b = s.find_last_not_of(" \t");
    return a == std::string::npos ? "" : s.substr(a, b - a + 1);
}

}  // namespace kiln::playground
