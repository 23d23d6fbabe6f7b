// nn.MultiheadAttention: parameters as PyTorch names and initialises them, the forward against a
// plain float64 loop per head, masks (bool and float), batch_first, unbatched input, gradcheck.
#include <cmath>

#include "nn/modules.h"
#include "support/check.h"

using namespace kiln;
using kiln::testing::check_close;
using kiln::testing::gradcheck;
using kiln::testing::test_input;

namespace {

// Reference attention for (L, N, E) query and (S, N, E) key/value, all row-major vectors.
// mask[l][s] (added, per batch if kpm) is given as a function. Returns (out (L,N,E), avg weights (N,L,S)).
struct RefOut {
    std::vector<double> out, weights;
};

RefOut ref_mha(const std::vector<double>& q, const std::vector<double>& k, const std::vector<double>& v, int64_t L,
               int64_t S, int64_t N, int64_t E, int64_t H, const std::vector<double>& w_in,
               const std::vector<double>& b_in, const std::vector<double>& w_out, const std::vector<double>& b_out,
               const std::function<double(int64_t n, int64_t l, int64_t s)>& mask) {
    const int64_t hd = E / H;
    auto proj = [&](const std::vector<double>& x, int64_t T, int64_t which) {
        std::vector<double> out(size_t(T * N * E));
        for (int64_t t = 0; t < T; ++t)
            for (int64_t n = 0; n < N; ++n)
                for (int64_t o = 0; o < E; ++o) {
                    double s = b_in[size_t(which * E + o)];
                    for (int64_t i = 0; i < E; ++i)
                        s += x[size_t((t * N + n) * E + i)] * w_in[size_t((which * E + o) * E + i)];
                    out[size_t((t * N + n) * E + o)] = s;
                }
        return out;
    };
    std::vector<double> qp = proj(q, L, 0), kp = proj(k, S, 1), vp = proj(v, S, 2);
    std::vector<double> concat(size_t(L * N * E), 0.0), avg(size_t(N * L * S), 0.0);
    for (int64_t n = 0; n < N; ++n)
        for (int64_t h = 0; h < H; ++h)
            for (int64_t l = 0; l < L; ++l) {
                std::vector<double> sc(static_cast<size_t>(S));
                double mx = -INFINITY;
                for (int64_t s = 0; s < S; ++s) {
                    double d = 0;
                    for (int64_t j = 0; j < hd; ++j)
                        d += qp[size_t((l * N + n) * E + h * hd + j)] * kp[size_t((s * N + n) * E + h * hd + j)];
                    sc[size_t(s)] = d / std::sqrt(double(hd)) + mask(n, l, s);
                    mx = std::max(mx, sc[size_t(s)]);
                }
                double z = 0;
                for (double& e : sc) z += (e = std::exp(e - mx));
                for (int64_t s = 0; s < S; ++s) {
                    double a = sc[size_t(s)] / z;
                    avg[size_t((n * L + l) * S + s)] += a / double(H);
                    for (int64_t j = 0; j < hd; ++j)
                        concat[size_t((l * N + n) * E + h * hd + j)] += a * vp[size_t((s * N + n) * E + h * hd + j)];
                }
            }
    std::vector<double> out(size_t(L * N * E));
    for (int64_t r = 0; r < L * N; ++r)
        for (int64_t o = 0; o < E; ++o) {
            double s = b_out[size_t(o)];
            for (int64_t i = 0; i < E; ++i) s += concat[size_t(r * E + i)] * w_out[size_t(o * E + i)];
            out[size_t(r * E + o)] = s;
        }
    return {out, avg};
}

std::shared_ptr<nn::MultiheadAttention> make_mha(int64_t E, int64_t H, bool batch_first = false) {
    manual_seed(7);
    auto m = std::make_shared<nn::MultiheadAttention>(E, H, 0.0, true, batch_first, DType::Float64);
    // Non-zero biases so the reference checks them too.
    autograd::NoGradGuard no_grad;
    Tensor b = m->parameter("in_proj_bias");
    copy_(b, test_input({3 * E}, 99, -0.5, 0.5, false));
    Tensor ob = m->child("out_proj")->parameter("bias");
    copy_(ob, test_input({E}, 98, -0.5, 0.5, false));
    return m;
}

RefOut ref_for(nn::MultiheadAttention& m, const Tensor& q, const Tensor& k, const Tensor& v, int64_t L, int64_t S,
               int64_t N, const std::function<double(int64_t, int64_t, int64_t)>& mask) {
    auto out_proj = m.child("out_proj");
    return ref_mha(q.to_double_vector(), k.to_double_vector(), v.to_double_vector(), L, S, N, m.embed_dim, m.num_heads,
                   m.parameter("in_proj_weight").to_double_vector(), m.parameter("in_proj_bias").to_double_vector(),
                   out_proj->parameter("weight").to_double_vector(), out_proj->parameter("bias").to_double_vector(),
                   mask);
}

double no_mask(int64_t, int64_t, int64_t) { return 0.0; }

}  // namespace

