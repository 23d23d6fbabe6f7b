// The inputs ("what-if") panel's model: a compiled function's arguments as its guards saw them,
// edited as text, checked against the recorded guards before anything runs, and turned into the
// Python arguments of "Run with these" (RunOptions::ExtraCall). No ImGui: unit-tested headless.
//
//   WhatIfEdit e = whatif_start(record);          // x: "f32", "8, 4"; n: "3"
//   e.args[0].sizes = "16, 4";
//   WhatIfVerdict v = whatif_evaluate(report, record, e);
//   v.entries[0].first_failure  ->  "tensor 'x' size mismatch at index 0. expected 8, actual 16"
//
// A call reuses a compiled entry of its frame when every guard of that entry holds (Dynamo tries
// the newest entry first); the verdict says which entry would run, or that none would and why.
#pragma once
#include <string>
#include <vector>

#include "session.h"

namespace kiln::playground {

// One argument as the user edits it. Tensors: dtype name ("float32") + sizes ("8, 4") +
// requires_grad; constants (int, float, bool, None, str): a Python literal; other objects
// (modules, lists) are passed as they were and cannot be edited.
struct WhatIfArg {
    std::string name;
    capture::dynamo::WhatIfValue seen;  // as the guards saw it
    bool editable = true;
    bool is_tensor = false;
    std::string dtype = "float32";
    std::string sizes;        // "8, 4"
    bool requires_grad = false;
    std::string literal;      // constants: "3", "0.5", "True", "None", "'relu'"
};

struct WhatIfEdit {
    std::string compile_id;   // the entry whose arguments these are
    std::vector<WhatIfArg> args;
};

// The starting values: the arguments of the call that compiled `record`.
WhatIfEdit whatif_start(const CompileRecord& record);

// Parses one edited argument; false with `error` ("sizes: expected integers >= 0 separated by
// commas, got 'a'") when the text is not a value.
bool whatif_parse_arg(const WhatIfArg& arg, capture::dynamo::WhatIfValue* out, std::string* error);

struct WhatIfGuardResult {
    const capture::dynamo::GuardFact* fact = nullptr;
    capture::dynamo::WhatIfResult result;
};
struct WhatIfEntryVerdict {
    std::string compile_id;
    std::vector<WhatIfGuardResult> guards;  // every guard, in check order
    std::string first_failure;              // "" when every guard holds
};
struct WhatIfVerdict {
    std::vector<std::string> errors;  // per argument that does not parse ("x: sizes: ...")
    std::vector<WhatIfEntryVerdict> entries;  // every entry of the same frame, newest first
    std::string hit;                  // the entry that would run ("" : recompile)
    std::string summary;              // one line: "reuses 0/0" / "recompiles: tensor 'x' size mismatch ..."
};
WhatIfVerdict whatif_evaluate(const RunReport& report, const CompileRecord& record, const WhatIfEdit& edit);

// "Run with these": the extra call for RunOptions (self is left out: the compiled module is the
// callee). False with `error` when an argument does not parse or cannot be rebuilt.
bool whatif_extra_call(const CompileRecord& record, const WhatIfEdit& edit, RunOptions::ExtraCall* out, std::string* error);

// A Python expression that makes a value like `v` (torch.randn(8, 4), 3, 'relu'); "" for objects.
std::string whatif_python(const capture::dynamo::WhatIfValue& v);

}  // namespace kiln::playground
