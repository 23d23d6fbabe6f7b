// tensor/parallel.h: ATen's parallel_for rule (serial up to the grain, at most num_threads() chunks,
// no nesting), a team of num_threads() threads for every region, exceptions carried out of a region,
// small ops opening no region at all, and parallel kernels (GEMM, batched matmul, conv) giving the
// results of one thread.
#include <algorithm>
#include <atomic>
#include <mutex>
#include <vector>

#include "autograd/node.h"
#include "ops/gemm.h"
#include "support/check.h"
#include "tensor/parallel.h"

using namespace kiln;
using kiln::testing::test_input;

namespace {

struct ThreadCount {
    int saved = num_threads();
    explicit ThreadCount(int n) { set_num_threads(n); }
    ~ThreadCount() { set_num_threads(saved); }
};

// The chunks one parallel_for call hands out, sorted.
std::vector<std::pair<int64_t, int64_t>> chunks_of(int64_t begin, int64_t end, int64_t grain) {
    std::mutex mu;
    std::vector<std::pair<int64_t, int64_t>> out;
    parallel_for(begin, end, grain, [&](int64_t b, int64_t e) {
        std::lock_guard<std::mutex> lock(mu);
        out.push_back({b, e});
    });
    std::sort(out.begin(), out.end());
    return out;
}

Tensor f32(const Shape& shape, uint32_t seed) { return to_dtype(test_input(shape, seed, -1.0, 1.0, false), DType::Float32); }

}  // namespace

TEST_CASE("parallel_for: serial up to the grain, then at most one chunk per thread", "[threads]") {
    if (!threads_available()) return;
    ThreadCount tc(3);
    CHECK_FALSE(in_parallel_region());
    int64_t before = parallel_regions_opened();
    // n <= grain: one call over the whole range, no region
    auto c = chunks_of(5, 105, 100);
    REQUIRE(c.size() == 1);
    CHECK(c[0] == std::pair<int64_t, int64_t>{5, 105});
    CHECK(parallel_regions_opened() == before);
    CHECK(chunks_of(7, 7, 1).empty());
    // n > grain: ceil(n / grain) chunks when fewer than the threads, covering [begin, end) once
    c = chunks_of(10, 10 + 250, 100);
    CHECK(parallel_regions_opened() == before + 1);
    REQUIRE(c.size() == 3);
    CHECK(c.front().first == 10);
    CHECK(c.back().second == 260);
    for (size_t i = 1; i < c.size(); ++i) CHECK(c[i].first == c[i - 1].second);
    c = chunks_of(0, 150, 100);  // two chunks of 75: the work is split evenly, not in grain-sized pieces
    REQUIRE(c.size() == 2);
    CHECK(c[0] == std::pair<int64_t, int64_t>{0, 75});
    // many grains: one chunk per thread
    c = chunks_of(0, 100000, 10);
    CHECK(c.size() == 3);
    // grain 0: one chunk per thread however little the work
    CHECK(chunks_of(0, 2, 0).size() == 2);
    // one thread: never a region
    {
        ThreadCount one(1);
        before = parallel_regions_opened();
        CHECK(chunks_of(0, 1000000, 1).size() == 1);
        CHECK(parallel_regions_opened() == before);
    }
}

TEST_CASE("parallel_for: every region has the whole team, and regions never nest", "[threads]") {
    if (!threads_available()) return;
    ThreadCount tc(4);
    // libgomp ends the surplus threads of its pool when a team is smaller than the one before, so
    // every region is opened with num_threads() threads whatever its work (threads without a chunk idle).
    std::atomic<int> bad_team{0}, calls{0};
    for (int64_t n : {5, 3, 2, 1000}) {
        parallel_team([&](int tid, int nt) {
            if (nt != 4 || tid < 0 || tid >= nt || thread_index() != tid || !in_parallel_region()) ++bad_team;
        });
        parallel_for(0, n, 1, [&](int64_t, int64_t) { ++calls; });
    }
    CHECK(bad_team == 0);
    // chunks of ceil(n / min(threads, n)): 5 -> 3 chunks of 2, 2, 1 (as ATen splits it), 3 -> 3, 2 -> 2, 1000 -> 4
    CHECK(calls == 3 + 3 + 2 + 4);
    CHECK_FALSE(in_parallel_region());
    // a parallel_for inside a region runs serially on the calling thread
    const int64_t before = parallel_regions_opened();
    std::atomic<int> inner_calls{0}, wrong_thread{0};
    parallel_for(0, 4, 1, [&](int64_t b, int64_t) {
        const int me = thread_index();
        parallel_for(0, 1000000, 1, [&](int64_t ib, int64_t ie) {
            ++inner_calls;
            if (ib != 0 || ie != 1000000 || thread_index() != me) ++wrong_thread;
        });
        (void)b;
    });
    CHECK(parallel_regions_opened() == before + 1);
    CHECK(inner_calls == 4);
    CHECK(wrong_thread == 0);
}

