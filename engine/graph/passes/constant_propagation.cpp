// Constant propagation: a node whose inputs are all prim::Constant is run once, now, and its outputs
// become constants; a prim::If whose condition is a constant is replaced by the block it would run.
//
// After freezing, most of a module's forward reads constants: `self.training` is False, the
// convolution's stride list is made of constants, and so on. Folding them leaves the graph with only
// the work that depends on the inputs. A node is folded by running it through the graph interpreter
// (a one-node graph), so schema ops and the structural prim ops fold the same way they run.
//
// What is never folded: nodes with side effects, random ops and uninitialised memory (their value
// at compile time is not their value at run time), and results that some later op mutates (a
// constant is shared by every run, so mutating it would leak state from one call to the next).
#include <unordered_map>
#include <unordered_set>

#include "autograd/grad_mode.h"
#include "graph/edit.h"
#include "graph/interpret.h"
#include "graph/op_registry.h"
#include "graph/passes/passes.h"
#include "support/error.h"

namespace kiln::graph {

bool is_nondeterministic(const Node* n) {
    static const std::unordered_set<std::string> random = {
        "aten::rand",      "aten::randn",     "aten::randint",  "aten::rand_like",  "aten::randn_like",
        "aten::randint_like", "aten::randperm", "aten::bernoulli", "aten::normal",   "aten::multinomial",
        "aten::empty",     "aten::empty_like", "aten::uniform",  "aten::poisson",   "aten::alpha_dropout",
        "aten::feature_dropout", "aten::uniform_", "aten::exponential", "aten::exponential_",
        "aten::normal_", "aten::normal_functional", "aten::bernoulli_", "aten::new_empty", "aten::cauchy_",
        "aten::log_normal_", "aten::geometric_", "aten::cauchy", "aten::log_normal", "aten::geometric",
        "aten::empty_strided"};
    if (random.count(n->kind)) return true;
    // Readers of global state (registered with AliasAnalysisKind::CONSERVATIVE in PyTorch, so
    // constant propagation leaves them): their answer is the caller's grad/autocast mode at run time.
    static const std::unordered_set<std::string> state = {"aten::is_grad_enabled", "aten::is_autocast_enabled",
                                                          "aten::is_autocast_cpu_enabled"};
    if (state.count(n->kind)) return true;
    if (n->kind == "aten::dropout") {
        // Dropout is deterministic only when it does nothing (train=False).
        const Value* train = n->inputs.size() > 2 ? n->inputs[2] : nullptr;
        const IValue* v = train && train->node->is_constant() ? train->node->attr("value") : nullptr;
        return !(v && v->is_bool() && !v->to_bool());
    }
    return false;
}

namespace {

bool is_constant_value(const Value* v) { return v->node && v->node->kind == "prim::Constant"; }

IValue constant_of(const Value* v) {
    const IValue* x = v->node->attr("value");
    return x ? *x : IValue();
}

// Does `user` return values that may share memory with its inputs? Schema ops say so with alias
// annotations on their returns (`-> Tensor(a)` for views, `t(*)` for list elements); an op with
// plain returns makes fresh values. The structural prim ops (lists, tuples, casts, unpacking,
// control flow) pass their inputs through, so they alias.
bool may_alias_inputs(const Node* user) {
    if (!user->schema) return true;
    for (const auto& r : user->schema->returns)
        if (r.type_text.find('(') != std::string::npos) return true;
    return false;
}

// Could something write the memory of `v`? It is written if an op writes it in place, or writes a
// value that may alias it (a view, a list holding it, a control-flow result that is it), or if it
// leaves the graph (returned to the caller, stored in an attribute, passed to a call).
bool derived_value_written(const Value* v, std::unordered_set<const Value*>& seen) {
    if (!seen.insert(v).second) return false;
    for (const auto& [user, index] : v->uses) {
        if (user->kind == "prim::Return") {
            // A block's result flows into its owner's outputs (If/Loop results, loop-carried values).
            const Block* b = user->owning_block;
            const Node* owner = b ? b->owning_node : nullptr;
            // A graph output goes to the caller, who may mutate it: a constant must not be returned.
            if (!owner) return true;
            bool loop = owner->kind == "prim::Loop";
            if (loop && index == 0) continue;  // the continue condition
            size_t out = loop ? index - 1 : index;
            if (out < owner->outputs.size() && derived_value_written(owner->outputs[out], seen)) return true;
            continue;
        }
        if (user->schema) {
            const auto& args = user->schema->args;
            if (index < args.size() && args[index].is_write) return true;
            if (index == 0 && user->schema->is_inplace()) return true;
        } else if (user->kind == "prim::SetAttr" || user->kind == "prim::CallMethod" ||
                   user->kind == "prim::CallFunction" || user->kind == "prim::fork") {
            return true;  // the value escapes to code this pass does not see
        }
        if (user->kind == "prim::Loop" && index >= 2) {
            // A loop-carried initial value becomes the block parameter (and the loop's output).
            const Block* body = user->blocks[0];
            if (derived_value_written(body->params()[index - 1], seen)) return true;
        }
        if (!may_alias_inputs(user)) continue;
        for (const Value* o : user->outputs)
            if (derived_value_written(o, seen)) return true;
    }
    return false;
}

// The type a folded constant prints with: the value's own type (complete tensor types, as
// PyTorch's constants show), unless that type lost information (an empty list is List[Any]).
TypePtr constant_type(const IValue& v, const TypePtr& declared) {
    if (v.is_none()) return none_type();
    TypePtr t = v.type();
    std::function<bool(const TypePtr&)> has_any = [&](const TypePtr& x) {
        if (x->kind == TypeKind::Any) return true;
        for (const auto& c : x->contained)
            if (has_any(c)) return true;
        return false;
    };
    return has_any(t) ? declared : t;
}

bool foldable(const Node* n, bool immutable_only = false) {
    static const std::unordered_set<std::string> prims = {
        "prim::ListConstruct", "prim::TupleConstruct", "prim::TupleIndex", "prim::ListUnpack",
        "prim::TupleUnpack",   "prim::dtype",          "prim::device",     "prim::NumToTensor",
        "prim::unchecked_cast"};
    if (!n->blocks.empty() || n->outputs.empty()) return false;
    if (!n->schema && !prims.count(n->kind)) return false;
    if (has_side_effects(n) || is_nondeterministic(n)) return false;
    for (const Value* in : n->inputs)
        if (!is_constant_value(in)) return false;
    // An immutable value cannot be written through an alias: no need to look for writers.
    if (immutable_only) return true;
    for (const Value* o : n->outputs) {
        std::unordered_set<const Value*> seen;
        if (derived_value_written(o, seen)) return false;
    }
    return true;
}

// Runs `n` on its constant inputs through the interpreter; false if it raised (the error belongs
// to run time, where the program may never reach it).
bool evaluate(const Node* n, IValueList& outs) {
    Graph tmp;
    std::vector<Value*> ins;
    for (const Value* in : n->inputs) ins.push_back(tmp.insert_constant(constant_of(in)));
    Node* c = tmp.insert(n->kind, ins, n->outputs.size());
    c->schema = n->schema;
    c->attrs = n->attrs;
    for (size_t i = 0; i < n->outputs.size(); ++i) c->outputs[i]->type = n->outputs[i]->type;
    for (Value* o : c->outputs) tmp.register_output(o);
    try {
        autograd::NoGradGuard no_grad;
        outs = run_graph(tmp, {});
    } catch (const Error&) {
        return false;
    }
    return outs.size() == n->outputs.size();
}

Value* make_constant_before(Node* at, const IValue& v, const TypePtr& declared, const std::string& name) {
    Graph* g = at->owning_graph();
    Node* c = g->create("prim::Constant", {}, 1);
    if (!v.is_none()) c->set_attr("value", v);
    c->output()->type = constant_type(v, declared);
    c->insert_before(at);
    if (!name.empty()) c->output()->set_debug_name(name);
    return c->output();
}

// prim::If on a constant: the taken block's nodes move in front of the If, its results replace the
// If's outputs, and the If (with the other block) goes.
void inline_taken_branch(Node* n, bool cond) {
    Block* taken = n->blocks[cond ? 0 : 1];
    std::vector<Node*> body(taken->nodes.begin(), taken->nodes.end());
    for (Node* inner : body) inner->insert_before(n);
    std::vector<Value*> results = taken->returns();
    for (size_t i = 0; i < n->outputs.size(); ++i) n->outputs[i]->replace_all_uses_with(results[i]);
    n->destroy();
}

// AliasDb::isMutableType: tensors, lists, dicts, objects and futures (and tuples or optionals
// holding one) can be written through an alias; ints, floats, bools, strings, None, devices and
// tuples of them cannot.
bool mutable_type(const TypePtr& t) {
    switch (t->kind) {
        case TypeKind::Tuple:
        case TypeKind::Optional:
            for (const auto& c : t->contained)
                if (mutable_type(c)) return true;
            return false;
        case TypeKind::Int:
        case TypeKind::Float:
        case TypeKind::Bool:
        case TypeKind::Str:
        case TypeKind::None:
        case TypeKind::Device: return false;
        default: return true;
    }
}

bool immutable_node(const Node* n) {
    for (const Value* v : n->inputs)
        if (mutable_type(v->type)) return false;
    for (const Value* v : n->outputs)
        if (mutable_type(v->type)) return false;
    return true;
}

// removeExtraIfOutputs: an If output that both blocks give as the same value, or as equal
// constants, is that value (a new constant before the If for equal constants).
bool remove_extra_if_outputs(Node* n) {
    bool changed = false;
    Block* t = n->blocks[0];
    Block* f = n->blocks[1];
    for (size_t i = 0; i < t->returns().size();) {
        Value* tv = t->returns()[i];
        Value* fv = f->returns()[i];
        Value* same = nullptr;
        if (tv == fv) {
            same = tv;
        } else if (is_constant_value(tv) && is_constant_value(fv) && tv->type->str() == fv->type->str() &&
                   constant_of(tv).repr() == constant_of(fv).repr()) {
            same = make_constant_before(n, constant_of(tv), tv->type, "");
        }
        if (!same) {
            ++i;
            continue;
        }
        n->outputs[i]->replace_all_uses_with(same);
        erase_output(n, i);
        erase_return(t, i);
        erase_return(f, i);
        changed = true;
    }
    return changed;
}

// removeExtraLoopOutputs: a loop-carried value the body returns unchanged is the loop's input.
bool remove_extra_loop_outputs(Node* n) {
    bool changed = false;
    Block* body = n->blocks[0];
    for (size_t i = n->outputs.size(); i-- > 0;) {
        if (body->params()[1 + i] != body->returns()[1 + i]) continue;
        Value* in = n->inputs[2 + i];
        n->outputs[i]->replace_all_uses_with(in);
        body->params()[1 + i]->replace_all_uses_with(in);
        erase_output(n, i);
        n->remove_input(2 + i);
        erase_return(body, 1 + i);
        body->erase_param(1 + i);
        changed = true;
    }
    return changed;
}

bool fold_block(Block* b, bool immutable_only) {
    bool changed = false;
    std::vector<Node*> nodes(b->nodes.begin(), b->nodes.end());
    for (Node* n : nodes) {
        if (n->kind == "prim::If" && is_constant_value(n->input(0))) {
            IValue c = constant_of(n->input(0));
            if (c.is_bool()) {
                // The taken block may itself fold further: handle it before moving its nodes out.
                fold_block(n->blocks[c.to_bool() ? 0 : 1], immutable_only);
                inline_taken_branch(n, c.to_bool());
                changed = true;
                continue;
            }
        }
        for (Block* sub : n->blocks) changed = fold_block(sub, immutable_only) || changed;
        if (immutable_only) {
            if (n->kind == "prim::If" && n->blocks.size() == 2) changed = remove_extra_if_outputs(n) || changed;
            if (n->kind == "prim::Loop" && n->blocks.size() == 1) changed = remove_extra_loop_outputs(n) || changed;
            if (!immutable_node(n)) continue;
        }
        if (!foldable(n, immutable_only)) continue;
        IValueList outs;
        if (!evaluate(n, outs)) continue;
        for (size_t i = 0; i < outs.size(); ++i) {
            Value* o = n->outputs[i];
            Value* c = make_constant_before(n, outs[i], o->type, "");
            o->replace_all_uses_with(c);
        }
        n->destroy();
        changed = true;
    }
    return changed;
}

}  // namespace

bool may_be_mutated(const Value* v) {
    std::unordered_set<const Value*> seen;
    return derived_value_written(v, seen);
}

Value* insert_constant_before(Node* at, const IValue& v, const std::string& debug_name) {
    return make_constant_before(at, v, v.type(), debug_name);
}

bool propagate_constants(Graph& g) {
    bool changed = false;
    while (fold_block(g.block(), false)) changed = true;
    return changed;
}

bool propagate_immutable_constants(Graph& g) {
    // What the folds leave unused (the folded nodes' constant inputs) goes, as PyTorch runs dead
    // code elimination after a propagation that changed the graph.
    bool changed = fold_block(g.block(), true);
    if (changed) eliminate_dead_code(g);
    return changed;
}

}  // namespace kiln::graph
