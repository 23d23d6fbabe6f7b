// The frozen-graph passes (graph/passes): constant propagation, dropout removal, the conv folds, dead
// code elimination, method inlining and attribute freezing. Each pass is checked on a hand-built graph
// for what it rewrites and, by running the graph before and after, for what it computes: the folded
// graphs are compared with the unfolded ones in float64, where folding changes nothing but rounding.
#include "support/check.h"

#include "graph/build.h"
#include "graph/interpret.h"
#include "graph/passes/passes.h"

using namespace kiln;
using namespace kiln::graph;
using kiln::graph::test::op;

namespace {

int count_kind(const Graph& g, const std::string& kind) {
    int n = 0;
    for (const Node* node : g.all_nodes()) n += node->kind == kind;
    return n;
}

Tensor run1(const Graph& g, const IValueList& inputs) { return run_graph(g, inputs).at(0).to_tensor(); }

Value* ints(Graph& g, std::vector<int64_t> v) { return g.insert_constant(IValue::int_list(v)); }

// conv2d(x, W, b) with constant W (C_out x C_in x 3 x 3) and b, padding 1; `bias` false: b is None.
Node* conv(Graph& g, Value* x, const Tensor& w, const Tensor& b) {
    Value* wv = g.insert_constant(IValue(w));
    wv->set_debug_name("self.conv.weight");
    Value* bv = b.defined() ? g.insert_constant(IValue(b)) : g.insert_constant(IValue());
    return op(g, "aten::conv2d", {x, wv, bv, ints(g, {1, 1}), ints(g, {1, 1}), ints(g, {1, 1}),
                                  g.insert_constant(IValue(int64_t(1)))});
}

}  // namespace

TEST_CASE("passes: constant propagation folds ops on constants and settles a constant prim::If", "[passes]") {
    Graph g;
    Value* x = g.add_input(tensor_type(), "x");
    Value* t = g.insert_constant(IValue(tensor({1, 2}, {2})));
    Node* twice = op(g, "aten::mul.Scalar", {t, g.insert_constant(IValue(int64_t(2)))});
    Value* cond = g.insert_constant(IValue(false));
    Node* branch = g.insert("prim::If", {cond}, 1);
    Block* yes = branch->add_block();
    Block* no = branch->add_block();
    g.set_insertion_block(yes);
    yes->register_return(op(g, "aten::relu", {x})->output());
    g.set_insertion_block(no);
    no->register_return(op(g, "aten::add.Tensor", {x, twice->output(), g.insert_constant(IValue(int64_t(1)))})->output());
    g.set_insertion_block(g.block());
    g.register_output(branch->output());
    verify(g);
    Tensor in = tensor({-1, 3}, {2});
    Tensor before = run1(g, {IValue(in)});

    CHECK(propagate_constants(g));
    eliminate_dead_code(g);
    verify(g);
    CHECK(count_kind(g, "prim::If") == 0);
    CHECK(count_kind(g, "aten::relu") == 0);
    CHECK(count_kind(g, "aten::mul") == 0);  // 2 * [1, 2] became a constant
    CHECK(count_kind(g, "aten::add") == 1);
    CHECK(run1(g, {IValue(in)}).to_double_vector() == before.to_double_vector());
    CHECK(before.to_double_vector() == std::vector<double>{1, 7});
    CHECK_FALSE(propagate_constants(g));  // nothing left to fold
}

TEST_CASE("passes: a constant that some op writes in place is not folded", "[passes]") {
    // z = [1, 1] * 1; z.add_(x); return z: folding z would make every call add into the same tensor.
    Graph g;
    Value* x = g.add_input(tensor_type(), "x");
    Node* z = op(g, "aten::mul.Scalar", {g.insert_constant(IValue(ones({2}))), g.insert_constant(IValue(int64_t(1)))});
    op(g, "aten::add_.Tensor", {z->output(), x, g.insert_constant(IValue(int64_t(1)))});
    g.register_output(z->output());
    verify(g);
    propagate_constants(g);
    CHECK(count_kind(g, "aten::mul") == 1);
    Tensor in = tensor({1, 2}, {2});
    CHECK(run1(g, {IValue(in)}).to_double_vector() == std::vector<double>{2, 3});
    CHECK(run1(g, {IValue(in)}).to_double_vector() == std::vector<double>{2, 3});  // no state leaks across calls

    // Random ops are never folded, even with constant inputs.
    Graph r;
    Node* rnd = op(r, "aten::rand", {ints(r, {2}), r.insert_constant(IValue()), r.insert_constant(IValue()),
                                     r.insert_constant(IValue()), r.insert_constant(IValue())});
    r.register_output(rnd->output());
    CHECK(is_nondeterministic(rnd));
    CHECK_FALSE(propagate_constants(r));
}

