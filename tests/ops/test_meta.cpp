// Meta compute mode (tensor/meta.h): results under MetaScope describe the real results exactly
// (sizes, strides, dtype, requires_grad, grad_fn) without their data; covered kernels leave memory
// unwritten; data reads of meta values fail (RuntimeError, or NeedsRealData inside a compile step's
// MetaRetryScope) instead of showing uninitialized bytes; and torch.compile, which captures and
// re-traces in meta mode, still computes what eager computes, redoing a step in real mode where it
// needs data, while a backend written in Python still sees real example values.
#include <catch2/catch.hpp>

#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "ops/gemm.h"
#include "ops/ops.h"
#include "support/check.h"
#include "support/program.h"
#include "tensor/iter.h"
#include "tensor/meta.h"

using namespace kiln;
using kiln::testing::grad_fn_name;
using kiln::testing::test_input;

namespace {

Tensor f32(const Shape& s, uint32_t seed, bool grad = false) {
    Tensor t = to_dtype(test_input(s, seed, -1, 1, false), DType::Float32);
    if (grad) t.requires_grad_(true);
    return t;
}

bool is_meta(const Tensor& t) { return t.impl()->storage && t.impl()->storage->meta; }

}  // namespace

TEST_CASE("meta: MetaScope nests and restores the previous mode", "[meta]") {
    CHECK_FALSE(meta_mode());
    {
        MetaScope on;
        CHECK(meta_mode());
        {
            MetaScope off(false);
            CHECK_FALSE(meta_mode());
            {
                MetaScope again;
                CHECK(meta_mode());
            }
            CHECK_FALSE(meta_mode());
        }
        CHECK(meta_mode());
    }
    CHECK_FALSE(meta_mode());
}

TEST_CASE("meta: results have the real results' sizes, strides, dtype, requires_grad and grad_fn", "[meta]") {
    Tensor x = f32({2, 3, 8}, 1, true), y = f32({8}, 2), w = f32({5, 8}, 3, true), b = f32({5}, 4, true);
    Tensor a4 = f32({2, 4, 6, 8}, 5), b4 = f32({2, 4, 8, 6}, 6);
    Tensor img = f32({1, 2, 7, 7}, 7, true), k = f32({4, 2, 3, 3}, 8, true);
    Tensor ln_w = f32({8}, 9, true), ln_b = f32({8}, 10, true);
    Tensor emb = f32({10, 4}, 11, true);
    Tensor ids = to_dtype(tensor({1, 0, 9, 3}, {2, 2}, DType::Float64), DType::Int64);
    Tensor x64 = test_input({3, 4}, 12);
    std::vector<std::pair<std::string, std::function<Tensor()>>> ops = {
        {"add broadcast", [&] { return add(x, y); }},
        {"mul scalar", [&] { return mul(x, Scalar(2.0)); }},
        {"relu", [&] { return relu(x); }},
        {"sigmoid", [&] { return sigmoid(x); }},
        {"gelu", [&] { return gelu(x); }},
        {"tanh of transpose", [&] { return tanh(transpose(x, 1, 2)); }},
        {"contiguous", [&] { return contiguous(transpose(x, 0, 2)); }},
        {"to float64", [&] { return to_dtype(x, DType::Float64); }},
        {"sum dim", [&] { return sum(x, {1}, true); }},
        {"mean", [&] { return mean(x, {0, 2}); }},
        {"amax", [&] { return amax(x, {-1}, true); }},
        {"var", [&] { return var(x64, {1}); }},
        {"softmax", [&] { return softmax(x, -1); }},
        {"log_softmax", [&] { return log_softmax(x, 1); }},
        {"layer_norm", [&] { return layer_norm(x, {8}, ln_w, ln_b); }},
        {"linear", [&] { return linear(x, w, b); }},
        {"matmul batched", [&] { return matmul(a4, b4); }},
        {"matmul 2-d", [&] { return matmul(w, transpose(w, 0, 1)); }},
        {"conv2d", [&] { return conv2d(img, k); }},
        {"cat", [&] { return cat({x, x}, 1); }},
        {"embedding", [&] { return embedding(ids, emb); }},
        {"index_select", [&] { return index_select(emb, 0, reshape(ids, {-1})); }},
        {"where", [&] { return where(gt(x, Scalar(0.0)), x, mul(x, Scalar(0.5))); }},
        {"float64 exp", [&] { return exp(x64); }},
    };
    for (const auto& [name, f] : ops) {
        INFO(name);
        Tensor real = f();
        Tensor fake;
        {
            MetaScope meta;
            fake = f();
        }
        CHECK(fake.sizes() == real.sizes());
        CHECK(fake.strides() == real.strides());
        CHECK(fake.dtype() == real.dtype());
        CHECK(fake.requires_grad() == real.requires_grad());
        CHECK(grad_fn_name(fake) == grad_fn_name(real));
        CHECK_FALSE(is_meta(real));
    }
}

