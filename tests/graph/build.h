// Helpers for building graphs by hand in the graph tests.
#pragma once
#include <catch2/catch.hpp>

#include <vector>

#include "graph/ir.h"
#include "graph/op_registry.h"

namespace kiln::graph::test {

// Appends the operator `qualified` ("aten::add.Tensor") at the insertion point, typed `out`.
inline Node* op(Graph& g, const char* qualified, std::vector<Value*> inputs, TypePtr out = tensor_type()) {
    const OpSchema* s = find_schema(qualified);
    REQUIRE(s != nullptr);
    Node* n = g.insert(s->name, inputs, 1);
    n->schema = s;
    n->output()->type = out;
    return n;
}

}  // namespace kiln::graph::test