TEST_CASE("passes: eval-mode dropout is removed, training-mode dropout stays", "[passes]") {
    for (bool train : {false, true}) {
        Graph g;
        Value* x = g.add_input(tensor_type(), "x");
        Node* d = op(g, "aten::dropout", {x, g.insert_constant(IValue(0.5)), g.insert_constant(IValue(train))});
        g.register_output(op(g, "aten::relu", {d->output()})->output());
        CHECK(remove_dropout(g) == !train);
        eliminate_dead_code(g);
        verify(g);
        CHECK(count_kind(g, "aten::dropout") == (train ? 1 : 0));
        if (!train) CHECK(run1(g, {IValue(tensor({-1, 2}, {2}))}).to_double_vector() == std::vector<double>{0, 2});
    }
}

TEST_CASE("passes: conv + eval batch_norm folds into one conv equal to the pair (float64 reference)", "[passes]") {
    for (bool with_bias : {true, false}) {
        for (bool affine : {true, false}) {
            Graph g;
            Value* x = g.add_input(tensor_type(), "x");
            Tensor w = testing::test_input({3, 2, 3, 3}, 11, -1, 1, false);
            Tensor b = with_bias ? testing::test_input({3}, 12, -1, 1, false) : Tensor();
            Node* c = conv(g, x, w, b);
            Value* gamma = g.insert_constant(affine ? IValue(testing::test_input({3}, 13, 0.5, 2, false)) : IValue());
            Value* beta = g.insert_constant(affine ? IValue(testing::test_input({3}, 14, -1, 1, false)) : IValue());
            Value* mean = g.insert_constant(IValue(testing::test_input({3}, 15, -1, 1, false)));
            Value* var = g.insert_constant(IValue(testing::test_input({3}, 16, 0.25, 3, false)));
            Node* bn = op(g, "aten::batch_norm",
                          {c->output(), gamma, beta, mean, var, g.insert_constant(IValue(false)),
                           g.insert_constant(IValue(0.1)), g.insert_constant(IValue(1e-5)), g.insert_constant(IValue(true))});
            g.register_output(op(g, "aten::relu", {bn->output()})->output());
            verify(g);
            Tensor in = testing::test_input({2, 2, 5, 4}, 17, -2, 2, false);
            Tensor reference = run1(g, {IValue(in)});

            CHECK(fold_conv_batch_norm(g));
            eliminate_dead_code(g);
            verify(g);
            CHECK(count_kind(g, "aten::batch_norm") == 0);
            CHECK(count_kind(g, "aten::conv2d") == 1);
            CHECK(g.str().find("%self.conv.weight_fused_bn : Double(3, 2, 3, 3") != std::string::npos);
            CHECK(g.str().find("%self.conv.bias_fused_bn : Double(3, ") != std::string::npos);
            testing::check_close(run1(g, {IValue(in)}), reference, 1e-12, 1e-12);
        }
    }
}

