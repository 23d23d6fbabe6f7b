// PyTorch's ConstantPooling (torch/csrc/jit/passes/constant_pooling.cpp): every prim::Constant moves
// to the top of the graph and equal constants merge into the first one seen. It runs when a scripted
// function is compiled (runCleanupPasses) and on the callees that the tracer's Inline copies, so the
// constants of the graphs users print sit where PyTorch prints them.
#include "graph/passes/passes.h"

namespace kiln::graph {

namespace {

// Node equality as PyTorch's EqualNode sees two constants: same output type, same value (tensor
// constants are never merged here: PyTorch keeps aliased tensors apart, and Kiln's never compare).
bool same_constant(const Node* a, const Node* b) {
    const IValue* x = a->attr("value");
    const IValue* y = b->attr("value");
    if (a->output()->type->str() != b->output()->type->str()) return false;
    // A Function constant (prim::Constant[name="f"], the callee of a prim::CallFunction) is the same
    // only for the same function: its type holds the qualified name.
    if (a->output()->type->kind == TypeKind::Function || b->output()->type->kind == TypeKind::Function) {
        const IValue* na = a->attr("name");
        const IValue* nb = b->attr("name");
        return na && nb && na->repr() == nb->repr() && a->output()->type->name == b->output()->type->name;
    }
    if (!x || !y) return !x && !y;
    return !x->is_tensor() && !y->is_tensor() && x->type()->str() == y->type()->str() && x->repr() == y->repr();
}

// Walks `b` in order, nested blocks first where they sit; each constant not seen before moves before
// the graph's current first node (so pooled constants read in reverse order of first appearance).
bool pool(Graph& g, Block* b, std::vector<Node*>& seen) {
    bool changed = false;
    for (Node* n : std::vector<Node*>(b->nodes.begin(), b->nodes.end())) {
        // A prim::fork's block stands for PyTorch's forked Subgraph (a graph of its own that reads
        // only its parameters), which the pass does not enter.
        if (n->kind == "prim::fork") continue;
        if (!n->blocks.empty()) {
            for (Block* sub : n->blocks) changed |= pool(g, sub, seen);
            continue;
        }
        if (n->kind != "prim::Constant") continue;
        Node* same = nullptr;
        for (Node* s : seen)
            if (same_constant(s, n)) {
                same = s;
                break;
            }
        if (same) {
            n->output()->replace_all_uses_with(same->output());
            n->destroy();
            changed = true;
            continue;
        }
        seen.push_back(n);
        Node* first = g.block()->nodes.front();
        if (first != n) {
            n->insert_before(first);
            changed = true;
        }
    }
    return changed;
}

}  // namespace

bool pool_constants(Graph& g) {
    std::vector<Node*> seen;
    return pool(g, g.block(), seen);
}

}  // namespace kiln::graph
