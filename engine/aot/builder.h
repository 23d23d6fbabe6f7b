// Building typed aten graphs for AOT autograd: the one way engine/aot adds nodes to a graph.
//
// The joint graph's backward half is written by formulas (derivatives.h) that call aten ops by
// name. Every value they produce needs a complete tensor type (sizes, strides, dtype), because the
// partitioner weighs saved tensors by their bytes and the Inductor back end schedules from types.
// Instead of writing each op's shape rule again (passes/emit.h does that for the few ops the
// decompositions emit), the Builder runs the op's own kernel from the op table on *meta* example
// tensors (tensor/meta.h): the eager engine decides sizes, strides, dtypes and even raises its own
// shape errors, while no data is computed. This is FakeTensor propagation, Kiln-sized.
#pragma once
#include <string>
#include <unordered_map>
#include <variant>
#include <vector>

#include "graph/ir.h"
#include "graph/op_registry.h"

namespace kiln::aot {

// An argument of a built op: a graph value, or a constant (an int, a double, a list, None...).
using Arg = std::variant<graph::Value*, graph::IValue>;

class Builder {
public:
    explicit Builder(graph::Graph& g) : g_(g) {}

    graph::Graph& graph() { return g_; }

    // Appends `qualified` ("aten::mul.Tensor") at the graph's insertion point. Arguments are given
    // in schema order; trailing ones left out take the schema's defaults. Returns the outputs.
    std::vector<graph::Value*> ops(const std::string& qualified, const std::vector<Arg>& args);
    graph::Value* op(const std::string& qualified, const std::vector<Arg>& args) { return ops(qualified, args).at(0); }

    // A prim::Constant (None when `v` is None).
    graph::Value* constant(const graph::IValue& v);

    // The example a value stands for: a meta tensor with the value's type, or a constant's value.
    graph::IValue example(graph::Value* v);

    // ---- the few helpers the formulas use over and over --------------------------------------
    graph::Value* add(graph::Value* a, graph::Value* b) { return op("aten::add.Tensor", {a, b}); }
    graph::Value* sub(graph::Value* a, graph::Value* b) { return op("aten::sub.Tensor", {a, b}); }
    graph::Value* mul(graph::Value* a, graph::Value* b) { return op("aten::mul.Tensor", {a, b}); }
    graph::Value* div(graph::Value* a, graph::Value* b) { return op("aten::div.Tensor", {a, b}); }
    graph::Value* mul(graph::Value* a, double s);
    graph::Value* add(graph::Value* a, double s);
    // Sums a broadcast gradient back to `sizes` (the backward of broadcasting).
    graph::Value* sum_to(graph::Value* g, const Shape& sizes);
    graph::Value* reshape(graph::Value* x, const Shape& sizes);

    static Shape sizes_of(const graph::Value* v);  // a complete tensor type's sizes (or a kiln::Error)

private:
    graph::Graph& g_;
    std::unordered_map<const graph::Value*, graph::IValue> examples_;
};

// A Python number as a graph constant: integral values stay ints, as PyTorch's formulas write them.
graph::IValue number(double s);

}  // namespace kiln::aot
