// torch.jit.freeze on the graph level: a scripted module's forward, with its method calls inlined
// and its parameters and attributes turned into constants, then optimized as a frozen graph.
//
// A scripted forward reads everything through `self`: `self.conv` is a prim::GetAttr giving the
// submodule object, `self.conv(x)` a prim::CallMethod running that object's forward. Freezing
// knows the objects (the module tree as it is now), so it can follow those reads statically:
//   1. inline_method_calls: a CallMethod whose receiver is a known object becomes a copy of the
//      callee's graph, repeatedly, until the forward is one flat graph (ignored Python methods stay
//      calls);
//   2. freeze_attributes: each GetAttr of a known object's parameter, buffer or plain attribute
//      becomes a prim::Constant holding a copy of the value, named after its path ("self.conv.weight"),
//      unless the program writes it or the caller preserved it;
//   3. the frozen-graph optimizations repeat until nothing changes: constant propagation (which
//      settles `if self.training:` and the like), dropout removal, the conv folds, dead code.
// The module tree itself is not modified: the frozen graph owns its copies.
#include <algorithm>
#include <set>
#include <unordered_map>
#include <unordered_set>

#include "autograd/grad_mode.h"
#include "graph/passes/passes.h"
#include "ops/ops.h"
#include "support/error.h"

namespace kiln::graph {

namespace {

// The objects a graph's values statically are: graph input 0 is `self`, and a GetAttr of a known
// object's submodule slot is that submodule. `paths` names them as the program spells them.
struct KnownObjects {
    std::unordered_map<const Value*, std::shared_ptr<Object>> objects;
    std::unordered_map<const Value*, std::string> paths;

    KnownObjects(const Graph& g, const std::shared_ptr<Object>& self) {
        if (g.inputs().empty()) return;
        objects[g.inputs()[0]] = self;
        paths[g.inputs()[0]] = "self";
        for (const Node* n : g.all_nodes()) {
            // A forked task receives the objects it uses as block parameters (all_nodes visits the
            // fork before its block).
            if (n->kind == "prim::fork" && n->blocks.size() == 1) {
                const auto& params = n->blocks[0]->params();
                for (size_t i = 0; i < n->inputs.size() && i < params.size(); ++i) {
                    auto it = objects.find(n->input(i));
                    if (it == objects.end()) continue;
                    objects[params[i]] = it->second;
                    paths[params[i]] = paths[n->input(i)];
                }
                continue;
            }
            if (n->kind != "prim::GetAttr" || n->inputs.size() != 1) continue;
            auto it = objects.find(n->input(0));
            const IValue* name = n->attr("name");
            if (it == objects.end() || !name || !name->is_string()) continue;
            IValue* slot = it->second->find(name->to_string());
            if (!slot || !slot->is_object() || !slot->obj) continue;
            objects[n->output()] = slot->obj;
            paths[n->output()] = paths[n->input(0)] + "." + name->to_string();
        }
    }

