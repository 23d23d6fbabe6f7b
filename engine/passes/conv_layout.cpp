// Layout optimization for convolution graphs on the GPU (Inductor's layout_opt), and the bias peel.
//
// cuDNN runs a convolution fastest on channels-last (NHWC) tensors in PyTorch: on an NCHW input it
// transforms the operands to NHWC and back around its kernel (on an H200, the MNIST CNN's second
// convolution costs 239 us + 67 us of transforms NCHW, 111 us NHWC). Inductor therefore decides per
// graph (GraphLowering.decide_layout_opt) whether to run the graph channels-last: convolution inputs
// are required channels-last, and every tensor computed from a convolution keeps that layout
// (pointwise kernels write in their inputs' layout), so the layout changes once at the graph's entry
// and the convolutions chain without transforms. User-visible outputs keep the strides eager would
// give them (config.keep_output_stride).
//
// optimize_conv_layout does that rewrite for an inference graph of 2-d convolutions, transposed ones
// too, on the GPU (float64 stays row-major: ATen's cuDNN path computes it in NCHW,
// cudnn_conv_suggest_memory_format), converting each convolution's input and weight, then
// re-infers every value's layout by running the graph on meta tensors (retype_by_meta_run): the
// eager kernels' own layout rules (TensorIterator's, the convolution's, the pools') decide what the
// scheduler stores. The decision is decide_layout_opt's for an inference graph (unless
// torch._inductor.config.force_layout_optimization is set; layout_optimization=False turns it off):
//   - at least 300 nodes per convolution: no;
//   - otherwise each convolution's FLOPs are weighted by the measured channels-last speed-up of its
//     kind (grouped with > 1 input channel per group 1.358, both channel counts <= 64 0.783, output
//     channels at most half the input channels with a kernel taller than 1 0.725, others 0.823) and
//     the graph goes channels-last when the weighted sum is at most the plain one.
//
// peel_conv_bias is Inductor's convolution lowering on a non-CPU device: conv(x, w, b) becomes
// conv(x, w, None) + b.view(C, 1, 1) ("cudnn is slower with it"); the add then fuses into the
// pointwise kernel after the convolution (bias + relu in one pass instead of cuDNN's separate add).
#include <algorithm>

#include "graph/op_registry.h"
#include "ops/output_layout.h"
#include "passes/emit.h"
#include "passes/passes.h"

