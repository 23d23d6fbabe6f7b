// PyTorch's LowerSimpleTuples (torch/csrc/jit/passes/lower_tuples.cpp), the first of the cleanup
// passes a scripted function gets: a tuple that is built and taken apart in the same graph
// (`a, b = b + 1, a * 2`, `t = (x, y); t[0]`) leaves no tuple behind, the readers of each element
// read the value the tuple was built from. The construct and unpack nodes are left for dead code
// elimination, which PyTorch runs right after.
#include "graph/passes/passes.h"

namespace kiln::graph {

namespace {

bool lower(Block* b) {
    bool changed = false;
    for (Node* n : std::vector<Node*>(b->nodes.begin(), b->nodes.end())) {
        bool unpack = n->kind == "prim::TupleUnpack", index = n->kind == "prim::TupleIndex";
        Node* construct = (unpack || index) && !n->inputs.empty() ? n->inputs[0]->node : nullptr;
        if (construct && construct->kind == "prim::TupleConstruct") {
            if (unpack) {
                for (size_t i = 0; i < n->outputs.size() && i < construct->inputs.size(); ++i)
                    if (!n->outputs[i]->uses.empty()) {
                        n->outputs[i]->replace_all_uses_with(construct->inputs[i]);
                        changed = true;
                    }
            } else if (n->inputs.size() > 1 && n->inputs[1]->node && n->inputs[1]->node->is_constant()) {
                // A constant index, negative from the end; out of range stays (it raises at run time).
                const IValue* c = n->inputs[1]->node->attr("value");
                if (c && c->is_int()) {
                    int64_t i = c->to_int(), len = int64_t(construct->inputs.size());
                    if (i < 0) i += len;
                    if (i >= 0 && i < len && !n->output()->uses.empty()) {
                        n->output()->replace_all_uses_with(construct->inputs[size_t(i)]);
                        changed = true;
                    }
                }
            }
        }
        for (Block* sub : n->blocks) changed = lower(sub) || changed;
    }
    return changed;
}

}  // namespace

bool lower_simple_tuples(Graph& g) { return lower(g.block()); }

}  // namespace kiln::graph
