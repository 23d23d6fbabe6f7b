// sink_views: a pointwise value read only through slices is computed at the slices instead.
//
//   y = relu(conv + b)                   y0 = relu(conv[.., 0::2, :] + b.expand(..)[.., 0::2, :])
//   y0 = y[.., 0::2, :]          ->      y1 = relu(conv[.., 1::2, :] + b.expand(..)[.., 1::2, :])
//   y1 = y[.., 1::2, :]
//
// Inductor never stores a pointwise value it can inline: a lowering that reads its input at other
// indexes (max_pool2d's taps, a slice) calls the producer's inner function at those indexes, so
// relu(conv + bias) is computed inside the pooling kernel and the activation never reaches memory.
// Kiln's scheduler fuses values over one iteration space and refuses to read a value of the same
// kernel through a view (it would need the value in memory first), so the same effect is had here,
// on the graph: the views move in front of the pointwise op, onto its operands (broadcast operands
// expanded to the op's shape first), and the op is computed once per view over the view's shape.
// Repeated until no view can move: the slices travel back to the first value that is not
// pointwise (a convolution's output, a graph input), and everything after that fuses into the
// readers of the views.
//
// Only when every reader of the value is such a slice, none of them is a graph output (its strides
// would change), and the slices together cover at most the value's elements: no element is then
// computed twice, so the pass never adds arithmetic; it removes the store and the loads of the
// value. Only slices (the views max_pool2d's decomposition and x[a:b:c] make); views that reorder
// dims gain nothing from moving. Whole-range slices of the value (x[:, 0:2] traces as
// x[0:, :][:, 0:2]) are dropped first, so the slices behind them are the value's own.
#include <algorithm>
#include <set>
#include <string>

#include "ops/output_layout.h"
#include "passes/emit.h"
#include "passes/passes.h"