TEST_CASE("MultiheadAttention parameters, initialisation and repr", "[nn][mha]") {
    manual_seed(0);
    nn::MultiheadAttention m(8, 2);
    std::vector<std::string> names;
    for (const auto& [n, p] : m.named_parameters()) names.push_back(n);
    CHECK(names == std::vector<std::string>{"in_proj_weight", "in_proj_bias", "out_proj.weight", "out_proj.bias"});
    CHECK(m.parameter("in_proj_weight").sizes() == Shape{24, 8});
    check_close(m.parameter("in_proj_bias"), std::vector<double>(24, 0.0), 0, 0);
    check_close(m.child("out_proj")->parameter("bias"), std::vector<double>(8, 0.0), 0, 0);
    const double xavier = std::sqrt(6.0 / (8 + 24));
    for (double v : m.parameter("in_proj_weight").to_double_vector()) CHECK(std::fabs(v) <= xavier);
    for (double v : m.child("out_proj")->parameter("weight").to_double_vector()) CHECK(std::fabs(v) <= 1 / std::sqrt(8.0));
    CHECK(m.repr() ==
          "MultiheadAttention(\n"
          "  (out_proj): NonDynamicallyQuantizableLinear(in_features=8, out_features=8, bias=True)\n"
          ")");
}

TEST_CASE("MultiheadAttention self-attention matches a per-head float64 loop", "[nn][mha]") {
    auto m = make_mha(6, 2);
    Tensor x = test_input({3, 2, 6}, 1, -1, 1, false);  // (L, N, E)
    auto [out, w] = m->attention(x, x, x);
    REQUIRE(w.defined());
    CHECK(out.sizes() == Shape{3, 2, 6});
    CHECK(w.sizes() == Shape{2, 3, 3});
    RefOut ref = ref_for(*m, x, x, x, 3, 3, 2, no_mask);
    check_close(out, ref.out, 1e-10, 1e-10);
    check_close(w, ref.weights, 1e-10, 1e-10);
}

TEST_CASE("MultiheadAttention cross-attention with different source length", "[nn][mha]") {
    auto m = make_mha(4, 2);
    Tensor q = test_input({2, 1, 4}, 2, -1, 1, false), kv = test_input({5, 1, 4}, 3, -1, 1, false);
    Tensor v = test_input({5, 1, 4}, 4, -1, 1, false);
    auto [out, w] = m->attention(q, kv, v);
    RefOut ref = ref_for(*m, q, kv, v, 2, 5, 1, no_mask);
    check_close(out, ref.out, 1e-10, 1e-10);
    CHECK(w.sizes() == Shape{1, 2, 5});
}

TEST_CASE("MultiheadAttention batch_first transposes input and output", "[nn][mha]") {
    auto a = make_mha(4, 1, false), b = make_mha(4, 1, true);
    Tensor x = test_input({3, 2, 4}, 5, -1, 1, false);   // (L, N, E)
    Tensor xb = contiguous(transpose(x, 0, 1));          // (N, L, E)
    auto [oa, wa] = a->attention(x, x, x);
    auto [ob, wb] = b->attention(xb, xb, xb);
    CHECK(ob.sizes() == Shape{2, 3, 4});
    check_close(ob, contiguous(transpose(oa, 0, 1)), 1e-12, 1e-12);
    check_close(wb, wa, 1e-12, 1e-12);
}

