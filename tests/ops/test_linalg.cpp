// Matrix products: mm, bmm, matmul (every torch.matmul case), addmm, linear, dot, outer, and the
// GEMM kernel under them. Values are checked against naive float64 triple loops written here;
// gradients with gradcheck; grad_fn names and error texts against PyTorch 2.x.
#include <cmath>
#include <cstring>
#include <random>
#include <type_traits>

#include "ops/gemm.h"
#include "support/check.h"
#include "tensor/iter.h"
#include "tensor/parallel.h"

using namespace kiln;
using kiln::testing::check_close;
using kiln::testing::grad_fn_name;
using kiln::testing::gradcheck;
using kiln::testing::test_input;

namespace {

// Reference: C[M,N] = A[M,K] @ B[K,N] with A, B given row-major (any tensor layout via to_double_vector).
std::vector<double> ref_mm(const std::vector<double>& a, const std::vector<double>& b, int64_t M, int64_t K, int64_t N) {
    std::vector<double> c(size_t(M * N), 0.0);
    for (int64_t i = 0; i < M; ++i)
        for (int64_t j = 0; j < N; ++j) {
            double s = 0;
            for (int64_t k = 0; k < K; ++k) s += a[size_t(i * K + k)] * b[size_t(k * N + j)];
            c[size_t(i * N + j)] = s;
        }
    return c;
}

Tensor rand_f32(const Shape& s, uint32_t seed) { return to_dtype(test_input(s, seed, -1, 1, false), DType::Float32); }


}  // namespace

// ---- the GEMM kernel ----------------------------------------------------------------------------

TEST_CASE("sgemm matches a float64 triple loop over odd sizes and all transpositions", "[linalg][gemm]") {
    std::mt19937 rng(7);
    std::uniform_real_distribution<float> d(-1, 1);
    for (int trial = 0; trial < 30; ++trial) {
        const int64_t M = 1 + rng() % 50, N = 1 + rng() % 70, K = 1 + rng() % 300;
        const bool ta = rng() % 2, tb = rng() % 2;
        std::vector<float> A(size_t(M * K)), B(size_t(K * N)), C(size_t(M * N), 3.0f);
        for (float& x : A) x = d(rng);
        for (float& x : B) x = d(rng);
        gemm::sgemm(M, N, K, 0.5f, A.data(), ta ? 1 : K, ta ? M : 1, B.data(), tb ? 1 : N, tb ? K : 1, 2.0f, C.data(),
                    N, 1);
        for (int64_t i = 0; i < M; ++i)
            for (int64_t j = 0; j < N; ++j) {
                double s = 0;
                for (int64_t k = 0; k < K; ++k)
                    s += double(ta ? A[size_t(k * M + i)] : A[size_t(i * K + k)]) *
                         double(tb ? B[size_t(j * K + k)] : B[size_t(k * N + j)]);
                INFO("M=" << M << " N=" << N << " K=" << K << " ta=" << ta << " tb=" << tb);
                REQUIRE(std::fabs(C[size_t(i * N + j)] - (0.5 * s + 6.0)) < 1e-3);
            }
    }
}

TEST_CASE("sgemm edge tiles write only their own rows and columns of C", "[linalg][gemm]") {
    // Edge tiles (M not a multiple of the tile's rows, N not of its columns) are stored from the
    // registers, the last columns through masked vector stores: C sits in a wider buffer (row stride
    // N + 7, 3 rows more) whose other entries must keep their sentinel; beta 0 must not read C's NaNs.
    std::mt19937 rng(11);
    std::uniform_real_distribution<float> d(-1, 1);
    for (int64_t M : {1, 8, 20, 32, 37})
        for (int64_t N : {5, 17, 32, 40, 65})
            for (float beta : {0.0f, 1.5f}) {
                const int64_t K = 33, ld = N + 7;
                std::vector<float> A(size_t(M * K)), B(size_t(K * N));
                for (float& x : A) x = d(rng);
                for (float& x : B) x = d(rng);
                std::vector<float> C(size_t((M + 3) * ld), 7.0f);
                for (int64_t i = 0; i < M; ++i)
                    for (int64_t j = 0; j < N; ++j) C[size_t(i * ld + j)] = beta == 0.0f ? NAN : 0.25f;
                gemm::sgemm(M, N, K, 1.0f, A.data(), K, 1, B.data(), N, 1, beta, C.data(), ld, 1, false);
                for (int64_t i = 0; i < M + 3; ++i)
                    for (int64_t j = 0; j < ld; ++j) {
                        INFO("M=" << M << " N=" << N << " beta=" << beta << " i=" << i << " j=" << j);
                        if (i >= M || j >= N) {
                            REQUIRE(C[size_t(i * ld + j)] == 7.0f);
                            continue;
                        }
                        double s = beta == 0.0f ? 0.0 : 0.25 * beta;
                        for (int64_t k = 0; k < K; ++k) s += double(A[size_t(i * K + k)]) * double(B[size_t(k * N + j)]);
                        REQUIRE(std::fabs(C[size_t(i * ld + j)] - s) < 1e-4);
                    }
            }
}

TEST_CASE("sgemm/dgemm edge tiles (smaller register tiles) give the bits of the padded product", "[linalg][gemm]") {
    // An edge tile runs the smallest register tile covering it (a third, two thirds or all of the
    // tile's rows; one or two vectors of columns). Each element of C is still the same FMAs in the
    // same k order, so a product equals, bit for bit, the top-left block of the same product padded
    // with zero rows and columns to whole tiles (where every tile is full). Shapes cover each
    // row/column tile choice, C written transposed (the strided store path) and beta != 0.
    std::mt19937 rng(5);
    std::uniform_real_distribution<double> d(-1, 1);
    auto check = [&](auto zero) {
        using T = decltype(zero);
        for (int64_t M : {1, 4, 5, 9, 13, 65})
            for (int64_t N : {1, 7, 16, 17, 33, 65})
                for (bool ct : {false, true}) {
                    const int64_t K = 40, Mp = 96, Np = 128;  // whole tiles for every configuration
                    std::vector<T> A(size_t(Mp * K), T(0)), B(size_t(K * Np), T(0)), Cp(size_t(Mp * Np), T(0));
                    for (int64_t i = 0; i < M; ++i)
                        for (int64_t k = 0; k < K; ++k) A[size_t(i * K + k)] = T(d(rng));
                    for (int64_t k = 0; k < K; ++k)
                        for (int64_t j = 0; j < N; ++j) B[size_t(k * Np + j)] = T(d(rng));
                    std::vector<T> C(size_t(M * N));
                    for (size_t i = 0; i < C.size(); ++i) C[i] = T(0.5);
                    for (int64_t i = 0; i < M; ++i)
                        for (int64_t j = 0; j < N; ++j) Cp[size_t(i * Np + j)] = T(0.5);
                    gemm::gemm(Mp, Np, K, T(1), A.data(), K, 1, B.data(), Np, 1, T(2), Cp.data(), Np, 1, false);
                    gemm::gemm(M, N, K, T(1), A.data(), K, 1, B.data(), Np, 1, T(2), C.data(), ct ? 1 : N, ct ? M : 1,
                               false);
                    for (int64_t i = 0; i < M; ++i)
                        for (int64_t j = 0; j < N; ++j) {
                            INFO("M=" << M << " N=" << N << " transposed C=" << ct << " i=" << i << " j=" << j);
                            REQUIRE(C[size_t(ct ? j * M + i : i * N + j)] == Cp[size_t(i * Np + j)]);
                        }
                }
    };
    check(0.0f);
    check(0.0);
}

