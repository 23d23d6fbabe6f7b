// Dynamic int8 quantization (ops/quantized.h, torch.ao.quantization.quantize_dynamic): the kernel is
// checked against a float64 reference of the same arithmetic (quantization parameters, int8/uint8
// values, int32 accumulators: all exact; the output stage rounded to float32 at the same two points),
// and against the float32 layer it replaces, whose error is bounded by the quantization steps.
#include "support/check.h"
#include "support/program.h"

#include <cmath>
#include <limits>

#include "ops/quantized.h"

using namespace kiln;
using kiln::testing::program_output;

namespace {

struct Reference {
    double w_scale = 0, x_scale = 0;
    int64_t x_zero = 0;
    std::vector<int64_t> qw, qx, acc;
    std::vector<float> out, out_fused;  // the bias added after rounding the product, or in one fma
};

// The dynamic linear layer in float64 / integer arithmetic: PyTorch's observer and fbgemm's
// parameter choice written out independently of the kernel.
Reference reference(const std::vector<double>& w, int64_t N, int64_t K, const std::vector<double>& x, int64_t M,
                    const std::vector<double>& bias) {
    Reference r;
    // Weights: symmetric qint8, scale = max|w| / 127.5 in float32, at least float32's eps.
    double lo = 0, hi = 0;
    for (double v : w) lo = std::min(lo, v), hi = std::max(hi, v);
    float ws = float(std::max(-lo, hi)) / 127.5f;
    ws = std::max(ws, std::numeric_limits<float>::epsilon());
    r.w_scale = ws;
    float winv = 1.0f / ws;
    for (double v : w) r.qw.push_back(std::clamp<int64_t>(int64_t(std::nearbyint(double(float(v) * winv))), -128, 127));
    // Activations: uint8 over [min(x, 0), max(x, 0)] with 7 bits (reduce_range).
    double xlo = 0, xhi = 0;
    for (double v : x) xlo = std::min(xlo, v), xhi = std::max(xhi, v);
    double scale = (xhi - xlo) / 127.0;
    double from_min = 0 - xlo / scale, from_max = 127 - xhi / scale;
    double zero = (0 - std::abs(xlo / scale)) < (127 - std::abs(xhi / scale)) ? from_min : from_max;
    r.x_zero = std::clamp<int64_t>(int64_t(std::nearbyint(zero)), 0, 127);
    r.x_scale = float(scale);
    float xinv = 1.0f / float(scale);
    for (double v : x) {
        // One rounding of x * inv + zero (exact in double for these magnitudes, then rounded once).
        float t = float(double(float(v)) * double(xinv) + double(r.x_zero));
        r.qx.push_back(std::clamp<int64_t>(int64_t(std::nearbyint(t)), 0, 255));
    }
    float multiplier = float(r.x_scale) * float(r.w_scale);
    for (int64_t m = 0; m < M; ++m)
        for (int64_t n = 0; n < N; ++n) {
            int64_t a = 0;
            for (int64_t k = 0; k < K; ++k) a += (r.qx[size_t(m * K + k)] - r.x_zero) * r.qw[size_t(n * K + k)];
            r.acc.push_back(a);
            float y = float(a) * multiplier;
            y = y + float(bias[size_t(n)]);
            r.out.push_back(y);
            // GCC contracts the kernel's product and sum into one fma where the target has it
            // (-march=native, -ffp-contract=fast by default): either rounding is the same arithmetic.
            r.out_fused.push_back(std::fma(float(a), multiplier, float(bias[size_t(n)])));
        }
    return r;
}

}  // namespace