TEST_CASE("passes: a training-mode batch_norm, or a conv with two users, is not folded", "[passes]") {
    Graph g;
    Value* x = g.add_input(tensor_type(), "x");
    Node* c = conv(g, x, testing::test_input({2, 1, 3, 3}, 3, -1, 1, false), Tensor());
    Value* stats = g.insert_constant(IValue(zeros({2}, {DType::Float64})));
    Node* bn = op(g, "aten::batch_norm", {c->output(), g.insert_constant(IValue()), g.insert_constant(IValue()), stats,
                                          stats, g.insert_constant(IValue(true)), g.insert_constant(IValue(0.1)),
                                          g.insert_constant(IValue(1e-5)), g.insert_constant(IValue(true))});
    g.register_output(bn->output());
    CHECK_FALSE(fold_conv_batch_norm(g));

    Graph h;
    Value* y = h.add_input(tensor_type(), "y");
    Node* c2 = conv(h, y, testing::test_input({2, 1, 3, 3}, 3, -1, 1, false), Tensor());
    Node* add = op(h, "aten::add.Scalar", {c2->output(), h.insert_constant(IValue(1.5)), h.insert_constant(IValue(int64_t(1)))});
    Node* both = op(h, "aten::add.Tensor", {add->output(), c2->output(), h.insert_constant(IValue(int64_t(1)))});
    h.register_output(both->output());
    CHECK_FALSE(fold_conv_arithmetic(h));  // the conv's output is still needed unfolded
}

TEST_CASE("passes: per-channel add/sub/mul/div after a conv fold into its weights (float64 reference)", "[passes]") {
    Graph g;
    Value* x = g.add_input(tensor_type(), "x");
    Node* c = conv(g, x, testing::test_input({3, 2, 3, 3}, 21, -1, 1, false), Tensor());
    Value* per_channel = g.insert_constant(IValue(testing::test_input({1, 3, 1, 1}, 22, 0.5, 2, false)));
    Node* a = op(g, "aten::add.Tensor", {c->output(), per_channel, g.insert_constant(IValue(int64_t(2)))});
    Node* m = op(g, "aten::mul.Scalar", {a->output(), g.insert_constant(IValue(-1.5))});
    Node* s = op(g, "aten::sub.Scalar", {m->output(), g.insert_constant(IValue(0.25)), g.insert_constant(IValue(int64_t(1)))});
    Node* d = op(g, "aten::div.Tensor", {s->output(), per_channel});
    // Not foldable: a constant that varies over the spatial dims; [C, 1, 1] (PyTorch reads the channel
    // at dim 1, as in a batched output); the constant as the first operand.
    Value* spatial = g.insert_constant(IValue(testing::test_input({5, 4}, 23, -1, 1, false)));
    Node* last = op(g, "aten::add.Tensor", {d->output(), spatial, g.insert_constant(IValue(int64_t(1)))});
    g.register_output(last->output());
    Node* c2 = conv(g, x, testing::test_input({3, 2, 3, 3}, 25, -1, 1, false), Tensor());
    Value* chw = g.insert_constant(IValue(testing::test_input({3, 1, 1}, 26, 0.5, 2, false)));
    g.register_output(op(g, "aten::mul.Tensor", {c2->output(), chw})->output());
    Node* c3 = conv(g, x, testing::test_input({3, 2, 3, 3}, 27, -1, 1, false), Tensor());
    g.register_output(op(g, "aten::mul.Tensor", {per_channel, c3->output()})->output());
    verify(g);
    Tensor in = testing::test_input({1, 2, 5, 4}, 24, -2, 2, false);
    Tensor reference = run1(g, {IValue(in)});

    while (fold_conv_arithmetic(g)) {
    }
    eliminate_dead_code(g);
    verify(g);
    CHECK(count_kind(g, "aten::mul") == 2);  // the [C, 1, 1] and the constant-first products are left
    CHECK(count_kind(g, "aten::div") == 0);
    CHECK(count_kind(g, "aten::sub") == 0);
    CHECK(count_kind(g, "aten::add") == 1);  // only the spatial add is left
    testing::check_close(run1(g, {IValue(in)}), reference, 1e-12, 1e-12);
}

TEST_CASE("passes: dead code elimination keeps nodes with side effects", "[passes]") {
    Graph g;
    Value* x = g.add_input(tensor_type(), "x");
    op(g, "aten::relu", {x});                                                      // unused: goes
    op(g, "aten::add_.Tensor", {x, x, g.insert_constant(IValue(int64_t(1)))});      // writes x: stays
    g.insert("prim::Print", {x}, 0);                                                // prints: stays
    g.register_output(x);
    CHECK(eliminate_dead_code(g));
    verify(g);
    CHECK(count_kind(g, "aten::relu") == 0);
    CHECK(count_kind(g, "aten::add_") == 1);
    CHECK(count_kind(g, "prim::Print") == 1);
}

