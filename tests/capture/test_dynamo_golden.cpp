// Golden printouts of torch.compile's front end: every tests/capture/golden/NAME.py is run (it turns
// on TORCH_LOGS channels itself: graph_code, guards, bytecode, recompiles, graph_breaks) and its
// stdout followed by its stderr must equal NAME.log byte for byte. This pins the captured graphs,
// the guard trees, the original and transformed bytecode and the resume functions.
//
// To regenerate after an intended change:
//     KILN_UPDATE_GOLDEN=1 build/native/tests/kiln_tests "[dynamo-golden]"
// then review `git diff tests/capture/golden` before committing.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "vm/interpreter.h"

namespace fs = std::filesystem;

namespace {

std::string read_file(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

}  // namespace

TEST_CASE("dynamo golden: graphs, guards and transformed bytecode of tests/capture/golden/*.py", "[dynamo-golden]") {
    std::vector<fs::path> sources;
    for (const auto& entry : fs::directory_iterator(fs::path(KILN_SOURCE_DIR) / "tests/capture/golden"))
        if (entry.path().extension() == ".py") sources.push_back(entry.path());
    std::sort(sources.begin(), sources.end());
    REQUIRE(sources.size() >= 4);
    for (const fs::path& py : sources) {
        SECTION(py.filename().string()) {
            std::string out, err;
            kiln::vm::Options o;
            o.out = [&](std::string_view s) { out += s; };
            o.err = [&](std::string_view s) { err += s; };
            {
                kiln::vm::Interpreter in(o);
                auto r = in.run_source(read_file(py), py.filename().string());
                INFO(err);
                REQUIRE(r.ok);
            }
            std::string actual = out + "---- stderr\n" + err;
            fs::path expected = py;
            expected.replace_extension(".log");
            const char* update = std::getenv("KILN_UPDATE_GOLDEN");
            if (update && std::string(update) == "1") {
                std::ofstream(expected, std::ios::binary) << actual;
                continue;
            }
            INFO("golden file " << expected.string() << " (regenerate with KILN_UPDATE_GOLDEN=1)");
            REQUIRE(fs::exists(expected));
            CHECK(read_file(expected) == actual);
        }
    }
}