TEST_CASE("parallel_for: an exception in a chunk reaches the caller", "[threads]") {
    if (!threads_available()) return;
    ThreadCount tc(2);
    bool caught = false;
    try {
        parallel_for(0, 1000, 10, [&](int64_t b, int64_t) {
            if (b > 0) KILN_FAIL(IndexError, "index 7 is out of bounds");
        });
    } catch (const Error& e) {
        caught = true;
        CHECK(e.kind() == ErrorKind::IndexError);
        CHECK(std::string(e.what()) == "index 7 is out of bounds");
    }
    CHECK(caught);
    CHECK_FALSE(in_parallel_region());
    // an index op whose bad index lies in another thread's chunk raises as on one thread
    Tensor table = f32({100, 700}, 1);
    std::vector<double> ids(200, 3.0);
    ids[150] = 100.0;
    CHECK_THROWS_AS(embedding(tensor(ids, {200}, DType::Int64), table), Error);
    CHECK_THROWS_AS(index_select(table, 0, tensor(ids, {200}, DType::Int64)), Error);
    // and the threads are still usable afterwards
    std::atomic<int> n{0};
    parallel_for(0, 100, 1, [&](int64_t, int64_t) { ++n; });
    CHECK(n == 2);
}

TEST_CASE("set_num_threads: positive counts only, get returns what was set", "[threads]") {
    const int saved = num_threads();
    CHECK(saved >= 1);
    CHECK_THROWS_WITH(set_num_threads(0), "set_num_threads expects a positive integer");
    CHECK(num_threads() == saved);
    if (threads_available()) {
        ThreadCount tc(5);
        CHECK(num_threads() == 5);
    }
    CHECK(num_threads() == saved);
}

// Small ops stay on the calling thread: no region opened for [64, 128] tensors, nanoGPT-sized linear
// layers of a few rows, one small attention, an embedding lookup, a small convolution and pooling.
TEST_CASE("small ops open no parallel region", "[threads]") {
    if (!threads_available()) return;
    ThreadCount tc(2);
    autograd::NoGradGuard no_grad;
    Tensor x = f32({64, 128}, 1), y = f32({64, 128}, 2), w = f32({128}, 3), W = f32({96, 128}, 4);
    Tensor q = f32({2, 2, 32, 16}, 5), img = f32({2, 3, 16, 16}, 6), cw = f32({4, 3, 3, 3}, 7);
    Tensor table = f32({65, 64}, 8), ids = tensor({1, 5, 64, 0, 3, 3}, {2, 3}, DType::Int64);
    Tensor target = tensor(std::vector<double>(64, 7.0), {64}, DType::Int64);
    const int64_t before = parallel_regions_opened();
    add(x, y);
    mul(x, Scalar(2.0));
    gelu(x);
    exp(x);
    softmax(x, -1);
    layer_norm(x, {128}, w, w);
    sum(x, {1}, false);
    sum(x, {0}, false);
    linear(x, W, f32({96}, 9));
    matmul(x, transpose(W, 0, 1));
    scaled_dot_product_attention(q, q, q, Tensor(), 0.0, true);
    embedding(ids, table);
    conv2d(img, cw, Tensor(), {1, 1}, {1, 1});
    max_pool2d(img, {2, 2});
    cross_entropy(x, target);
    CHECK(parallel_regions_opened() == before);
    // a large pointwise op does open one
    Tensor big = f32({768, 3072}, 10);
    add(big, big);
    CHECK(parallel_regions_opened() > before);
}

TEST_CASE("GEMM results do not depend on the thread count", "[threads][gemm]") {
    if (!threads_available()) return;
    struct Case {
        int64_t M, N, K;
    };
    // rows split, columns split (few rows: each thread packs its own B panels, and a thread may
    // start the next K or N block while another still reads its panels), a product below the GEMM's
    // grain, odd edges, more columns than one N block
    for (Case c : {Case{300, 200, 150}, Case{8, 1000, 300}, Case{1000, 8, 300}, Case{97, 513, 65}, Case{40, 40, 40},
                   Case{8, 3500, 300}, Case{300, 3500, 64}}) {
        std::vector<float> A(size_t(c.M * c.K)), B(size_t(c.K * c.N));
        for (size_t i = 0; i < A.size(); ++i) A[i] = float(int64_t(i * 37 % 101) - 50) / 50.0f;
        for (size_t i = 0; i < B.size(); ++i) B[i] = float(int64_t(i * 53 % 97) - 48) / 48.0f;
        std::vector<float> C1(size_t(c.M * c.N), 1.0f), C3 = C1;
        {
            ThreadCount one(1);
            gemm::sgemm(c.M, c.N, c.K, 1.0f, A.data(), c.K, 1, B.data(), c.N, 1, 0.5f, C1.data(), c.N, 1, true);
        }
        {
            ThreadCount three(3);
            gemm::sgemm(c.M, c.N, c.K, 1.0f, A.data(), c.K, 1, B.data(), c.N, 1, 0.5f, C3.data(), c.N, 1, true);
        }
        INFO(c.M << "x" << c.N << "x" << c.K);
        CHECK(std::abs(C1[0]) < 1e4f);
        CHECK(C1 == C3);
    }
}