TEST_CASE("MultiheadAttention key_padding_mask: masked keys get zero weight", "[nn][mha]") {
    auto m = make_mha(4, 2);
    Tensor x = test_input({3, 2, 4}, 6, -1, 1, false);
    // Batch 0 ignores key 2, batch 1 ignores key 0.
    Tensor kpm = tensor({0, 0, 1, 1, 0, 0}, {2, 3}, DType::Bool);
    auto [out, w] = m->attention(x, x, x, kpm);
    RefOut ref = ref_for(*m, x, x, x, 3, 3, 2, [](int64_t n, int64_t, int64_t s) {
        return (n == 0 && s == 2) || (n == 1 && s == 0) ? -INFINITY : 0.0;
    });
    check_close(out, ref.out, 1e-10, 1e-10);
    check_close(w, ref.weights, 1e-10, 1e-10);
    std::vector<double> wv = w.to_double_vector();
    CHECK(wv[2] == 0.0);          // n=0, l=0, s=2
    CHECK(wv[9 + 3 * 1] == 0.0);  // n=1, l=1, s=0
    // The same mask as floats gives the same result.
    Tensor kpm_f = masked_fill(zeros({2, 3}, {DType::Float64}), kpm, Scalar(-INFINITY));
    check_close(m->attention(x, x, x, kpm_f).first, out, 1e-12, 1e-12);
}

TEST_CASE("MultiheadAttention causal attn_mask, bool and float forms", "[nn][mha]") {
    auto m = make_mha(4, 2);
    Tensor x = test_input({4, 1, 4}, 7, -1, 1, false);
    Tensor causal = tensor({0, 1, 1, 1, 0, 0, 1, 1, 0, 0, 0, 1, 0, 0, 0, 0}, {4, 4}, DType::Bool);
    auto [out, w] = m->attention(x, x, x, Tensor(), true, causal);
    RefOut ref = ref_for(*m, x, x, x, 4, 4, 1, [](int64_t, int64_t l, int64_t s) { return s > l ? -INFINITY : 0.0; });
    check_close(out, ref.out, 1e-10, 1e-10);
    std::vector<double> wv = w.to_double_vector();
    for (int l = 0; l < 4; ++l)
        for (int s = l + 1; s < 4; ++s) CHECK(wv[size_t(l * 4 + s)] == 0.0);
    Tensor additive = tensor({0, -1.5, 0.5, 0, 0, 0, 2, 0, 1, 0, 0, 0, 0, 0, -3, 0}, {4, 4}, DType::Float64);
    auto [out2, w2] = m->attention(x, x, x, Tensor(), true, additive);
    std::vector<double> av = additive.to_double_vector();
    RefOut ref2 = ref_for(*m, x, x, x, 4, 4, 1, [&](int64_t, int64_t l, int64_t s) { return av[size_t(l * 4 + s)]; });
    check_close(out2, ref2.out, 1e-10, 1e-10);
}

TEST_CASE("MultiheadAttention need_weights=False and per-head weights", "[nn][mha]") {
    auto m = make_mha(6, 3);
    Tensor x = test_input({2, 2, 6}, 8, -1, 1, false);
    auto [out, w] = m->attention(x, x, x, Tensor(), false);
    CHECK_FALSE(w.defined());
    check_close(out, ref_for(*m, x, x, x, 2, 2, 2, no_mask).out, 1e-10, 1e-10);
    auto [out2, per_head] = m->attention(x, x, x, Tensor(), true, Tensor(), false);
    CHECK(per_head.sizes() == Shape{2, 3, 2, 2});
    check_close(mean(per_head, {1}), m->attention(x, x, x).second, 1e-12, 1e-12);
    // The generic forward returns (output, weights).
    std::vector<Tensor> res = m->forward({x, x, x});
    REQUIRE(res.size() == 2);
    check_close(res[0], out, 1e-12, 1e-12);
}

// need_weights=False takes scaled_dot_product_attention over head views (the fused kernel on a GPU);
// masks reach it as (N*H, L|1, S) floats reshaped to (N, H, L|1, S). Same outputs as the weights path.
TEST_CASE("MultiheadAttention need_weights=False equals the weights path, with every mask", "[nn][mha]") {
    auto m = make_mha(8, 2);
    Tensor x = test_input({3, 2, 8}, 10, -1, 1, false);
    Tensor kpm = tensor({0, 0, 1, 1, 0, 0}, {2, 3}, DType::Bool);
    Tensor causal = tensor({0, 1, 1, 0, 0, 1, 0, 0, 0}, {3, 3}, DType::Bool);
    Tensor per_head = test_input({4, 3, 3}, 11, -1, 1, false);
    for (int variant = 0; variant < 4; ++variant) {
        INFO("variant " << variant);
        Tensor k = variant == 1 || variant == 3 ? kpm : Tensor();
        Tensor am = variant == 2 ? causal : variant == 3 ? per_head : Tensor();
        auto [fast, none] = m->attention(x, x, x, k, false, am);
        CHECK_FALSE(none.defined());
        check_close(fast, m->attention(x, x, x, k, true, am).first, 1e-12, 1e-12);
    }
}

