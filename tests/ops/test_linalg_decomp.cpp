// torch.linalg's decompositions (ops/linalg_decomp.h): each result checked by its defining identity
// in float64 (A inv(A) = I, L L^T = A, A V = V diag(w), U diag(S) Vh = A with orthonormal factors,
// Q R = A with R upper), det/slogdet against a cofactor expansion, matrix_exp against a Taylor sum,
// PyTorch's error texts, float32 batches, and gradchecks of every backward formula (through
// sign-invariant functions of eigenvectors and singular vectors); and the native scatter op.
#include <cmath>

#include "ops/index_ext.h"
#include "ops/linalg_decomp.h"
#include "support/check.h"

using namespace kiln;
using kiln::testing::check_close;
using kiln::testing::grad_fn_name;
using kiln::testing::gradcheck;
using kiln::testing::test_input;

namespace {
using Ins = std::vector<Tensor>;

Tensor mT(const Tensor& t) { return transpose(t, -2, -1); }

std::string error_of(const std::function<void()>& f) {
    try {
        f();
    } catch (const Error& e) {
        return e.what();
    }
    return "";
}

Tensor eye_like(int64_t n) { return eye(n, std::nullopt, {DType::Float64}); }

// A well-conditioned n x n float64 matrix (diagonally dominant).
Tensor square(int64_t n, uint32_t seed, bool requires_grad = true) {
    Tensor a = test_input({n, n}, seed, -1.0, 1.0, false);
    Tensor r = add(a, mul(eye_like(n), Scalar(double(n))));
    r = contiguous(r);
    if (requires_grad) r.requires_grad_(true);
    return r;
}

double det_ref(const std::vector<double>& a, int64_t n) {
    if (n == 1) return a[0];
    double d = 0;
    for (int64_t j = 0; j < n; ++j) {
        std::vector<double> minor;
        for (int64_t i = 1; i < n; ++i)
            for (int64_t k = 0; k < n; ++k)
                if (k != j) minor.push_back(a[size_t(i * n + k)]);
        d += ((j % 2) ? -1.0 : 1.0) * a[size_t(j)] * det_ref(minor, n - 1);
    }
    return d;
}
}  // namespace

TEST_CASE("linalg inv / det / slogdet / solve", "[linalg]") {
    Tensor A = square(4, 3, false);
    check_close(matmul(A, linalg_inv(A)), eye_like(4), 1e-12, 1e-12);
    double d = det_ref(A.to_double_vector(), 4);
    check_close(linalg_det(A), {d}, 1e-12, 1e-12);
    auto [sign, logabs] = linalg_slogdet(A);
    check_close(sign, {d < 0 ? -1.0 : 1.0});
    check_close(logabs, {std::log(std::fabs(d))}, 1e-12, 1e-12);
    Tensor B = test_input({4, 2}, 5, -1, 1, false);
    check_close(matmul(A, linalg_solve(A, B)), B, 1e-12, 1e-12);
    // vector right-hand side, broadcast batch
    Tensor b = test_input({4}, 6, -1, 1, false);
    check_close(mv(A, linalg_solve(A, b)), b, 1e-12, 1e-12);
    Tensor Ab = stack({A, mul(A, Scalar(2.0))});
    Tensor X = linalg_solve(Ab, B);
    CHECK(X.sizes() == Shape{2, 4, 2});
    check_close(matmul(Ab, X), expand(B, {2, 4, 2}), 1e-12, 1e-12);
    // left=False: X A = B
    Tensor B2 = test_input({3, 4}, 7, -1, 1, false);
    check_close(matmul(linalg_solve(A, B2, false), A), B2, 1e-12, 1e-12);
    // singular matrix: det 0, slogdet (0, -inf)
    Tensor S = tensor({1, 2, 2, 4}, {2, 2}, DType::Float64);
    check_close(linalg_det(S), {0.0});
    check_close(linalg_slogdet(S).second, {-INFINITY});
    // its sign is prod(sgn(diag U)) * det(P): 0 * -1, a negative zero (one row swap)
    CHECK(std::signbit(linalg_slogdet(S).first.to_double_vector()[0]));
    // float32 batches keep their dtype
    Tensor F = to_dtype(stack({A, A}), DType::Float32);
    CHECK(linalg_inv(F).dtype() == DType::Float32);
    CHECK(linalg_det(F).sizes() == Shape{2});
}