TEST_CASE("sgemm_bias/dgemm_bias give the bits of the bias copied into C and a GEMM with beta", "[linalg][gemm]") {
    // addmm's bias epilogue: C = alpha A B + beta bias, bias read through its own strides (a bias per
    // column: rows 0 apart; per row: columns 0 apart; a full matrix). It must equal, bit for bit, the
    // bias copied into C then gemm with the same beta (what addmm did before), and a float64 loop up to
    // rounding. Odd sizes cover edge tiles, several K blocks (K = 300 > KC), few rows (M <= 4: the
    // matrix-vector path), the transposed orientation (N = 3), transposed A/B, C written transposed,
    // beta 0 (the bias, NaN here, must not be read) and threads.
    std::mt19937 rng(17);
    std::uniform_real_distribution<double> d(-1, 1);
    auto check = [&](auto zero) {
        using T = decltype(zero);
        for (int64_t M : {1, 3, 13, 37, 130})
            for (int64_t N : {3, 17, 65})
                for (int64_t K : {1, 31, 300})
                    for (int kind : {0, 1, 2})
                        for (int layout : {0, 1, 2}) {
                            const T beta = layout == 2 ? T(0) : T(layout == 0 ? 1 : 0.75);
                            const T alpha = layout == 1 ? T(1.5) : T(1);
                            const bool ta = layout == 1, tb = layout != 0, ct = layout == 1;
                            std::vector<T> A(size_t(M * K)), B(size_t(K * N)), bias(size_t(M * N));
                            for (T& x : A) x = T(d(rng));
                            for (T& x : B) x = T(d(rng));
                            for (T& x : bias) x = beta == T(0) ? T(NAN) : T(d(rng));
                            const int64_t rsA = ta ? 1 : K, csA = ta ? M : 1, rsB = tb ? 1 : N, csB = tb ? K : 1;
                            const int64_t rsBias = kind == 0 ? 0 : (kind == 1 ? 1 : N), csBias = kind == 1 ? 0 : 1;
                            const int64_t rsC = ct ? 1 : N, csC = ct ? M : 1;
                            std::vector<T> C1(size_t(M * N), T(-7)), C2(size_t(M * N));
                            for (int64_t i = 0; i < M; ++i)
                                for (int64_t j = 0; j < N; ++j)
                                    C2[size_t(i * rsC + j * csC)] = bias[size_t(i * rsBias + j * csBias)];
                            if constexpr (std::is_same_v<T, float>)
                                gemm::sgemm_bias(M, N, K, alpha, A.data(), rsA, csA, B.data(), rsB, csB, beta, bias.data(),
                                                 rsBias, csBias, C1.data(), rsC, csC, M > 100);
                            else
                                gemm::dgemm_bias(M, N, K, alpha, A.data(), rsA, csA, B.data(), rsB, csB, beta, bias.data(),
                                                 rsBias, csBias, C1.data(), rsC, csC, M > 100);
                            gemm::gemm(M, N, K, alpha, A.data(), rsA, csA, B.data(), rsB, csB, beta, C2.data(), rsC, csC,
                                       M > 100);
                            for (int64_t i = 0; i < M; ++i)
                                for (int64_t j = 0; j < N; ++j) {
                                    INFO("M=" << M << " N=" << N << " K=" << K << " bias kind=" << kind
                                              << " layout=" << layout << " i=" << i << " j=" << j);
                                    const T got = C1[size_t(i * rsC + j * csC)];
                                    double s = beta == T(0) ? 0.0 : double(beta) * double(bias[size_t(i * rsBias + j * csBias)]);
                                    for (int64_t k = 0; k < K; ++k)
                                        s += double(alpha) * double(A[size_t(i * rsA + k * csA)]) * double(B[size_t(k * rsB + j * csB)]);
                                    REQUIRE(std::fabs(double(got) - s) < (std::is_same_v<T, float> ? 1e-4 : 1e-12) * (1.0 + double(K)));
                                    REQUIRE(std::memcmp(&got, &C2[size_t(i * rsC + j * csC)], sizeof(T)) == 0);
                                }
                        }
    };
    check(0.0f);
    check(0.0);
}

TEST_CASE("dgemm handles a large multi-block product with strided C", "[linalg][gemm]") {
    // M, N, K cross the MC/NC/KC block edges; C is a column-major output (csC != 1).
    const int64_t M = 150, N = 130, K = 530;
    Tensor a = test_input({M, K}, 1, -1, 1, false), b = test_input({K, N}, 2, -1, 1, false);
    std::vector<double> C(size_t(M * N));
    gemm::dgemm(M, N, K, 1.0, a.data_ptr<double>(), K, 1, b.data_ptr<double>(), N, 1, 0.0, C.data(), 1, M);
    std::vector<double> ref = ref_mm(a.to_double_vector(), b.to_double_vector(), M, K, N);
    for (int64_t i = 0; i < M; ++i)
        for (int64_t j = 0; j < N; ++j) REQUIRE(std::fabs(C[size_t(j * M + i)] - ref[size_t(i * N + j)]) < 1e-10);
}

