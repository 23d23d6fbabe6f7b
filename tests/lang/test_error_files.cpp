// Error tests: every tests/errors/*.py must fail with a given message at a given place. The first
// line of each file is `# error: LINE:COL: MESSAGE-SUBSTRING`; the program must raise a kiln::Error
// whose text contains `FILE:LINE:COL: ` and the substring. Today the front end (lexer + parser)
// and the bytecode compiler run them; once the VM exists it runs them end to end and adds runtime errors here.
#include <catch2/catch.hpp>
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "bytecode/compiler.h"
#include "lang/parser.h"

using namespace kiln::lang;
namespace fs = std::filesystem;

TEST_CASE("errors: tests/errors/*.py fail with the expected message and location", "[lang][errors]") {
    std::vector<fs::path> files;
    for (const auto& entry : fs::directory_iterator(fs::path(KILN_SOURCE_DIR) / "tests/errors"))
        if (entry.path().extension() == ".py") files.push_back(entry.path());
    std::sort(files.begin(), files.end());
    REQUIRE(files.size() >= 15);
    for (const fs::path& path : files) {
        SECTION(path.filename().string()) {
            std::ifstream in(path, std::ios::binary);
            std::stringstream ss;
            ss << in.rdbuf();
            std::string src = ss.str();
            const std::string marker = "# error: ";
            REQUIRE(src.rfind(marker, 0) == 0);
            std::string spec = src.substr(marker.size(), src.find('\n') - marker.size());
            size_t colon2 = spec.find(": ");
            REQUIRE(colon2 != std::string::npos);
            std::string where = spec.substr(0, colon2);  // LINE:COL
            std::string message = spec.substr(colon2 + 2);
            std::string name = path.filename().string();
            std::string got = "(no error)";
            try {
                // The compiler runs too, so its compile-time errors (scopes, unsupported syntax) are
                // checked by the same files; parse errors still fail before it.
                kiln::bytecode::compile_module(parse_module(src, name), name);
            } catch (const kiln::Error& e) {
                got = e.what();
            }
            INFO(name << ": expected " << where << ": ..." << message << "\n got: " << got);
            CHECK(got.rfind(name + ":" + where + ": ", 0) == 0);
            CHECK(got.find(message) != std::string::npos);
        }
    }
}
