// The backward engine: accumulation, retain_grad, graph release, in-place checks, grad mode,
// torch.autograd.grad, and the grad_fn chain that lessons print.
#include "support/check.h"

using namespace kiln;
using kiln::testing::check_close;

namespace {
Tensor leaf(std::vector<double> v, Shape s) { return tensor(v, s, DType::Float32, /*requires_grad=*/true); }
}  // namespace

TEST_CASE("backward accumulates into leaf grads", "[autograd]") {
    Tensor x = leaf({1, 2, 3}, {3});
    Tensor y = sum(mul(x, x));
    autograd::backward({y});
    check_close(x.grad(), {2, 4, 6});
    Tensor z = sum(mul(x, 3.0));
    autograd::backward({z});
    check_close(x.grad(), {5, 7, 9});  // accumulated, not overwritten
}

TEST_CASE("a tensor used twice gets both gradients", "[autograd]") {
    Tensor x = leaf({2}, {1});
    Tensor y = add(mul(x, x), x);  // y = x^2 + x
    autograd::backward({sum(y)});
    check_close(x.grad(), {5});
}

TEST_CASE("backward needs a scalar or an explicit gradient", "[autograd]") {
    Tensor x = leaf({1, 2}, {2});
    Tensor y = mul(x, 2.0);
    CHECK_THROWS_WITH(autograd::backward({y}), "grad can be implicitly created only for scalar outputs");
    autograd::backward({y}, {tensor({1, 10}, {2})});
    check_close(x.grad(), {2, 20});
    CHECK_THROWS_WITH(autograd::backward({tensor({1}, {1})}),
                      "element 0 of tensors does not require grad and does not have a grad_fn");
}

TEST_CASE("second backward without retain_graph fails", "[autograd]") {
    Tensor x = leaf({1, 2}, {2});
    Tensor y = sum(exp(x));
    autograd::backward({y});
    CHECK_THROWS_WITH(autograd::backward({y}), Catch::Contains("Trying to backward through the graph a second time"));
    Tensor z = sum(exp(x));
    autograd::backward({z}, {}, /*retain_graph=*/true);
    autograd::backward({z});
    check_close(x.grad(), {3 * std::exp(1.0), 3 * std::exp(2.0)}, 1e-5);
}

TEST_CASE("backward frees saved tensors, nodes without any may run again", "[autograd]") {
    // PyTorch frees a graph's saved tensors when backward runs without retain_graph, while the graph
    // itself lives on (the loss still holds it): the memory of activations goes back at once.
    Tensor x = leaf({1, 2, 3}, {3});
    std::weak_ptr<Storage> saved;
    Tensor y;
    {
        Tensor e = exp(x);  // saved by mul's backward (both operands) and by exp's (its result)
        saved = e.impl()->storage;
        y = sum(mul(e, e));
    }
    REQUIRE_FALSE(saved.expired());  // held by the graph
    autograd::backward({y});
    CHECK(saved.expired());          // freed by the backward, y alive
    CHECK_THROWS_WITH(autograd::backward({y}), Catch::Contains("Trying to backward through the graph a second time"));
    // With retain_graph the saved tensors stay for the next backward.
    Tensor z;
    {
        Tensor e = exp(x);
        saved = e.impl()->storage;
        z = sum(mul(e, e));
    }
    autograd::backward({z}, {}, /*retain_graph=*/true);
    CHECK_FALSE(saved.expired());
    // A graph of ops that save nothing (add, sum of a leaf sum) backs through twice, as in PyTorch.
    Tensor w = sum(add(x, x));
    autograd::backward({w});
    autograd::backward({w});
}

TEST_CASE("retain_grad keeps a non-leaf gradient", "[autograd]") {
    Tensor x = leaf({1, 2}, {2});
    Tensor h = mul(x, 3.0);
    h.retain_grad();
    Tensor y = sum(mul(h, h));
    autograd::backward({y});
    CHECK(h.retains_grad());
    check_close(h.grad(), {6, 12});
    check_close(x.grad(), {18, 36});
    Tensor k = mul(x, 2.0);
    CHECK_FALSE(k.grad().defined());
}

TEST_CASE("no_grad records nothing and detach cuts history", "[autograd]") {
    Tensor x = leaf({1}, {1});
    {
        autograd::NoGradGuard guard;
        Tensor y = mul(x, 2.0);
        CHECK_FALSE(y.requires_grad());
        CHECK(y.grad_fn() == nullptr);
        {
            autograd::GradModeGuard enable(true);
            CHECK(mul(x, 2.0).requires_grad());
        }
    }
    CHECK(autograd::grad_enabled());
    Tensor d = mul(x, 2.0).detach();
    CHECK_FALSE(d.requires_grad());
    CHECK(d.is_leaf());
}

