// Conv + pointwise fusion for CPU graphs without autograd (Inductor's mkldnn fusion passes,
// torch/_inductor/fx_passes/mkldnn_fusion.py: `_register_unary_fusion`, `_register_binary_fusion`).
//
//   relu(conv(x, W, b))             -> mkldnn::_convolution_pointwise(x, W, b, padding, stride,
//                                      dilation, groups, "relu", [], None)
//   relu(conv(x, W, b) + other)     -> mkldnn::_convolution_pointwise.binary(x, other, W, b, padding,
//   conv(x, W, b) + other              stride, dilation, groups, "add", None, "relu" | None, [], None)
//
// The convolution's implicit GEMM applies the post-ops in its epilogue while each output tile is
// still in registers, instead of a separate kernel reading and writing the whole activation again
// (a 64-channel 24x24 activation at batch 64 is 9.4 MB each way; ResNet's blocks end in
// relu(bn(conv(x)) + identity), which fold_conv_bn turns into relu(conv(x) + identity)). PyTorch's
// Inductor does the same for inference on the CPU, where oneDNN runs the post-ops.
//
// Applies when the conv (aten::conv2d/conv3d on the CPU, float32 or float64) is read only by the
// relu or the add (alpha 1), the add's other operand has the conv output's sizes, strides and dtype,
// and, for the fused relu, the sum is read only by the relu. The back end runs this pass on the graphs
// it schedules: inference graphs and the forward and backward graphs the partitioner made (their
// values are plain tensors; the fused ops have no derivative and need none there). The joint graph,
// which AOT autograd still differentiates, runs the pipeline without it (bindings/inductor.cpp).
#include "passes/emit.h"
#include "passes/passes.h"

namespace kiln::passes {

using graph::IValue;
using graph::Node;
using graph::Value;

namespace {

// The conv (with its output's type) that `v` is the result of, when the fusion may take it.
const Node* fusible_conv(const Value* v, std::optional<TensorInfo>* info) {
    const Node* conv = v->node;
    if (!conv || !conv->schema || conv->output()->uses.size() != 1) return nullptr;
    // (conv1d runs as a 2-d convolution of an unsqueezed input, outside these ops' kernels)
    if (conv->kind != "aten::conv2d" && conv->kind != "aten::conv3d") return nullptr;
    auto out = tensor_info(conv->output());
    if (!out || out->device != Device::CPU || (out->dtype != DType::Float32 && out->dtype != DType::Float64)) return nullptr;
    // The lists must be constants of one entry per spatial dim (the pointwise ops' int[] does not
    // broadcast a single value as conv2d's SymInt[2] does).
    const size_t dims = size_t(out->dim()) - 2;
    for (const char* name : {"stride", "padding", "dilation"}) {
        auto l = constant_ints(input_named(conv, name));
        if (!l || l->size() != dims) return nullptr;
    }
    *info = out;
    return conv;
}

// add(conv, other) or add(other, conv) with alpha 1 and `other` laid out as the conv's output:
// the conv and the other operand.
std::pair<const Node*, Value*> conv_add(const Node* add, std::optional<TensorInfo>* info) {
    if (add->kind != "aten::add" || !add->schema || add->schema->overload != "Tensor") return {nullptr, nullptr};
    auto alpha = constant_value(input_named(add, "alpha"));
    if (!alpha || !alpha->is_number() || alpha->to_double() != 1.0) return {nullptr, nullptr};
    for (int side = 0; side < 2; ++side) {
        Value* c = add->inputs[size_t(side)];
        Value* other = add->inputs[size_t(1 - side)];
        const Node* conv = fusible_conv(c, info);
        if (!conv) continue;
        auto o = tensor_info(other);
        if (o && o->sizes == (*info)->sizes && o->strides == (*info)->strides && o->dtype == (*info)->dtype &&
            o->device == Device::CPU)
            return {conv, other};
    }
    return {nullptr, nullptr};
}

Value* str_constant(Emitter& e, const char* s) { return e.constant(IValue(std::string(s))); }

// Replaces `last` (the relu or the add ending the pattern) by the fused op; `conv` and, when given,
// `add` are removed with it (both come before `last` in the graph).
void replace(Node* last, Node* conv, Node* add, Value* other, bool relu, const TensorInfo& out) {
    Emitter e(last);
    Value* fused;
    if (!other)
        fused = e.op("mkldnn::_convolution_pointwise",
                     {input_named(conv, "input"), input_named(conv, "weight"), input_named(conv, "bias"), input_named(conv, "padding"), input_named(conv, "stride"),
                      input_named(conv, "dilation"), input_named(conv, "groups"), str_constant(e, "relu"), e.constant(IValue::list({})),
                      e.constant(IValue())},
                     out);
    else
        fused = e.op("mkldnn::_convolution_pointwise.binary",
                     {input_named(conv, "input"), other, input_named(conv, "weight"), input_named(conv, "bias"), input_named(conv, "padding"),
                      input_named(conv, "stride"), input_named(conv, "dilation"), input_named(conv, "groups"), str_constant(e, "add"),
                      e.constant(IValue()), relu ? str_constant(e, "relu") : e.constant(IValue()),
                      e.constant(IValue::list({})), e.constant(IValue())},
                     out);
    last->output()->replace_all_uses_with(fused);
    last->destroy();
    if (add && add != last) add->destroy();
    conv->destroy();
}

bool fuse_one(Node* n) {
    std::optional<TensorInfo> info;
    if (n->kind == "aten::relu" && n->schema) {
        Node* in = n->input(0)->node;
        if (in && in->output()->uses.size() == 1) {
            auto [conv, other] = conv_add(in, &info);
            if (conv) {
                replace(n, const_cast<Node*>(conv), in, other, true, *info);
                return true;
            }
        }
        if (const Node* conv = fusible_conv(n->input(0), &info)) {
            replace(n, const_cast<Node*>(conv), nullptr, nullptr, true, *info);
            return true;
        }
        return false;
    }
    // An add alone; one whose only reader is a relu is left for the relu (visited later).
    if (n->kind == "aten::add" && !(n->output()->uses.size() == 1 && n->output()->uses[0].first->kind == "aten::relu")) {
        auto [conv, other] = conv_add(n, &info);
        if (conv) {
            replace(n, const_cast<Node*>(conv), n, other, false, *info);
            return true;
        }
    }
    return false;
}

}  // namespace

bool fuse_conv_pointwise(graph::Graph& g) {
    bool changed = false;
    for (Node* n : g.all_nodes())
        if (fuse_one(n)) changed = true;
    return changed;
}

}  // namespace kiln::passes