TEST_CASE("gemm with beta 0 ignores NaN in C and K == 0 scales C", "[linalg][gemm]") {
    float A[4] = {1, 2, 3, 4}, B[4] = {1, 0, 0, 1};
    float C[4] = {NAN, NAN, NAN, NAN};
    gemm::sgemm(2, 2, 2, 1.0f, A, 2, 1, B, 2, 1, 0.0f, C, 2, 1);
    CHECK(C[0] == 1);
    CHECK(C[3] == 4);
    float D[4] = {1, 2, 3, 4};
    gemm::sgemm(2, 2, 0, 1.0f, A, 2, 1, B, 2, 1, 0.5f, D, 2, 1);
    CHECK(D[1] == 1.0f);
    CHECK(D[3] == 2.0f);
}

TEST_CASE("large float32 mm is correct with threads", "[linalg][gemm]") {
    Tensor a = rand_f32({300, 257}, 3), b = rand_f32({257, 301}, 4);
    Tensor c = mm(a, b);
    check_close(c, ref_mm(a.to_double_vector(), b.to_double_vector(), 300, 257, 301), 1e-4, 1e-4);
}

// ---- few rows (M <= 4): the matrix-vector path ---------------------------------------------------

namespace {

// One few-row product through gemm::gemm<T>, against (a) the same rows computed by the blocked
// kernel (A embedded as the first rows of a 13-row product, past the few-row path's limit) and (b) a
// float64 triple loop. A is read transposed (column-major) when ta; B is K x N row-major (the axpy
// form) or stored as N x K (x @ W.t(), the dot form) when tb; C is written with a column stride of
// 2 (every other element, the others must stay untouched).
template <typename T>
void check_few_rows(int64_t M, int64_t N, int64_t K, bool ta, bool tb, T alpha, T beta, uint32_t seed) {
    constexpr int64_t BIG = 13;
    std::mt19937 rng(seed);
    std::uniform_real_distribution<double> d(-1, 1);
    std::vector<T> A(size_t(BIG * K)), B(size_t(K * N)), C0(size_t(BIG * N));
    for (T& x : A) x = T(d(rng));
    for (T& x : B) x = T(d(rng));
    for (T& x : C0) x = T(d(rng));
    // A is BIG x K: rows first (ta false) or columns first (ta true); the product takes its first M rows.
    const int64_t rsA = ta ? 1 : K, csA = ta ? BIG : 1;
    const int64_t rsB = tb ? 1 : N, csB = tb ? K : 1;
    std::vector<T> C(size_t(M * N * 2), T(7));
    for (int64_t i = 0; i < M; ++i)
        for (int64_t j = 0; j < N; ++j) C[size_t(i * N * 2 + j * 2)] = C0[size_t(i * N + j)];
    gemm::gemm(M, N, K, alpha, A.data(), rsA, csA, B.data(), rsB, csB, beta, C.data(), N * 2, 2);
    std::vector<T> Cbig = C0;
    gemm::gemm(BIG, N, K, alpha, A.data(), rsA, csA, B.data(), rsB, csB, beta, Cbig.data(), N, 1);
    const double tol = std::is_same_v<T, float> ? 1e-5 * double(K + 4) : 1e-13 * double(K + 4);
    for (int64_t i = 0; i < M; ++i)
        for (int64_t j = 0; j < N; ++j) {
            INFO((std::is_same_v<T, float> ? "float32" : "float64") << " M=" << M << " N=" << N << " K=" << K
                                                                      << " ta=" << ta << " tb=" << tb);
            double s = 0;
            for (int64_t k = 0; k < K; ++k) s += double(A[size_t(i * rsA + k * csA)]) * double(B[size_t(k * rsB + j * csB)]);
            const double want = double(alpha) * s + double(beta) * double(C0[size_t(i * N + j)]);
            const T got = C[size_t(i * N * 2 + j * 2)];
            REQUIRE(std::fabs(double(got) - want) <= tol);
            // The axpy form (B's rows contiguous) is the blocked kernel's arithmetic exactly. (A one-column
            // B is contiguous both ways; it runs as a dot product.)
            if (!tb && N > 1) REQUIRE(got == Cbig[size_t(i * N + j)]);
            else REQUIRE(std::fabs(double(got) - double(Cbig[size_t(i * N + j)])) <= tol);
            REQUIRE(C[size_t(i * N * 2 + j * 2 + 1)] == T(7));
        }
}

}  // namespace

// A narrow product (N = 10 of a 32-wide tile) runs transposed, C^T = B^T A^T (gemm_impl's
// orientation rule); its columns must be bit for bit those of the same product computed the usual
// way, here as the first columns of a product whose B has enough extra columns to fill the tile.
TEST_CASE("narrow products computed transposed give the untransposed bits", "[linalg][gemm]") {
    std::mt19937 rng(5);
    std::uniform_real_distribution<float> d(-1, 1);
    const int64_t NW = 64;  // a whole number of tiles wide for every vector width
    for (int64_t K : {7, 300, 600})
        for (int64_t N : {5, 10})
            for (int layout = 0; layout < 4; ++layout) {
                const bool ta = layout & 1, tb = layout & 2;
                const int64_t M = 128;
                std::vector<float> A(size_t(M * K)), B(size_t(K * NW));
                for (float& x : A) x = d(rng);
                for (float& x : B) x = d(rng);
                // B's first N columns as their own matrix, in the same layout
                std::vector<float> Bn(size_t(K * N));
                for (int64_t k = 0; k < K; ++k)
                    for (int64_t j = 0; j < N; ++j)
                        Bn[size_t(tb ? j * K + k : k * N + j)] = B[size_t(tb ? j * K + k : k * NW + j)];
                for (float beta : {0.0f, 1.0f}) {
                    std::vector<float> Cw(size_t(M * NW), 0.25f), Cn(size_t(M * N), 0.25f);
                    gemm::sgemm(M, NW, K, 1.0f, A.data(), ta ? 1 : K, ta ? M : 1, B.data(), tb ? 1 : NW, tb ? K : 1,
                                beta, Cw.data(), NW, 1);
                    gemm::sgemm(M, N, K, 1.0f, A.data(), ta ? 1 : K, ta ? M : 1, Bn.data(), tb ? 1 : N, tb ? K : 1,
                                beta, Cn.data(), N, 1);
                    for (int64_t i = 0; i < M; ++i)
                        for (int64_t j = 0; j < N; ++j) {
                            INFO("K=" << K << " N=" << N << " ta=" << ta << " tb=" << tb << " beta=" << beta << " at "
                                      << i << "," << j);
                            REQUIRE(Cn[size_t(i * N + j)] == Cw[size_t(i * NW + j)]);
                        }
                }
            }
}