TEST_CASE("linalg error texts", "[linalg]") {
    Tensor S = tensor({1, 2, 2, 4}, {2, 2}, DType::Float32);
    CHECK(error_of([&] { linalg_inv(S); }) ==
          "linalg.inv: The diagonal element 2 is zero, the inversion could not be completed because the input matrix is "
          "singular.");
    CHECK(error_of([&] { linalg_inv(stack({eye(2), S})); }) ==
          "linalg.inv: (Batch element 1): The diagonal element 2 is zero, the inversion could not be completed because "
          "the input matrix is singular.");
    CHECK(error_of([&] { linalg_inv(ones({2, 3})); }) ==
          "linalg.inv: A must be batches of square matrices, but they are 2 by 3 matrices");
    CHECK(error_of([&] { linalg_det(ones({3})); }) == "linalg.det: The input tensor A must have at least 2 dimensions.");
    CHECK(error_of([&] { linalg_inv(ones({2, 2}, {DType::Int64})); }) ==
          "linalg.inv: Expected a floating point or complex tensor as input. Got Long");
    CHECK(error_of([&] { linalg_solve(S, ones({2})); }) ==
          "torch.linalg.solve: The solver failed because the input matrix is singular.");
    CHECK(error_of([&] { linalg_cholesky(tensor({1, 2, 2, 1}, {2, 2})); }) ==
          "linalg.cholesky: The factorization could not be completed because the input is not positive-definite (the "
          "leading minor of order 2 is not positive-definite).");
    bool linalg_error = false;
    try {
        linalg_inv(S);
    } catch (const LinAlgFailure&) {
        linalg_error = true;
    }
    CHECK(linalg_error);
}

TEST_CASE("linalg cholesky / eigh / svd / qr / matrix_exp identities", "[linalg]") {
    Tensor A = square(4, 11, false);
    Tensor P = add(matmul(A, mT(A)), eye_like(4));
    Tensor L = linalg_cholesky(P);
    check_close(matmul(L, mT(L)), P, 1e-12, 1e-12);
    check_close(triu(L, 1), zeros({4, 4}, {DType::Float64}));
    Tensor U = linalg_cholesky(P, true);
    check_close(matmul(mT(U), U), P, 1e-12, 1e-12);

    auto [w, V] = linalg_eigh(P);
    check_close(matmul(P, V), mul(V, unsqueeze(w, 0)), 1e-10, 1e-10);
    check_close(matmul(mT(V), V), eye_like(4), 1e-12, 1e-12);
    std::vector<double> wv = w.to_double_vector();
    for (size_t i = 1; i < wv.size(); ++i) CHECK(wv[i - 1] <= wv[i]);

    for (auto shape : {Shape{5, 3}, Shape{3, 5}, Shape{4, 4}, Shape{2, 5, 3}}) {
        Tensor M = test_input(shape, 13, -1, 1, false);
        auto [Uf, Sf, Vhf] = linalg_svd(M, true);
        auto [Ur, Sr, Vhr] = linalg_svd(M, false);
        const int64_t m = shape[shape.size() - 2], n = shape.back(), k = std::min(m, n);
        CHECK(Uf.sizes().back() == m);
        CHECK(Vhf.sizes()[Vhf.dim() - 2] == n);
        check_close(matmul(mul(Ur, unsqueeze(Sr, -2)), Vhr), M, 1e-12, 1e-12);
        check_close(matmul(mT(Uf), Uf), expand(eye_like(m), Uf.sizes().size() == 3 ? Shape{2, m, m} : Shape{m, m}), 1e-12, 1e-12);
        check_close(matmul(Vhf, mT(Vhf)), expand(eye_like(n), Vhf.sizes().size() == 3 ? Shape{2, n, n} : Shape{n, n}), 1e-12, 1e-12);
        CHECK(Sr.sizes().back() == k);

        auto [Q, R] = linalg_qr(M);
        check_close(matmul(Q, R), M, 1e-12, 1e-12);
        check_close(tril(R, -1), zeros(R.sizes(), {DType::Float64}));
        auto [Qc, Rc] = linalg_qr(M, "complete");
        CHECK(Qc.sizes().back() == m);
        check_close(matmul(Qc, Rc), M, 1e-12, 1e-12);
    }
    // LAPACK's reflector sign: R's diagonal is -sign(a_11) * ||a_1|| for the first column.
    Tensor M = tensor({3, 1, 4, 2}, {2, 2}, DType::Float64);
    check_close(select(select(linalg_qr(M).second, 0, 0), 0, 0), {-5.0});

    // matrix_exp of a rotation generator: [[cos, sin], [-sin, cos]]; of a nilpotent matrix: I + N.
    Tensor G = tensor({0, 1, -1, 0}, {2, 2}, DType::Float64);
    check_close(linalg_matrix_exp(G), {std::cos(1.0), std::sin(1.0), -std::sin(1.0), std::cos(1.0)}, 1e-14, 1e-14);
    Tensor N = tensor({0, 3, 0, 0}, {2, 2}, DType::Float64);
    check_close(linalg_matrix_exp(N), {1, 3, 0, 1}, 1e-14, 1e-14);
    Tensor big = mul(square(3, 17, false), Scalar(2.0));  // needs scaling and squaring
    check_close(matmul(linalg_matrix_exp(big), linalg_matrix_exp(neg(big))), eye_like(3), 1e-9, 1e-9);
}

