// The GPU autotuner's host side, checked without a GPU (tests/cuda/test_cuda_inductor.cpp runs it on
// one): the AUTOTUNE table's format, the runner's mapping of configurations to the compiled module's
// functions (a fake CudaModule stands in for NVRTC's), and the refusals of bad requests.
#include <catch2/catch.hpp>

#include <memory>
#include <string>
#include <vector>

#include "backends/cuda_autotune.h"
#include "backends/cuda_jit.h"
#include "backends/executor.h"
#include "codegen/cuda.h"
#include "kernel/ir.h"
#include "support/error.h"
#include "support/plan_builder.h"

using namespace kiln;

namespace {

// relu over a contiguous float32 [64, 256], as a CUDA plan: candidates in both forms.
std::shared_ptr<kernel::Plan> relu_cuda_plan() {
    auto p = std::make_shared<kernel::Plan>();
    int a = testing::plan_input(*p, "arg0_1", {64, 256});
    int out = testing::plan_output_buffer(*p, "buf0", {64, 256});
    testing::KernelBuilder kb("cpp_fused_relu_0", kernel::KernelKind::Pointwise, {64, 256}, 2, 0);
    kb.store(out, {256, 1}, kb.unary("relu", kb.load(a, {256, 1})));
    testing::plan_kernel(*p, kb, {a}, {out}, {"relu"});
    testing::plan_single_kernel_steps(*p, {out});
    p->device = Device::CUDA;
    return p;
}

// A module that holds the named functions and launches nothing (no GPU here).
class NamesOnly : public backends::CudaModule {
public:
    explicit NamesOnly(std::vector<codegen::CudaUnit> units) {
        for (const codegen::CudaUnit& u : units) names_.push_back(u.name);
    }
    void launch(int, int64_t, int, void**) override { throw Error(ErrorKind::RuntimeError, "no GPU in this test"); }
    int find(const std::string& name) const override {
        for (size_t i = 0; i < names_.size(); ++i)
            if (names_[i] == name) return int(i);
        return -1;
    }
    double compile_ms() const override { return 0; }
    int arch() const override { return 90; }

private:
    std::vector<std::string> names_;
};

}  // namespace

TEST_CASE("cuda autotune: the table lists blocks in run order, winner first, with totals", "[autotune][cuda_codegen]") {
    backends::CudaAutotuneResult r;
    backends::CudaKernelTuning k;
    k.title = "cuda_fused_relu_0(x=[64, 256], float32)";
    k.choices = {{codegen::CudaConfig{true}, "cuda_fused_relu_0_vec4", "vec4 block=256 (default)", 0.002},
                 {codegen::CudaConfig{}, "cuda_fused_relu_0", "scalar block=256", 0.004}};
    k.seconds = 0.01;
    r.kernels.push_back(k);
    cuda::GemmTuning g;
    g.title = "mm(8x16, 16x32, float32)";
    g.choices = {{"cublaslt_heuristic_1", 0.003, "algo=66 tile=20 split_k=1"}, {"cublas_default", 0.006, ""}};
    g.seconds = 0.02;
    r.gemms.push_back(g);
    r.order = {{true, 0}, {false, 0}};  // the GEMM ran first
    r.seconds = 0.5;
    CHECK(r.table() ==
          "AUTOTUNE mm(8x16, 16x32, float32) [cuBLAS]\n"
          "  cublaslt_heuristic_1 0.0030 ms 100.0% algo=66 tile=20 split_k=1\n"
          "  cublas_default 0.0060 ms 50.0%\n"
          "SingleProcess AUTOTUNE benchmarking takes 0.0200 seconds for 2 choices\n"
          "AUTOTUNE cuda_fused_relu_0(x=[64, 256], float32) [CUDA]\n"
          "  cuda_fused_relu_0_vec4 0.0020 ms 100.0% vec4 block=256 (default)\n"
          "  cuda_fused_relu_0 0.0040 ms 50.0% scalar block=256\n"
          "SingleProcess AUTOTUNE benchmarking takes 0.0100 seconds for 2 choices\n"
          "AUTOTUNE done: 1 kernel and 1 GEMM problem tuned in 0.5000 seconds\n");
}

TEST_CASE("cuda autotune: choices must name functions of the attached module", "[autotune][cuda_codegen]") {
    auto plan = relu_cuda_plan();
    backends::PlanRunner runner(plan);
    codegen::CudaConfig v512;
    v512.vec4 = true;
    v512.block = 512;
    codegen::CudaConfig b128;
    b128.block = 128;
    // No module: nothing to choose from, and nothing to tune.
    CHECK_THROWS_WITH(runner.set_cuda_choice(0, v512, b128), Catch::Contains("no CUDA module"));
    CHECK_THROWS_WITH(backends::cuda_autotune(runner, {}), Catch::Contains("not a CUDA plan with its compiled kernels"));
    // Default mode's module: the defaults map (attach_cuda), a candidate does not.
    runner.attach_cuda(std::make_shared<NamesOnly>(codegen::cuda_units(*plan)));
    CHECK_THROWS_WITH(runner.set_cuda_choice(0, v512, b128), Catch::Contains("no function cuda_fused_relu_0_vec4_b512"));
    // max-autotune's module holds every candidate.
    runner.attach_cuda(std::make_shared<NamesOnly>(codegen::cuda_autotune_units(*plan)));
    CHECK_NOTHROW(runner.set_cuda_choice(0, v512, b128));
    // Bad requests are refused, not trusted: a kernel out of range, a vec4 config as the fallback.
    CHECK_THROWS_AS(runner.set_cuda_choice(1, v512, b128), Error);
    CHECK_THROWS_AS(runner.set_cuda_choice(-1, v512, b128), Error);
    CHECK_THROWS_WITH(runner.set_cuda_choice(0, v512, v512), Catch::Contains("vec4 config given as the plain one"));
    // A CPU plan is not tuned here (autotune.h tunes its interpreter configs).
    auto cpu = relu_cuda_plan();
    cpu->device = Device::CPU;
    backends::PlanRunner cpu_runner(cpu);
    CHECK_THROWS_WITH(backends::cuda_autotune(cpu_runner, {}), Catch::Contains("not a CUDA plan"));
}