TEST_CASE("few-row products (M <= 4) match the blocked GEMM and a float64 loop", "[linalg][gemm]") {
    uint32_t seed = 11;
    for (int64_t M = 1; M <= 4; ++M)
        for (int64_t N : {1, 2, 7, 33, 67})
            for (int64_t K : {1, 3, 17, 64, 301, 530})
                for (int layout = 0; layout < 4; ++layout) {
                    const bool ta = layout & 1, tb = layout & 2;
                    check_few_rows<float>(M, N, K, ta, tb, 1.0f, 0.0f, seed++);
                    check_few_rows<double>(M, N, K, ta, tb, 0.5, 2.0, seed++);
                }
}

TEST_CASE("few-row products split across threads give the one-thread result", "[linalg][gemm]") {
    // Wide enough that parallel_for splits the columns (when the machine has threads).
    const int64_t N = 4099, K = 300;
    for (int64_t M : {1, 3})
        for (bool tb : {false, true}) {
            std::mt19937 rng(uint32_t(M * 2 + tb));
            std::uniform_real_distribution<float> d(-1, 1);
            std::vector<float> A(size_t(M * K)), B(size_t(K * N)), C1(size_t(M * N)), Cn(size_t(M * N));
            for (float& x : A) x = d(rng);
            for (float& x : B) x = d(rng);
            const int saved = num_threads();
            set_num_threads(1);
            gemm::sgemm(M, N, K, 1.0f, A.data(), K, 1, B.data(), tb ? 1 : N, tb ? K : 1, 0.0f, C1.data(), N, 1);
            set_num_threads(4);
            gemm::sgemm(M, N, K, 1.0f, A.data(), K, 1, B.data(), tb ? 1 : N, tb ? K : 1, 0.0f, Cn.data(), N, 1);
            set_num_threads(saved);
            CHECK(C1 == Cn);
        }
}

TEST_CASE("linear on one token (3-d, non-contiguous input) matches the reference", "[linalg]") {
    // x is (1, 1, 70) sliced from a wider tensor (strided rows), the weight 37 x 70 as nn.Linear stores it.
    for (DType dt : {DType::Float32, DType::Float64}) {
        Tensor wide = to_dtype(test_input({1, 1, 140}, 5, -1, 1, false), dt);
        Tensor x = slice(wide, 2, 0, 140, 2);
        Tensor w = to_dtype(test_input({37, 70}, 6, -1, 1, false), dt), bias = to_dtype(test_input({37}, 7, -1, 1, false), dt);
        Tensor y = linear(x, w, bias), y_nobias = linear(x, w);
        CHECK(y.sizes() == Shape{1, 1, 37});
        std::vector<double> ref = ref_mm(contiguous(x).to_double_vector(), contiguous(t(w)).to_double_vector(), 1, 70, 37);
        std::vector<double> bias_v = bias.to_double_vector(), ref_b = ref;
        for (size_t j = 0; j < ref.size(); ++j) ref_b[j] += bias_v[j];
        check_close(y_nobias, ref, 1e-5, 1e-5);
        check_close(y, ref_b, 1e-5, 1e-5);
    }
}

// ---- mm ---------------------------------------------------------------------------------------

TEST_CASE("mm float32 matches reference and has MmBackward0", "[linalg]") {
    Tensor a = rand_f32({5, 7}, 1), b = rand_f32({7, 3}, 2);
    a.requires_grad_(true);
    Tensor c = mm(a, b);
    CHECK(c.sizes() == Shape{5, 3});
    CHECK(c.dtype() == DType::Float32);
    CHECK(grad_fn_name(c) == "MmBackward0");
    check_close(c, ref_mm(a.to_double_vector(), b.to_double_vector(), 5, 7, 3), 1e-5, 1e-5);
}

TEST_CASE("mm reads transposed and sliced operands without copies", "[linalg]") {
    Tensor base = test_input({8, 6}, 5, -1, 1, false);
    Tensor a = t(base);                                // [6, 8], column-major
    Tensor b = slice(test_input({8, 10}, 6, -1, 1, false), 1, 1, 9, 2);  // [8, 4], stride 2
    Tensor c = mm(a, b);
    check_close(c, ref_mm(a.to_double_vector(), b.to_double_vector(), 6, 8, 4), 1e-12, 1e-12);
}

TEST_CASE("mm int64 is exact", "[linalg]") {
    Tensor a = tensor({1, 2, 3, 4, 5, 6}, {2, 3}, DType::Int64);
    Tensor b = tensor({7, 8, 9, 10, 11, 12}, {3, 2}, DType::Int64);
    Tensor c = mm(a, b);
    CHECK(c.dtype() == DType::Int64);
    CHECK(c.to_int_vector() == std::vector<int64_t>{58, 64, 139, 154});
}

TEST_CASE("mm float16 and bfloat16 compute in float32 and round", "[linalg]") {
    for (DType dt : {DType::Float16, DType::BFloat16}) {
        Tensor a = to_dtype(test_input({4, 9}, 1, -1, 1, false), dt), b = to_dtype(test_input({9, 5}, 2, -1, 1, false), dt);
        Tensor c = mm(a, b);
        CHECK(c.dtype() == dt);
        check_close(c, ref_mm(a.to_double_vector(), b.to_double_vector(), 4, 9, 5), 1e-2, 2e-2);
    }
}

TEST_CASE("mm errors use PyTorch wording", "[linalg][errors]") {
    Tensor a = zeros({2, 3}), b = zeros({4, 5});
    CHECK_THROWS_WITH(mm(a, b), Catch::Contains("mat1 and mat2 shapes cannot be multiplied (2x3 and 4x5)"));
    CHECK_THROWS_WITH(mm(zeros({3}), b), Catch::Contains("self must be a matrix"));
    CHECK_THROWS_WITH(mm(a, zeros({3})), Catch::Contains("mat2 must be a matrix"));
    CHECK_THROWS_WITH(mm(a, zeros({3, 4}, {DType::Float64})),
                      Catch::Contains("expected m1 and m2 to have the same dtype, but got: float != double"));
    CHECK_THROWS_WITH(mm(zeros({2, 3}, {DType::Int64}), zeros({3, 4})),
                      Catch::Contains("expected m1 and m2 to have the same dtype, but got: long int != float"));
    CHECK_THROWS_WITH(mm(zeros({2, 3}, {DType::Bool}), zeros({3, 4}, {DType::Bool})),
                      Catch::Contains("\"addmm_impl_cpu_\" not implemented for 'Bool'"));
}

TEST_CASE("mm gradcheck", "[linalg][grad]") {
    Tensor a = test_input({3, 4}, 1), b = test_input({4, 5}, 2);
    CHECK(gradcheck([](const std::vector<Tensor>& in) { return mm(in[0], in[1]); }, {a, b}));
}

