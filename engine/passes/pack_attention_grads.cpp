// Attention's three input gradients written straight into the tensor their concatenation becomes.
//
// Where this comes from: nn.MultiheadAttention (and nanoGPT's c_attn split) slices q, k and v out
// of one input projection, so once merge_slice_grads has run, the projection's gradient is a
// concatenation of dq, dk and dv — the three outputs of one
// aten::_scaled_dot_product_fused_attention_backward — each with its heads merged by views, and the
// concatenation itself is then reshaped or transposed into the projection's layout. Two graphs seen:
//   batch-first (Kiln's traced forward, nanoGPT):  cat([reshape(transpose(d, 1, 2), (B, L, E))] x 3, -1)
//   F.multi_head_attention_forward (PyTorch's reference path, in (L, N, E) order):
//       stack([reshape(transpose(reshape(d, (N * H, L, hd)), 0, 1), (L, N, E))] x 3)
//       -> reshape (3, L, N, 1, E) -> transpose(0, -2) -> reshape (L, N, 3 * E)  (unflatten's gradient)
// The concatenation copies all three gradients once more, and a reshape of a transposed tensor
// after it a second time (0.3 ms of GPU time per step of a 6-block transformer on an H100 for the
// first). The kernels write any output strides with the head dim contiguous, so
// aten::_scaled_dot_product_fused_attention_backward_packed has them write each gradient into its
// place in one contiguous tensor: the result of the whole chain, with no copy. (PyTorch's Inductor
// gets the same effect by lowering cat into its producers' stores.)
//
// The rule, general over the views between: from a cat of three pieces, each reached from one
// gradient by view ops (reshape, view, unsqueeze, squeeze, flatten, transpose, permute, t) through
// values read only by the next step, and on through such view ops while each value is read once,
// to the last contiguous value F. Walking back from F (a fresh contiguous tensor) through each op's
// inverse gives every gradient as a strided view of F's memory, exactly when each reshape on the way
// only splits or regroups F's dimensions; the walk keeps each dimension as a list of factors of F's
// own (size, stride) pairs, so a dimension merged and later split again (N * H above) still comes
// out as one stride per gradient dimension. The three views must have one set of strides, the head
// dim's 1; they then tile F exactly (each step maps elements one to one). Anything else is left
// alone; DCE removes the backward node and the views the packed op makes unread.
#include <deque>

#include "graph/ir.h"
#include "passes/emit.h"
#include "passes/passes.h"

