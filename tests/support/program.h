// Running a Kiln program from a test: its stdout, its stderr (warnings), and how it ended.
//
// Tests of the bindings drive small Python programs through the interpreter (as a user's program
// runs) and assert on what they print. `import torch`, `torch.nn as nn` and `torch.nn.functional as
// F` are imported for them; the file name is t.py (TorchScript reads scripted functions' source
// from it).
#pragma once
#include <catch2/catch.hpp>

#include <string>

#include "vm/interpreter.h"

namespace kiln::testing {

struct ProgramRun {
    std::string out, err;
    vm::RunResult result;
};

// Runs `source` as the file `filename`, exactly as written.
inline ProgramRun run_source(const std::string& source, const std::string& filename = "t.py") {
    ProgramRun r;
    vm::Options o;
    o.out = [&](std::string_view s) { r.out += s; };
    o.err = [&](std::string_view s) { r.err += s; };
    vm::Interpreter in(o);
    r.result = in.run_source(source, filename);
    return r;
}

// stdout of `source`, run exactly as written (its own imports), which must succeed.
inline std::string source_output(const std::string& source) {
    ProgramRun r = run_source(source);
    INFO(r.result.error_type + ": " + r.result.error_message);
    REQUIRE(r.result.ok);
    return r.out;
}

inline ProgramRun run_program(const std::string& body) {
    const std::string prelude = "import torch\nimport torch.nn as nn\nimport torch.nn.functional as F\n";
    return run_source(prelude + body);
}

// stdout of a program that must succeed.
inline std::string program_output(const std::string& body) {
    ProgramRun r = run_program(body);
    INFO(r.err);
    INFO(r.result.error_type + ": " + r.result.error_message);
    REQUIRE(r.result.ok);
    return r.out;
}

// "Type: message" of the exception a program ends with.
inline std::string program_error(const std::string& body) {
    ProgramRun r = run_program(body);
    INFO(r.out);
    REQUIRE_FALSE(r.result.ok);
    return r.result.error_type + ": " + r.result.error_message;
}

}  // namespace kiln::testing