TEST_CASE("meta: covered kernels write nothing, the memory they skip is marked", "[meta]") {
    // A fresh result's memory is marked as holding no values.
    Tensor x = f32({64, 64}, 1), y = f32({64, 64}, 2);
    Tensor r;
    {
        MetaScope meta;
        r = add(x, y);
    }
    CHECK(is_meta(r));
    CHECK_FALSE(is_meta(x));

    // In-place ops (the elementwise loop driver, copy_): the sentinel stays, the storage is marked.
    Tensor s = full({1000}, Scalar(7.0), {DType::Float32});
    Tensor c = full({1000}, Scalar(7.0), {DType::Float32});
    {
        MetaScope meta;
        mul_(s, Scalar(3.0));
        copy_(c, f32({1000}, 3));
    }
    for (Tensor t : {s, c}) {
        CHECK(is_meta(t));
        const float* p = t.data_ptr<float>();
        bool untouched = true;
        for (int i = 0; i < 1000; ++i) untouched = untouched && p[i] == 7.0f;
        CHECK(untouched);
    }

    // The GEMM entry points and parallel_for leave their output alone.
    std::vector<float> A(16 * 16, 1.0f), B(16 * 16, 1.0f), C(16 * 16, -3.0f);
    int calls = 0;
    {
        MetaScope meta;
        gemm::sgemm(16, 16, 16, 1.0f, A.data(), 16, 1, B.data(), 16, 1, 0.0f, C.data(), 16, 1, false);
        parallel_for(0, 100000, 1, [&](int64_t, int64_t) { ++calls; });
    }
    CHECK(calls == 0);
    bool untouched = true;
    for (float v : C) untouched = untouched && v == -3.0f;
    CHECK(untouched);
    gemm::sgemm(16, 16, 16, 1.0f, A.data(), 16, 1, B.data(), 16, 1, 0.0f, C.data(), 16, 1, false);
    CHECK(C[0] == 16.0f);

    // A 4096x4096 @ 4096x4096 product has its shape without its 137 GFLOP.
    Tensor big_a = Tensor::empty({4096, 4096}, DType::Float32), big_b = Tensor::empty({4096, 4096}, DType::Float32);
    Tensor p;
    {
        MetaScope meta;
        p = relu(matmul(big_a, big_b));
    }
    CHECK(p.sizes() == Shape{4096, 4096});
    CHECK(is_meta(p));

    // Values given by the caller are never meta.
    {
        MetaScope meta;
        Tensor k = scalar_tensor(Scalar(2.5));
        Tensor v = tensor({1, 2, 3}, {3}, DType::Float32);
        CHECK_FALSE(is_meta(k));
        CHECK_FALSE(is_meta(v));
        CHECK(k.item().to_double() == 2.5);
    }
}

TEST_CASE("meta: a meta value's data cannot be read", "[meta]") {
    Tensor x = f32({4, 4}, 1);
    Tensor m, empty_m;
    {
        MetaScope meta;
        m = sum(x);
        empty_m = add(Tensor::empty({0, 4}, DType::Float32), Scalar(1.0));
    }
    // Outside a compile step: a RuntimeError, never the uninitialized bytes.
    CHECK_THROWS_WITH(m.item(), Catch::Contains("has no data"));
    CHECK_THROWS_WITH(m.to_double_vector(), Catch::Contains("has no data"));
    CHECK_THROWS_WITH(m.repr(), Catch::Contains("has no data"));
    CHECK_THROWS_WITH(tolist(reshape(m, {1})), Catch::Contains("has no data"));
    CHECK(empty_m.to_double_vector().empty());  // no elements: nothing to read
    {
        MetaScope meta;
        CHECK_THROWS_WITH(nonzero(x), Catch::Contains("depends on the input's data"));
        CHECK_THROWS_WITH(equal(x, x), Catch::Contains("has no data"));
    }
    // Inside a compile step's MetaRetryScope: NeedsRealData, counted, for the step to redo its work.
    int before = meta_fallbacks();
    Tensor real = f32({8}, 2);
    {
        MetaRetryScope retry;
        CHECK_THROWS_AS(m.item(), NeedsRealData);
        MetaScope meta;
        CHECK_THROWS_AS(nonzero(x), NeedsRealData);
        // An op that would leave real memory without its values.
        CHECK_THROWS_AS(add_(real, Scalar(1.0)), NeedsRealData);
        CHECK_FALSE(is_meta(real));
    }
    CHECK(meta_fallbacks() == before + 3);
}

