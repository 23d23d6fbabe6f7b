// Golden files: a test's printout compared byte for byte with a file committed next to its input.
//
// KILN_UPDATE_GOLDEN=1 rewrites the files instead of comparing (review the diff before committing).
#pragma once
#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace kiln::testing {

inline std::string read_file(const std::filesystem::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

inline void check_golden(const std::filesystem::path& expected_path, const std::string& actual) {
    const char* update = std::getenv("KILN_UPDATE_GOLDEN");
    if (update && std::string(update) == "1") {
        std::ofstream(expected_path, std::ios::binary) << actual;
        return;
    }
    INFO("golden file " << expected_path.string() << " (regenerate with KILN_UPDATE_GOLDEN=1)");
    REQUIRE(std::filesystem::exists(expected_path));
    CHECK(read_file(expected_path) == actual);
}

}  // namespace kiln::testing
