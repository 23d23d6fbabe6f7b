// The traced module hierarchy pass (see scope_blocks.h): PyTorch's FixupTraceScopeBlocks step by
// step, on Kiln's IR.
#include "capture/trace/scope_blocks.h"

#include <functional>
#include <map>
#include <unordered_map>

#include "graph/passes/passes.h"
#include "support/error.h"

namespace kiln::capture {

using namespace graph;

namespace {

const char* const kAttr = "prim::TracedAttr";
const char* const kScope = "prim::TracedModuleForward";

std::string scope_of(const Node* n) { return n->attr("scope")->to_string(); }

std::vector<std::string> atoms(const std::string& qualname) {
    std::vector<std::string> out;
    size_t start = 0;
    for (size_t dot; (dot = qualname.find('.', start)) != std::string::npos; start = dot + 1)
        out.push_back(qualname.substr(start, dot - start));
    out.push_back(qualname.substr(start));
    return out;
}

bool is_prefix(const std::vector<std::string>& prefix, const std::vector<std::string>& of) {
    if (prefix.size() > of.size()) return false;
    for (size_t i = 0; i < prefix.size(); ++i)
        if (prefix[i] != of[i]) return false;
    return true;
}

// "__module.fc.0" -> "fc.0": the submodule's path from the traced module.
std::string path_of(const std::string& qualname) {
    auto dot = qualname.find('.');
    return dot == std::string::npos ? "" : qualname.substr(dot + 1);
}

// ---- steps 1-3: placeholders to GetAttr chains (ConvertTracedAttrReferences) -----------------------

struct ConvertAttrs {
    std::unordered_map<std::string, Value*> attr_of;  // qualified name -> placeholder

    void run(Graph& g) {
        for (Node* n : g.block()->nodes)
            if (n->kind == kAttr) attr_of[scope_of(n)] = n->output();
        add_self_params(g.block());
        convert(g.block(), "__module", g.inputs()[0]);
        for (auto& [name, v] : attr_of) v->node->destroy();
    }

    // Step 1: the block of each scope node takes the submodule as `self`.
    void add_self_params(Block* b) {
        for (Node* n : b->nodes) {
            if (n->kind != kScope) continue;
            Value* module = attr_of.at(scope_of(n));
            n->add_input(module);
            n->blocks[0]->add_param(module->type, "self");
            add_self_params(n->blocks[0]);
        }
    }

    // Step 2, for one block whose scope is `prefix` and whose module is `self`: returns the
    // placeholders used here that belong to an enclosing scope (the caller passes them in).
    std::vector<Value*> convert(Block* b, const std::string& prefix, Value* self) {
        std::vector<Value*> unresolved;
        std::unordered_map<Value*, Value*> remaps;
        std::vector<std::string> prefix_atoms = atoms(prefix);
        std::vector<Node*> nodes(b->nodes.begin(), b->nodes.end());
        // The block's return node too: a placeholder returned directly (`return self.w`) must not
        // outlive the pass.
        nodes.push_back(b->return_node);
        for (Node* n : nodes) {
            if (n->kind == kScope) {
                for (Value* v : convert(n->blocks[0], scope_of(n), n->blocks[0]->params()[0])) n->add_input(v);
            } else {
                for (Block* sub : n->blocks)
                    for (Value* v : convert(sub, prefix, self)) n->add_input(v);
            }
            for (size_t i = 0; i < n->inputs.size(); ++i) {
                Value* in = n->inputs[i];
                auto known = remaps.find(in);
                if (known != remaps.end()) {
                    n->replace_input(i, known->second);
                    continue;
                }
                if (!in->node || in->node->kind != kAttr) continue;
                std::vector<std::string> attr_atoms = atoms(scope_of(in->node));
                if (is_prefix(prefix_atoms, attr_atoms)) {
                    // The attribute lives in this scope or below: fetch it from `self` by a chain
                    // of GetAttrs at the top of the block, in order, before whatever is first
                    // there now (PyTorch's WithInsertPoint at the param node's next node, taken
                    // once per chain: `self.first.bias` reads %first, then %bias of it).
                    Value* v = self;
                    Node* anchor = b->nodes.empty() ? nullptr : b->nodes.front();
                    for (size_t k = prefix_atoms.size(); k < attr_atoms.size(); ++k)
                        v = get_attr(b, anchor, v, attr_atoms[k],
                                     k + 1 == attr_atoms.size() ? in->type : attr_of.at(join(attr_atoms, k + 1))->type);
                    n->replace_input(i, v);
                    remaps[in] = v;
                } else {
                    Value* p = b->add_param(in->type);
                    n->replace_input(i, p);
                    unresolved.push_back(in);
                    remaps[in] = p;
                }
            }
        }
        return unresolved;
    }

