// The graph verifier: every capture path and every pass must leave a graph that passes it.
//
// It checks scoping (a value is used only after its definition, in its block or a nested one; a
// prim::fork's block only sees its own parameters and values),
// that use lists mirror inputs exactly, the block structure of prim::If and prim::Loop, schema
// arities of operator nodes, and that every value has a type. A failure is a bug in Kiln, not in
// the user's program, so the message names the node as the printout shows it.
#include <unordered_set>

#include "graph/ir.h"
#include "graph/op_registry.h"
#include "support/error.h"

namespace kiln::graph {

namespace {

struct Verifier {
    std::vector<std::unordered_set<const Value*>> scopes;

    bool visible(const Value* v) const {
        for (const auto& s : scopes)
            if (s.count(v)) return true;
        return false;
    }

    [[noreturn]] static void fail(const Node* n, const std::string& what) {
        std::string outs;
        for (const Value* o : n->outputs) outs += (outs.empty() ? "%" : ", %") + o->name();
        KILN_FAIL(RuntimeError, "graph verification failed at ", outs.empty() ? std::string() : outs + " = ",
                  n->kind, ": ", what);
    }

    void check_uses(const Node* n) {
        for (size_t i = 0; i < n->inputs.size(); ++i) {
            const Value* v = n->inputs[i];
            if (!v) fail(n, "input " + std::to_string(i) + " is null");
            bool found = false;
            for (const auto& u : v->uses)
                if (u.first == n && u.second == i) found = true;
            if (!found) fail(n, "input %" + v->name() + " does not list this node among its uses");
            if (!visible(v)) fail(n, "input %" + v->name() + " is used before its definition or outside its scope");
        }
        for (const Value* o : n->outputs) {
            if (!o->type) fail(n, "output %" + o->name() + " has no type");
            for (const auto& u : o->uses) {
                if (u.second >= u.first->inputs.size() || u.first->inputs[u.second] != o)
                    fail(n, "output %" + o->name() + " has a stale use record");
            }
        }
    }

    void check_structure(const Node* n) {
        const std::string& k = n->kind;
        if (k == "prim::If") {
            if (n->inputs.size() != 1) fail(n, "prim::If takes one condition input");
            if (n->blocks.size() != 2) fail(n, "prim::If needs two blocks");
            for (const Block* b : n->blocks) {
                if (!b->params().empty()) fail(n, "prim::If blocks take no parameters");
                if (b->returns().size() != n->outputs.size())
                    fail(n, "a prim::If block returns " + std::to_string(b->returns().size()) + " values for " +
                                std::to_string(n->outputs.size()) + " outputs");
            }
        } else if (k == "prim::Loop") {
            if (n->inputs.size() < 2) fail(n, "prim::Loop takes (max_trip_count, start_condition, carried...)");
            if (n->blocks.size() != 1) fail(n, "prim::Loop needs one block");
            size_t carried = n->inputs.size() - 2;
            const Block* b = n->blocks[0];
            if (n->outputs.size() != carried) fail(n, "prim::Loop outputs must match its carried values");
            if (b->params().size() != carried + 1) fail(n, "prim::Loop block parameters must be (i, carried...)");
            if (b->returns().size() != carried + 1) fail(n, "prim::Loop block must return (condition, carried...)");
        } else if (!n->blocks.empty() && k != "prim::fork" && k != "prim::Closure") {
            fail(n, "only control-flow nodes have blocks");
        }
        if (k == "prim::Constant" && (n->outputs.size() != 1 || !n->inputs.empty()))
            fail(n, "prim::Constant has no inputs and one output");
        if (n->schema) {
            if (n->inputs.size() != n->schema->args.size())
                fail(n, "takes " + std::to_string(n->schema->args.size()) + " inputs (" + n->schema->str() + ") but has " +
                            std::to_string(n->inputs.size()));
            if (n->outputs.size() != n->schema->returns.size())
                fail(n, "has " + std::to_string(n->outputs.size()) + " outputs but its schema returns " +
                            std::to_string(n->schema->returns.size()));
        }
    }

    void block(const Block* b) {
        scopes.emplace_back();
        for (const Value* p : b->params()) scopes.back().insert(p);
        for (const Node* n : b->nodes) {
            if (n->owning_block != b) fail(n, "node's owning block is wrong");
            check_uses(n);
            check_structure(n);
            for (const Block* sub : n->blocks) {
                // A forked task runs on its own: its block sees its parameters and nothing outside.
                std::vector<std::unordered_set<const Value*>> outer;
                if (n->kind == "prim::fork") outer.swap(scopes);
                block(sub);
                if (n->kind == "prim::fork") scopes.swap(outer);
            }
            for (const Value* o : n->outputs) scopes.back().insert(o);
        }
        check_uses(b->return_node);
        scopes.pop_back();
    }
};

}  // namespace

void verify(const Graph& g) {
    Verifier v;
    v.block(g.block());
}

}  // namespace kiln::graph
