// Emitting typed aten nodes from a rewrite: the helper every pass that adds nodes uses.
//
// The back end after these passes (the scheduler) reads each value's sizes, strides and dtype from
// its type, so a node a pass creates must carry a complete tensor type like the traced ones do.
// There are no meta tensors in Kiln to run an op "abstractly", so the shape rules of the few ops the
// rewrites emit are written out here: broadcasting and promotion for pointwise ops, reduced dims for
// reductions, the view rules for view/unsqueeze/t, and the matrix products. Results of computing ops
// are contiguous (what the eager kernels return); views keep the strides a view would have.
//
// An Emitter places every node it makes just before one anchor node, so a rewrite builds its
// replacement where the node it replaces stands and every input it reads is already defined.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "graph/ir.h"
#include "graph/op_registry.h"

namespace kiln::passes {

// What a complete tensor type says about a value.
struct TensorInfo {
    DType dtype = DType::Float32;
    Shape sizes, strides;
    Device device = Device::CPU;
    int64_t dim() const { return int64_t(sizes.size()); }
    bool contiguous() const;
};
// The info of a value with a complete tensor type, or nullopt (non-tensors, plain `Tensor`).
std::optional<TensorInfo> tensor_info(const graph::Value* v);
graph::TypePtr tensor_type_of(const TensorInfo& t);

// The value a graph value certainly holds: a prim::Constant's, or a prim::ListConstruct of constants
// (traced graphs build `int[]` arguments that way); nullopt for computed values.
std::optional<graph::IValue> constant_value(const graph::Value* v);
std::optional<std::vector<int64_t>> constant_ints(const graph::Value* v);
bool is_none_value(const graph::Value* v);  // a None constant (or nullptr)
// The input a node passes for its schema's argument `name` (nullptr when the schema has none).
graph::Value* input_named(const graph::Node* n, const char* name);

// The op name Inductor's kernel names use for nodes made from `n` (its original_aten).
std::string original_aten(const graph::Node* n);

class Emitter {
public:
    explicit Emitter(graph::Node* anchor) : anchor_(anchor), g_(anchor->owning_graph()) {}

    graph::Value* constant(const graph::IValue& v);
    // `qualified` ("aten::add.Tensor") with every schema argument given, output typed `out`.
    graph::Value* op(const std::string& qualified, const std::vector<graph::Value*>& inputs, const TensorInfo& out);

    // Pointwise ops: the output is contiguous with the broadcast shape and the promoted dtype.
    graph::Value* unary(const std::string& qualified, graph::Value* x);  // aten::exp, aten::rsqrt, ...
    graph::Value* binary(const std::string& op_name, graph::Value* a, graph::Value* b);  // "add", "sub", "mul", "div"
    graph::Value* binary(const std::string& op_name, graph::Value* a, double s);          // the .Scalar overloads
    graph::Value* pow(graph::Value* x, double exponent);

    // Reductions over `dims` (already wrapped).
    graph::Value* sum(graph::Value* x, const std::vector<int64_t>& dims, bool keepdim);
    graph::Value* sum_all(graph::Value* x);
    graph::Value* amax(graph::Value* x, const std::vector<int64_t>& dims, bool keepdim);

    // Views.
    graph::Value* view(graph::Value* x, const std::vector<int64_t>& sizes);  // may hold one -1
    graph::Value* unsqueeze(graph::Value* x, int64_t dim);
    graph::Value* t(graph::Value* x);
    // x[..., start:end:step, ...] along `dim` (aten::slice.Tensor; bounds clamped as PyTorch clamps them).
    graph::Value* slice(graph::Value* x, int64_t dim, int64_t start, int64_t end, int64_t step);
    // x broadcast to `sizes` (aten::expand): stride 0 along the broadcast dims.
    graph::Value* expand(graph::Value* x, const Shape& sizes);

    // Matrix products (2-D operands): mm(a, b), addmm(bias, a, b) with beta = alpha = 1.
    graph::Value* mm(graph::Value* a, graph::Value* b);
    graph::Value* addmm(graph::Value* bias, graph::Value* a, graph::Value* b);

    static TensorInfo info(const graph::Value* v);  // tensor_info or a kiln::Error

private:
    graph::Node* anchor_;
    graph::Graph* g_;
};

// Contiguous result info: `sizes` with contiguous strides.
TensorInfo contiguous_like(DType dtype, const Shape& sizes, Device device);

}  // namespace kiln::passes