    static std::string join(const std::vector<std::string>& parts, size_t count) {
        std::string out;
        for (size_t i = 0; i < count; ++i) out += (i ? "." : "") + parts[i];
        return out;
    }

    // A GetAttr of `field` placed before `anchor` (at the block's end when there is none).
    static Value* get_attr(Block* b, Node* anchor, Value* obj, const std::string& field, TypePtr type) {
        Node* n = b->graph->create("prim::GetAttr", {obj}, 1);
        n->set_attr("name", IValue(field));
        n->output()->type = std::move(type);
        if (!anchor) b->append(n);
        else n->insert_before(anchor);
        n->output()->set_debug_name(field);
        return n->output();
    }
};

// ---- step 3: definitions dominate uses (MakeDefsDominateUses) ----------------------------------------

Block* common_ancestor(Block* a, Block* b) {
    std::vector<Block*> chain;
    for (Block* x = a; x; x = x->owning_node ? x->owning_node->owning_block : nullptr) chain.push_back(x);
    for (Block* y = b; y; y = y->owning_node ? y->owning_node->owning_block : nullptr)
        for (Block* x : chain)
            if (x == y) return x;
    return nullptr;
}

struct DominateUses {
    std::unordered_map<Value*, Value*> remap;

    void run(Block* b) {
        std::vector<Node*> nodes(b->nodes.begin(), b->nodes.end());
        for (Node* n : nodes) visit(n, b);
        visit(b->return_node, b);
    }