TEST_CASE("meta: torch.compile captures and re-traces in meta mode and computes what eager does", "[meta]") {
    setenv("KILN_CPP_JIT", "0", 1);
    int before = meta_fallbacks();
    std::string out = kiln::testing::program_output(R"(
import math
class Block(nn.Module):
    def __init__(self, d, heads):
        super().__init__()
        self.heads = heads
        self.ln1 = nn.LayerNorm(d)
        self.qkv = nn.Linear(d, 3 * d)
        self.proj = nn.Linear(d, d)
        self.fc = nn.Linear(d, 2 * d)
        self.out = nn.Linear(2 * d, d)
    def forward(self, x):
        B, T, C = x.shape
        q, k, v = self.qkv(self.ln1(x)).split(C, dim=2)
        hd = C // self.heads
        q = q.view(B, T, self.heads, hd).transpose(1, 2)
        k = k.view(B, T, self.heads, hd).transpose(1, 2)
        v = v.view(B, T, self.heads, hd).transpose(1, 2)
        att = F.softmax((q @ k.transpose(-2, -1)) * (1.0 / math.sqrt(hd)), dim=-1)
        y = (att @ v).transpose(1, 2).contiguous().view(B, T, C)
        x = x + self.proj(y)
        return x + self.out(F.gelu(self.fc(x))).sigmoid() * 2.0 - 1.0
torch.manual_seed(0)
m = Block(16, 2)
m.eval()
x = torch.randn(2, 5, 16)
with torch.no_grad():
    a = torch.compile(m)(x)
    b = m(x)
print("block", a.shape == b.shape, torch.allclose(a, b, rtol=1e-5, atol=1e-6))
)");
    CHECK(out == "block True True\n");
    CHECK(meta_fallbacks() == before);  // nothing in this program needed real example data
}

TEST_CASE("meta: compile steps that need real data redo their work in real mode, Python backends see real examples", "[meta]") {
    setenv("KILN_CPP_JIT", "0", 1);
    int before = meta_fallbacks();
    std::string out = kiln::testing::program_output(R"(
torch._dynamo.config.capture_scalar_outputs = True
def scalar(x):
    s = (x * 2).sum().item()
    return x * s
def inplace(x, y):
    x.mul_(2)
    return x + y
def printed(x):
    y = x.relu()
    return y * 3
seen = []
def backend(gm, example_inputs):
    # A backend written in Python reads real example values (Dynamo keeps meta mode off for it).
    for n in gm.graph.nodes:
        if n.op == "call_function" or n.op == "call_method":
            seen.append(round(float(n.meta["example_value"].sum()), 4))
    seen.append(round(float(example_inputs[0].sum()), 4))
    return gm.forward
x = torch.arange(6.0).reshape(2, 3)
print("scalar", torch.equal(torch.compile(scalar)(x), scalar(x)))
x1, y = torch.randn(3), torch.randn(3)
x2 = x1.clone()
r1 = torch.compile(inplace)(x1, y)
r2 = inplace(x2, y)
print("inplace", torch.equal(r1, r2), torch.equal(x1, x2))
z = torch.randn(4)
print("backend", torch.equal(torch.compile(printed, backend=backend)(z), printed(z)))
print(seen == [round(float(z.relu().sum()), 4), round(float((z.relu() * 3).sum()), 4), round(float(z.sum()), 4)])
)");
    CHECK(out == "scalar True\ninplace True True\nbackend True\nTrue\n");
    CHECK(meta_fallbacks() > before);  // .item() and x.mul_ in the captured code
}