TEST_CASE("grad_fn names and next_functions chain", "[autograd]") {
    Tensor x = leaf({1, 2}, {2});
    Tensor w = leaf({3, 4}, {2});
    Tensor y = sum(add(mul(x, w), 1.0));
    REQUIRE(y.grad_fn());
    CHECK(y.grad_fn()->name == "SumBackward0");
    auto add_node = y.grad_fn()->next_edges[0].fn;
    CHECK(add_node->name == "AddBackward0");
    auto mul_node = add_node->next_edges[0].fn;
    CHECK(mul_node->name == "MulBackward0");
    REQUIRE(mul_node->next_edges.size() == 2);
    CHECK(mul_node->next_edges[0].fn->name == "AccumulateGrad");
    CHECK(mul_node->next_edges[1].fn->name == "AccumulateGrad");
    // The same leaf always feeds the same AccumulateGrad node.
    Tensor z = mul(x, 2.0);
    CHECK(z.grad_fn()->next_edges[0].fn == mul_node->next_edges[0].fn);
    CHECK(x.is_leaf());
    CHECK_FALSE(y.is_leaf());
}

TEST_CASE("leaf in-place under grad mode is an error", "[autograd][inplace]") {
    Tensor x = leaf({1, 2}, {2});
    CHECK_THROWS_WITH(add_(x, Scalar(1.0)), "a leaf Variable that requires grad is being used in an in-place operation.");
    {
        autograd::NoGradGuard guard;
        add_(x, Scalar(1.0));  // allowed: this is how optimizers update parameters
    }
    check_close(x, {2, 3});
}

TEST_CASE("modifying a saved tensor in place is detected", "[autograd][inplace]") {
    Tensor x = leaf({1, 2}, {2});
    Tensor a = mul(x, 2.0);
    Tensor b = mul(a, a);  // saves a
    mul_(a, Scalar(3.0));  // a changes after being saved
    CHECK_THROWS_WITH(autograd::backward({sum(b)}),
                      Catch::Contains("one of the variables needed for gradient computation has been modified by an "
                                      "inplace operation: [torch.FloatTensor [2]], which is output 0 of MulBackward0,"));
}

TEST_CASE("in-place ops on non-leaves keep gradients right", "[autograd][inplace]") {
    Tensor x = leaf({1, 2, 3}, {3});
    Tensor y = mul(x, 2.0);
    mul_(y, Scalar(3.0));
    add_(y, Scalar(1.0));
    CHECK(y.grad_fn()->name == "AddBackward0");
    autograd::backward({sum(mul(y, y))});
    // y = 6x + 1, d/dx sum(y^2) = 2 * y * 6
    check_close(x.grad(), {2 * 7 * 6, 2 * 13 * 6, 2 * 19 * 6});
}

TEST_CASE("views of a tensor written in place through another view see the write", "[autograd][inplace]") {
    // y = 2x; a = y[1:]; b = a[:2]; b *= 3; sum(a * a): a's old grad_fn would miss the factor 3.
    Tensor x = leaf({1, 2, 3, 4, 5, 6}, {6});
    Tensor y = mul(x, 2.0);
    Tensor a = slice(y, 0, 1, std::nullopt);
    Tensor b = slice(a, 0, 0, 2);
    mul_(b, Scalar(3.0));
    CHECK(a.grad_fn()->name == "AsStridedBackward0");  // remade from y's CopySlices, as PyTorch does
    CHECK(b.grad_fn()->name == "AsStridedBackward0");
    autograd::backward({sum(mul(a, a))});
    check_close(x.grad(), {0, 144, 216, 32, 40, 48});

    // A view of a view that was itself written in place, and an expanded view read twice.
    Tensor x2 = leaf({1, 2, 3, 4, 5, 6}, {6});
    Tensor y2 = mul(x2, 2.0);
    Tensor top = slice(y2, 0, 0, 4);
    Tensor inner = slice(top, 0, 1, std::nullopt);
    Tensor wide = expand(unsqueeze(y2, 0), {3, 6});
    mul_(top, Scalar(10.0));
    autograd::backward({add(sum(inner), sum(wide))});
    check_close(x2.grad(), {2 * 10 * 3, 2 * 10 * 4, 2 * 10 * 4, 2 * 10 * 4, 2 * 3, 2 * 3});
}

TEST_CASE("autograd.grad returns gradients without touching .grad", "[autograd]") {
    Tensor x = leaf({1, 2}, {2});
    Tensor y = sum(mul(x, x));
    std::vector<Tensor> g = autograd::grad({y}, {x});
    check_close(g[0], {2, 4});
    CHECK_FALSE(x.grad().defined());
    Tensor unused = leaf({1}, {1});
    Tensor y2 = sum(mul(x, x));
    CHECK_THROWS_WITH(autograd::grad({y2}, {unused}), Catch::Contains("appears to not have been used in the graph"));
}