namespace kiln::passes {

using graph::IValue;
using graph::Node;
using graph::Value;

namespace {

// c10's channels-last contiguity on sizes and strides (size-1 dims place no constraint).
bool channels_last_dense(const TensorInfo& t) {
    if (t.dim() != 4) return false;
    const Shape want = strides_in_order(t.sizes, format_order(MemoryFormat::ChannelsLast, 4));
    for (size_t d = 0; d < 4; ++d)
        if (t.sizes[d] != 1 && t.strides[d] != want[d]) return false;
    return true;
}

// A transposed convolution (what conv_transpose2d records: aten::_convolution with transposed=True).
bool is_transposed(const Node* c) {
    if (c->kind != "aten::_convolution") return false;
    auto t = constant_value(input_named(c, "transposed"));
    return t && t->is_bool() && t->to_bool();
}

// The graph's 2-d convolutions: conv2d, and aten::_convolution (transposed or not; PyTorch's
// decide_layout_opt counts every aten.convolution, conv_transpose2d's included, and cuDNN runs a
// transposed convolution, its backward-data kernel, fastest on channels-last tensors too: a DCGAN
// generator's first layer took 289 us NCHW and 43 us NHWC on an H200).
std::vector<Node*> conv_nodes(graph::Graph& g) {
    std::vector<Node*> convs;
    for (Node* n : g.block()->nodes) {
        if (!n->schema || (n->kind != "aten::conv2d" && n->kind != "aten::_convolution")) continue;
        auto w = tensor_info(input_named(n, "weight"));
        if (n->kind == "aten::_convolution" && (!w || w->dim() != 4)) continue;
        if (n->kind == "aten::_convolution" && !constant_value(input_named(n, "transposed"))) continue;
        convs.push_back(n);
    }
    return convs;
}

// The graph's convolutions, if all of them can run channels-last on the GPU: 4-d operands on CUDA,
// not float64.
bool convertible(const std::vector<Node*>& convs) {
    if (convs.empty()) return false;
    for (Node* c : convs) {
        auto x = tensor_info(c->inputs[0]);
        auto w = tensor_info(input_named(c, "weight"));
        if (!x || !w || !tensor_info(c->output()) || x->dim() != 4 || w->dim() != 4) return false;
        if (x->device != Device::CUDA || w->device != Device::CUDA || x->dtype == DType::Float64) return false;
        if (!constant_value(input_named(c, "groups")) || !constant_value(input_named(c, "groups"))->is_int()) return false;
    }
    return true;
}

// decide_layout_opt(is_inference=True) once the convolutions are convertible.
bool decide_layout_opt(graph::Graph& g, const std::vector<Node*>& convs) {
    if (g.block()->nodes.size() >= 300 * convs.size()) return false;
    double total = 0, weighted = 0;
    for (Node* c : convs) {
        const TensorInfo w = *tensor_info(input_named(c, "weight")), y = *tensor_info(c->output());
        const TensorInfo x = *tensor_info(c->inputs[0]);
        const int64_t groups = constant_value(input_named(c, "groups"))->to_int();
        // FlopCounterMode's conv count (conv_flop_count): 2 x batch x the weight's elements x the
        // spatial positions of the output, or of the input for a transposed convolution.
        const TensorInfo& positions = is_transposed(c) ? x : y;
        double flops = 2.0 * double(y.sizes[0]) * double(shape_numel(w.sizes));
        for (size_t d = 2; d < 4; ++d) flops *= double(positions.sizes[d]);
        const bool grouped = groups > 1 && w.sizes[1] > 1;
        const bool small = w.sizes[0] <= 64 && w.sizes[1] <= 64;
        const bool in_out = w.sizes[0] * 2 <= w.sizes[1] && w.sizes[2] > 1;
        const double speedup = grouped ? 1.358 : small ? 0.783 : in_out ? 0.725 : 0.823;
        total += flops;
        weighted += flops * speedup;
    }
    return weighted <= total;
}

// c10's MemoryFormat numbers, as graph constants carry them.
constexpr int64_t kContiguousFormat = 0, kChannelsLastFormat = 2;

Node* next_node(Node* n) {
    auto& nodes = n->owning_block->nodes;
    auto it = std::find(nodes.begin(), nodes.end(), n);
    return ++it != nodes.end() ? *it : n->owning_block->return_node;
}

}  // namespace

bool peel_conv_bias(graph::Graph& g) {
    bool changed = false;
    for (Node* c : conv_nodes(g)) {
        auto y = tensor_info(c->output());
        if (!y || y->device != Device::CUDA || y->dim() != 4) continue;
        Value* bias = input_named(c, "bias");
        if (is_none_value(bias)) continue;
        changed = true;
        // conv(x, w, b) -> conv(x, w, None) + b.view(C, 1, 1)
        Emitter before(c);
        c->replace_input(size_t(c->schema->arg_index("bias")), before.constant(IValue()));
        Emitter after(next_node(c));
        const int64_t channels = y->sizes[1];
        Value* b = after.view(bias, {channels, 1, 1});
        Value* sum = after.op("aten::add.Tensor", {c->output(), b, after.constant(IValue(int64_t(1)))}, *y);
        sum->node->origin = "conv2d";
        b->node->origin = "conv2d";
        c->output()->replace_all_uses_with(sum);
        sum->node->replace_input(0, c->output());
    }
    return changed;
}

bool optimize_conv_layout(graph::Graph& g, bool force) {
    std::vector<Node*> convs = conv_nodes(g);
    if (!convertible(convs) || (!force && !decide_layout_opt(g, convs))) return false;
    // What eager returns, kept for the user-visible outputs.
    Node* ret = g.block()->return_node;
    Node* tuple = ret->inputs.size() == 1 && ret->inputs[0]->node->kind == "prim::TupleConstruct" ? ret->inputs[0]->node : ret;
    std::vector<std::optional<TensorInfo>> eager_out;
    for (Value* v : tuple->inputs) eager_out.push_back(tensor_info(v));

    for (Node* c : convs) {
        // The input and the weight, as Inductor's convolution lowering requires both in the layout's
        // stride order. A tensor dense in both layouts (a single input channel) is left as it is: the
        // convolution reads its strides as NCHW (c10's suggest_memory_format breaks the tie that
        // way), as eager does, and cuDNN's NHWC kernels for one input channel are no faster. The
        // weight's copy makes the layout certain where the input's strides cannot say it (a 1x1 map,
        // as in ResNet-18's last stage at 32x32: there cuDNN ran NCHW, transforming the weight
        // inside its call, 14 us + a 21 us kernel against 7 + 11 channels-last).
        for (size_t i : {size_t(0), size_t(c->schema->arg_index("weight"))}) {
            Value* v = c->inputs[i];
            TensorInfo vi = *tensor_info(v);
            if (channels_last_dense(vi)) continue;
            TensorInfo cl = vi;
            cl.strides = strides_in_order(vi.sizes, format_order(MemoryFormat::ChannelsLast, 4));
            Emitter e(c);
            c->replace_input(i, e.op("aten::contiguous", {v, e.constant(IValue(kChannelsLastFormat))}, cl));
        }
    }
    retype_by_meta_run(g);
    // keep_output_stride: an output eager returns contiguous is copied back to contiguous.
    for (size_t i = 0; i < tuple->inputs.size(); ++i) {
        auto now = tensor_info(tuple->inputs[i]);
        const auto& was = eager_out[i];
        if (!now || !was || now->strides == was->strides || !was->contiguous()) continue;
        Emitter e(tuple);
        TensorInfo plain = *now;
        plain.strides = contiguous_strides(now->sizes);
        tuple->replace_input(i, e.op("aten::contiguous", {tuple->inputs[i], e.constant(IValue(kContiguousFormat))}, plain));
    }
    if (tuple != ret) {
        std::vector<graph::TypePtr> types;
        for (Value* v : tuple->inputs) types.push_back(v->type);
        tuple->output()->type = graph::tuple_type(types);
    }
    return true;
}

}  // namespace kiln::passes