TEST_CASE("MultiheadAttention on unbatched (L, E) input", "[nn][mha]") {
    auto m = make_mha(4, 2);
    Tensor x = test_input({3, 4}, 9, -1, 1, false);
    auto [out, w] = m->attention(x, x, x);
    CHECK(out.sizes() == Shape{3, 4});
    CHECK(w.sizes() == Shape{3, 3});
    check_close(out, ref_for(*m, x, x, x, 3, 3, 1, no_mask).out, 1e-10, 1e-10);
}

TEST_CASE("MultiheadAttention gradcheck through query, key and in_proj_weight", "[nn][mha][grad]") {
    auto m = make_mha(4, 2);
    Tensor q = test_input({2, 1, 4}, 10), k = test_input({3, 1, 4}, 11);
    Tensor w = m->parameter("in_proj_weight");
    Tensor kpm = tensor({0, 1, 0}, {1, 3}, DType::Bool);
    CHECK(gradcheck([&](const std::vector<Tensor>& in) { return m->attention(in[0], in[1], in[1], kpm).first; },
                    {q, k, w}));
    CHECK(gradcheck([&](const std::vector<Tensor>& in) { return m->attention(in[0], in[1], in[1]).second; }, {q, k}));
}

TEST_CASE("MultiheadAttention errors", "[nn][mha][errors]") {
    CHECK_THROWS_WITH(nn::MultiheadAttention(6, 4), "embed_dim must be divisible by num_heads");
    nn::MultiheadAttention m(4, 2);
    CHECK_THROWS_WITH(m.attention(zeros({2, 1, 5}), zeros({2, 1, 5}), zeros({2, 1, 5})),
                      "was expecting embedding dimension of 4, but got 5");
    CHECK_THROWS_WITH(m.attention(zeros({2, 1, 4}), zeros({2, 1, 4}), zeros({2, 1, 4}), Tensor(), true,
                                  zeros({3, 3}, {DType::Bool})),
                      "The shape of the 2D attn_mask is torch.Size([3, 3]), but should be (2, 2).");
    CHECK_THROWS_WITH(m.attention(zeros({2, 1, 4}), zeros({2, 4}), zeros({2, 4})),
                      Catch::Contains("For batched (3-D) `query`, expected `key` and `value` to be 3-D"));
}

TEST_CASE("scaled_dot_product_attention's backward op equals autograd of the math (float64, CPU)", "[nn][mha][grad]") {
    // ops/attention.cpp's scaled_dot_product_attention_backward, the op AOT autograd emits for
    // attention: 4-D operands on the CPU take the flash kernels (ops/attention_cpu.cpp), 3-D ones the
    // math; both must give autograd's gradients (the GPU kernels are checked against the same
    // reference in tests/cuda; the flash kernels against the math's composite below).
    for (const Shape& qs : {Shape{2, 3, 7, 5}, Shape{4, 6, 3}}) {
        INFO(shape_str(qs));
        Shape ks = qs;
        ks[ks.size() - 2] = 9;
        Tensor q = test_input(qs, 1, -1.0, 1.0, false), k = test_input(ks, 2, -1.0, 1.0, false),
               v = test_input(ks, 3, -1.0, 1.0, false), g = test_input(qs, 4, -1.0, 1.0, false);
        std::vector<Tensor> leaves;
        for (const Tensor& t : {q, k, v}) {
            Tensor l = t.detach();
            l.requires_grad_(true);
            leaves.push_back(l);
        }
        Tensor out = scaled_dot_product_attention(leaves[0], leaves[1], leaves[2], Tensor(), 0.0, false, 0.7);
        autograd::backward({out}, {g}, false, false);
        // the forward op of compiled training: the same output, and each row's logsumexp
        std::vector<Tensor> fwd = scaled_dot_product_fused_attention(q, k, v, 0.7);
        REQUIRE(fwd.size() == 2);
        check_close(fwd[0], out.detach(), 1e-12, 1e-12);
        check_close(fwd[1], logsumexp(mul(matmul(q, transpose(k, -2, -1)), Scalar(0.7)), {-1}), 1e-12, 1e-12);
        CHECK(fwd[1].sizes() == Shape(qs.begin(), qs.end() - 1));
        std::vector<Tensor> got = scaled_dot_product_attention_backward(g, q, k, v, fwd[0], fwd[1], 0.7);
        REQUIRE(got.size() == 3);
        for (size_t i = 0; i < 3; ++i) check_close(got[i], leaves[i].grad(), 1e-12, 1e-12);
    }
    CHECK_THROWS_WITH(scaled_dot_product_attention_backward(randn({2, 3}), randn({2, 4}), randn({5, 4}), randn({6, 4}),
                                                            randn({2, 4}), randn({2}), 1.0),
                      Catch::Contains("do not fit one attention"));
    CHECK_THROWS_WITH(scaled_dot_product_attention_backward(randn({2, 4}), randn({2, 4}), randn({5, 4}), randn({5, 4}),
                                                            randn({2, 4}), randn({3}), 1.0),
                      Catch::Contains("one value per query row"));
}

