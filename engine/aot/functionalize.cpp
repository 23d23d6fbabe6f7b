// Functionalization (joint.h): a graph without in-place ops, so that the joint graph's formulas
// and the partitioner may reorder, recompute and fuse freely (an in-place op pins its position and
// makes every earlier read of its tensor order-sensitive).
//
// x.op_(a) becomes x1 = x.op(a); every later read of x reads x1. A graph input that was mutated
// gets its final value appended to the outputs: the runtime writes it back into the caller's tensor
// (batch norm's running statistics, a counter a module bumps), which is what PyTorch's functionalized
// graphs do with their trailing copy_ into the mutated inputs.
#include <algorithm>
#include <functional>
#include <map>
#include <set>

#include "aot/builder.h"
#include "aot/derivatives.h"
#include "aot/joint.h"
#include "graph/op_registry.h"
#include "passes/emit.h"
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

// Reads of `x` after `at` (in its block) read `v` instead; when x stands for graph input i (the
// input itself or its value after an earlier rewritten mutation), v becomes that input's latest value.
void redirect_later_reads(graph::Graph& g, Value* x, Value* v, Node* at, std::map<size_t, Value*>& latest) {
    // The users after `at`: one walk forward from it, ending at the last of them (a position query
    // per user walked the block from its start, quadratic over an optimizer step's updates).
    std::set<const Node*> pending;
    for (auto& [user, idx] : x->uses)
        if (user != at && user->owning_block == at->owning_block && user->listed) pending.insert(user);
    std::set<const Node*> after;
    if (at->listed)
        for (auto it = std::next(at->pos); it != at->owning_block->nodes.end() && !pending.empty(); ++it)
            if (pending.erase(*it)) after.insert(*it);
    std::vector<std::pair<Node*, size_t>> later;
    for (auto& [user, idx] : x->uses)
        if (after.count(user)) later.push_back({user, idx});
    for (auto& [user, idx] : later) user->replace_input(idx, v);
    for (size_t i = 0; i < g.inputs().size(); ++i) {
        auto it = latest.find(i);
        if (g.inputs()[i] == x || (it != latest.end() && it->second == x)) latest[i] = v;
    }
}

// aten::batch_norm in training mode with running statistics updates them in place without saying
// so in its schema (as PyTorch's batch_norm): it becomes _native_batch_norm_legit_functional, whose
// outputs 3 and 4 are the new running mean and variance.
void functionalize_batch_norm(graph::Graph& g, Node* n, std::map<size_t, Value*>& latest) {
    const graph::OpSchema* s = n->schema;
    auto arg = [&](const char* name) { return n->input(size_t(s->arg_index(name))); };
    Value* rm = arg("running_mean");
    Value* rv = arg("running_var");
    if (passes::is_none_value(rm) || passes::is_none_value(rv)) return;  // no running statistics: nothing is mutated
    auto training = passes::constant_value(arg("training"));
    KILN_CHECK(training && training->is_bool(), NotImplementedError, "AOT autograd: batch_norm's `training` flag is computed in the graph; "
               "Kiln functionalizes batch norm only when it is a constant");
    if (!training->to_bool()) return;  // eval: the running statistics are only read
    for (Value* stat : {rm, rv})
        KILN_CHECK(!is_view(stat->node), NotImplementedError, "AOT autograd: batch_norm updates %", stat->name(),
                   ", a view (", stat->node->kind, "); mutations through views are not functionalized yet");
    const graph::OpSchema* f = graph::find_schema("aten::_native_batch_norm_legit_functional");
    KILN_CHECK(f, RuntimeError, "internal error: aten::_native_batch_norm_legit_functional is not in the op table");
    Node* fn = g.create(f->name, {arg("input"), arg("weight"), arg("bias"), rm, rv, arg("training"), arg("momentum"), arg("eps")}, 5);
    fn->schema = f;
    fn->loc = n->loc;
    fn->scope = n->scope;
    fn->output(0)->type = n->output()->type;
    // The statistics' types: the [C] mean and rstd, and the new running values typed as the old.
    graph::TypePtr stat = rm->type;
    fn->output(1)->type = stat;
    fn->output(2)->type = stat;
    fn->output(3)->type = rm->type;
    fn->output(4)->type = rv->type;
    fn->insert_before(n);
    redirect_later_reads(g, rm, fn->output(3), n, latest);
    redirect_later_reads(g, rv, fn->output(4), n, latest);
    n->output()->replace_all_uses_with(fn->output(0));
    n->destroy();
}

