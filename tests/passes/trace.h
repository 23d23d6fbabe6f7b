// Traced aten graphs for the back end's pass tests: a Python function is run once under Kiln's jit
// Tracer with example tensors, exactly as the back end receives Dynamo's graphs (module parameters
// are passed as ordinary inputs, so they are graph inputs, not constants or attribute reads).
#pragma once
#include <catch2/catch.hpp>

#include <memory>
#include <string>
#include <vector>

#include "bindings/convert.h"
#include "capture/trace/tracer.h"
#include "graph/ir.h"
#include "graph/passes/passes.h"
#include "vm/interpreter.h"

namespace kiln::testing {

// Runs `source` (torch, nn and F imported), then traces its function `fn` on `inputs`; the graph's
// inputs are the tensors in order, its outputs the returned tensor (or the tensors of a tuple).
inline std::unique_ptr<graph::Graph> trace_function(const std::string& source, const std::string& fn,
                                                    const std::vector<Tensor>& inputs) {
    vm::Interpreter in;
    const std::string prelude = "import torch\nimport torch.nn as nn\nimport torch.nn.functional as F\n";
    vm::RunResult r = in.run_source(prelude + source, "t.py");
    INFO(r.error_type + ": " + r.error_message);
    REQUIRE(r.ok);
    auto main = in.import_module("__main__");
    const vm::Value* f = main->dict.find(fn);
    REQUIRE(f != nullptr);
    capture::Tracer tr;
    tr.quiet = true;  // the back end's re-trace (bindings/inductor.cpp): convolutions stay convNd
    std::vector<vm::Value> args;
    for (size_t i = 0; i < inputs.size(); ++i) {
        tr.add_tensor_input(inputs[i], "arg" + std::to_string(i));
        args.push_back(vm::wrap_tensor(inputs[i]));
    }
    {
        capture::TracingScope scope(&tr);
        vm::Value out;
        try {
            out = in.call(*f, args);
        } catch (vm::PyError& e) {
            FAIL("tracing " << fn << " raised " << in.format_exception(e.exc));
        }
        if (vm::bind::is_tensor(out)) {
            tr.graph().register_output(tr.value_of(vm::bind::to_tensor(out)));
        } else {
            for (const vm::Value& item : out.get<vm::Tuple>()->items)
                tr.graph().register_output(tr.value_of(vm::bind::to_tensor(item)));
        }
    }
    std::unique_ptr<graph::Graph> g = tr.take_graph();
    graph::eliminate_dead_code(*g);
    graph::verify(*g);
    return g;
}

}  // namespace kiln::testing