TEST_CASE("quantized: int8 linear equals a float64 reference of the same arithmetic", "[quantized]") {
    const int64_t M = 5, N = 6, K = 13;
    Tensor w = to_dtype(testing::test_input({N, K}, 31, -0.8, 0.6, false), DType::Float32);
    Tensor x = to_dtype(testing::test_input({M, K}, 32, -3, 2, false), DType::Float32);
    Tensor b = to_dtype(testing::test_input({N}, 33, -1, 1, false), DType::Float32);
    Reference ref = reference(w.to_double_vector(), N, K, x.to_double_vector(), M, b.to_double_vector());

    QuantizedWeight qw = quantize_weight_qint8(w);
    CHECK(double(qw.scale) == ref.w_scale);
    CHECK(qw.zero_point == 0);
    for (size_t i = 0; i < ref.qw.size(); ++i) CHECK(int64_t(qw.data[i]) == ref.qw[i]);

    std::vector<float> xs;
    for (double v : x.to_double_vector()) xs.push_back(float(v));
    float lo = *std::min_element(xs.begin(), xs.end()), hi = *std::max_element(xs.begin(), xs.end());
    ActivationQuant aq = choose_activation_qparams(lo, hi);
    CHECK(double(aq.scale) == ref.x_scale);
    CHECK(aq.zero_point == ref.x_zero);
    std::vector<uint8_t> qx(xs.size());
    quantize_activations(xs.data(), int64_t(xs.size()), aq, qx.data());
    for (size_t i = 0; i < qx.size(); ++i) CHECK(int64_t(qx[i]) == ref.qx[i]);

    std::vector<int32_t> acc(size_t(M * N));
    gemm_u8s8s32(M, N, K, qx.data(), aq.zero_point, qw.data.data(), acc.data());
    for (size_t i = 0; i < acc.size(); ++i) CHECK(int64_t(acc[i]) == ref.acc[i]);

    Tensor y = quantized_linear_dynamic(x, qw, b);
    REQUIRE(y.sizes() == Shape{M, N});
    CHECK(y.dtype() == DType::Float32);
    std::vector<double> got = y.to_double_vector();
    for (size_t i = 0; i < got.size(); ++i)  // exactly
        CHECK((got[i] == double(ref.out[i]) || got[i] == double(ref.out_fused[i])));
}

TEST_CASE("quantized: error against the float32 layer is bounded by the quantization steps", "[quantized]") {
    // |y_q - y| <= sum_k |x_k| |w_k - w~_k| + |w~_k| |x_k - x~_k| <= K (max|x| s_w / 2 + max|w~| s_x / 2),
    // plus float rounding; reported in the log.
    const int64_t M = 8, N = 16, K = 32;
    Tensor w = to_dtype(testing::test_input({N, K}, 41, -0.5, 0.5, false), DType::Float32);
    Tensor x = to_dtype(testing::test_input({2, M / 2, K}, 42, -2, 2, false), DType::Float32);
    Tensor b = to_dtype(testing::test_input({N}, 43, -1, 1, false), DType::Float32);
    QuantizedWeight qw = quantize_weight_qint8(w);
    Tensor yq = quantized_linear_dynamic(x, qw, b);
    Tensor y = linear(x, w, b);
    REQUIRE(yq.sizes() == Shape{2, M / 2, N});
    double max_x = amax(abs(x)).item_double(), max_w = amax(abs(w)).item_double();
    double sx = (amax(x).item_double() - amin(x).item_double()) / 127.0;
    double bound = double(K) * (max_x * qw.scale / 2 + (max_w + qw.scale / 2) * sx / 2) * 1.001 + 1e-5;
    double err = amax(abs(sub(yq, y))).item_double();
    double rel = err / amax(abs(y)).item_double();
    WARN("int8 dynamic linear vs float32: max abs error " << err << " (bound " << bound << "), relative " << rel);
    CHECK(err <= bound);
    CHECK(err > 0);  // it is a quantization, after all
    // The dequantized weight is within half a step of the original.
    CHECK(amax(abs(sub(dequantize_weight(qw), w))).item_double() <= qw.scale / 2 * 1.0001);
}