// Few rows split over N: the team packs A once and every thread reads it (gemm_impl's shared A).
// Linear layers' shapes (batch 128 against 512 or 784 features, several K blocks), A and B
// transposed as the backward's products read them, teams larger than the column panels.
TEST_CASE("small-M GEMMs split over N share one packed A and match one thread", "[threads][gemm]") {
    if (!threads_available()) return;
    struct Case {
        int64_t M, N, K;
        bool ta, tb;
    };
    for (Case c : {Case{128, 512, 784, false, true}, Case{128, 784, 512, false, false}, Case{128, 512, 512, true, true},
                   Case{30, 2000, 300, true, false}, Case{13, 700, 1030, false, true}}) {
        std::vector<float> A(size_t(c.M * c.K)), B(size_t(c.K * c.N));
        for (size_t i = 0; i < A.size(); ++i) A[i] = float(int64_t(i * 37 % 101) - 50) / 50.0f;
        for (size_t i = 0; i < B.size(); ++i) B[i] = float(int64_t(i * 53 % 97) - 48) / 48.0f;
        const int64_t rsA = c.ta ? 1 : c.K, csA = c.ta ? c.M : 1, rsB = c.tb ? 1 : c.N, csB = c.tb ? c.K : 1;
        std::vector<float> C1(size_t(c.M * c.N), 1.0f);
        {
            ThreadCount one(1);
            gemm::sgemm(c.M, c.N, c.K, 1.0f, A.data(), rsA, csA, B.data(), rsB, csB, 0.5f, C1.data(), c.N, 1, true);
        }
        // against a float64 loop, loosely (the order of the sums is the kernel's)
        for (int64_t i = 0; i < c.M; i += 7)
            for (int64_t j = 0; j < c.N; j += 13) {
                double s = 0;
                for (int64_t k = 0; k < c.K; ++k) s += double(A[size_t(i * rsA + k * csA)]) * double(B[size_t(k * rsB + j * csB)]);
                REQUIRE(std::abs(double(C1[size_t(i * c.N + j)]) - (s + 0.5)) < 1e-3 * (1 + std::abs(s)));
            }
        for (int threads : {2, 5, 16}) {
            std::vector<float> Cn(size_t(c.M * c.N), 1.0f);
            {
                ThreadCount n(threads);
                gemm::sgemm(c.M, c.N, c.K, 1.0f, A.data(), rsA, csA, B.data(), rsB, csB, 0.5f, Cn.data(), c.N, 1, true);
            }
            INFO(c.M << "x" << c.N << "x" << c.K << " ta=" << c.ta << " tb=" << c.tb << " threads=" << threads);
            CHECK(C1 == Cn);
        }
    }
}

TEST_CASE("batched matmul, attention and conv2d agree across thread counts", "[threads]") {
    if (!threads_available()) return;
    Tensor a = f32({48, 64, 32}, 1), b = f32({48, 32, 64}, 2);   // many small matrices: across the batch
    Tensor a2 = f32({2, 300, 200}, 3), b2 = f32({2, 200, 250}, 4);  // few large ones: each GEMM split
    Tensor q = f32({12, 4, 64, 32}, 5), k = f32({12, 4, 64, 32}, 6), v = f32({12, 4, 64, 32}, 7);
    Tensor img = f32({16, 16, 24, 24}, 8), cw = f32({32, 16, 3, 3}, 9);
    auto run = [&](int threads) {
        ThreadCount tc(threads);
        std::vector<Tensor> out = {bmm(a, b), bmm(a2, b2), scaled_dot_product_attention(q, k, v, Tensor(), 0.0, true)};
        Tensor x = img.detach(), w = cw.detach();
        x.requires_grad_(true);
        w.requires_grad_(true);
        Tensor y = conv2d(x, w, Tensor(), {1, 1}, {1, 1});
        autograd::backward({sum(mul(y, y))});
        out.push_back(y.detach());
        out.push_back(x.grad());
        out.push_back(w.grad());
        return out;
    };
    std::vector<Tensor> one = run(1), two = run(2), two_again = run(2);
    for (size_t i = 0; i < one.size(); ++i) {
        INFO("result " << i);
        kiln::testing::check_close(two[i], one[i], 1e-4, 1e-4);
        CHECK(equal(two[i], two_again[i]));  // deterministic at a given thread count
    }
}
