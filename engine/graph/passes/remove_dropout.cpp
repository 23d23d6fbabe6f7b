// Dropout removal: in eval mode dropout returns its input unchanged, so a frozen graph (where the
// module's `training` flag has become the constant False) needs no dropout node at all.
//
// Only a constant train=False qualifies: a dropout whose flag is still computed, or True, draws
// random numbers at run time and must stay.
#include "graph/passes/passes.h"

namespace kiln::graph {

bool remove_dropout(Graph& g) {
    bool changed = false;
    for (Node* n : g.all_nodes()) {
        if (n->kind != "aten::dropout" && n->kind != "aten::dropout_" && n->kind != "aten::feature_dropout")
            continue;
        if (n->inputs.size() != 3 || n->outputs.size() != 1) continue;
        const Node* train = n->input(2)->node;
        const IValue* v = train && train->is_constant() ? train->attr("value") : nullptr;
        if (!v || !v->is_bool() || v->to_bool()) continue;
        n->output()->replace_all_uses_with(n->input(0));
        n->destroy();
        changed = true;
    }
    return changed;
}

}  // namespace kiln::graph
