// [cuda]: torch.compile on CUDA tensors. The default back end schedules the graph as on the CPU and
// runs its kernels as CUDA C++ compiled by NVRTC (codegen/cuda, backends/cuda_jit); extern steps
// (mm, addmm) run eager CUDA ops. Each program checks compiled-on-GPU against eager on the CPU and
// that the graph did not fall back. Without a GPU each case checks that compiling a CUDA program
// is impossible for the right reason and skips.
#include <catch2/catch.hpp>

#include <string>

#include "bindings/inductor.h"
#include "cuda/cuda.h"
#include "kernel/ir.h"
#include "support/program.h"

namespace {

// expected_kernels < 0: any number (the scheduler may fuse reductions horizontally).
void compiled_on_gpu(const std::string& body, int expected_kernels) {
    if (!kiln::cuda::is_available()) {
        SUCCEED("skipped: no CUDA device (torch.cuda.is_available() is False)");
        return;
    }
    kiln::vm::bind::last_report().reset();
    auto r = kiln::testing::run_program("import torch\nimport torch.nn.functional as F\ntorch.manual_seed(0)\n" + body +
                                        "cf = torch.compile(f)\n"
                                        "gargs = tuple(a.cuda() for a in args)\n"
                                        "for _ in range(3):\n"
                                        "    got = cf(*gargs)\n"
                                        "want = f(*args)\n"
                                        "got = got if isinstance(got, tuple) else (got,)\n"
                                        "want = want if isinstance(want, tuple) else (want,)\n"
                                        "print(all(g.is_cuda for g in got))\n"
                                        "print(all(torch.allclose(g.cpu(), w, rtol=1e-4, atol=1e-5) for g, w in zip(got, want)))\n");
    INFO(r.out << r.err << r.result.error_type << ": " << r.result.error_message);
    REQUIRE(r.result.ok);
    CHECK(r.out == "True\nTrue\n");
    CHECK(r.err.find("FX graph interpreter") == std::string::npos);
    auto rep = kiln::vm::bind::last_report();
    REQUIRE(rep);
    REQUIRE(rep->plan);
    CHECK(rep->plan->device == kiln::Device::CUDA);
    if (expected_kernels >= 0) CHECK(int(rep->plan->kernels.size()) == expected_kernels);
    CHECK(rep->source.find("__global__") != std::string::npos);
}

}  // namespace

TEST_CASE("cuda inductor: pointwise chain is one NVRTC kernel", "[cuda]") {
    compiled_on_gpu("def f(x, y):\n"
                    "    return ((x * y + 1).relu() - x.sigmoid()).tanh()\n"
                    "args = (torch.randn(64, 33), torch.randn(33))\n",
                    1);
}

TEST_CASE("cuda inductor: softmax and layer_norm + gelu are one kernel each", "[cuda]") {
    compiled_on_gpu("def f(x):\n"
                    "    return torch.softmax(x, -1)\n"
                    "args = (torch.randn(37, 1000) * 4,)\n",
                    1);
    compiled_on_gpu("def f(x, w, b):\n"
                    "    return F.gelu(F.layer_norm(x, (96,), w, b))\n"
                    "args = (torch.randn(50, 96), torch.randn(96), torch.randn(96))\n",
                    1);
}

TEST_CASE("cuda inductor: MLP with cuBLAS extern steps and fused epilogues", "[cuda]") {
    compiled_on_gpu("def f(x, w1, b1, w2, b2):\n"
                    "    return F.linear(F.linear(x, w1, b1).relu(), w2, b2)\n"
                    "args = (torch.randn(8, 32), torch.randn(64, 32) * 0.2, torch.randn(64), torch.randn(32, 64) * 0.2, torch.randn(32))\n",
                    1);
}

TEST_CASE("cuda inductor: sum and amax over several dims, float64", "[cuda]") {
    compiled_on_gpu("def f(x):\n"
                    "    return (x.exp().sum((0, 2)), x.amax(-1), (x * 2).mean())\n"
                    "args = (torch.randn(6, 7, 300, dtype=torch.float64),)\n",
                    -1);
}