TEST_CASE("create_graph gives second derivatives", "[autograd]") {
    Tensor x = leaf({2}, {1});
    Tensor y = mul(mul(x, x), x);  // x^3
    std::vector<Tensor> g = autograd::grad({sum(y)}, {x}, {}, false, /*create_graph=*/true);
    check_close(g[0], {12});  // 3x^2
    std::vector<Tensor> g2 = autograd::grad({sum(g[0])}, {x});
    check_close(g2[0], {12});  // 6x
}

TEST_CASE("gradients flowing through broadcasting are summed back", "[autograd]") {
    Tensor b = leaf({1, 2, 3}, {3});
    Tensor x = ones({4, 3});
    autograd::backward({sum(add(x, b))});
    check_close(b.grad(), {4, 4, 4});
    CHECK(b.grad().sizes() == Shape{3});
}

TEST_CASE("requires_grad_ can't be cleared on non-leaves", "[autograd]") {
    Tensor x = leaf({1}, {1});
    Tensor y = mul(x, 2.0);
    CHECK_THROWS_WITH(y.requires_grad_(false), Catch::Contains("you can only change requires_grad flags of leaf variables"));
    CHECK_THROWS_WITH(tensor({1}, {1}).retain_grad(), "can't retain_grad on Tensor that has requires_grad=False");
}

TEST_CASE("leaf grads are freed with their graph", "[autograd]") {
    std::weak_ptr<autograd::Node> node;
    {
        Tensor x = leaf({1, 2}, {2});
        Tensor y = sigmoid(exp(x));
        node = y.grad_fn();
        CHECK_FALSE(node.expired());
    }
    CHECK(node.expired());  // no reference cycles keep the graph alive
}

// AccumulateGrad's first gradient (PyTorch's accumulate_grad.h): a gradient nothing else references
// that obeys the layout contract becomes .grad itself (no copy: a training step's weight gradients);
// one still referenced elsewhere, or laid out differently from its variable, is copied.
TEST_CASE("AccumulateGrad keeps an unshared first gradient and copies a shared one", "[autograd]") {
    auto same_storage = [](const Tensor& a, const Tensor& b) { return a.impl()->storage == b.impl()->storage; };
    SECTION("a view's gradient is the incoming gradient's view: stolen, as PyTorch's x.grad shares g's storage") {
        Tensor x = leaf({1, 2, 3, 4}, {2, 2});
        Tensor g = tensor({1, 2, 3, 4}, {4}, DType::Float32);
        autograd::backward({view(x, {4})}, {g});
        check_close(x.grad(), {1, 2, 3, 4});
        CHECK(same_storage(x.grad(), g));
    }
    SECTION("a gradient the caller holds is copied") {
        Tensor x = leaf({1, 2}, {2});
        Tensor g = tensor({5, 6}, {2}, DType::Float32);
        autograd::backward({x}, {g});
        CHECK_FALSE(same_storage(x.grad(), g));
        mul_(g, Scalar(2.0));
        check_close(x.grad(), {5, 6});
    }
    SECTION("one gradient reaching two leaves (a + b) is copied for the first, so the two never alias") {
        Tensor a = leaf({1, 2}, {2}), b = leaf({3, 4}, {2});
        autograd::backward({sum(mul(add(a, b), 3.0))});
        CHECK_FALSE(same_storage(a.grad(), b.grad()));
        Tensor ag = a.grad();
        mul_(ag, Scalar(2.0));
        check_close(a.grad(), {6, 6});
        check_close(b.grad(), {3, 3});
    }
    SECTION("a transposed gradient is copied into its variable's layout; a broadcast one is copied") {
        Tensor w = leaf({1, 2, 3, 4, 5, 6}, {2, 3});
        autograd::backward({sum(mul(t(w), tensor({1, 2, 3, 4, 5, 6}, {3, 2}, DType::Float32)))});
        CHECK(w.grad().strides() == Shape{3, 1});
        check_close(w.grad(), {1, 3, 5, 2, 4, 6});
        Tensor v = leaf({1, 2, 3}, {3});
        autograd::backward({sum(v)});  // SumBackward0's expand: stride 0
        CHECK(v.grad().strides() == Shape{1});
        Tensor vg = v.grad();
        mul_(vg, Scalar(2.0));
        check_close(v.grad(), {2, 2, 2});
    }
    SECTION("later gradients still accumulate into the stolen one") {
        Tensor x = leaf({1, 2}, {2});
        autograd::backward({sum(mul(x, x))});
        autograd::backward({sum(mul(x, x))});
        check_close(x.grad(), {4, 8});
    }
}