TEST_CASE("mm gradcheck through transposed inputs", "[linalg][grad]") {
    Tensor a = test_input({4, 3}, 3), b = test_input({5, 4}, 4);
    CHECK(gradcheck([](const std::vector<Tensor>& in) { return mm(t(in[0]), t(in[1])); }, {a, b}));
}

TEST_CASE("mm backward gives only the gradients that are needed", "[linalg][grad]") {
    Tensor a = test_input({2, 3}, 1), b = test_input({3, 2}, 2, -1, 1, false);
    Tensor c = mm(a, b);
    autograd::backward({sum(c)});
    REQUIRE(a.grad().defined());
    // d sum(A B) / dA = ones @ B^T: each row is the row sums of B.
    std::vector<double> bv = b.to_double_vector();
    check_close(a.grad(), {bv[0] + bv[1], bv[2] + bv[3], bv[4] + bv[5], bv[0] + bv[1], bv[2] + bv[3], bv[4] + bv[5]});
    CHECK_FALSE(b.grad().defined());
}

TEST_CASE("mm double backward (create_graph) works", "[linalg][grad]") {
    Tensor a = test_input({2, 2}, 1), b = test_input({2, 2}, 2);
    Tensor c = sum(mm(a, b));
    std::vector<Tensor> g = autograd::grad({c}, {a}, {}, false, /*create_graph=*/true);
    REQUIRE(g[0].requires_grad());
    // g = ones @ b^T depends on b: d sum(g) / db = 2 * ones.
    std::vector<Tensor> gg = autograd::grad({sum(g[0])}, {b});
    check_close(gg[0], {2, 2, 2, 2});
}

TEST_CASE("mm with empty dimensions", "[linalg]") {
    Tensor c = mm(zeros({3, 0}), zeros({0, 4}));
    CHECK(c.sizes() == Shape{3, 4});
    check_close(c, std::vector<double>(12, 0.0));
    CHECK(mm(zeros({0, 3}), zeros({3, 4})).sizes() == Shape{0, 4});
}

// ---- bmm ----------------------------------------------------------------------------------------

TEST_CASE("bmm matches reference per batch and has BmmBackward0", "[linalg]") {
    Tensor a = test_input({3, 4, 5}, 1), b = test_input({3, 5, 2}, 2);
    Tensor c = bmm(a, b);
    CHECK(c.sizes() == Shape{3, 4, 2});
    CHECK(grad_fn_name(c) == "BmmBackward0");
    std::vector<double> av = a.to_double_vector(), bv = b.to_double_vector(), expected;
    for (int i = 0; i < 3; ++i) {
        std::vector<double> ai(av.begin() + i * 20, av.begin() + (i + 1) * 20);
        std::vector<double> bi(bv.begin() + i * 10, bv.begin() + (i + 1) * 10);
        std::vector<double> ci = ref_mm(ai, bi, 4, 5, 2);
        expected.insert(expected.end(), ci.begin(), ci.end());
    }
    check_close(c, expected, 1e-12, 1e-12);
}

TEST_CASE("bmm with many small matrices runs batch-parallel correctly", "[linalg]") {
    Tensor a = rand_f32({64, 6, 7}, 1), b = rand_f32({64, 7, 5}, 2);
    Tensor c = bmm(a, transpose(contiguous(transpose(b, 1, 2)), 1, 2));
    std::vector<double> av = a.to_double_vector(), bv = b.to_double_vector(), expected;
    for (int i = 0; i < 64; ++i) {
        std::vector<double> ci = ref_mm(std::vector<double>(av.begin() + i * 42, av.begin() + (i + 1) * 42),
                                        std::vector<double>(bv.begin() + i * 35, bv.begin() + (i + 1) * 35), 6, 7, 5);
        expected.insert(expected.end(), ci.begin(), ci.end());
    }
    check_close(c, expected, 1e-5, 1e-5);
}

TEST_CASE("bmm errors use PyTorch wording", "[linalg][errors]") {
    CHECK_THROWS_WITH(bmm(zeros({2, 3}), zeros({2, 3, 4})), Catch::Contains("batch1 must be a 3D tensor"));
    CHECK_THROWS_WITH(bmm(zeros({2, 2, 3}), zeros({3, 4})), Catch::Contains("batch2 must be a 3D tensor"));
    CHECK_THROWS_WITH(bmm(zeros({2, 2, 3}), zeros({3, 4, 5})),
                      Catch::Contains("Expected size for first two dimensions of batch2 tensor to be: [2, 3] but got: [3, 4]."));
    CHECK_THROWS_WITH(bmm(zeros({2, 2, 3}), zeros({2, 3, 4}, {DType::Float64})),
                      Catch::Contains("expected scalar type Float but found Double"));
}

TEST_CASE("bmm gradcheck", "[linalg][grad]") {
    Tensor a = test_input({2, 3, 4}, 1), b = test_input({2, 4, 2}, 2);
    CHECK(gradcheck([](const std::vector<Tensor>& in) { return bmm(in[0], in[1]); }, {a, b}));
}

// ---- dot, outer, mv through matmul -------------------------------------------------------------

TEST_CASE("matmul 1-d by 1-d is a dot product with DotBackward0", "[linalg]") {
    Tensor a = test_input({5}, 1), b = test_input({5}, 2);
    Tensor c = matmul(a, b);
    CHECK(c.dim() == 0);
    CHECK(grad_fn_name(c) == "DotBackward0");
    std::vector<double> av = a.to_double_vector(), bv = b.to_double_vector();
    double s = 0;
    for (int i = 0; i < 5; ++i) s += av[size_t(i)] * bv[size_t(i)];
    check_close(c, {s}, 1e-12, 1e-12);
    CHECK(gradcheck([](const std::vector<Tensor>& in) { return dot(in[0], in[1]); }, {a, b}));
}

TEST_CASE("dot of int64 vectors and dot errors", "[linalg][errors]") {
    CHECK(dot(arange(Scalar(int64_t(4))), arange(Scalar(int64_t(4)))).item().to_int() == 14);
    CHECK_THROWS_WITH(dot(zeros({3}), zeros({4})),
                      Catch::Contains("inconsistent tensor size, expected tensor [3] and src [4] to have the same number "
                                      "of elements, but got 3 and 4 elements respectively"));
    CHECK_THROWS_WITH(dot(zeros({3}), zeros({3}, {DType::Float64})),
                      Catch::Contains("dot : expected both vectors to have same dtype, but found Float and Double"));
    CHECK_THROWS_WITH(dot(zeros({3, 1}), zeros({3})), Catch::Contains("1D tensors expected, but got 2D and 1D tensors"));
}

