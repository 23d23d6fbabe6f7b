// The embedded standard modules (engine/stdlib/embed.cmake): the archive blanks comment-only lines
// to save download size; each embedded module must still be its file to the language: the same
// tokens, with the same values, on the same lines. A `#` line inside a triple-quoted string (which
// the blanking would change) fails here.
#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "lang/lexer.h"
#include "vm/interpreter.h"

namespace kiln::vm {
const std::vector<std::pair<std::string, std::string_view>>& stdlib_archive_files();  // stdlib_archive.cpp
}

TEST_CASE("embedded stdlib modules tokenize as their files do", "[stdlib][archive]") {
    kiln::vm::Interpreter in{kiln::vm::Options{}};  // installs the archive
    const auto& files = kiln::vm::stdlib_archive_files();
    REQUIRE(files.size() > 100);
    size_t blanked = 0;
    for (const auto& [path, text] : files) {
        INFO(path);
        std::ifstream f(std::string(KILN_SOURCE_DIR) + "/engine/stdlib/" + path, std::ios::binary);
        REQUIRE(f.good());
        std::stringstream ss;
        ss << f.rdbuf();
        const std::string disk = ss.str();
        blanked += disk.size() - text.size();
        auto a = kiln::lang::tokenize(disk, path);
        auto b = kiln::lang::tokenize(std::string(text), path);
        REQUIRE(a.size() == b.size());
        for (size_t i = 0; i < a.size(); ++i) {
            INFO("token " << i << " at line " << a[i].span.line);
            REQUIRE(a[i].kind == b[i].kind);
            REQUIRE(a[i].text == b[i].text);
            REQUIRE(a[i].str_value == b[i].str_value);
            REQUIRE(a[i].span.line == b[i].span.line);
        }
    }
    CHECK(blanked > 100000);  // the comment lines are gone (211 KB when this was written)
}