TEST_CASE("linalg backward formulas", "[linalg][autograd]") {
    Tensor A = square(3, 21);
    CHECK(gradcheck([](const Ins& x) { return linalg_inv(x[0]); }, {A}));
    CHECK(gradcheck([](const Ins& x) { return linalg_det(x[0]); }, {A}));
    CHECK(gradcheck([](const Ins& x) { return linalg_slogdet(x[0]).second; }, {A}));
    Tensor B = test_input({3, 2}, 22);
    CHECK(gradcheck([](const Ins& x) { return linalg_solve(x[0], x[1]); }, {A, B}));
    Tensor b = test_input({3}, 23);
    CHECK(gradcheck([](const Ins& x) { return linalg_solve(x[0], x[1]); }, {A, b}));
    CHECK(grad_fn_name(linalg_inv(A)) == "LinalgInvExBackward0");
    CHECK(grad_fn_name(linalg_det(A)) == "LinalgDetBackward0");

    // Cholesky / eigh on the symmetric part of the input.
    auto spd = [](const Tensor& x) { return add(matmul(x, mT(x)), eye(3, std::nullopt, {DType::Float64})); };
    CHECK(gradcheck([&](const Ins& x) { return linalg_cholesky(spd(x[0])); }, {A}));
    CHECK(gradcheck([&](const Ins& x) { return linalg_eigh(spd(x[0])).first; }, {A}));
    CHECK(gradcheck([&](const Ins& x) {
        Tensor V = linalg_eigh(spd(x[0])).second;
        return mul(V, V);  // sign-invariant
    }, {A}));

    for (auto shape : {Shape{4, 3}, Shape{3, 4}, Shape{3, 3}}) {
        Tensor M = test_input(shape, 31);
        CHECK(gradcheck([](const Ins& x) { return std::get<1>(linalg_svd(x[0], false)); }, {M}));
        CHECK(gradcheck([](const Ins& x) {
            auto [U, S, Vh] = linalg_svd(x[0], false);
            return mul(U, U);
        }, {M}));
        CHECK(gradcheck([](const Ins& x) {
            auto [U, S, Vh] = linalg_svd(x[0], true);
            Tensor k = narrow(Vh, -2, 0, std::get<1>(linalg_svd(x[0], false)).sizes().back());
            return mul(k, k);
        }, {M}));
        CHECK(gradcheck([](const Ins& x) {
            auto [Q, R] = linalg_qr(x[0]);
            return add(sum(mul(Q, Q)), sum(mul(R, R)));  // mixes both outputs
        }, {M}));
        CHECK(gradcheck([](const Ins& x) { return linalg_qr(x[0]).first; }, {M}));
        CHECK(gradcheck([](const Ins& x) { return linalg_qr(x[0]).second; }, {M}));
    }
    CHECK(gradcheck([](const Ins& x) { return linalg_matrix_exp(x[0]); }, {test_input({3, 3}, 41)}));
    // det of a singular matrix: ATen's first-order backward solves through the LU with its zero pivot
    // replaced by epsilon, against grad * det = 0, so the gradient is 0; under create_graph it is the
    // adjugate (from the SVD), which is also what the second-order graph differentiates.
    Tensor S = tensor({1, 2, 2, 4}, {2, 2}, DType::Float64, true);
    Tensor d = linalg_det(S);
    autograd::backward({d});
    check_close(S.grad(), {0, 0, 0, 0}, 0, 0);
    std::vector<Tensor> gs = autograd::grad({linalg_det(S)}, {S}, {}, true, true);
    check_close(gs[0], {4, -2, -2, 1}, 1e-10, 1e-10);
    // double backward: d2 det / dA2 of a 3x3 matrix. d det / dA[0][0] is the minor det(A[1:, 1:]),
    // whose gradient is that minor's cofactor matrix in the lower-right block and 0 elsewhere.
    Tensor A2 = square(3, 51);
    std::vector<Tensor> g = autograd::grad({linalg_det(A2)}, {A2}, {}, true, true);
    CHECK(g[0].requires_grad());
    std::vector<Tensor> h = autograd::grad({select(select(g[0], 0, 0), 0, 0)}, {A2});
    std::vector<double> a = A2.to_double_vector();
    check_close(h[0], {0, 0, 0, 0, a[8], -a[7], 0, -a[5], a[4]}, 1e-10, 1e-10);
}

