// The playground's demo expressions: small PyTorch programs built from engine calls.
//
// Each demo is a PyTorch snippet (shown to the user, with the chosen sizes filled in) and a C++
// function that performs the same computation with the eager engine and returns what PyTorch would
// print. There is no language yet: once it exists, the playground runs the snippet's source through
// it instead (window.kiln.run(source)) and this table becomes the playground's list of examples.
// No ImGui and no platform code here, so tests and the native app can use it as is.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace kiln::playground {

struct Demo {
    const char* name;   // stable id used by window.kiln.evalDemo(name, rows, cols)
    const char* label;  // one line for the demo picker
};

// The demos, in the order the picker lists them.
const std::vector<Demo>& demo_list();

// The PyTorch source of demo `name` for the given sizes ("" for an unknown name).
std::string demo_source(const std::string& name, int64_t rows, int64_t cols);

struct DemoResult {
    bool ok = false;
    std::string output;  // ok: the printed result; else the Python error line ("RuntimeError: ...")
    double millis = 0;   // time spent in the engine
};

// Runs demo `name` on a rows x cols input with the engine. Never throws: engine errors come back
// as ok=false with PyTorch's wording.
DemoResult demo_run(const std::string& name, int64_t rows, int64_t cols);

}  // namespace kiln::playground
