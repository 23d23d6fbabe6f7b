// The graph interpreter: runs a Graph on IValues, node by node. It is the reference semantics of
// the IR — traced and scripted functions run through it, and every optimised or generated backend is
// checked against it.
//
// Operator nodes run their schema's kernel (graph/op_registry.h); prim:: nodes (constants, lists and
// tuples, attributes, If/Loop blocks, exceptions, calls) are executed here. Calls to other methods
// and functions (scripted modules calling submodules, a traced graph calling a scripted function)
// go through the RunContext the caller provides.
#pragma once
#include <functional>
#include <string>

#include "graph/ir.h"

namespace kiln::graph {

struct RunContext {
    // prim::CallMethod[name=M](%obj, args...): runs method M of the object.
    std::function<IValueList(const std::shared_ptr<Object>& self, const std::string& method, IValueList& args)>
        call_method;
    // prim::CallFunction[name=F](args...): runs the function whose qualified name is F.
    std::function<IValueList(const std::string& function, IValueList& args)> call_function;
    // prim::Print: the text of one print call, newline included.
    std::function<void(const std::string& text)> print;
    // Called with every value a node computes, as it is computed (the graph passes' type inference
    // runs a graph on meta tensors and reads each result's layout).
    std::function<void(const Value* v, const IValue& value)> observe;
};

// Called before every node any graph runs: the embedding program's instruction budget and Stop
// button (the VM installs it), so a `while True` in a scripted function ends like one in Python.
using StepHook = void (*)();
void set_step_hook(StepHook hook);

// Runs `g` with `inputs` (one per graph input); returns one IValue per graph output.
// Errors are kiln::Error: a kernel's own (shape mismatch, ...) or prim::RaiseException's.
IValueList run_graph(const Graph& g, const IValueList& inputs, const RunContext& ctx = {});

// str() of a value as Python prints it inside a TorchScript program (print, aten::str, format).
std::string ivalue_to_display(const IValue& v);

}  // namespace kiln::graph