    std::shared_ptr<Object> of(const Value* v) const {
        auto it = objects.find(v);
        return it == objects.end() ? nullptr : it->second;
    }
};

// Moves `n`'s callee inline: its nodes are copied in front of the call, the call's results are
// replaced by the copy's, and the call goes.
void inline_call(Graph& g, Node* call, const Graph& callee) {
    Block* b = call->owning_block;
    Block* saved = g.insertion_block();
    g.set_insertion_block(b);
    size_t before = b->nodes.size();
    std::vector<Value*> outs;
    try {
        outs = inline_graph(callee, g, call->inputs);
    } catch (...) {
        g.set_insertion_block(saved);
        throw;
    }
    g.set_insertion_block(saved);
    // The copied nodes were appended at the end of the block: move them, in order, before the call.
    std::vector<Node*> added;
    auto it = b->nodes.begin();
    std::advance(it, static_cast<long>(before));
    for (; it != b->nodes.end(); ++it) added.push_back(*it);
    for (Node* n : added) n->insert_before(call);
    KILN_CHECK(outs.size() == call->outputs.size(), RuntimeError, "freeze: the inlined method returns ", outs.size(),
               " values where the call has ", call->outputs.size());
    for (size_t i = 0; i < outs.size(); ++i) call->outputs[i]->replace_all_uses_with(outs[i]);
    call->destroy();
}

// Where a constant that `n` reads goes: before the outermost node containing `n` in the same
// scope, i.e. in the graph's top block, or in the block of the prim::fork `n` is in (a forked task
// sees only its own values).
Node* constant_anchor(Node* n) {
    while (n->owning_block && n->owning_block->owning_node && n->owning_block->owning_node->kind != "prim::fork")
        n = n->owning_block->owning_node;
    return n;
}

IValue frozen_copy(const IValue& v) {
    if (v.is_tensor() && v.to_tensor().defined()) {
        autograd::NoGradGuard no_grad;
        return IValue(clone(v.to_tensor().detach()));
    }
    if (v.is_tuple() || v.is_list()) {
        // A list is copied too: the module's attribute and the graph's constant must not share elements.
        IValueList items;
        for (const IValue& x : v.items()) items.push_back(frozen_copy(x));
        return v.is_tuple() ? IValue::tuple(std::move(items)) : IValue::list(std::move(items));
    }
    if (v.is_dict()) {
        IValueList entries;
        for (const IValue& x : v.dict_entries()) entries.push_back(frozen_copy(x));
        return IValue::dict(std::move(entries));
    }
    return v;
}

// Values a constant may hold: numbers, strings, devices, tensors, and tuples, lists and dicts of
// them (lists, dicts and tensors only when nothing writes them: checked at the read).
bool freezable(const IValue& v) {
    switch (v.tag) {
        case IValue::Tag::None:
        case IValue::Tag::Bool:
        case IValue::Tag::Int:
        case IValue::Tag::Double:
        case IValue::Tag::String:
        case IValue::Tag::Device:
        case IValue::Tag::Tensor: return true;
        case IValue::Tag::Tuple:
        case IValue::Tag::List:
        case IValue::Tag::Dict:
            for (const IValue& x : v.is_dict() ? v.dict_entries() : v.items())
                if (!freezable(x)) return false;
            return true;
        default: return false;
    }
}

}  // namespace

bool inline_method_calls(Graph& g, const std::shared_ptr<Object>& self, const MethodGraphLookup& lookup) {
    bool changed = false;
    std::unordered_set<const Node*> kept;  // calls the lookup declined (Python methods)
    // Each round inlines one call; a method calling itself would never end, TorchScript forbids that,
    // and the cap turns a malformed class into an error instead of a hang.
    for (int round = 0; round < 100000; ++round) {
        KnownObjects known(g, self);
        Node* call = nullptr;
        std::shared_ptr<Object> receiver;
        for (Node* n : g.all_nodes()) {
            if (n->kind != "prim::CallMethod" || kept.count(n) || n->inputs.empty()) continue;
            receiver = known.of(n->input(0));
            if (receiver) {
                call = n;
                break;
            }
        }
        if (!call) return changed;
        const IValue* name = call->attr("name");
        std::shared_ptr<const Graph> callee =
            name && name->is_string() ? lookup(*receiver, name->to_string()) : nullptr;
        if (!callee) {
            kept.insert(call);
            continue;
        }
        inline_call(g, call, *callee);
        changed = true;
    }
    KILN_FAIL(RuntimeError, "freeze: method calls kept inlining into each other (a recursive method?)");
}

bool freeze_attributes(Graph& g, const std::shared_ptr<Object>& self, const std::vector<std::string>& preserved) {
    KnownObjects known(g, self);
    // Attributes the program assigns: to a known object (that slot), or to an object this pass
    // cannot identify (that name, on every object).
    std::set<std::pair<const Object*, std::string>> written;
    std::unordered_set<std::string> written_anywhere;
    for (const Node* n : g.all_nodes()) {
        if (n->kind != "prim::SetAttr" || n->inputs.empty()) continue;
        const IValue* name = n->attr("name");
        if (!name || !name->is_string()) continue;
        if (auto obj = known.of(n->input(0))) written.insert({obj.get(), name->to_string()});
        else written_anywhere.insert(name->to_string());
    }
    bool changed = false;
    for (Node* n : g.all_nodes()) {
        if (n->kind != "prim::GetAttr" || n->inputs.size() != 1 || !n->owning_block) continue;
        auto obj = known.of(n->input(0));
        const IValue* name = n->attr("name");
        if (!obj || !name || !name->is_string()) continue;
        const std::string& attr = name->to_string();
        const IValue* slot = obj->find(attr);
        if (!slot || !freezable(*slot)) continue;
        if (obj == self && std::find(preserved.begin(), preserved.end(), attr) != preserved.end()) continue;
        if (written.count({obj.get(), attr}) || written_anywhere.count(attr)) continue;
        // A value some op writes must stay one object shared by every call (the attribute itself).
        if ((slot->is_tensor() || slot->is_list() || slot->is_dict() || slot->is_tuple()) && may_be_mutated(n->output()))
            continue;
        std::string path = known.paths[n->input(0)] + "." + attr;
        Value* c = insert_constant_before(constant_anchor(n), frozen_copy(*slot), path);
        n->output()->replace_all_uses_with(c);
        n->destroy();
        changed = true;
    }
    return changed;
}

bool optimize_frozen_graph(Graph& g) {
    bool any = false;
    // Each fold can expose another (constants settle an If, which leaves a conv feeding a batch
    // norm); the round cap only guards against a pass that keeps reporting changes.
    for (int round = 0; round < 100; ++round) {
        bool changed = propagate_constants(g);
        changed = remove_dropout(g) || changed;
        changed = fold_conv_batch_norm(g) || changed;
        changed = fold_conv_arithmetic(g) || changed;
        changed = eliminate_dead_code(g) || changed;
        if (!changed) break;
        any = true;
    }
    return any;
}

std::unique_ptr<Graph> freeze_graph(const Graph& forward, const std::shared_ptr<Object>& self,
                                    const MethodGraphLookup& lookup, const std::vector<std::string>& preserved) {
    KILN_CHECK(self && !forward.inputs().empty(), RuntimeError, "freeze: a module's forward graph takes self first");
    std::unique_ptr<Graph> g = forward.copy();
    inline_method_calls(*g, self, lookup);
    freeze_attributes(*g, self, preserved);
    optimize_frozen_graph(*g);
    verify(*g);
    return g;
}

}  // namespace kiln::graph