TEST_CASE("matmul 2-d by 1-d is mv with MvBackward0", "[linalg]") {
    Tensor m = test_input({3, 4}, 1), v = test_input({4}, 2);
    Tensor c = matmul(m, v);
    CHECK(c.sizes() == Shape{3});
    CHECK(grad_fn_name(c) == "MvBackward0");
    check_close(c, ref_mm(m.to_double_vector(), v.to_double_vector(), 3, 4, 1), 1e-12, 1e-12);
    CHECK(gradcheck([](const std::vector<Tensor>& in) { return matmul(in[0], in[1]); }, {m, v}));
}

TEST_CASE("matmul 2-d by 1-d errors", "[linalg][errors]") {
    CHECK_THROWS_WITH(matmul(zeros({2, 3}), zeros({4})), Catch::Contains("size mismatch, got input (2), mat (2x3), vec (4)"));
    CHECK_THROWS_WITH(matmul(zeros({2, 3}), zeros({3}, {DType::Float64})),
                      Catch::Contains("expected scalar type Float but found Double"));
}

TEST_CASE("matmul 1-d by 2-d squeezes in place (SqueezeBackward4)", "[linalg]") {
    Tensor v = test_input({3}, 1), m = test_input({3, 4}, 2);
    Tensor c = matmul(v, m);
    CHECK(c.sizes() == Shape{4});
    CHECK(grad_fn_name(c) == "SqueezeBackward4");
    REQUIRE(c.grad_fn()->next_edges[0].fn);
    CHECK(c.grad_fn()->next_edges[0].fn->name == "MmBackward0");
    check_close(c, ref_mm(v.to_double_vector(), m.to_double_vector(), 1, 3, 4), 1e-12, 1e-12);
    CHECK(gradcheck([](const std::vector<Tensor>& in) { return matmul(in[0], in[1]); }, {v, m}));
    CHECK_THROWS_WITH(matmul(zeros({3}), zeros({4, 5})), Catch::Contains("mat1 and mat2 shapes cannot be multiplied (1x3 and 4x5)"));
}

TEST_CASE("matmul rejects 0-d arguments", "[linalg][errors]") {
    CHECK_THROWS_WITH(matmul(scalar_tensor(Scalar(1.0)), zeros({3})),
                      Catch::Contains("both arguments to matmul need to be at least 1D, but they are 0D and 1D"));
}

TEST_CASE("outer product is reshape times vector (MulBackward0)", "[linalg]") {
    Tensor a = test_input({3}, 1), b = test_input({2}, 2);
    Tensor c = outer(a, b);
    CHECK(c.sizes() == Shape{3, 2});
    CHECK(grad_fn_name(c) == "MulBackward0");
    check_close(c, ref_mm(a.to_double_vector(), b.to_double_vector(), 3, 1, 2), 1e-12, 1e-12);
    CHECK(gradcheck([](const std::vector<Tensor>& in) { return outer(in[0], in[1]); }, {a, b}));
    CHECK_THROWS_WITH(outer(zeros({3, 1}), zeros({4})), Catch::Contains("outer: Expected 1-D argument self, but got 2-D"));
}

// ---- batched matmul ------------------------------------------------------------------------------

TEST_CASE("matmul 3-d by 2-d folds into mm (UnsafeViewBackward0)", "[linalg]") {
    Tensor a = test_input({2, 3, 4}, 1), b = test_input({4, 5}, 2);
    Tensor c = matmul(a, b);
    CHECK(c.sizes() == Shape{2, 3, 5});
    CHECK(grad_fn_name(c) == "UnsafeViewBackward0");
    REQUIRE(c.grad_fn()->next_edges[0].fn);
    CHECK(c.grad_fn()->next_edges[0].fn->name == "MmBackward0");
    check_close(c, ref_mm(a.to_double_vector(), b.to_double_vector(), 6, 4, 5), 1e-12, 1e-12);
    CHECK(gradcheck([](const std::vector<Tensor>& in) { return matmul(in[0], in[1]); }, {a, b}));
    CHECK_THROWS_WITH(matmul(zeros({2, 3, 4}), zeros({5, 6})),
                      Catch::Contains("mat1 and mat2 shapes cannot be multiplied (6x4 and 5x6)"));
}

TEST_CASE("matmul 2-d by 3-d with grad on the matrix transposes the fold (CloneBackward0)", "[linalg]") {
    Tensor a = test_input({3, 4}, 1), b = test_input({2, 4, 5}, 2);
    Tensor c = matmul(a, b);
    CHECK(c.sizes() == Shape{2, 3, 5});
    CHECK(grad_fn_name(c) == "CloneBackward0");
    std::vector<double> bv = b.to_double_vector(), expected;
    for (int i = 0; i < 2; ++i) {
        std::vector<double> ci = ref_mm(a.to_double_vector(),
                                        std::vector<double>(bv.begin() + i * 20, bv.begin() + (i + 1) * 20), 3, 4, 5);
        expected.insert(expected.end(), ci.begin(), ci.end());
    }
    check_close(c, expected, 1e-12, 1e-12);
    CHECK(gradcheck([](const std::vector<Tensor>& in) { return matmul(in[0], in[1]); }, {a, b}));
}

TEST_CASE("matmul 2-d by 3-d without grad on the matrix uses bmm", "[linalg]") {
    Tensor a = test_input({3, 4}, 1, -1, 1, false), b = test_input({2, 4, 5}, 2);
    Tensor c = matmul(a, b);
    CHECK(grad_fn_name(c) == "UnsafeViewBackward0");
    REQUIRE(c.grad_fn()->next_edges[0].fn);
    CHECK(c.grad_fn()->next_edges[0].fn->name == "BmmBackward0");
}

