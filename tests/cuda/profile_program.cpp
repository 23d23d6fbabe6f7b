// A developer's tool, not a test (hidden tag [.profile]): where the GPU time of a program's compiled
// plans goes, launch by launch. Runs the program named by KILN_PROFILE_PROGRAM under the step profile
// (backends/step_profile.h: CUDA events around every launch of a CUDA plan) and prints each
// kernel's and each extern op's total time, calls and share, plus the runs' total, e.g.
//
//   KILN_PROFILE_PROGRAM=model.py build/native/tests/kiln_tests "[.profile]"
//
// native/bench/cuda/run_profile.sh builds the program from a GPU bench case. PyTorch's side of the
// same case comes from torch.profiler (native/bench/cuda/profile_case.py).
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <sstream>

#include "backends/step_profile.h"
#include "support/program.h"

TEST_CASE("profile: per-launch times of a program's compiled plans", "[.profile]") {
    const char* path = std::getenv("KILN_PROFILE_PROGRAM");
    if (!path) {
        WARN("set KILN_PROFILE_PROGRAM to a program file");
        return;
    }
    std::ifstream in(path);
    REQUIRE(in);
    std::stringstream src;
    src << in.rdbuf();
    kiln::backends::step_profile_begin();
    auto r = kiln::testing::run_program(src.str());
    std::vector<kiln::backends::PlanProfile> runs = kiln::backends::step_profile_end();
    INFO(r.err << r.result.error_type << ": " << r.result.error_message);
    REQUIRE(r.result.ok);
    std::printf("%s", r.out.c_str());
    struct Row {
        std::string kind, engine;
        double ms = 0;
        int calls = 0;
    };
    std::map<std::string, Row> rows;
    double total = 0, steps_total = 0;
    for (const auto& run : runs) {
        total += run.total_ms;
        for (const auto& s : run.steps) {
            Row& row = rows[s.name];
            row.kind = s.kind, row.engine = s.engine;
            row.ms += s.ms;
            ++row.calls;
            steps_total += s.ms;
        }
    }
    std::vector<std::pair<std::string, Row>> sorted(rows.begin(), rows.end());
    std::sort(sorted.begin(), sorted.end(), [](const auto& a, const auto& b) { return a.second.ms > b.second.ms; });
    const double n = runs.empty() ? 1.0 : double(runs.size());
    std::printf("%zu plan runs, %.4f ms per run (launches %.4f ms)\n%10s %6s %7s %-7s  %s\n", runs.size(), total / n,
                steps_total / n, "ms/run", "share", "calls", "kind", "launch");
    for (const auto& [name, row] : sorted)
        std::printf("%10.4f %5.1f%% %7d %-7s  %s\n", row.ms / n, 100.0 * row.ms / std::max(steps_total, 1e-12), row.calls,
                    row.kind.c_str(), name.c_str());
}
