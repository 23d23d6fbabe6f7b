// The graph IR: building graphs by hand, the TorchScript-style printout, the verifier's checks,
// copying/inlining, and the interpreter on straight-line code, prim::If and prim::Loop, compared
// with the eager ops.
#include <catch2/catch.hpp>

#include "autograd/node.h"
#include "graph/build.h"
#include "graph/code.h"
#include "graph/interpret.h"
#include "graph/ir.h"
#include "graph/op_registry.h"
#include "ops/ops.h"
#include "support/error.h"

using namespace kiln;
using namespace kiln::graph;
using kiln::graph::test::op;

TEST_CASE("graph: straight-line graph prints like TorchScript and runs", "[graph]") {
    Graph g;
    Value* x = g.add_input(tensor_type(), "x");
    Value* y = g.add_input(tensor_type(), "y");
    Value* one = g.insert_constant(IValue(int64_t(1)));
    Node* add = op(g, "aten::add.Tensor", {x, y, one});
    add->loc = {"f.py", 3, 8};
    Node* relu = op(g, "aten::relu", {add->output()});
    relu->output()->set_debug_name("z");
    g.register_output(relu->output());
    verify(g);
    CHECK(g.str() ==
          "graph(%x : Tensor,\n"
          "      %y : Tensor):\n"
          "  %2 : int = prim::Constant[value=1]()\n"
          "  %3 : Tensor = aten::add(%x, %y, %2) # f.py:3:8\n"
          "  %z : Tensor = aten::relu(%3)\n"
          "  return (%z)\n");
    Tensor a = tensor({1, -5, 2}, {3});
    Tensor b = tensor({1, 1, 1}, {3});
    IValueList out = run_graph(g, {IValue(a), IValue(b)});
    REQUIRE(out.size() == 1);
    CHECK(out[0].to_tensor().to_double_vector() == std::vector<double>{2, 0, 3});
}

TEST_CASE("graph: debug names are made unique with numeric suffixes", "[graph]") {
    Graph g;
    // As TorchScript: the newest value keeps the name, the previous owner becomes x.1, then x.3
    // (the per-base counter is stored one past the suffix used).
    Value* a = g.add_input(tensor_type(), "x");
    Value* b = g.add_input(tensor_type(), "x");
    CHECK(a->name() == "x.1");
    CHECK(b->name() == "x");
    Value* c = g.add_input(tensor_type(), "x");
    CHECK(b->name() == "x.3");
    CHECK(c->name() == "x");
    Value* d = g.add_input(int_type(), "7");
    CHECK(d->name() == "_7");
}

TEST_CASE("graph: prim::If runs the taken block", "[graph]") {
    Graph g;
    Value* x = g.add_input(tensor_type(), "x");
    Value* flag = g.add_input(bool_type(), "flag");
    Node* n = g.insert("prim::If", {flag}, 1);
    Block* then_b = n->add_block();
    Block* else_b = n->add_block();
    g.set_insertion_block(then_b);
    Node* r = op(g, "aten::relu", {x});
    then_b->register_return(r->output());
    g.set_insertion_block(else_b);
    Node* ng = op(g, "aten::neg", {x});
    else_b->register_return(ng->output());
    g.set_insertion_block(g.block());
    g.register_output(n->output());
    verify(g);
    CHECK(g.str() ==
          "graph(%x : Tensor,\n"
          "      %flag : bool):\n"
          "  %2 : Tensor = prim::If(%flag)\n"
          "    block0():\n"
          "      %3 : Tensor = aten::relu(%x)\n"
          "      -> (%3)\n"
          "    block1():\n"
          "      %4 : Tensor = aten::neg(%x)\n"
          "      -> (%4)\n"
          "  return (%2)\n");
    Tensor t = tensor({-1, 2}, {2});
    CHECK(run_graph(g, {IValue(t), IValue(true)})[0].to_tensor().to_double_vector() == std::vector<double>{0, 2});
    CHECK(run_graph(g, {IValue(t), IValue(false)})[0].to_tensor().to_double_vector() == std::vector<double>{1, -2});
}