TEST_CASE("matmul 3-d by 1-d and 1-d by 3-d", "[linalg]") {
    Tensor a = test_input({2, 3, 4}, 1), v = test_input({4}, 2);
    Tensor c = matmul(a, v);
    CHECK(c.sizes() == Shape{2, 3});
    CHECK(grad_fn_name(c) == "UnsafeViewBackward0");
    check_close(c, ref_mm(a.to_double_vector(), v.to_double_vector(), 6, 4, 1), 1e-12, 1e-12);
    CHECK(gradcheck([](const std::vector<Tensor>& in) { return matmul(in[0], in[1]); }, {a, v}));

    Tensor w = test_input({3}, 3), b = test_input({2, 3, 5}, 4);
    Tensor d = matmul(w, b);
    CHECK(d.sizes() == Shape{2, 5});
    CHECK(grad_fn_name(d) == "UnsafeViewBackward0");
    std::vector<double> bv = b.to_double_vector(), expected;
    for (int i = 0; i < 2; ++i) {
        std::vector<double> ci = ref_mm(w.to_double_vector(),
                                        std::vector<double>(bv.begin() + i * 15, bv.begin() + (i + 1) * 15), 1, 3, 5);
        expected.insert(expected.end(), ci.begin(), ci.end());
    }
    check_close(d, expected, 1e-12, 1e-12);
    CHECK(gradcheck([](const std::vector<Tensor>& in) { return matmul(in[0], in[1]); }, {w, b}));
}

TEST_CASE("matmul broadcasts batch dimensions", "[linalg]") {
    // [2, 1, 3, 4] @ [3, 4, 2] -> [2, 3, 3, 2]; batch dims broadcast to [2, 3].
    Tensor a = test_input({2, 1, 3, 4}, 1), b = test_input({3, 4, 2}, 2);
    Tensor c = matmul(a, b);
    CHECK(c.sizes() == Shape{2, 3, 3, 2});
    CHECK(grad_fn_name(c) == "UnsafeViewBackward0");
    std::vector<double> av = a.to_double_vector(), bv = b.to_double_vector(), expected;
    for (int i = 0; i < 2; ++i)
        for (int j = 0; j < 3; ++j) {
            std::vector<double> ci = ref_mm(std::vector<double>(av.begin() + i * 12, av.begin() + (i + 1) * 12),
                                            std::vector<double>(bv.begin() + j * 8, bv.begin() + (j + 1) * 8), 3, 4, 2);
            expected.insert(expected.end(), ci.begin(), ci.end());
        }
    check_close(c, expected, 1e-12, 1e-12);
    CHECK(gradcheck([](const std::vector<Tensor>& in) { return matmul(in[0], in[1]); }, {a, b}));
}

TEST_CASE("matmul 3-d by 3-d with a broadcast batch of one", "[linalg][grad]") {
    Tensor a = test_input({1, 3, 4}, 1), b = test_input({2, 4, 2}, 2);
    Tensor c = matmul(a, b);
    CHECK(c.sizes() == Shape{2, 3, 2});
    CHECK(gradcheck([](const std::vector<Tensor>& in) { return matmul(in[0], in[1]); }, {a, b}));
}

TEST_CASE("matmul batched errors", "[linalg][errors]") {
    CHECK_THROWS_WITH(matmul(zeros({2, 3, 4}), zeros({3, 4, 5})),
                      Catch::Contains("The size of tensor a (2) must match the size of tensor b (3) at non-singleton dimension 0"));
    CHECK_THROWS_WITH(matmul(zeros({2, 3, 4}), zeros({2, 5, 5})),
                      Catch::Contains("Expected size for first two dimensions of batch2 tensor to be: [2, 4] but got: [2, 5]."));
    CHECK_THROWS_WITH(matmul(zeros({2, 2, 3, 4}), zeros({5})),
                      Catch::Contains("size mismatch, got input (12), mat (12x4), vec (5)"));
}

TEST_CASE("matmul of int64 batches", "[linalg]") {
    Tensor a = reshape(arange(Scalar(int64_t(12))), {2, 2, 3}), b = reshape(arange(Scalar(int64_t(6))), {3, 2});
    Tensor c = matmul(a, b);
    CHECK(c.dtype() == DType::Int64);
    CHECK(c.to_int_vector() == std::vector<int64_t>{10, 13, 28, 40, 46, 67, 64, 94});
}

// ---- addmm and linear ----------------------------------------------------------------------------

TEST_CASE("addmm with beta and alpha", "[linalg]") {
    Tensor bias = test_input({2, 3}, 1), a = test_input({2, 4}, 2), b = test_input({4, 3}, 3);
    Tensor c = addmm(bias, a, b, Scalar(0.5), Scalar(2.0));
    CHECK(grad_fn_name(c) == "AddmmBackward0");
    std::vector<double> r = ref_mm(a.to_double_vector(), b.to_double_vector(), 2, 4, 3), bv = bias.to_double_vector();
    for (size_t i = 0; i < r.size(); ++i) r[i] = 0.5 * bv[i] + 2.0 * r[i];
    check_close(c, r, 1e-12, 1e-12);
}

TEST_CASE("addmm broadcasts a 1-d bias and its gradient sums back", "[linalg][grad]") {
    Tensor bias = test_input({3}, 1), a = test_input({2, 4}, 2), b = test_input({4, 3}, 3);
    CHECK(gradcheck([](const std::vector<Tensor>& in) { return addmm(in[0], in[1], in[2], Scalar(0.5), Scalar(-1.5)); },
                    {bias, a, b}));
    CHECK(gradcheck([](const std::vector<Tensor>& in) { return addmm(in[0], in[1], in[2]); }, {bias, a, b}));
}

TEST_CASE("addmm with beta 0 ignores NaN in the input", "[linalg]") {
    Tensor bias = full({2, 2}, Scalar(NAN)), a = eye(2), b = tensor({1, 2, 3, 4}, {2, 2});
    check_close(addmm(bias, a, b, Scalar(0.0), Scalar(1.0)), {1, 2, 3, 4});
}

TEST_CASE("addmm errors use PyTorch wording", "[linalg][errors]") {
    CHECK_THROWS_WITH(addmm(zeros({3}, {DType::Float64}), zeros({2, 4}), zeros({4, 3})),
                      Catch::Contains("self and mat2 must have the same dtype, but got Double and Float"));
    CHECK_THROWS_WITH(addmm(zeros({3}), zeros({2, 4}, {DType::Float64}), zeros({4, 3})),
                      Catch::Contains("mat1 and mat2 must have the same dtype, but got Double and Float"));
    CHECK_THROWS_WITH(addmm(zeros({3}), zeros({4}), zeros({4, 3})), Catch::Contains("mat1 must be a matrix, got 1-D tensor"));
    CHECK_THROWS_WITH(addmm(zeros({5}), zeros({2, 4}), zeros({4, 3})),
                      Catch::Contains("The expanded size of the tensor (3) must match the existing size (5) at "
                                      "non-singleton dimension 1.  Target sizes: [2, 3].  Tensor sizes: [5]"));
}

