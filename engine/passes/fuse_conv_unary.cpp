// Conv + unary fusion for CPU graphs without autograd (Inductor's mkldnn fusion pass,
// torch/_inductor/fx_passes/mkldnn_fusion.py: `_register_unary_fusion`).
//
// relu(conv2d(x, W, b)) -> mkldnn::_convolution_pointwise(x, W, b, padding, stride, dilation,
// groups, "relu", [], None): the convolution's implicit GEMM applies max(y, 0) in its epilogue while
// each output tile is still in registers, instead of a separate kernel reading and writing the whole
// activation again (a 64-channel 24x24 activation at batch 64 is 9.4 MB each way). PyTorch's
// Inductor does the same for inference on the CPU, where oneDNN runs the post-op.
//
// Applies when the conv (aten::conv2d/conv3d on the CPU, float32 or float64) is read only by
// an aten::relu. The back end runs this pass on the graphs it schedules: inference graphs and the
// forward and backward graphs the partitioner made (their values are plain tensors; the fused op has
// no derivative and needs none there). The joint graph, which AOT autograd still differentiates,
// runs the pipeline without it (bindings/inductor.cpp).
#include "passes/emit.h"
#include "passes/passes.h"

namespace kiln::passes {

using graph::IValue;
using graph::Node;
using graph::Value;

namespace {

bool fuse_one(Node* relu) {
    if (relu->kind != "aten::relu" || !relu->schema) return false;
    Node* conv = relu->input(0)->node;
    if (!conv || !conv->schema || conv->output()->uses.size() != 1) return false;
    // (conv1d runs as a 2-d convolution of an unsqueezed input, outside this op's kernels)
    if (conv->kind != "aten::conv2d" && conv->kind != "aten::conv3d") return false;
    auto out = tensor_info(conv->output());
    if (!out || out->device != Device::CPU || (out->dtype != DType::Float32 && out->dtype != DType::Float64)) return false;
    auto arg = [&](const char* name) { return conv->inputs.at(size_t(conv->schema->arg_index(name))); };
    // The lists must be constants of one entry per spatial dim (the pointwise op's int[] does not
    // broadcast a single value as conv2d's SymInt[2] does).
    const size_t dims = size_t(out->dim()) - 2;
    for (const char* name : {"stride", "padding", "dilation"}) {
        auto v = constant_ints(arg(name));
        if (!v || v->size() != dims) return false;
    }
    Emitter e(relu);
    Value* fused = e.op("mkldnn::_convolution_pointwise",
                        {arg("input"), arg("weight"), arg("bias"), arg("padding"), arg("stride"), arg("dilation"),
                         arg("groups"), e.constant(IValue(std::string("relu"))), e.constant(IValue::list({})),
                         e.constant(IValue())},
                        *out);
    relu->output()->replace_all_uses_with(fused);
    relu->destroy();
    conv->destroy();
    return true;
}

}  // namespace

bool fuse_conv_unary(graph::Graph& g) {
    bool changed = false;
    for (Node* n : g.all_nodes())
        if (fuse_one(n)) changed = true;
    return changed;
}

}  // namespace kiln::passes