// ---- scatter (ops/index_ext.h), the native op behind Tensor.scatter(_) --------------------------------

TEST_CASE("scatter: src, value, reduce, duplicates, errors, gradients", "[index]") {
    Tensor base = zeros({3, 4}, {DType::Float64});
    Tensor idx = tensor({0, 2, 1, 3}, {4, 1}, DType::Int64);
    // the one-hot idiom along dim 1 (rows of the index choose columns)
    Tensor oh = scatter(zeros({4, 4}, {DType::Float64}), 1, idx, Scalar(1.0));
    check_close(oh, {1, 0, 0, 0, 0, 0, 1, 0, 0, 1, 0, 0, 0, 0, 0, 1});
    // src along dim 0: out[idx[i][j]][j] = src[i][j]
    Tensor src = tensor({1, 2, 3, 4, 5, 6, 7, 8}, {2, 4}, DType::Float64);
    Tensor index = tensor({0, 1, 2, 0, 2, 2, 0, 1}, {2, 4}, DType::Int64);
    std::vector<double> ref(12, 0.0);
    std::vector<double> sv = src.to_double_vector();
    std::vector<int64_t> iv = index.to_int_vector();
    for (int64_t i = 0; i < 2; ++i)
        for (int64_t j = 0; j < 4; ++j) ref[size_t(iv[size_t(i * 4 + j)] * 4 + j)] = sv[size_t(i * 4 + j)];
    check_close(scatter(base, 0, index, src), ref);
    // a position named twice in one row of the index takes the later value
    Tensor dup = scatter(zeros({1, 3}, {DType::Float64}), 1, tensor({2, 2}, {1, 2}, DType::Int64),
                         tensor({5, 7}, {1, 2}, DType::Float64));
    check_close(dup, {0, 0, 7});
    check_close(scatter(full({2, 4}, Scalar(2.0), {DType::Float64}), 1, tensor({2, 3}, {2, 1}, DType::Int64),
                        Scalar(1.5), "multiply"),
                {2, 2, 3, 2, 2, 2, 2, 3});
    check_close(scatter(full({2, 4}, Scalar(2.0), {DType::Float64}), 1, tensor({2, 3}, {2, 1}, DType::Int64),
                        Scalar(1.5), "add"),
                {2, 2, 3.5, 2, 2, 2, 2, 3.5});
    CHECK(error_of([&] { scatter(base, 0, index, Scalar(1.0), "max"); }) == "reduce argument must be either add or multiply.");
    CHECK(error_of([&] { scatter(base, 0, to_dtype(index, DType::Float64), src); }) ==
          "scatter(): Expected dtype int32/int64 for index");
    CHECK(error_of([&] { scatter(base, 0, index, to_dtype(src, DType::Float32)); }) ==
          "scatter(): Expected self.dtype to be equal to src.dtype");
    CHECK(error_of([&] { scatter(base, 0, tensor({5}, {1, 1}, DType::Int64), Scalar(1.0)); }) ==
          "index 5 is out of bounds for dimension 0 with size 3");
    Tensor s = test_input({2, 4}, 61);
    Tensor t = test_input({3, 4}, 62);
    CHECK(gradcheck([&](const Ins& x) { return scatter(x[0], 0, index, x[1]); }, {t, s}));
    CHECK(gradcheck([&](const Ins& x) { return scatter(x[0], 1, narrow(idx, 0, 0, 3), Scalar(0.5)); }, {t}));
    CHECK(grad_fn_name(scatter(t, 0, index, s)) == "ScatterBackward0");
    CHECK(grad_fn_name(scatter(t, 0, index, Scalar(1.0))) == "ScatterBackward1");
}