TEST_CASE("graph: prim::Loop threads carried values through its block", "[graph]") {
    // y = x; for i in range(n): y = y + i   (as TorchScript lowers it)
    Graph g;
    Value* x = g.add_input(tensor_type(), "x");
    Value* n = g.add_input(int_type(), "n");
    Value* t = g.insert_constant(IValue(true));
    Value* one = g.insert_constant(IValue(int64_t(1)));
    Node* loop = g.insert("prim::Loop", {n, t, x}, 1);
    Block* body = loop->add_block();
    Value* i = body->add_param(int_type(), "i");
    Value* y = body->add_param(tensor_type(), "y");
    g.set_insertion_block(body);
    Node* add = op(g, "aten::add.Scalar", {y, i, one});
    body->register_return(t);
    body->register_return(add->output());
    g.set_insertion_block(g.block());
    g.register_output(loop->output());
    verify(g);
    Tensor base = tensor({10, 20}, {2});
    IValueList out = run_graph(g, {IValue(base), IValue(int64_t(4))});
    CHECK(out[0].to_tensor().to_double_vector() == std::vector<double>{16, 26});
    // Zero trips return the initial carried value.
    CHECK(run_graph(g, {IValue(base), IValue(int64_t(0))})[0].to_tensor().to_double_vector() ==
          std::vector<double>{10, 20});
}

TEST_CASE("graph: the verifier rejects malformed graphs", "[graph]") {
    SECTION("use before definition") {
        Graph g;
        Value* x = g.add_input(tensor_type(), "x");
        Node* a = op(g, "aten::relu", {x});
        Node* b = op(g, "aten::neg", {a->output()});
        b->insert_before(a);  // now b reads a's output before a runs
        g.register_output(b->output());
        CHECK_THROWS_WITH(verify(g), Catch::Contains("used before its definition"));
    }
    SECTION("schema arity") {
        Graph g;
        Value* x = g.add_input(tensor_type(), "x");
        Node* a = op(g, "aten::relu", {x});
        a->add_input(x);
        g.register_output(a->output());
        CHECK_THROWS_WITH(verify(g), Catch::Contains("takes 1 inputs"));
    }
    SECTION("If with one block") {
        Graph g;
        Value* c = g.add_input(bool_type(), "c");
        Node* n = g.insert("prim::If", {c}, 0);
        n->add_block();
        CHECK_THROWS_WITH(verify(g), Catch::Contains("needs two blocks"));
    }
    SECTION("value escaping its block") {
        Graph g;
        Value* x = g.add_input(tensor_type(), "x");
        Value* c = g.add_input(bool_type(), "c");
        Node* n = g.insert("prim::If", {c}, 0);
        Block* b0 = n->add_block();
        n->add_block();
        g.set_insertion_block(b0);
        Node* inner = op(g, "aten::relu", {x});
        g.set_insertion_block(g.block());
        Node* after = op(g, "aten::neg", {inner->output()});
        g.register_output(after->output());
        CHECK_THROWS_WITH(verify(g), Catch::Contains("outside its scope"));
    }
}

TEST_CASE("graph: copy and inline keep structure and names", "[graph]") {
    Graph g;
    Value* x = g.add_input(tensor_type(), "x");
    Node* r = op(g, "aten::relu", {x});
    r->output()->set_debug_name("r");
    g.register_output(r->output());
    auto c = g.copy();
    verify(*c);
    CHECK(c->str() == g.str());

    Graph outer;
    Value* a = outer.add_input(tensor_type(), "a");
    auto outs = inline_graph(g, outer, {a});
    Node* n = op(outer, "aten::neg", {outs[0]});
    outer.register_output(n->output());
    verify(outer);
    Tensor t = tensor({-3, 3}, {2});
    CHECK(run_graph(outer, {IValue(t)})[0].to_tensor().to_double_vector() == std::vector<double>{0, -3});
}

