// Structural edits of the graph IR (see edit.h).
#include "graph/edit.h"

#include <unordered_map>

#include "support/error.h"

namespace kiln::graph {

void erase_output(Node* n, size_t i) {
    Value* v = n->outputs.at(i);
    KILN_CHECK(v->uses.empty(), RuntimeError, "cannot erase output %", v->name(), " of ", n->kind, ": it still has uses");
    if (Graph* g = n->owning_graph()) {
        auto it = v->debug_name.empty() ? g->names_in_use.end() : g->names_in_use.find(v->debug_name);
        if (it != g->names_in_use.end() && it->second == v) g->names_in_use.erase(it);
    }
    n->outputs.erase(n->outputs.begin() + static_cast<long>(i));
    for (size_t j = i; j < n->outputs.size(); ++j) n->outputs[j]->offset = j;
}

void erase_return(Block* b, size_t i) { b->return_node->remove_input(i); }

namespace {

// PyTorch's Graph::createClone: the outputs first (each copying its original's type and name), then
// the attributes and inputs, then the nested blocks (Block::cloneFrom).
Node* create_clone(Block* into, const Node* n, const std::function<Value*(Value*)>& env) {
    Graph* g = into->graph;
    Node* c = g->create(n->kind, {}, 0);
    c->owning_block = into;  // a graph for its outputs and blocks until it is appended
    for (Value* o : n->outputs) {
        Value* co = c->add_output(o->type);
        if (!o->debug_name.empty()) co->set_debug_name(o->debug_name);
    }
    c->schema = n->schema;
    c->attrs = n->attrs;
    c->loc = n->loc;
    c->scope = n->scope;
    c->origin = n->origin;
    for (Value* in : n->inputs) c->add_input(env(in));
    for (const Block* b : n->blocks) clone_block_from(c->add_block(), b, env);
    return c;
}

}  // namespace

void clone_block_from(Block* into, const Block* from, const std::function<Value*(Value*)>& value_map) {
    std::unordered_map<const Value*, Value*> local;
    auto env = [&](Value* v) -> Value* {
        auto it = local.find(v);
        return it != local.end() ? it->second : value_map(v);
    };
    for (Value* p : from->params()) local[p] = into->add_param(p->type, p->debug_name);
    for (const Node* n : from->nodes) {
        Node* c = create_clone(into, n, env);
        into->append(c);
        for (size_t i = 0; i < n->outputs.size(); ++i) {
            Value* o = n->outputs[i];
            Value* co = c->outputs[i];
            local[o] = co;
            // Block::cloneFrom's copyMetadata, after createClone's: the original now holds base.N.
            if (!o->debug_name.empty()) co->set_debug_name(o->debug_name);
        }
    }
    for (Value* r : from->returns()) into->register_return(env(r));
}

}  // namespace kiln::graph
