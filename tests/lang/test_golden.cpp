// Golden tests: every tests/lang/golden/NAME.py is tokenized and parsed, and the dumps must equal
// NAME.tokens and NAME.ast byte for byte.
//
// To regenerate after an intended change, run with KILN_UPDATE_GOLDEN=1:
//     KILN_UPDATE_GOLDEN=1 build/lang/tests/kiln_tests "[golden]"
// then review the diff (git diff tests/lang/golden) before committing.
#include <catch2/catch.hpp>
#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "lang/lexer.h"
#include "lang/parser.h"
#include "support/golden.h"

using namespace kiln::lang;
using kiln::testing::check_golden;
using kiln::testing::read_file;
namespace fs = std::filesystem;

namespace {

std::vector<fs::path> golden_sources() {
    std::vector<fs::path> out;
    for (const auto& entry : fs::directory_iterator(fs::path(KILN_SOURCE_DIR) / "tests/lang/golden"))
        if (entry.path().extension() == ".py") out.push_back(entry.path());
    std::sort(out.begin(), out.end());
    return out;
}

}  // namespace

TEST_CASE("golden: token and AST dumps of tests/lang/golden/*.py", "[lang][golden]") {
    auto sources = golden_sources();
    REQUIRE(sources.size() >= 7);
    for (const fs::path& py : sources) {
        SECTION(py.filename().string()) {
            std::string src = read_file(py);
            std::string name = py.filename().string();
            fs::path stem = py;
            stem.replace_extension();
            check_golden(stem.string() + ".tokens", tokens_dump(tokenize(src, name)));
            check_golden(stem.string() + ".ast", ast_dump(parse_module(src, name)));
        }
    }
}