// x.op_(a) where x is a chain of slice/select views of a base b (x = b[0][:, 1:3]): the new value
// x1 = x.op(a) is scattered back out through the chain, innermost view first
// (b1 = slice_scatter(b, select_scatter(b[0], x1, ...), ...)), and reads of b after the op read b1,
// reads of x read x1, as PyTorch's functionalization regenerates a base from its mutated view.
// Other views of b taken before the op and read after it would need regenerating too: such graphs
// are refused.
void functionalize_view_write(graph::Graph& g, Node* n, Node* fn, std::map<size_t, Value*>& latest) {
    Value* x = n->input(0);
    std::vector<Node*> chain;
    Value* base = x;
    while (is_view(base->node)) {
        const std::string& k = base->node->kind;
        KILN_CHECK(k == "aten::slice" || k == "aten::select", NotImplementedError, "AOT autograd: ", n->schema->qualified(),
                   " mutates %", x->name(), ", a view (", k, "); mutations through views other than slices and "
                   "selections are not functionalized yet");
        chain.push_back(base->node);
        base = base->node->input(0);
    }
    std::set<const Node*> after;
    for (auto it = std::next(n->pos); it != n->owning_block->nodes.end(); ++it) after.insert(*it);
    std::set<const Node*> in_chain(chain.begin(), chain.end());
    // A view of b (or of a view in the chain) that is not the chain and is read after the write.
    std::function<void(const Value*)> check_views = [&](const Value* v) {
        for (const auto& [user, idx] : v->uses) {
            (void)idx;
            // (a view taken after the write reads the new base: its input is redirected below)
            if (in_chain.count(user) || !is_view(user) || after.count(user)) continue;
            for (const Value* o : user->outputs) {
                for (const auto& [reader, j] : o->uses) {
                    (void)j;
                    KILN_CHECK(!after.count(reader), NotImplementedError, "AOT autograd: ", n->schema->qualified(),
                               " mutates %", x->name(), ", a view of %", base->name(), " that has other views read "
                               "after the write; regenerating those views is not functionalized yet");
                }
                check_views(o);
            }
        }
    };
    check_views(base);
    for (Node* v : chain) check_views(v->output());
    Value* value = fn->output();
    for (Node* v : chain) {
        const bool is_slice = v->kind == "aten::slice";
        const graph::OpSchema* s = graph::find_schema(is_slice ? "aten::slice_scatter" : "aten::select_scatter");
        KILN_CHECK(s, RuntimeError, "internal error: slice_scatter/select_scatter are not in the op table");
        std::vector<Value*> inputs = {v->input(0), value};
        for (size_t i = 1; i < v->inputs.size(); ++i) inputs.push_back(v->input(i));
        Node* sc = g.create(s->name, inputs, 1);
        sc->schema = s;
        sc->loc = n->loc;
        sc->scope = n->scope;
        auto t = passes::tensor_info(v->input(0));
        KILN_CHECK(t.has_value(), NotImplementedError, "AOT autograd: ", n->schema->qualified(), " mutates a view of %",
                   v->input(0)->name(), ", whose type is not complete");
        sc->output()->type = graph::complete_tensor_type(t->dtype, t->sizes, contiguous_strides(t->sizes), false, t->device);
        sc->insert_before(n);
        value = sc->output();
    }
    redirect_later_reads(g, base, value, n, latest);
}

}  // namespace

std::string functional_form(const graph::OpSchema& s) {
    // native_functions.yaml's names where the plain name's overloads are taken by other signatures.
    static const std::map<std::string, std::string> renamed = {
        {"aten::normal_", "aten::normal_functional"}, {"aten::bernoulli_.float", "aten::bernoulli.p"}};
    if (auto it = renamed.find(s.qualified()); it != renamed.end()) return it->second;
    const std::string base = s.name.substr(0, s.name.size() - 1);
    return s.overload.empty() ? base : base + "." + s.overload;
}

std::vector<size_t> functionalize(graph::Graph& g) {
    std::map<size_t, Value*> latest;  // mutated graph input -> its value after the last mutation
    // instance_norm with running statistics in training updates them in place (its composite copies
    // the repeated statistics' mean back): decomposed first (derivatives.h), so that its batch_norm
    // and copy_ nodes are functionalized below like any others.
    for (Node* n : g.all_nodes()) {
        if (!n->schema || n->schema->qualified() != "aten::instance_norm") continue;
        auto arg = [&](const char* name) { return n->input(size_t(n->schema->arg_index(name))); };
        auto use_stats = passes::constant_value(arg("use_input_stats"));
        if (passes::is_none_value(arg("running_mean")) && passes::is_none_value(arg("running_var"))) continue;
        if (use_stats && use_stats->is_bool() && !use_stats->to_bool()) continue;  // eval: the statistics are only read
        Builder b(g);
        KILN_CHECK(decompose_composite(b, n), NotImplementedError, "AOT autograd: aten::instance_norm updates its running "
                   "statistics with a computed use_input_stats, momentum or eps; Kiln functionalizes it only when they are constants");
    }
    for (Node* n : g.all_nodes()) {
        if (n->schema && n->schema->qualified() == "aten::batch_norm") {
            functionalize_batch_norm(g, n, latest);
            continue;
        }
        if (!n->schema || !n->schema->is_inplace()) continue;
        const graph::OpSchema* s = n->schema;
        const std::string functional = functional_form(*s);
        const graph::OpSchema* f = graph::find_schema(functional);
        KILN_CHECK(f && f->args.size() == s->args.size(), NotImplementedError, "AOT autograd: ", s->qualified(),
                   " has no functional form (", functional, ") in the op table");
        Value* x = n->input(0);
        Node* fn = g.create(f->name, n->inputs, 1);
        fn->schema = f;
        fn->loc = n->loc;
        fn->scope = n->scope;
        fn->output()->type = n->output()->type;
        fn->insert_before(n);
        if (is_view(x->node)) functionalize_view_write(g, n, fn, latest);
        // Reads of x after the op see the new value; so do reads of the op's own result.
        redirect_later_reads(g, x, fn->output(), n, latest);
        n->output()->replace_all_uses_with(fn->output());
        n->destroy();
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
