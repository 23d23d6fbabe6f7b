// kiln_bench: how close the eager engine gets to this machine's ceilings, side by side in one run.
//
//   (a) memory-copy ceiling: an OpenMP-parallel copy of 2^24 float32 (64 MiB) into a pre-faulted
//       buffer, GB/s counting bytes read + written: what any memory-bound op could hope for;
//   (b) eager pointwise ops on 2^24 float32 through the public API (kiln::add, mul, relu, sigmoid),
//       out-of-place, allocation included (the caching allocator makes repeats cheap), as GB/s and
//       as a percentage of (a);
//   (c) float32 matmul (kiln::mm) GFLOP/s at 512^3, 1024^3 and [2048 x 2048] @ [2048 x 512];
//   (d) conv2d: input 32x64x56x56, 64 3x3 filters, padding 1 (a ResNet stage), GFLOP/s;
//   (e) batch-1 inference's products (issue 32): linear on 1 or 4 tokens against GPT-2 small's
//       weights (output layer 50257 x 768, MLP 3072 x 768) and HF Conv1D's x @ W (768 x 2304), as
//       GB/s of weight read, against (a): one token is bound by streaming the weight once.
// Every number is the median of repeats after warm-up, timed with std::chrono::steady_clock.
// Usage: kiln_bench [--json OUT] [--threads N]. This is a benchmark, not a test: nothing fails.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <functional>
#include <string>
#include <vector>

#ifdef _OPENMP
#include <omp.h>
#endif

#include "ops/gemm.h"
#include "ops/ops.h"
#include "tensor/iter.h"

using namespace kiln;

namespace {

// Median seconds of `reps` runs of f after `warmup` untimed runs.
double median_seconds(const std::function<void()>& f, int warmup, int reps) {
    for (int i = 0; i < warmup; ++i) f();
    std::vector<double> t;
    for (int i = 0; i < reps; ++i) {
        auto t0 = std::chrono::steady_clock::now();
        f();
        t.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
    }
    std::sort(t.begin(), t.end());
    return t[t.size() / 2];
}

struct Row {
    std::string group, name, unit;
    double value, percent;  // percent of the ceiling, or < 0 when not applicable
};

}  // namespace

