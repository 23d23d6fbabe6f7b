// Functionalization (joint.h): a graph without in-place ops, so that the joint graph's formulas
// and the partitioner may reorder, recompute and fuse freely (an in-place op pins its position and
// makes every earlier read of its tensor order-sensitive).
//
// x.op_(a) becomes x1 = x.op(a); every later read of x reads x1. A graph input that was mutated
// gets its final value appended to the outputs: the runtime writes it back into the caller's tensor
// (batch norm's running statistics, a counter a module bumps), which is what PyTorch's functionalized
// graphs do with their trailing copy_ into the mutated inputs.
#include <algorithm>
#include <map>

#include "aot/joint.h"
#include "graph/op_registry.h"
#include "support/error.h"

namespace kiln::aot {

using graph::Node;
using graph::Value;

namespace {

// An op whose output aliases its input (the schema's `Tensor(a) self -> Tensor(a)`).
bool is_view(const Node* n) {
    return n && n->schema && !n->schema->args.empty() && !n->schema->returns.empty() &&
           n->schema->args[0].type_text.find("(a") != std::string::npos &&
           n->schema->returns[0].type_text.find("(a") != std::string::npos;
}

}  // namespace

std::vector<size_t> functionalize(graph::Graph& g) {
    std::map<size_t, Value*> latest;  // mutated graph input -> its value after the last mutation
    for (Node* n : g.all_nodes()) {
        if (!n->schema || !n->schema->is_inplace()) continue;
        const graph::OpSchema* s = n->schema;
        std::string base = s->name.substr(0, s->name.size() - 1);
        const graph::OpSchema* f = graph::find_schema(s->overload.empty() ? base : base + "." + s->overload);
        KILN_CHECK(f && f->args.size() == s->args.size(), NotImplementedError, "AOT autograd: ", s->qualified(),
                   " has no functional form (", base, ") in the op table");
        Value* x = n->input(0);
        KILN_CHECK(!is_view(x->node), NotImplementedError, "AOT autograd: ", s->qualified(), " mutates %", x->name(),
                   ", a view (", x->node->kind, "); mutations through views are not functionalized yet");
        Node* fn = g.create(f->name, n->inputs, 1);
        fn->schema = f;
        fn->loc = n->loc;
        fn->scope = n->scope;
        fn->output()->type = n->output()->type;
        fn->insert_before(n);
        // Reads of x after the op see the new value; so do reads of the op's own result.
        const size_t pos = n->index_in_block();
        std::vector<std::pair<Node*, size_t>> later;
        for (auto& [user, idx] : x->uses)
            if (user != n && user->owning_block == n->owning_block && user->index_in_block() > pos) later.push_back({user, idx});
        for (auto& [user, idx] : later) user->replace_input(idx, fn->output());
        n->output()->replace_all_uses_with(fn->output());
        n->destroy();
        // Which input does x stand for? (x is an input, or the result of an earlier rewritten mutation.)
        for (size_t i = 0; i < g.inputs().size(); ++i) {
            auto it = latest.find(i);
            if (g.inputs()[i] == x || (it != latest.end() && it->second == x)) latest[i] = fn->output();
        }
    }
    std::vector<size_t> mutated;
    if (latest.empty()) return mutated;
    Node* tuple = g.outputs().at(0)->node;
    std::vector<graph::TypePtr> types;
    for (auto& [i, v] : latest) {
        mutated.push_back(i);
        tuple->add_input(v);
    }
    for (Value* v : tuple->inputs) types.push_back(v->type);
    tuple->output()->type = graph::tuple_type(types);
    return mutated;
}

}  // namespace kiln::aot
