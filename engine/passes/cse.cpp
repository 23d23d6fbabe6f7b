// Common subexpression elimination over the aten graph.
//
// Decompositions create repeats: softmax computes exp(x - max) in two places, layer norm and a
// following op may both build the same constant lists, two linear layers sharing a weight both
// transpose it. A pure node computes the same value as an earlier node with the same kind, schema,
// inputs and attributes, so its uses can read the earlier one and it can go (DCE is not needed: the
// node is destroyed here). Constants are merged by value (`1` and `1` from different rewrites are one
// constant), which in turn makes more nodes identical, so the walk handles constants as it meets them,
// in program order.
//
// Pure means: an aten op that writes none of its arguments, is not random (graph::is_nondeterministic)
// and has no side effects, or one of the structural prims (lists, tuples, constants). A list (and a
// constant) is shared only if nothing may write it, since two users of one list would see each
// other's writes. Nested blocks see the expressions of the blocks around them, not of their siblings.
#include <unordered_map>

#include "graph/op_registry.h"
#include "graph/passes/passes.h"
#include "passes/passes.h"

namespace kiln::passes {

using graph::IValue;
using graph::Node;
using graph::Value;

namespace {

bool writes_an_argument(const Node* n) {
    if (!n->schema) return false;
    if (n->schema->is_inplace()) return true;
    for (const auto& a : n->schema->args)
        if (a.is_write) return true;
    return false;
}

bool pure(const Node* n) {
    if (!n->blocks.empty() || n->outputs.empty()) return false;
    if (n->kind == "prim::ListConstruct" || n->kind == "prim::TupleConstruct" || n->is_constant())
        return !graph::may_be_mutated(n->output());
    if (!n->schema || writes_an_argument(n)) return false;
    return !graph::has_side_effects(n) && !graph::is_nondeterministic(n);
}

// The identity of a node's computation: kind, overload, input values, attributes, output types.
// Tensor constants are keyed by dtype and shape here and compared by value on a hit.
std::string key_of(const Node* n) {
    std::string k = n->kind;
    if (n->schema) k += "." + n->schema->overload;
    k += '(';
    for (const Value* v : n->inputs) k += std::to_string(v->unique) + ',';
    k += ')';
    for (const auto& a : n->attrs) {
        k += a.name + '=';
        if (a.value.is_tensor()) {
            const Tensor& t = a.value.to_tensor();
            k += t.defined() ? std::string("tensor:") + dtype_short_name(t.dtype()) + shape_str(t.sizes()) : "undef";
        } else {
            k += std::to_string(int(a.value.tag)) + ':' + a.value.repr();
        }
        k += ';';
    }
    for (const Value* o : n->outputs) k += "->" + (o->type ? o->type->str() : std::string("?"));
    return k;
}

bool same_attrs(const Node* a, const Node* b) {
    if (a->attrs.size() != b->attrs.size()) return false;
    for (size_t i = 0; i < a->attrs.size(); ++i)
        if (a->attrs[i].name != b->attrs[i].name || !graph::ivalue_equal(a->attrs[i].value, b->attrs[i].value))
            return false;
    return true;
}

using Table = std::unordered_multimap<std::string, Node*>;

bool cse_block(graph::Block* block, Table table) {
    bool changed = false;
    std::vector<Node*> nodes(block->nodes.begin(), block->nodes.end());
    for (Node* n : nodes) {
        for (graph::Block* sub : n->blocks) changed = cse_block(sub, table) || changed;
        if (!pure(n)) continue;
        std::string k = key_of(n);
        Node* earlier = nullptr;
        auto [lo, hi] = table.equal_range(k);
        for (auto it = lo; it != hi && !earlier; ++it)
            if (same_attrs(it->second, n)) earlier = it->second;
        if (!earlier) {
            table.emplace(std::move(k), n);
            continue;
        }
        for (size_t i = 0; i < n->outputs.size(); ++i) n->outputs[i]->replace_all_uses_with(earlier->outputs[i]);
        n->destroy();
        changed = true;
    }
    return changed;
}

}  // namespace

bool eliminate_common_subexpressions(graph::Graph& g) { return cse_block(g.block(), Table{}); }

}  // namespace kiln::passes
