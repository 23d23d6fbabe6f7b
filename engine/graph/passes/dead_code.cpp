// Dead code elimination: nodes whose results nobody reads go, unless running them does something
// else (prints, raises, writes an argument or an attribute, calls out of the graph).
//
// Every other pass leaves unused nodes behind (the GetAttr of a submodule after its call was
// inlined, the old constants after a fold), and relies on this one to sweep them. Blocks are swept
// from the last node to the first, so a node's users are gone before the node is considered, and
// nested blocks first, so an If whose branches became empty can go too. A prim::fork also drops the
// inputs its task no longer reads.
#include <unordered_set>

#include "graph/edit.h"
#include "graph/op_registry.h"
#include "graph/passes/passes.h"

namespace kiln::graph {

bool has_side_effects(const Node* n) {
    if (n->schema) {
        if (n->schema->is_inplace()) return true;
        for (const auto& a : n->schema->args)
            if (a.is_write) return true;
        return false;
    }
    static const std::unordered_set<std::string> effects = {
        "prim::Print",       "prim::RaiseException", "prim::SetAttr", "prim::CallMethod",
        "prim::CallFunction", "aten::wait",           "prim::fork"};
    if (effects.count(n->kind)) return true;
    // Control flow is pure when its blocks are.
    for (const Block* b : n->blocks)
        for (const Node* inner : b->nodes)
            if (has_side_effects(inner)) return true;
    return false;
}

namespace {

// PyTorch's removeDeadIfOutputs / removeDeadLoopOutputs, run on each node before its blocks are
// swept (which uncovers the dead code that computed those outputs): an If output nobody reads goes
// with the value each block returns for it; a loop-carried value goes when neither the Loop's
// output nor the body's parameter for it is read.
bool remove_dead_outputs(Node* n) {
    bool changed = false;
    if (n->kind == "prim::If" && n->blocks.size() == 2) {
        for (size_t i = n->outputs.size(); i-- > 0;)
            if (n->outputs[i]->uses.empty()) {
                erase_output(n, i);
                for (Block* b : n->blocks) erase_return(b, i);
                changed = true;
            }
    } else if (n->kind == "prim::Loop" && n->blocks.size() == 1) {
        Block* body = n->blocks[0];
        for (size_t i = n->outputs.size(); i-- > 0;)
            if (n->outputs[i]->uses.empty() && body->params().at(1 + i)->uses.empty()) {
                erase_output(n, i);
                n->remove_input(2 + i);
                body->erase_param(1 + i);
                erase_return(body, 1 + i);
                changed = true;
            }
    }
    return changed;
}

bool sweep(Block* b) {
    bool changed = false;
    std::vector<Node*> nodes(b->nodes.begin(), b->nodes.end());  // destroy() edits the list
    for (auto it = nodes.rbegin(); it != nodes.rend(); ++it) {
        Node* n = *it;
        changed = remove_dead_outputs(n) || changed;
        for (Block* sub : n->blocks) changed = sweep(sub) || changed;
        // A forked task's unused parameters go with the values passed for them (after freezing, the
        // submodule a task called is no longer read).
        if (n->kind == "prim::fork" && n->blocks.size() == 1) {
            Block* body = n->blocks[0];
            for (size_t i = body->params().size(); i-- > 0;)
                if (i < n->inputs.size() && body->params()[i]->uses.empty()) {
                    n->remove_input(i);
                    body->erase_param(i);
                    changed = true;
                }
        }
        bool used = false;
        for (const Value* o : n->outputs) used = used || !o->uses.empty();
        if (used || has_side_effects(n)) continue;
        n->destroy();
        changed = true;
    }
    return changed;
}

}  // namespace

bool eliminate_dead_code(Graph& g) { return sweep(g.block()); }

}  // namespace kiln::graph