namespace kiln::passes {

using graph::Node;
using graph::Value;

namespace {

bool read_once(const Value* v) { return v->uses.size() == 1; }

// One factor of a dimension: `size` elements `stride` apart in F's memory.
struct Factor {
    int64_t size, stride;
};
// A value as a view of F's memory: each dimension its factors, outermost first (none for size 1).
struct FactorLayout {
    std::vector<std::vector<Factor>> dims;
    int64_t offset = 0;
};

// The same elements in row-major order with `shape` (a reshape, view, squeeze or unsqueeze; read
// backwards too, since the inverse of a reshape is a reshape): factors are split where a new
// dimension's boundary falls inside one, never merged. Nullopt when a boundary does not divide one.
std::optional<FactorLayout> regroup(const FactorLayout& x, const Shape& shape) {
    std::deque<Factor> factors;
    for (const auto& d : x.dims)
        for (const Factor& f : d)
            if (f.size != 1) factors.push_back(f);
    FactorLayout y;
    y.offset = x.offset;
    for (int64_t s : shape) {
        if (s <= 0) return std::nullopt;
        std::vector<Factor> dim;
        for (int64_t need = s; need > 1;) {
            if (factors.empty()) return std::nullopt;
            const Factor f = factors.front();
            if (f.size <= need) {
                if (need % f.size != 0) return std::nullopt;
                dim.push_back(f);
                need /= f.size;
                factors.pop_front();
            } else {
                if (f.size % need != 0) return std::nullopt;
                dim.push_back({need, f.stride * (f.size / need)});
                factors.front() = {f.size / need, f.stride};
                need = 1;
            }
        }
        y.dims.push_back(std::move(dim));
    }
    if (!factors.empty()) return std::nullopt;
    return y;
}

std::optional<int64_t> wrapped_dim(const Value* v, int64_t rank) {
    auto c = constant_value(v);
    if (!c || !c->is_int()) return std::nullopt;
    int64_t d = c->to_int();
    if (d < 0) d += rank;
    if (d < 0 || d >= rank) return std::nullopt;
    return d;
}

bool is_reshape_like(const std::string& kind) {
    static const char* const kinds[] = {"aten::reshape", "aten::view",    "aten::_unsafe_view", "aten::unsqueeze",
                                        "aten::squeeze", "aten::flatten", "aten::unflatten"};
    for (const char* k : kinds)
        if (kind == k) return true;
    return false;
}
bool is_view_step(const Node* n) {
    return n && !n->inputs.empty() &&
           (is_reshape_like(n->kind) || n->kind == "aten::transpose" || n->kind == "aten::permute" || n->kind == "aten::t");
}

// The layout of view op `n`'s input, given its output's: the inverse of the view.
std::optional<FactorLayout> input_layout(const Node* n, const FactorLayout& out) {
    auto in = tensor_info(n->inputs[0]);
    auto res = tensor_info(n->output());
    if (!in || !res || out.dims.size() != res->sizes.size()) return std::nullopt;
    if (is_reshape_like(n->kind)) return regroup(out, in->sizes);
    const int64_t rank = in->dim();
    if (int64_t(out.dims.size()) != rank) return std::nullopt;
    FactorLayout x = out;
    if (n->kind == "aten::t") {
        if (rank == 2) std::swap(x.dims[0], x.dims[1]);
        return x;
    }
    if (n->kind == "aten::transpose") {
        if (n->inputs.size() != 3) return std::nullopt;
        auto d0 = wrapped_dim(n->inputs[1], rank), d1 = wrapped_dim(n->inputs[2], rank);
        if (!d0 || !d1) return std::nullopt;
        std::swap(x.dims[size_t(*d0)], x.dims[size_t(*d1)]);
        return x;
    }
    auto perm = constant_ints(n->inputs.at(1));  // permute: out dim i is in dim perm[i]
    if (!perm || int64_t(perm->size()) != rank) return std::nullopt;
    std::vector<bool> seen(size_t(rank), false);
    for (size_t i = 0; i < perm->size(); ++i) {
        int64_t p = (*perm)[i] < 0 ? (*perm)[i] + rank : (*perm)[i];
        if (p < 0 || p >= rank || seen[size_t(p)]) return std::nullopt;
        seen[size_t(p)] = true;
        x.dims[size_t(p)] = out.dims[i];
    }
    return x;
}

// Piece `j` (of `count` equal pieces) of `y` along `dim`: the dimension regrouped as (count, n) and
// the outer index fixed at j.
std::optional<FactorLayout> narrow_piece(const FactorLayout& y, size_t dim, int64_t count, int64_t n, int64_t j) {
    FactorLayout one;
    one.dims = {y.dims[dim]};
    auto split = regroup(one, {count, n});
    if (!split) return std::nullopt;
    FactorLayout x = y;
    int64_t idx = j;
    const auto& outer = split->dims[0];
    for (auto f = outer.rbegin(); f != outer.rend(); ++f) {
        x.offset += (idx % f->size) * f->stride;
        idx /= f->size;
    }
    x.dims[dim] = split->dims[1];
    return x;
}

// One stride per dimension (factors that lie evenly merged), or nullopt.
std::optional<std::vector<int64_t>> strides_of(const FactorLayout& x) {
    std::vector<int64_t> s;
    for (const auto& d : x.dims) {
        if (d.empty()) {
            s.push_back(1);
            continue;
        }
        for (size_t i = 0; i + 1 < d.size(); ++i)
            if (d[i].stride != d[i + 1].stride * d[i + 1].size) return std::nullopt;
        s.push_back(d.back().stride);
    }
    return s;
}

// Rewrites one cat if it is the concatenation of a fused backward's three gradients; see the top.
bool pack_one(Node* cat) {
    if (cat->inputs.size() != 2) return false;
    const Node* list = cat->inputs[0]->node;
    if (!list || list->kind != "prim::ListConstruct" || list->inputs.size() != 3 || !read_once(cat->inputs[0])) return false;
    auto cat_info = tensor_info(cat->output());
    if (!cat_info) return false;
    auto cdim = wrapped_dim(cat->inputs[1], cat_info->dim());
    if (!cdim) return false;
    // F: on from the cat through views while each value is read once; the last contiguous one.
    Value* f = cat->output();
    for (Value* v = f; read_once(v) && is_view_step(v->uses[0].first) && v->uses[0].second == 0;) {
        v = v->uses[0].first->output();
        auto vi = tensor_info(v);
        if (!vi) break;
        if (vi->contiguous()) f = v;
    }
    auto fi = tensor_info(f);
    if (!fi || !fi->contiguous()) return false;
    FactorLayout lay;
    int64_t stride = 1;
    lay.dims.resize(fi->sizes.size());
    for (size_t i = fi->sizes.size(); i-- > 0;) {
        lay.dims[i] = {{fi->sizes[i], stride}};
        stride *= fi->sizes[i];
    }
    for (Value* v = f; v != cat->output(); v = v->node->inputs[0]) {
        auto x = input_layout(v->node, lay);
        if (!x) return false;
        lay = *x;
    }
    // Each piece back to its gradient.
    Node* bwd = nullptr;
    std::vector<int64_t> offsets(3, -1), strides;
    const Shape piece_shape = tensor_info(list->inputs[0]) ? tensor_info(list->inputs[0])->sizes : Shape{};
    if (piece_shape.size() != cat_info->sizes.size() || piece_shape[size_t(*cdim)] * 3 != cat_info->sizes[size_t(*cdim)])
        return false;
    for (int64_t j = 0; j < 3; ++j) {
        Value* e = list->inputs[size_t(j)];
        auto ei = tensor_info(e);
        if (!ei || ei->sizes != piece_shape) return false;
        auto piece = narrow_piece(lay, size_t(*cdim), 3, piece_shape[size_t(*cdim)], j);
        while (piece && read_once(e) && e->node && e->node->kind != "aten::_scaled_dot_product_fused_attention_backward") {
            if (!is_view_step(e->node)) return false;
            piece = input_layout(e->node, *piece);
            e = e->node->inputs[0];
        }
        if (!piece || !read_once(e) || !e->node) return false;
        Node* b = e->node;
        if ((bwd && b != bwd) || b->outputs.size() != 3) return false;
        bwd = b;
        size_t i = 0;
        while (i < 3 && b->outputs[i] != e) ++i;
        auto di = tensor_info(e);
        auto s = strides_of(*piece);
        if (i == 3 || offsets[i] >= 0 || !di || di->sizes.size() != 4 || !s || (*s)[3] != 1 || (!strides.empty() && *s != strides))
            return false;
        strides = *s;
        offsets[i] = piece->offset;
    }
    // q, k and v of one shape (self-attention): the op's one set of strides.
    for (size_t i = 1; i < 3; ++i) {
        auto a = tensor_info(bwd->outputs[i]), b = tensor_info(bwd->outputs[0]);
        if (!a || !b || a->sizes != b->sizes) return false;
    }
    if (bwd->inputs.size() != 7 && bwd->inputs.size() != 8) return false;
    Emitter em(f->node);
    std::vector<Value*> args(bwd->inputs.begin(), bwd->inputs.end());
    if (args.size() == 7) args.push_back(em.constant(graph::IValue(false)));  // is_causal's default
    args.push_back(em.constant(graph::IValue::int_list(fi->sizes)));
    args.push_back(em.constant(graph::IValue::int_list(strides)));
    args.push_back(em.constant(graph::IValue::int_list(offsets)));
    Value* packed = em.op("aten::_scaled_dot_product_fused_attention_backward_packed", args,
                          contiguous_like(fi->dtype, fi->sizes, fi->device));
    f->replace_all_uses_with(packed);
    return true;
}

}  // namespace

bool pack_attention_grads(graph::Graph& g) {
    bool changed = false;
    std::vector<Node*> nodes(g.block()->nodes.begin(), g.block()->nodes.end());
    for (Node* n : nodes)
        if (n->kind == "aten::cat") changed = pack_one(n) || changed;
    return changed;
}

}  // namespace kiln::passes