TEST_CASE("linear on 2-d input with bias is addmm", "[linalg]") {
    Tensor x = test_input({2, 4}, 1), w = test_input({5, 4}, 2), b = test_input({5}, 3);
    Tensor y = linear(x, w, b);
    CHECK(y.sizes() == Shape{2, 5});
    CHECK(grad_fn_name(y) == "AddmmBackward0");
    std::vector<double> r = ref_mm(x.to_double_vector(), t(w).to_double_vector(), 2, 4, 5), bv = b.to_double_vector();
    for (size_t i = 0; i < r.size(); ++i) r[i] += bv[i % 5];
    check_close(y, r, 1e-12, 1e-12);
    CHECK(gradcheck([](const std::vector<Tensor>& in) { return linear(in[0], in[1], in[2]); }, {x, w, b}));
}

TEST_CASE("linear without bias is mm", "[linalg]") {
    Tensor x = test_input({2, 4}, 1), w = test_input({5, 4}, 2);
    Tensor y = linear(x, w);
    CHECK(grad_fn_name(y) == "MmBackward0");
    check_close(y, ref_mm(x.to_double_vector(), t(w).to_double_vector(), 2, 4, 5), 1e-12, 1e-12);
    CHECK(gradcheck([](const std::vector<Tensor>& in) { return linear(in[0], in[1]); }, {x, w}));
}

TEST_CASE("linear on 3-d input: ViewBackward0 with bias, UnsafeViewBackward0 without", "[linalg]") {
    Tensor x = test_input({3, 2, 4}, 1), w = test_input({5, 4}, 2), b = test_input({5}, 3);
    Tensor y = linear(x, w, b);
    CHECK(y.sizes() == Shape{3, 2, 5});
    CHECK(grad_fn_name(y) == "ViewBackward0");
    REQUIRE(y.grad_fn()->next_edges[0].fn);
    CHECK(y.grad_fn()->next_edges[0].fn->name == "AddmmBackward0");
    CHECK(grad_fn_name(linear(x, w)) == "UnsafeViewBackward0");
    CHECK(gradcheck([](const std::vector<Tensor>& in) { return linear(in[0], in[1], in[2]); }, {x, w, b}));
}

TEST_CASE("linear on 1-d input", "[linalg]") {
    Tensor x = test_input({4}, 1), w = test_input({5, 4}, 2), b = test_input({5}, 3);
    Tensor y = linear(x, w, b);
    CHECK(y.sizes() == Shape{5});
    CHECK(grad_fn_name(y) == "ViewBackward0");
    CHECK(grad_fn_name(linear(x, w)) == "SqueezeBackward4");
    std::vector<double> r = ref_mm(x.to_double_vector(), t(w).to_double_vector(), 1, 4, 5), bv = b.to_double_vector();
    for (size_t i = 0; i < r.size(); ++i) r[i] += bv[i];
    check_close(y, r, 1e-12, 1e-12);
}

TEST_CASE("linear errors use PyTorch wording", "[linalg][errors]") {
    Tensor w = zeros({5, 4}), b = zeros({5});
    CHECK_THROWS_WITH(linear(zeros({2, 3}), w, b), Catch::Contains("mat1 and mat2 shapes cannot be multiplied (2x3 and 4x5)"));
    CHECK_THROWS_WITH(linear(zeros({2, 3}), w), Catch::Contains("mat1 and mat2 shapes cannot be multiplied (2x3 and 4x5)"));
    CHECK_THROWS_WITH(linear(zeros({3, 2, 3}), w, b), Catch::Contains("mat1 and mat2 shapes cannot be multiplied (6x3 and 4x5)"));
    CHECK_THROWS_WITH(linear(scalar_tensor(Scalar(1.0)), w, b),
                      Catch::Contains("both arguments to linear need to be at least 1D, but they are 0D and 2D"));
}

TEST_CASE("bmm float16 computes in float32 and keeps the dtype", "[linalg]") {
    Tensor a = to_dtype(test_input({2, 3, 4}, 1, -1, 1, false), DType::Float16);
    Tensor b = to_dtype(test_input({2, 4, 5}, 2, -1, 1, false), DType::Float16);
    Tensor c = bmm(a, b);
    CHECK(c.dtype() == DType::Float16);
    check_close(c, to_dtype(bmm(to_dtype(a, DType::Float64), to_dtype(b, DType::Float64)), DType::Float16), 0, 0);
}

TEST_CASE("linear on non-contiguous 3-d input adds the bias after matmul", "[linalg]") {
    Tensor x = test_input({2, 3, 4}, 1), w = test_input({5, 4}, 2), b = test_input({5}, 3);
    Tensor y = linear(transpose(x, 0, 1), w, b);
    CHECK(y.sizes() == Shape{3, 2, 5});
    CHECK(grad_fn_name(y) == "AddBackward0");
    std::vector<double> r = ref_mm(contiguous(transpose(x, 0, 1)).to_double_vector(), t(w).to_double_vector(), 6, 4, 5);
    std::vector<double> bv = b.to_double_vector();
    for (size_t i = 0; i < r.size(); ++i) r[i] += bv[i % 5];
    check_close(y, r, 1e-12, 1e-12);
    CHECK(gradcheck([](const std::vector<Tensor>& in) { return linear(transpose(in[0], 0, 1), in[1], in[2]); }, {x, w, b}));
}

TEST_CASE("matmul 4-d by 4-d gradcheck with broadcast on both sides", "[linalg][grad]") {
    Tensor a = test_input({2, 1, 2, 3}, 1), b = test_input({1, 3, 3, 2}, 2);
    CHECK(matmul(a, b).sizes() == Shape{2, 3, 2, 2});
    CHECK(gradcheck([](const std::vector<Tensor>& in) { return matmul(in[0], in[1]); }, {a, b}));
}

TEST_CASE("matmul on non-contiguous 3-d operands (no fold) matches reference", "[linalg]") {
    // A permuted batch cannot be folded into a matrix without a copy, so this runs as bmm.
    Tensor base = test_input({3, 2, 4}, 1, -1, 1, false);
    Tensor a = permute(base, {1, 0, 2});  // [2, 3, 4], batch stride 4
    Tensor b = test_input({4, 2}, 2, -1, 1, false);
    Tensor c = matmul(a, b);
    CHECK(c.sizes() == Shape{2, 3, 2});
    check_close(c, ref_mm(contiguous(a).to_double_vector(), b.to_double_vector(), 6, 4, 2), 1e-12, 1e-12);
}