TEST_CASE("graph: node removal keeps use lists exact", "[graph]") {
    Graph g;
    Value* x = g.add_input(tensor_type(), "x");
    Node* a = op(g, "aten::relu", {x});
    Node* b = op(g, "aten::neg", {x});
    g.register_output(b->output());
    CHECK(x->uses.size() == 2);
    a->destroy();
    CHECK(x->uses.size() == 1);
    verify(g);
    CHECK_THROWS_WITH(b->destroy(), Catch::Contains("still has uses"));
}

TEST_CASE("graph: interpreter errors are Python exceptions, not crashes", "[graph]") {
    Graph g;
    Value* x = g.add_input(tensor_type(), "x");
    Value* y = g.add_input(tensor_type(), "y");
    Node* m = op(g, "aten::mm", {x, y});
    g.register_output(m->output());
    Tensor a = zeros({2, 3});
    Tensor b = zeros({4, 5});
    CHECK_THROWS_WITH(run_graph(g, {IValue(a), IValue(b)}), Catch::Contains("cannot be multiplied"));
    CHECK_THROWS_WITH(run_graph(g, {IValue(a)}), Catch::Contains("expected 2 inputs"));
}

TEST_CASE("graph: .code prints the graph back as Python-like source", "[graph]") {
    Graph g;
    Value* x = g.add_input(complete_tensor_type(DType::Float32, {3}, {1}, false, Device::CPU), "x");
    Value* n = g.add_input(int_type(), "n");
    Value* t = g.insert_constant(IValue(true));
    Value* one = g.insert_constant(IValue(int64_t(1)));
    Node* relu = op(g, "aten::relu", {x});
    Node* loop = g.insert("prim::Loop", {n, t, relu->output()}, 1);
    Block* body = loop->add_block();
    Value* i = body->add_param(int_type(), "i");
    Value* y = body->add_param(tensor_type(), "y");
    g.set_insertion_block(body);
    Node* add = op(g, "aten::add.Scalar", {y, i, one});
    body->register_return(t);
    body->register_return(add->output());
    g.set_insertion_block(g.block());
    loop->output()->set_debug_name("y");
    g.register_output(loop->output());
    verify(g);
    CHECK(graph_code(g, "f") ==
          "def f(x: Tensor,\n"
          "    n: int) -> Tensor:\n"
          "  _0 = torch.relu(x)\n"
          "  y = _0\n"
          "  for i in range(n):\n"
          "    y = torch.add(y, i)\n"
          "  return y\n");
}

TEST_CASE("interpreter: arithmetic with a 0-dim tensor constant runs as the Scalar overload", "[graph]") {
    // A traced `y * 2` holds the 2 as a 0-dim tensor; TorchScript runs it as mul.Scalar, whose
    // autograd node is MulBackward1 (eager `y * 2` is MulBackward0).
    Graph g;
    Value* x = g.add_input(tensor_type(), "x");
    Value* two = g.insert_constant(IValue(scalar_tensor(Scalar(int64_t(2)))));
    Node* mul = op(g, "aten::mul.Tensor", {x, two});
    Value* half = g.insert_constant(IValue(scalar_tensor(Scalar(0.5), DType::Float64)));
    Node* add = op(g, "aten::add.Tensor", {mul->output(), half, g.insert_constant(IValue(int64_t(1)))});
    g.register_output(add->output());
    Tensor in = tensor({1, 2}, {2}, DType::Float32, /*requires_grad=*/true);
    Tensor out = run_graph(g, {IValue(in)}).at(0).to_tensor();
    CHECK(out.grad_fn()->name == "AddBackward1");
    CHECK(out.dtype() == DType::Float32);
    CHECK(out.to_double_vector() == std::vector<double>{2.5, 4.5});
    // An int64 input times a 0-dim float64 constant is float64 in ATen (a Python float would give
    // float32): there the Tensor overload is kept.
    Tensor ints = tensor({1, 2}, {2}, DType::Int64);
    Graph h;
    Value* y = h.add_input(tensor_type(), "y");
    h.register_output(op(h, "aten::mul.Tensor", {y, h.insert_constant(IValue(scalar_tensor(Scalar(0.5), DType::Float64)))})->output());
    CHECK(run_graph(h, {IValue(ints)}).at(0).to_tensor().dtype() == DType::Float64);
}