TEST_CASE("quantized: edge cases of the parameters and PyTorch's input errors", "[quantized]") {
    // All-zero activations: scale falls back to 0.1 and everything quantizes to the zero point.
    ActivationQuant z = choose_activation_qparams(0, 0);
    CHECK(z.scale == 0.1f);
    CHECK(z.zero_point == 0);
    // Only positive values: zero point 0; only negative: zero point at the top of the 7-bit range.
    CHECK(choose_activation_qparams(1, 3).zero_point == 0);
    CHECK(choose_activation_qparams(-3, -1).zero_point == 127);
    CHECK(choose_activation_qparams(-1, 1, false).zero_point == 128);  // full 8 bits
    // An all-zero weight keeps the float32-eps scale and quantizes to zeros.
    QuantizedWeight qw = quantize_weight_qint8(zeros({2, 3}));
    CHECK(qw.scale == std::numeric_limits<float>::epsilon());
    CHECK(std::all_of(qw.data.begin(), qw.data.end(), [](int8_t v) { return v == 0; }));
    CHECK_THROWS_WITH(quantized_linear_dynamic(ones({3}), qw, Tensor()),
                      "The dimension of input tensor should be larger than or equal to 2");
    CHECK_THROWS_WITH(quantized_linear_dynamic(ones({1, 4}), qw, Tensor()),
                      "The number of rows in the packB should be equal to K: 4");
    CHECK_THROWS_WITH(quantized_linear_dynamic(ones({1, 3}, {DType::Float64}), qw, Tensor()),
                      "expected scalar type Float but found Double");
    Tensor empty_out = quantized_linear_dynamic(zeros({0, 3}), qw, Tensor());
    CHECK(empty_out.sizes() == Shape{0, 2});
    // No input features: each output is the bias alone.
    QuantizedWeight none = quantize_weight_qint8(zeros({2, 0}));
    Tensor only_bias = quantized_linear_dynamic(zeros({3, 0}), none, tensor({1.5, -2}, {2}));
    CHECK(only_bias.to_double_vector() == std::vector<double>{1.5, -2, 1.5, -2, 1.5, -2});
    // inf and nan are reported instead of turning into garbage (or undefined conversions).
    CHECK_THROWS_WITH(quantize_weight_qint8(full({2, 2}, Scalar(std::nan("")))), Catch::Contains("inf or nan"));
    CHECK_THROWS_WITH(quantized_linear_dynamic(full({1, 3}, Scalar(INFINITY)), qw, Tensor()), Catch::Contains("inf or nan"));
    Tensor with_nan = tensor({1, std::nan(""), 2}, {1, 3});
    CHECK_THROWS_WITH(quantized_linear_dynamic(with_nan, qw, Tensor()), Catch::Contains("inf or nan"));
}

TEST_CASE("quantized: quantize_dynamic swaps nn.Linear in a copy and prints like PyTorch", "[quantized]") {
    std::string out = program_output(R"(
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(4, 4)
        self.act = nn.ReLU()
        self.body = nn.Sequential(nn.Linear(4, 3), nn.Tanh())

    def forward(self, x):
        return self.body(self.act(self.fc1(x)))

torch.manual_seed(0)
net = Net()
q = torch.quantization.quantize_dynamic(net, {nn.Linear: torch.quantization.default_dynamic_qconfig}, dtype=torch.qint8)
print(q)
print(type(q.fc1).__name__, isinstance(q.fc1, nn.Linear), q.training, net.training, len(list(q.parameters())))
x = torch.randn(3, 4)
with torch.no_grad():
    err = (q(x) - net(x)).abs().max().item()
print(0 < err < 0.05)
only_body = torch.ao.quantization.quantize_dynamic(net, {"body": torch.quantization.default_dynamic_qconfig})
print(isinstance(only_body.fc1, nn.Linear), isinstance(only_body.body[0], nn.Linear))
# Only submodules are swapped: a bare Linear comes back as a (copied) float Linear, as in PyTorch.
print(torch.ao.quantization.quantize_dynamic(nn.Linear(2, 2), [nn.Linear]))
same = torch.quantization.quantize_dynamic(net, None, torch.qint8, inplace=True)
print(same is net, isinstance(net.fc1, nn.Linear))
try:
    torch.quantization.quantize_dynamic(net, dtype=torch.float16)
except NotImplementedError as e:
    print("NotImplementedError", "qint8" in str(e))
)");
    CHECK(out ==
          "Net(\n"
          "  (fc1): DynamicQuantizedLinear(in_features=4, out_features=4, dtype=torch.qint8, "
          "qscheme=torch.per_tensor_affine)\n"
          "  (act): ReLU()\n"
          "  (body): Sequential(\n"
          "    (0): DynamicQuantizedLinear(in_features=4, out_features=3, dtype=torch.qint8, "
          "qscheme=torch.per_tensor_affine)\n"
          "    (1): Tanh()\n"
          "  )\n"
          ")\n"
          "Linear False False True 0\n"
          "True\n"
          "True False\n"
          "Linear(in_features=2, out_features=2, bias=True)\n"
          "True False\n"
          "NotImplementedError True\n");
}