namespace {
// softmax(q k^T scale [causal, top-left]) v as a composite of differentiable ops: the reference.
Tensor attention_reference(const Tensor& q, const Tensor& k, const Tensor& v, double scale, bool causal) {
    Tensor w = mul(matmul(q, transpose(k, -2, -1)), Scalar(scale));
    if (causal)
        w = masked_fill(w, logical_not(tril(ones({q.size(-2), k.size(-2)}, TensorOptions{DType::Bool, q.device()}))),
                        Scalar(-INFINITY));
    return matmul(softmax(w, -1), v);
}
}  // namespace

TEST_CASE("scaled_dot_product_attention on the CPU: flash kernels equal the math, forward and backward", "[nn][mha][grad]") {
    // ATen's flash attention for the CPU (ops/attention_cpu.cpp): query blocks of 32/64 rows, key
    // blocks of 512, online softmax, causal blocks skipped. Shapes that cut both into several
    // blocks with partial tails, L != S (causal is top-left: row i sees keys <= i), and q, k, v as
    // strided views (k transposed out of (B, S, H, D), q a slice of a packed qkv), in float32 and
    // float64, with and without gradients; the node is PyTorch's CPU one.
    struct Case {
        int64_t B, H, L, S, D;
    };
    for (DType dt : {DType::Float64, DType::Float32}) {
        const double tol = dt == DType::Float64 ? 1e-12 : 2e-5;
        for (const Case& c : {Case{2, 3, 5, 7, 4}, Case{1, 2, 70, 70, 16}, Case{2, 1, 200, 600, 8}, Case{1, 2, 33, 1, 3}}) {
            for (bool causal : {false, true}) {
                INFO(dtype_name(dt) << " B=" << c.B << " H=" << c.H << " L=" << c.L << " S=" << c.S << " D=" << c.D
                                    << " causal=" << causal);
                Tensor qkv = to_dtype(test_input({c.B, c.L, 3, c.H, c.D}, 11, -1.0, 1.0, false), dt);
                Tensor q0 = transpose(select(qkv, 2, 0), 1, 2);  // (B, H, L, D) inside the packed rows
                Tensor k0 = transpose(to_dtype(test_input({c.B, c.S, c.H, c.D}, 12, -1.0, 1.0, false), dt), 1, 2);
                Tensor v0 = to_dtype(test_input({c.B, c.H, c.S, c.D}, 13, -1.0, 1.0, false), dt);
                Tensor g = to_dtype(test_input({c.B, c.H, c.L, c.D}, 14, -1.0, 1.0, false), dt);
                const double scale = 1.0 / std::sqrt(double(c.D));
                std::vector<Tensor> fl, ref;
                for (const Tensor& t : {q0, k0, v0}) {
                    fl.push_back(t.detach().requires_grad_(true));
                    ref.push_back(t.detach().requires_grad_(true));
                }
                Tensor out = scaled_dot_product_attention(fl[0], fl[1], fl[2], Tensor(), 0.0, causal);
                REQUIRE(out.grad_fn());
                CHECK(out.grad_fn()->name == "ScaledDotProductFlashAttentionForCpuBackward0");
                Tensor want = attention_reference(ref[0], ref[1], ref[2], scale, causal);
                check_close(out.detach(), want.detach(), tol, tol);
                autograd::backward({out}, {g}, false, false);
                autograd::backward({want}, {g}, false, false);
                for (size_t i = 0; i < 3; ++i) check_close(fl[i].grad(), ref[i].grad(), tol, tol);
                autograd::NoGradGuard no_grad;  // inference: the same kernel, no node
                Tensor inf = scaled_dot_product_attention(q0, k0, v0, Tensor(), 0.0, causal);
                check_close(inf, want.detach(), tol, tol);
                CHECK(inf.stride(1) == c.D);  // laid out as the query: (B, L, H, D) memory order here, as ATen's empty_like(query)
            }
        }
    }
    // double backward: ATen's flash backward has no derivative (its not_implemented error)
    Tensor q = randn({1, 1, 3, 2}).requires_grad_(true), k = randn({1, 1, 3, 2}).requires_grad_(true);
    Tensor out = scaled_dot_product_attention(q, k, k, Tensor(), 0.0, true);
    autograd::backward({out}, {ones_like(out).requires_grad_(true)}, true, true);
    CHECK_THROWS_WITH(autograd::backward({sum(q.grad())}, {}, false, false),
                      Catch::Contains("derivative for aten::_scaled_dot_product_flash_attention_for_cpu_backward is not "
                                      "implemented"));
}

