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

#include "support/golden.h"
#include "support/program.h"

namespace fs = std::filesystem;
using kiln::testing::check_golden;
using kiln::testing::read_file;

TEST_CASE("dynamo golden: graphs, guards and transformed bytecode of tests/capture/golden/*.py", "[dynamo-golden]") {
    std::vector<fs::path> sources;
    for (const auto& entry : fs::directory_iterator(fs::path(KILN_SOURCE_DIR) / "tests/capture/golden"))
        if (entry.path().extension() == ".py") sources.push_back(entry.path());
    std::sort(sources.begin(), sources.end());
    REQUIRE(sources.size() >= 4);
    for (const fs::path& py : sources) {
        SECTION(py.filename().string()) {
            auto r = kiln::testing::run_source(read_file(py), py.filename().string());
            INFO(r.err);
            REQUIRE(r.result.ok);
            fs::path expected = py;
            expected.replace_extension(".log");
            check_golden(expected, r.out + "---- stderr\n" + r.err);
        }
    }
}
