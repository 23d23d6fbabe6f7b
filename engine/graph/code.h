// `.code`: a graph printed back as Python-like TorchScript source (graph/code.cpp has the format).
#pragma once
#include <string>

#include "graph/ir.h"

namespace kiln::graph {

// The source of `g` as a function named `function_name` ("forward" for modules).
std::string graph_code(const Graph& g, const std::string& function_name);

}  // namespace kiln::graph
