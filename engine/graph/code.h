// `.code`: a graph printed back as Python-like TorchScript source (graph/code.cpp has the format).
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "graph/ir.h"

namespace kiln::graph {

// The source of `g` as a function named `function_name` ("forward" for modules). `defaults` holds the
// default value of each input after a module's self (a scripted function's declared defaults),
// printed after the annotation as printFunction does: `k: int=2`.
std::string graph_code(const Graph& g, const std::string& function_name,
                       const std::vector<std::optional<IValue>>& defaults = {});

}  // namespace kiln::graph
