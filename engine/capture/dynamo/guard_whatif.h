// What-if guards: would a compiled frame still be reused if its inputs were different?
//
// The playground lists a compiled function's inputs as its guards saw them (shapes, dtypes, Python
// constants) and lets the user edit them; before anything runs it answers which guard would fail
// and why, with the very reason a recompile would print. Guards hold engine values that die with
// the interpreter, so they are first snapshot as plain data (guard_facts), then checked against
// made-up inputs (whatif_check) with the same failure texts as GuardSet::check (guards.h shares
// the tensor and shape checks with it).
//
//   std::vector<GuardFact> facts = guard_facts(in, entry.guards);       // while the interpreter lives
//   WhatIfInputs edited = {{"x", tensor f32[8, 4]}, {"n", int 3}};
//   for (auto& f : facts) whatif_check(f, edited);                       // holds / fails: "tensor 'x' size mismatch ..."
//
// Only the call's own inputs (the frame's arguments) can change in a what-if; guards on anything
// else (globals, attributes of self, grad mode) are taken to hold as they did.
#pragma once
#include <map>
#include <string>
#include <vector>

#include "capture/dynamo/guards.h"

namespace kiln::capture::dynamo {

// A value a guard could see, as plain data: a tensor's facts or a Python constant.
struct WhatIfValue {
    enum class Kind { Tensor, Int, Float, Bool, None, Str, Other };
    Kind kind = Kind::Other;
    TensorFacts tensor;     // Tensor
    int64_t int_value = 0;  // Int
    double float_value = 0; // Float
    bool bool_value = false;
    std::string str_value;  // Str
    std::string type_name;  // Python type name of any kind ("int", "Tensor", "Linear")
    std::string repr;       // Other: repr() as seen (cannot be edited)

    // "f32[8, 4]", "3", "True", "'relu'", "<Linear>"
    std::string text() const;
};
using WhatIfInputs = std::map<std::string, WhatIfValue>;

// Reads a live value (a frame argument at the call that compiled).
WhatIfValue whatif_value(vm::Interpreter& in, const vm::Value& v);

// A guard as data, valid after the interpreter is gone.
struct GuardFact {
    Guard guard;            // kind and compared facts; sources and Python values removed
    std::string kind_name;  // TENSOR_MATCH
    std::string code;       // the printed guard: check_tensor(L['x'], ...)
    std::string who;        // the source as the user wrote it: x, self.fc.weight, x.size()[0]
    int line = 0;           // the user line that made the guard (0: none)
    // The input it reads: root = the argument's name when the source is the argument itself
    // (size_dim = -1) or one of its sizes (size_dim = d); "" when the source is not an input.
    std::string root;
    int64_t size_dim = -1;
    std::string other_root, other_who;  // SymSize equalities and aliasing guards
    int64_t other_dim = -1;
    WhatIfValue expected;   // EQUALS_MATCH: the constant; TYPE_MATCH: type_name
    std::string reason;     // the failure text when it cannot be recomputed (EQUALS/TYPE/ID/NONE...)
};
std::vector<GuardFact> guard_facts(vm::Interpreter& in, const GuardSet& guards);

struct WhatIfResult {
    enum class Outcome { Holds, Fails, Unchanged };  // Unchanged: reads no input; holds as it did
    Outcome outcome = Outcome::Holds;
    std::string reason;  // Fails: what a recompile would report; Unchanged: why it is not evaluated
};
WhatIfResult whatif_check(const GuardFact& fact, const WhatIfInputs& inputs);

}  // namespace kiln::capture::dynamo