namespace kiln::passes {

using graph::IValue;
using graph::Node;
using graph::Value;

namespace {

// Elementwise aten ops: out[i] reads each tensor operand at (the broadcast of) i alone.
const std::set<std::string>& elementwise_ops() {
    static const std::set<std::string> s = [] {
        std::set<std::string> r = {
#define KILN_UNARY_OP(name, grad_fn, kind, saves, expr, backward) #name,
#include "ops/pointwise.def"
#define KILN_BINARY_OP(name, grad_fn, kind, expr) #name,
#include "ops/pointwise.def"
#define KILN_TERNARY_OP(name, grad_fn, expr) #name,
#include "ops/pointwise.def"
        };
        for (const char* extra : {"rsub", "clamp_min", "clamp_max", "hardtanh", "relu6", "square", "where", "pow", "div"})
            r.insert(extra);
        return r;
    }();
    return s;
}

std::string op_base(const Node* n) {
    const size_t c = n->kind.find("::");
    if (c == std::string::npos || n->kind.compare(0, c, "aten") != 0) return "";
    return n->kind.substr(c + 2);
}

struct Slice {
    int64_t dim = 0, start = 0, end = 0, step = 1;
};

// A use of `v` that is aten::slice.Tensor(v, dim, start, end, step) with constant arguments.
std::optional<Slice> slice_of(const Node* user, const Value* v) {
    if (user->kind != "aten::slice" || !user->schema || user->schema->overload != "Tensor" || user->inputs.size() != 5 ||
        user->input(0) != v)
        return std::nullopt;
    auto t = tensor_info(v);
    if (!t || t->dim() == 0) return std::nullopt;
    auto get = [&](size_t i, int64_t dflt) -> std::optional<int64_t> {
        auto c = constant_value(user->input(i));
        if (!c) return std::nullopt;
        if (c->is_none()) return dflt;
        if (!c->is_int()) return std::nullopt;
        return c->to_int();
    };
    auto d = get(1, 0), s = get(2, 0), e = get(3, INT64_MAX), st = get(4, 1);
    if (!d || !s || !e || !st || *st < 1) return std::nullopt;
    return Slice{wrap_dim(*d, t->dim()), *s, *e, *st};
}

bool is_graph_output(const Value* v) {
    for (const auto& [user, idx] : v->uses) {
        (void)idx;
        if (user == user->owning_graph()->block()->return_node) return true;
        if (user->kind == "prim::TupleConstruct" || user->kind == "prim::ListConstruct") return true;
    }
    return false;
}

// Moves every slice of `n`'s output in front of `n` (see the file comment); false when it may not.
bool sink_through(Node* n) {
    if (!n->schema || n->outputs.size() != 1 || !n->blocks.empty() || !elementwise_ops().count(op_base(n))) return false;
    Value* p = n->output();
    auto pt = tensor_info(p);
    if (!pt || pt->dim() == 0 || p->uses.empty()) return false;
    // A slice that keeps every element with the same strides (x[:, 0:2] traces as x[0:, :][:, 0:2])
    // is the value itself: its readers read the value (Inductor's remove_noop_ops drops such slices).
    bool dropped = false;
    for (bool again = true; again;) {
        again = false;
        for (const auto& use : p->uses) {
            Node* user = use.first;  // a copy: replacing uses below grows p->uses
            auto s = slice_of(user, p);
            auto st = s ? tensor_info(user->output()) : std::nullopt;
            if (!st || st->sizes != pt->sizes || st->strides != pt->strides || is_graph_output(user->output())) continue;
            user->output()->replace_all_uses_with(p);
            user->destroy();
            dropped = again = true;
            break;
        }
    }
    std::vector<std::pair<Node*, Slice>> slices;
    int64_t covered = 0;
    for (const auto& [user, idx] : p->uses) {
        (void)idx;
        auto s = slice_of(user, p);
        if (!s || is_graph_output(user->output())) return dropped;
        auto st = tensor_info(user->output());
        if (!st || shape_numel(st->sizes) == shape_numel(pt->sizes)) return dropped;
        covered += shape_numel(st->sizes);
        slices.emplace_back(user, *s);
    }
    if (covered > shape_numel(pt->sizes)) return dropped;
    // Operands: tensors with complete types that broadcast to the output (computed values or graph
    // inputs; a tensor constant stays where it is, and so does the whole op).
    for (const Value* in : n->inputs) {
        if (!in->type || !in->type->is_tensor()) continue;
        auto it = tensor_info(in);
        if (!it || (in->node->is_constant() && it->dim() > 0) || it->dim() > pt->dim()) return dropped;
    }
    for (auto& [user, s] : slices) {
        Emitter e(user);
        std::vector<Value*> ins;
        std::vector<std::pair<Shape, Shape>> layouts;
        for (Value* in : n->inputs) {
            auto it = in->type && in->type->is_tensor() ? tensor_info(in) : std::nullopt;
            if (!it || it->dim() == 0) {  // a non-tensor argument or a 0-dim tensor: the same at every index
                ins.push_back(in);
                continue;
            }
            Value* x = it->sizes == pt->sizes ? in : e.expand(in, pt->sizes);
            x = e.slice(x, s.dim, s.start, s.end, s.step);
            TensorInfo xi = Emitter::info(x);
            layouts.emplace_back(xi.sizes, xi.strides);
            ins.push_back(x);
        }
        TensorInfo out = Emitter::info(user->output());
        out.dtype = pt->dtype;
        out.strides = elementwise_strides(out.sizes, layouts);
        Node* m = n->owning_graph()->create(n->kind, ins, 1);
        m->schema = n->schema;
        m->loc = n->loc;
        m->scope = n->scope;
        m->origin = original_aten(n);
        m->attrs = n->attrs;
        m->output()->type = tensor_type_of(out);
        m->insert_before(user);
        user->output()->replace_all_uses_with(m->output());
        user->destroy();
    }
    n->destroy();
    return true;
}

}  // namespace

bool sink_views(graph::Graph& g) {
    bool changed = false;
    // Each move can enable one at the operands' producers, which come earlier: walk back to front
    // so a chain (add -> relu -> slices) moves in one sweep, and sweep again until nothing moves.
    for (bool again = true; again;) {
        again = false;
        std::vector<Node*> nodes = g.all_nodes();
        for (auto it = nodes.rbegin(); it != nodes.rend(); ++it)
            if (sink_through(*it)) again = changed = true;
    }
    return changed;
}

}  // namespace kiln::passes
