// PyTorch's CanonicalizeModifiedLoops (torch/csrc/jit/frontend/canonicalize_modified_loop.cpp), run
// by the script compiler right after ConvertToSSA: a prim::Loop that has both a trip count (a
// `for` over a range or a list) and a condition that its body changes (a `break`, or a `return`
// inside the loop once TransformExits has made the body compute whether to go on) cannot be
// printed as a Python `for` loop, so it becomes a `while` loop that counts its own iterations:
//
//   %c = aten::gt(%n, 0)                      the loop runs at all
//   prim::Loop(INT64_MAX, %c, ..., 0)         a new carried counter, starting at 0
//     block0(%unused_i, ..., %i):             the old iteration value's uses read %i
//       ...
//       %i1 = aten::add(%i, 1)
//       -> (aten::__and__(aten::lt(%i1, %n), %body_cond), ..., %i1)
//
// The nodes and values are made in PyTorch's order, so they take PyTorch's numbers.
#include "graph/op_registry.h"
#include "graph/passes/passes.h"
#include "support/error.h"

#include <climits>

namespace kiln::graph {

namespace {

const IValue* constant_ptr_of(const Value* v) {
    return v->node && v->node->is_constant() ? v->node->attr("value") : nullptr;
}

// A node of a scalar builtin (aten::gt.int, ...), without a source location (PyTorch inserts them
// with no range).
Value* insert_op(Graph& g, Block* b, Node* before, const std::string& qualified, std::vector<Value*> ins) {
    const OpSchema* s = find_schema(qualified);
    KILN_CHECK(s, RuntimeError, "CanonicalizeModifiedLoops: no operator " + qualified);
    Node* n = g.create(s->name, ins, 1);
    n->schema = s;
    n->output()->type = s->returns.at(0).type;
    if (before) n->insert_before(before);
    else b->append(n);
    return n->output();
}

Value* constant_before(Graph& g, Node* at, const IValue& v) {
    Node* n = g.create("prim::Constant", {}, 1);
    n->set_attr("value", v);
    n->output()->type = v.type();
    n->insert_before(at);
    return n->output();
}

// LoopView::loopType() == ModifiedLoop: the trip count is given (not the constant INT64_MAX) and
// the condition is not constant true both on entry and after each iteration.
bool is_modified_loop(const Node* n) {
    const IValue* trip = constant_ptr_of(n->inputs[0]);
    const IValue* in_cond = constant_ptr_of(n->inputs[1]);
    const IValue* next_cond = constant_ptr_of(n->blocks[0]->returns()[0]);
    bool always_true = in_cond && in_cond->to_bool() && next_cond && next_cond->to_bool();
    bool trip_given = !trip || trip->to_int() != INT64_MAX;
    return !always_true && trip_given;
}

void canonicalize(Graph& g, Node* n) {
    if (!is_modified_loop(n)) return;
    Block* body = n->blocks[0];
    Value* zero = constant_before(g, n, IValue(int64_t(0)));
    Value* one = constant_before(g, n, IValue(int64_t(1)));
    Value* max_trip = n->inputs[0];
    Value* cond = insert_op(g, nullptr, n, "aten::gt.int", {max_trip, zero});
    n->replace_input(0, constant_before(g, n, IValue(int64_t(INT64_MAX))));
    const IValue* in_cond = constant_ptr_of(n->inputs[1]);
    if (!in_cond || !in_cond->to_bool()) cond = insert_op(g, nullptr, n, "aten::__and__.bool", {cond, n->inputs[1]});
    n->replace_input(1, cond);
    n->add_output(int_type());
    n->add_input(zero);
    Value* iter = body->add_param(int_type());
    // The old iteration value loses its name (PyTorch unsets it against jitter) and its readers.
    Value* old_iter = body->params()[0];
    old_iter->set_debug_name("");
    old_iter->replace_all_uses_with(iter);
    Value* next = insert_op(g, body, nullptr, "aten::add.int", {iter, one});
    body->register_return(next);
    Value* below = insert_op(g, body, nullptr, "aten::lt.int", {next, max_trip});
    Value* go_on = insert_op(g, body, nullptr, "aten::__and__.bool", {below, body->returns()[0]});
    body->return_node->replace_input(0, go_on);
}

void canonicalize_block(Graph& g, Block* b) {
    for (Node* n : std::vector<Node*>(b->nodes.begin(), b->nodes.end())) {
        for (Block* sub : n->blocks) canonicalize_block(g, sub);
        if (n->kind == "prim::Loop") canonicalize(g, n);
    }
}

}  // namespace

void canonicalize_modified_loops(Graph& g) { canonicalize_block(g, g.block()); }

}  // namespace kiln::graph
