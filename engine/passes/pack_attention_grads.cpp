// Attention's three input gradients written straight into their concatenation.
//
// Where this comes from: nn.MultiheadAttention slices q, k and v out of one input projection, so
// once merge_slice_grads has run, the projection's gradient is
//   cat([merge(dq), merge(dk), merge(dv)], -1)   merge(d) = reshape(transpose(d, 1, 2), (B, L, H * D))
// where dq, dk, dv are the outputs of one aten::_scaled_dot_product_fused_attention_backward (GPU
// graphs only) and each merge is a view: the kernels write (B, L, H, D) memory order. The
// concatenation then copies all three gradients once more (0.3 ms of GPU time per step of a 6-block
// transformer on an H100, as a fallback op). The kernels take any output strides, so
// aten::_scaled_dot_product_fused_attention_backward_packed has them write each gradient into its
// slice of one (B, L, 3 * H * D) tensor: the concatenation, with no copy. (PyTorch's Inductor gets
// the same effect by lowering cat into its producers' stores.)
//
// The rule: exactly that shape of graph, each intermediate read only by the next step, the three
// gradients in order and all of one shape (self-attention: as many keys as queries). Anything else
// is left alone; DCE removes the backward node and the views the packed op makes unread.
#include "graph/ir.h"
#include "passes/emit.h"
#include "passes/passes.h"

namespace kiln::passes {

using graph::Node;
using graph::Value;

namespace {

bool read_once(const Value* v) { return v->uses.size() == 1; }

// The fused backward node whose gradient `i` the cat piece `e` merges the heads of, or nullptr.
Node* merged_gradient_of(Value* e, size_t i) {
    const Node* r = e->node;
    if (!r || !read_once(e) || (r->kind != "aten::reshape" && r->kind != "aten::view" && r->kind != "aten::_unsafe_view"))
        return nullptr;
    Value* tv = r->inputs[0];
    const Node* t = tv->node;
    if (!t || t->kind != "aten::transpose" || !read_once(tv) || t->inputs.size() != 3) return nullptr;
    auto d0 = constant_value(t->inputs[1]), d1 = constant_value(t->inputs[2]);
    if (!d0 || !d1 || !d0->is_int() || !d1->is_int() || std::min(d0->to_int(), d1->to_int()) != 1 ||
        std::max(d0->to_int(), d1->to_int()) != 2)
        return nullptr;
    Value* d = t->inputs[0];
    Node* bwd = d->node;
    if (!bwd || bwd->kind != "aten::_scaled_dot_product_fused_attention_backward" || !read_once(d) ||
        bwd->outputs.size() != 3 || bwd->outputs[i] != d)
        return nullptr;
    auto di = tensor_info(d), ei = tensor_info(e);
    if (!di || !ei || di->sizes.size() != 4 || ei->sizes.size() != 3) return nullptr;
    const Shape want = {di->sizes[0], di->sizes[2], di->sizes[1] * di->sizes[3]};
    return ei->sizes == want ? bwd : nullptr;
}

}  // namespace

bool pack_attention_grads(graph::Graph& g) {
    bool changed = false;
    std::vector<Node*> nodes(g.block()->nodes.begin(), g.block()->nodes.end());
    for (Node* n : nodes) {
        if (n->kind != "aten::cat" || n->inputs.size() != 2) continue;
        const Node* list = n->inputs[0]->node;
        auto dim = constant_value(n->inputs[1]);
        auto out = tensor_info(n->output());
        if (!list || list->kind != "prim::ListConstruct" || list->inputs.size() != 3 || !dim || !dim->is_int() || !out ||
            out->sizes.size() != 3 || (dim->to_int() != 2 && dim->to_int() != -1))
            continue;
        Node* bwd = nullptr;
        bool ok = true;
        for (size_t i = 0; i < 3 && ok; ++i) {
            Node* b = merged_gradient_of(list->inputs[i], i);
            ok = b && (i == 0 || b == bwd) && tensor_info(list->inputs[i])->sizes == tensor_info(list->inputs[0])->sizes;
            bwd = b;
        }
        if (!ok) continue;
        Emitter e(n);
        Value* packed = e.op("aten::_scaled_dot_product_fused_attention_backward_packed",
                             std::vector<Value*>(bwd->inputs.begin(), bwd->inputs.end()),
                             contiguous_like(out->dtype, out->sizes, out->device));
        n->output()->replace_all_uses_with(packed);
        n->destroy();
        changed = true;
    }
    return changed;
}

}  // namespace kiln::passes