int main(int argc, char** argv) {
    std::string json_path;
    for (int i = 1; i < argc; ++i) {
        if (!std::strcmp(argv[i], "--json") && i + 1 < argc) json_path = argv[++i];
        else if (!std::strcmp(argv[i], "--threads") && i + 1 < argc) set_num_threads(std::atoi(argv[++i]));
        else {
            std::fprintf(stderr, "usage: %s [--json OUT] [--threads N]\n", argv[0]);
            return 2;
        }
    }
    const int threads = num_threads();
#ifdef _OPENMP
    omp_set_num_threads(threads);
#endif
    std::vector<Row> rows;
    std::printf("kiln_bench: %d thread(s); GEMM %s\n\n", threads, gemm::tile_info().c_str());

    // ---- (a) memory-copy ceiling -----------------------------------------------------------------
    const int64_t n = int64_t(1) << 24;
    const double mib64 = double(n) * 4.0;
    std::vector<float> src(size_t(n), 1.0f), dst(size_t(n), 0.0f);  // both touched: pages faulted in
    const double t_copy = median_seconds(
        [&] {
            float* d = dst.data();
            const float* s = src.data();
#pragma omp parallel for schedule(static)
            for (int64_t c = 0; c < 64; ++c) {
                const int64_t b = c * (n / 64);
                std::memcpy(d + b, s + b, size_t(n / 64) * sizeof(float));
            }
        },
        3, 20);
    const double copy_gbs = 2.0 * mib64 / t_copy / 1e9;
    rows.push_back({"memory", "copy 2^24 float32 (ceiling)", "GB/s", copy_gbs, 100.0});

    // ---- (b) eager pointwise ops ------------------------------------------------------------------
    Tensor a = rand({n}), b = rand({n});
    struct Op {
        const char* name;
        double bytes;
        std::function<Tensor()> f;
    };
    std::vector<Op> ops = {
        {"add(a, b)", 3 * mib64, [&] { return add(a, b); }},
        {"mul(a, 2.0)", 2 * mib64, [&] { return mul(a, Scalar(2.0)); }},
        {"relu(a)", 2 * mib64, [&] { return relu(a); }},
        {"sigmoid(a)", 2 * mib64, [&] { return sigmoid(a); }},
    };
    double add_percent = 0;
    for (const Op& op : ops) {
        const double t = median_seconds([&] { Tensor r = op.f(); }, 3, 20);
        const double gbs = op.bytes / t / 1e9;
        rows.push_back({"pointwise", op.name, "GB/s", gbs, 100.0 * gbs / copy_gbs});
        if (std::string(op.name) == "add(a, b)") add_percent = 100.0 * gbs / copy_gbs;
    }

    // ---- (c) float32 GEMM -------------------------------------------------------------------------
    struct Mm {
        int64_t M, K, N;
        int reps;
    };
    double gflops_1024 = 0;
    for (Mm s : {Mm{512, 512, 512, 20}, Mm{1024, 1024, 1024, 10}, Mm{2048, 2048, 512, 10}}) {
        Tensor x = rand({s.M, s.K}), w = rand({s.K, s.N});
        const double t = median_seconds([&] { Tensor r = mm(x, w); }, 2, s.reps);
        const double gf = 2.0 * double(s.M) * double(s.N) * double(s.K) / t / 1e9;
        char name[96];
        std::snprintf(name, sizeof name, "mm [%lldx%lld] @ [%lldx%lld]", (long long)s.M, (long long)s.K,
                      (long long)s.K, (long long)s.N);
        rows.push_back({"matmul", name, "GFLOP/s", gf, -1});
        if (s.M == 1024 && s.N == 1024) gflops_1024 = gf;
    }

    // ---- (d) conv2d ---------------------------------------------------------------------------------
    {
        Tensor x = rand({32, 64, 56, 56}), w = rand({64, 64, 3, 3}), bias = rand({64});
        const double t = median_seconds([&] { Tensor r = conv2d(x, w, bias, {1, 1}, {1, 1}); }, 1, 5);
        const double flops = 2.0 * 32 * 64 * 56 * 56 * 64 * 9;
        rows.push_back({"conv2d", "conv2d 32x64x56x56, 64x3x3, pad 1", "GFLOP/s", flops / t / 1e9, -1});
    }

    // ---- (e) few-row products (batch-1 inference) ----------------------------------------------------
    {
        struct Gv {
            const char* name;
            int64_t M, N, K;
            bool transposed;  // linear's x @ W.t() (W stored N x K), else x @ W (W stored K x N)
        };
        for (Gv g : {Gv{"linear 1x768 @ [50257x768]^T", 1, 50257, 768, true},
                     Gv{"linear 4x768 @ [50257x768]^T", 4, 50257, 768, true},
                     Gv{"linear 1x768 @ [3072x768]^T", 1, 3072, 768, true},
                     Gv{"mm 1x768 @ [768x2304]", 1, 2304, 768, false}}) {
            Tensor x = rand({g.M, g.K});
            Tensor w = g.transposed ? rand({g.N, g.K}) : rand({g.K, g.N});
            const double t = median_seconds(
                [&] { Tensor r = g.transposed ? linear(x, w) : mm(x, w); }, 2, g.N > 10000 ? 10 : 50);
            const double gbs = double(g.N) * double(g.K) * 4.0 / t / 1e9;
            rows.push_back({"gemv", g.name, "GB/s", gbs, 100.0 * gbs / copy_gbs});
        }
    }

    // ---- report -------------------------------------------------------------------------------------
    std::printf("%-10s %-40s %12s %10s\n", "group", "measurement", "value", "% ceiling");
    std::printf("%s\n", std::string(75, '-').c_str());
    for (const Row& r : rows) {
        char val[32], pct[16] = "";
        std::snprintf(val, sizeof val, "%.1f %s", r.value, r.unit.c_str());
        if (r.percent >= 0) std::snprintf(pct, sizeof pct, "%.0f%%", r.percent);
        std::printf("%-10s %-40s %12s %10s\n", r.group.c_str(), r.name.c_str(), val, pct);
    }
    std::printf("\n");
    std::printf("target 70%% of copy ceiling for add: %s (%.0f%%)\n", add_percent >= 70 ? "met" : "not met", add_percent);
    std::printf("target 50 GFLOP/s for 1024^3 float32 matmul: %s (%.1f GFLOP/s on %d thread(s))\n",
                gflops_1024 >= 50 ? "met" : "not met", gflops_1024, threads);

    if (!json_path.empty()) {
        std::ofstream out(json_path);
        out << "{\n  \"threads\": " << threads << ",\n  \"gemm\": \"" << gemm::tile_info() << "\",\n  \"results\": [\n";
        for (size_t i = 0; i < rows.size(); ++i) {
            const Row& r = rows[i];
            out << "    {\"group\": \"" << r.group << "\", \"name\": \"" << r.name << "\", \"unit\": \"" << r.unit
                << "\", \"value\": " << r.value;
            if (r.percent >= 0) out << ", \"percent_of_ceiling\": " << r.percent;
            out << "}" << (i + 1 < rows.size() ? "," : "") << "\n";
        }
        out << "  ]\n}\n";
        std::printf("wrote %s\n", json_path.c_str());
    }
    return 0;
}