    void visit(Node* n, Block* b) {
        for (size_t i = 0; i < n->inputs.size(); ++i) {
            Value* in = n->inputs[i];
            auto r = remap.find(in);
            if (r != remap.end()) {
                n->replace_input(i, r->second);
                in = r->second;
            }
            Block* def = in->node->owning_block;
            if (def == b) continue;
            Block* common = common_ancestor(n->owning_block, def);
            Value* v = in;
            for (Block* it = def; it != common; it = it->owning_node->owning_block) {
                it->register_return(v);
                v = it->owning_node->add_output(v->type);
            }
            remap[in] = v;
            n->replace_input(i, v);
        }
        if (n->kind == kScope) run(n->blocks[0]);
    }
};

// ---- step 4: one result per scope block (convertReturnsToTuples) -------------------------------------

void returns_to_tuples(Block* b) {
    std::vector<Node*> nodes(b->nodes.begin(), b->nodes.end());
    for (Node* n : nodes) {
        if (n->kind != kScope) continue;
        returns_to_tuples(n->blocks[0]);
        Block* sub = n->blocks[0];
        Graph* g = b->graph;
        if (sub->returns().size() > 1) {
            // Every item is typed as the first output, as convertReturnsToTuples does
            // (`types.push_back(n->output(0)->type())` for each output): the unpacked values of a
            // call print the first one's type.
            std::vector<TypePtr> types(sub->returns().size(), n->outputs.at(0)->type);
            std::vector<TypePtr> items;
            for (Value* r : sub->returns()) items.push_back(r->type);
            Node* tup = g->create("prim::TupleConstruct", sub->returns(), 1);
            tup->output()->type = tuple_type(items);
            sub->append(tup);
            sub->return_node->remove_all_inputs();
            sub->register_return(tup->output());
            Value* packed = n->add_output(tuple_type(types));
            Node* unpack = g->create("prim::TupleUnpack", {packed}, types.size());
            unpack->insert_after(n);
            for (size_t k = types.size(); k-- > 0;) {
                unpack->outputs[k]->type = types[k];
                n->outputs[k]->replace_all_uses_with(unpack->outputs[k]);
            }
            // The node's single output is the tuple now.
            std::vector<Value*> keep{packed};
            packed->offset = 0;
            n->outputs = keep;
        } else if (sub->returns().empty()) {
            Node* none = g->create("prim::Constant", {}, 1);
            none->output()->type = none_type();
            sub->append(none);
            sub->register_return(none->output());
            n->add_output(none_type());
        }
    }
}

// ---- step 5: lambda lifting ---------------------------------------------------------------------------

// Per scope node (after lifting): the graph its block became.
using Lifted = std::unordered_map<const Node*, std::shared_ptr<Graph>>;

// Clones `n` to the end of `into`: outputs first, then inputs through `env` (a free value becomes
// a new graph input there), then nested blocks, the order of PyTorch's Graph::createClone (it
// decides the numbers of values that only this clone creates).
Node* clone_into(const Node* n, Block* into, const std::function<Value*(Value*)>& env, Lifted& lifted);

void clone_block(const Block* from, Block* to, std::unordered_map<Value*, Value*>& local,
                 const std::function<Value*(Value*)>& outer, Lifted& lifted) {
    auto env = [&](Value* v) {
        auto it = local.find(v);
        return it != local.end() ? it->second : outer(v);
    };
    for (Value* p : from->params()) local[p] = to->add_param(p->type, p->debug_name);
    for (const Node* n : from->nodes) {
        Node* c = clone_into(n, to, env, lifted);
        for (size_t i = 0; i < n->outputs.size(); ++i) local[n->outputs[i]] = c->outputs[i];
    }
    for (Value* r : from->returns()) to->register_return(env(r));
}

Node* clone_into(const Node* n, Block* into, const std::function<Value*(Value*)>& env, Lifted& lifted) {
    Graph* g = into->graph;
    Node* c = g->create(n->kind, {}, 0);
    into->append(c);
    c->schema = n->schema;
    c->attrs = n->attrs;
    c->loc = n->loc;
    c->scope = n->scope;
    for (Value* o : n->outputs) {
        Value* co = c->add_output(o->type);
        if (!o->debug_name.empty()) co->set_debug_name(o->debug_name);
    }
    for (Value* in : n->inputs) c->add_input(env(in));
    for (const Block* b : n->blocks) {
        std::unordered_map<Value*, Value*> local;
        clone_block(b, c->add_block(), local, env, lifted);
    }
    auto sub = lifted.find(n);
    if (sub != lifted.end()) lifted[c] = sub->second;
    return c;
}

void lambda_lift(Block* b, Lifted& lifted) {
    for (Node* n : std::vector<Node*>(b->nodes.begin(), b->nodes.end())) {
        if (n->kind != kScope) continue;
        lambda_lift(n->blocks[0], lifted);
        auto g = std::make_shared<Graph>();
        std::unordered_map<Value*, Value*> free;
        std::unordered_map<Value*, Value*> local;
        clone_block(n->blocks[0], g->block(), local,
                    [&](Value* v) {
                        auto it = free.find(v);
                        if (it != free.end()) return it->second;
                        Value* p = g->add_input(v->type, v->debug_name);
                        n->add_input(v);
                        return free[v] = p;
                    },
                    lifted);
        // The block is gone: its nodes stop using outer values.
        std::function<void(Block*)> strip = [&](Block* blk) {
            for (auto it = blk->nodes.rbegin(); it != blk->nodes.rend(); ++it) {
                for (Block* inner : (*it)->blocks) strip(inner);
                (*it)->remove_all_inputs();
            }
            blk->return_node->remove_all_inputs();
        };
        strip(n->blocks[0]);
        n->blocks.clear();
        lifted[n] = g;
    }
}

// ---- step 6: method calls ------------------------------------------------------------------------------

void create_method_calls(Graph& g, const std::string& self_path, Lifted& lifted, std::vector<TracedMethod>& out,
                         std::map<std::string, int>& calls_per_module) {
    for (Node* n : std::vector<Node*>(g.block()->nodes.begin(), g.block()->nodes.end())) {
        if (n->kind != kScope) continue;
        std::string path = path_of(scope_of(n));
        std::shared_ptr<Graph> callee = lifted.at(n);
        create_method_calls(*callee, path, lifted, out, calls_per_module);
        // TracedModules have a type each: a second call of one submodule is its forward1.
        int k = calls_per_module[path]++;
        std::string name = k == 0 ? "forward" : "forward" + std::to_string(k);
        out.push_back({path, name, callee});
        Node* call = g.create("prim::CallMethod", n->inputs, 1);
        call->set_attr("name", IValue(name));
        // Made after the trace, at the root scope and with no source location (insertMethodCall).
        call->insert_before(n);
        // Typed by the callee's schema (defaultSchemaFor: unshapedType of its return), so a call
        // prints `Tensor` where the callee's own return value has the traced shape.
        call->output()->type = erase_tensor_details(callee->outputs().at(0)->type);
        n->output()->replace_all_uses_with(call->output());
        n->destroy();
    }
    (void)self_path;
}

// Removes unused nodes without side effects, last to first (PyTorch's EliminateDeadCode).
void dead_code(Graph& g) {
    std::vector<Node*> nodes(g.block()->nodes.begin(), g.block()->nodes.end());
    for (auto it = nodes.rbegin(); it != nodes.rend(); ++it) {
        Node* n = *it;
        bool used = false;
        for (Value* o : n->outputs) used = used || !o->uses.empty();
        if (!used && !has_side_effects(n)) n->destroy();
    }
}

// ---- inlining ------------------------------------------------------------------------------------------

// The submodule path a CallMethod receiver stands for: a GetAttr chain from input 0 (self, at
// `self_path`).
std::string receiver_path(const Value* v, const Graph& g, const std::string& self_path) {
    if (v == g.inputs()[0]) return self_path;
    if (!v->node || v->node->kind != "prim::GetAttr") return "?";
    std::string owner = receiver_path(v->node->inputs[0], g, self_path);
    std::string field = v->node->attr("name")->to_string();
    return owner.empty() ? field : owner + "." + field;
}

std::unique_ptr<Graph> inlined(const Graph& g, const std::string& self_path, const std::vector<TracedMethod>& methods) {
    std::unique_ptr<Graph> out = g.copy();
    for (Node* n : std::vector<Node*>(out->block()->nodes.begin(), out->block()->nodes.end())) {
        if (n->kind != "prim::CallMethod") continue;
        std::string path = receiver_path(n->inputs[0], *out, self_path);
        std::string name = n->attr("name")->to_string();
        const TracedMethod* m = nullptr;
        for (const TracedMethod& t : methods)
            if (t.path == path && t.name == name) m = &t;
        if (!m) continue;
        // The callee as Inline sees it: itself inlined, then constant-pooled.
        std::unique_ptr<Graph> callee = inlined(*m->graph, path, methods);
        pool_constants(*callee);
        std::unordered_map<const Value*, Value*> map;
        for (size_t i = 0; i < callee->inputs().size(); ++i) map[callee->inputs()[i]] = n->inputs.at(i);
        Lifted none;
        for (const Node* c : callee->block()->nodes) {
            Node* copy = clone_into(c, n->owning_block,
                                    [&](Value* v) {
                                        auto it = map.find(v);
                                        KILN_CHECK(it != map.end(), RuntimeError, "inlining: %", v->name(), " is not defined");
                                        return it->second;
                                    },
                                    none);
            copy->insert_before(n);
            for (size_t i = 0; i < c->outputs.size(); ++i) map[c->outputs[i]] = copy->outputs[i];
        }
        n->output()->replace_all_uses_with(map.at(callee->outputs().at(0)));
        n->destroy();
    }
    return out;
}

}  // namespace

std::vector<TracedMethod> fixup_trace_scope_blocks(Graph& g) {
    ConvertAttrs().run(g);
    DominateUses().run(g.block());
    returns_to_tuples(g.block());
    Lifted lifted;
    lambda_lift(g.block(), lifted);
    std::vector<TracedMethod> methods;
    std::map<std::string, int> calls;
    create_method_calls(g, "", lifted, methods, calls);
    for (TracedMethod& m : methods) {
        lower_simple_tuples(*m.graph);
        dead_code(*m.graph);
    }
    lower_simple_tuples(g);
    dead_code(g);
    return methods;
}

std::unique_ptr<Graph> inline_traced_methods(const Graph& g, const std::vector<TracedMethod>& methods,
                                             const std::string& self_path) {
    return inlined(g, self_path, methods);
}

}  // namespace kiln::capture