TEST_CASE("freeze: method calls inline, attributes become named constants, writes and preserved names stay", "[passes]") {
    // class Sub: forward(self, x) = x * self.weight + self.offset, and self.count is written.
    auto sub_forward = std::make_shared<Graph>();
    {
        Graph& s = *sub_forward;
        Value* self = s.add_input(class_type("__torch__.Sub"), "self");
        Value* x = s.add_input(tensor_type(), "x");
        auto get = [&](const char* name, TypePtr t) {
            Node* n = s.insert("prim::GetAttr", {self}, 1);
            n->set_attr("name", IValue(std::string(name)));
            n->output()->type = std::move(t);
            return n->output();
        };
        Node* m = op(s, "aten::mul.Tensor", {x, get("weight", tensor_type())});
        Node* a = op(s, "aten::add.Scalar", {m->output(), get("offset", float_type()), s.insert_constant(IValue(int64_t(1)))});
        Node* set = s.insert("prim::SetAttr", {self, s.insert_constant(IValue(int64_t(7)))}, 0);
        set->set_attr("name", IValue(std::string("count")));
        s.register_output(a->output());
    }
    Graph top;
    Value* self = top.add_input(class_type("__torch__.M"), "self");
    Value* x = top.add_input(tensor_type(), "x");
    Node* getsub = top.insert("prim::GetAttr", {self}, 1);
    getsub->set_attr("name", IValue(std::string("sub")));
    getsub->output()->type = class_type("__torch__.Sub");
    Node* call = top.insert("prim::CallMethod", {getsub->output(), x}, 1);
    call->set_attr("name", IValue(std::string("forward")));
    Node* scale = top.insert("prim::GetAttr", {self}, 1);
    scale->set_attr("name", IValue(std::string("scale")));
    scale->output()->type = float_type();
    top.register_output(op(top, "aten::mul.Scalar", {call->output(), scale->output()})->output());
    verify(top);

    auto sub = std::make_shared<Object>();
    sub->class_name = "__torch__.Sub";
    sub->set("weight", IValue(tensor({2, 3}, {2})));
    sub->set("offset", IValue(0.5));
    sub->set("count", IValue(int64_t(0)));
    auto root = std::make_shared<Object>();
    root->class_name = "__torch__.M";
    root->set("sub", IValue::object(sub));
    root->set("scale", IValue(4.0));
    MethodGraphLookup lookup = [&](const Object& obj, const std::string& method) -> std::shared_ptr<const Graph> {
        return obj.class_name == "__torch__.Sub" && method == "forward" ? sub_forward : nullptr;
    };

    std::unique_ptr<Graph> frozen = freeze_graph(top, root, lookup, {"scale"});
    std::string text = frozen->str();
    INFO(text);
    CHECK(count_kind(*frozen, "prim::CallMethod") == 0);
    CHECK(text.find("%self.sub.weight : Float(2, strides=[1], requires_grad=0, device=cpu) = prim::Constant") !=
          std::string::npos);
    CHECK(text.find("prim::GetAttr[name=\"scale\"](%self)") != std::string::npos);  // preserved
    CHECK(text.find("prim::SetAttr[name=\"count\"]") != std::string::npos);         // a write stays a write
    CHECK(count_kind(*frozen, "prim::GetAttr") == 2);  // scale, and sub (the receiver of the write)

    Tensor in = tensor({1, -1}, {2});
    IValueList args{IValue::object(root), IValue(in)};
    CHECK(run_graph(*frozen, args).at(0).to_tensor().to_double_vector() == std::vector<double>{10, -10});
    // Frozen constants are copies: changing the module afterwards does not change the frozen graph.
    sub->set("weight", IValue(tensor({100, 100}, {2})));
    root->set("scale", IValue(1.0));  // but a preserved attribute is still read at run time
    CHECK(run_graph(*frozen, args).at(0).to_tensor().to_double_vector() == std::vector<double>{2.5, -2.5});
}
