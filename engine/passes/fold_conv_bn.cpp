// Conv + batch norm folding for eval mode, on graphs whose weights are graph inputs.
//
// In eval mode a batch norm is a per-channel affine map, and a convolution is linear in its weight,
// so with s = gamma * rsqrt(var + eps) (one number per output channel):
//     batch_norm(conv(x, W, b)) = conv(x, W * s.view(-1, 1, 1, 1), (b - mean) * s + beta).
// torch.jit.freeze does this on constants (engine/graph/passes/fold_conv.cpp computes W' and b' at
// compile time). In a Dynamo graph the conv weight and the BN parameters and buffers are graph
// inputs, so there is nothing to compute at compile time; instead the rewrite puts the arithmetic
// into the graph. It is the same formula in the same order as the freezing pass (rsqrt of var + eps,
// then the products), but it runs on the [C_out, C_in, k, k] weight and [C_out] vectors, while the
// batch norm it removes ran over the whole [N, C_out, H, W] activation: a pointwise pass over the
// largest tensor is traded for a few ops on tiny ones.
//
// Applies when the conv (aten::conv1d/conv2d/conv3d) output is read only by the batch norm, whose
// training flag is a constant False and whose running statistics are tensors; gamma/beta may be None.
// The new nodes are placed before the conv, so every value they read must be defined there already.
#include "passes/emit.h"
#include "passes/passes.h"

namespace kiln::passes {

using graph::IValue;
using graph::Node;
using graph::Value;

namespace {

bool is_conv(const Node* n) {
    return n && n->schema && (n->kind == "aten::conv1d" || n->kind == "aten::conv2d" || n->kind == "aten::conv3d");
}

// Is `v` usable at `at` (a graph input, or computed by a node in at's block before it)?
bool defined_before(const Value* v, const Node* at) {
    const Node* p = v->node;
    if (!p) return false;
    if (p->kind == "prim::Param") return p->owning_block == at->owning_block || !p->owning_block->owning_node;
    if (p->owning_block != at->owning_block) return false;
    return p->index_in_block() < at->index_in_block();
}

bool fold_one(Node* bn) {
    if (bn->kind != "aten::batch_norm" || !bn->schema) return false;
    Node* conv = bn->input(0)->node;
    if (!is_conv(conv) || conv->output()->uses.size() != 1) return false;
    auto training = constant_value(input_named(bn, "training"));
    auto eps = constant_value(input_named(bn, "eps"));
    if (!training || !training->is_bool() || training->to_bool() || !eps || !eps->is_number()) return false;
    Value* mean = input_named(bn, "running_mean");
    Value* var = input_named(bn, "running_var");
    Value* gamma = input_named(bn, "weight");
    Value* beta = input_named(bn, "bias");
    Value* w = input_named(conv, "weight");
    Value* b = input_named(conv, "bias");
    auto wt = tensor_info(w);
    if (!wt || !dtype_is_floating(wt->dtype) || wt->dim() < 3) return false;
    const int64_t channels = wt->sizes[0];
    auto channel_vector = [&](Value* v, bool optional) {
        if (optional && is_none_value(v)) return true;
        auto t = tensor_info(v);
        return t && t->dim() == 1 && t->sizes[0] == channels && t->dtype == wt->dtype;
    };
    if (!channel_vector(mean, false) || !channel_vector(var, false) || !channel_vector(gamma, true) ||
        !channel_vector(beta, true) || !channel_vector(b, true))
        return false;
    // None arguments are never read by the new nodes, so only tensors need to be in scope.
    for (Value* v : {mean, var, gamma, beta, w, b})
        if (!is_none_value(v) && !defined_before(v, conv)) return false;

    Emitter e(conv);
    Value* scale = e.unary("aten::rsqrt", e.binary("add", var, eps->to_double()));
    if (!is_none_value(gamma)) scale = e.binary("mul", gamma, scale);
    std::vector<int64_t> view(size_t(wt->dim()), 1);
    view[0] = -1;
    Value* new_w = e.binary("mul", w, e.view(scale, view));
    // b' = (b - mean) * s + beta; without a conv bias, b - mean is -mean.
    Value* shifted = is_none_value(b) ? e.unary("aten::neg", mean) : e.binary("sub", b, mean);
    Value* new_b = e.binary("mul", shifted, scale);
    if (!is_none_value(beta)) new_b = e.binary("add", new_b, beta);

    conv->replace_input(size_t(conv->schema->arg_index("weight")), new_w);
    conv->replace_input(size_t(conv->schema->arg_index("bias")), new_b);
    bn->output()->replace_all_uses_with(conv->output());
    bn->destroy();
    return true;
}

}  // namespace

bool fold_conv_bn(graph::Graph& g) {
    bool changed = false;
    for (Node* n : g.all_nodes())
        if (fold_one(n)) changed = true;
    return changed;
}

}  // namespace kiln::passes