TEST_CASE("scaled_dot_product_attention on the CPU: the flash kernels take attn_mask as ATen's do", "[nn][mha][grad]") {
    // 2-D and 4-D masks (bool or the operands' dtype, broadcast over batch and heads) go through the
    // flash kernels, added to the scaled scores in the forward and the backward's recomputation; a
    // query row whose every key is masked out gives zeros (ATen's kernel) and no gradient. Key blocks
    // of 512 are cut by S = 600. 3-D masks and masks that need a gradient take the math.
    const int64_t B = 2, H = 3, L = 70, S = 600, D = 8;
    const double scale = 1.0 / std::sqrt(double(D));
    Tensor keep = gt(test_input({B, 1, L, S}, 21, -1.0, 1.0, false), Scalar(-0.6));
    keep = logical_and(keep, view(ne(arange(Scalar(L)), Scalar(5)), {1, 1, L, 1}));  // row 5 sees no key
    Tensor additive = test_input({1, H, 1, S}, 22, -2.0, 2.0, false);
    for (const Tensor& mask : {keep, additive, select(select(keep, 0, 0), 0, 0)}) {
        INFO("mask " << shape_str(mask.sizes()) << " " << dtype_name(mask.dtype()));
        std::vector<Tensor> fl, ref;
        for (uint64_t seed : {31u, 32u, 33u}) {
            Tensor t = test_input({B, H, seed == 31u ? L : S, D}, seed, -1.0, 1.0, false);
            fl.push_back(t.detach().requires_grad_(true));
            ref.push_back(t.detach().requires_grad_(true));
        }
        Tensor out = scaled_dot_product_attention(fl[0], fl[1], fl[2], mask, 0.0, false);
        REQUIRE(out.grad_fn());
        CHECK(out.grad_fn()->name == "ScaledDotProductFlashAttentionForCpuBackward0");
        CHECK(out.is_contiguous());
        Tensor w = mul(matmul(ref[0], transpose(ref[1], -2, -1)), Scalar(scale));
        w = mask.dtype() == DType::Bool ? masked_fill(w, logical_not(mask), Scalar(-INFINITY)) : add(w, mask);
        Tensor p = softmax(w, -1);
        Tensor want = matmul(where(ne(p, p), Scalar(0.0), p), ref[2]);  // a fully masked row (NaN): zeros
        check_close(out.detach(), want.detach(), 2e-5, 2e-5);
        Tensor g = test_input({B, H, L, D}, 34, -1.0, 1.0, false);
        autograd::backward({out}, {g}, false, false);
        autograd::backward({want}, {g}, false, false);
        for (size_t i = 0; i < 3; ++i) check_close(fl[i].grad(), ref[i].grad(), 2e-5, 2e-5);
        if (mask.dtype() == DType::Bool) CHECK(sum(abs(select(out, 2, 5))).item().to_double() == 0.0);
    }
    Tensor q = randn({1, 2, 4, 3}).requires_grad_(true);
    Tensor m3 = gt(randn({2, 4, 4}), Scalar(-0.5));
    CHECK(scaled_dot_product_attention(q, q, q, m3, 0.0, false).grad_fn()->name !=
          "ScaledDotProductFlashAttentionForCpuBackward0");
    Tensor mg = randn({4, 4}).requires_grad_(true);
    CHECK(scaled_dot_product_attention(q, q, q, mg, 0.0, false).grad_fn()->name !=
          "ScaledDotProductFlashAttentionForCpuBackward0");
}
