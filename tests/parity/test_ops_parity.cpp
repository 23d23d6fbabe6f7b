// Parity with real PyTorch for every op family: replays tests/parity/golden/ops.json (made by
// tests/parity/gen_ops_goldens.py with PyTorch 2.11). For each case Kiln must give the same output
// shape, dtype, values (float tolerance), grad_fn name, and gradients of sum(out * w).
#include <algorithm>
#include <fstream>
#include <functional>
#include <map>
#include <nlohmann/json.hpp>

#include "support/check.h"

using namespace kiln;
using json = nlohmann::json;

namespace {

DType dtype_of(const std::string& s) {
    static const std::map<std::string, DType> m = {{"float32", DType::Float32}, {"float64", DType::Float64},
                                                   {"int64", DType::Int64},     {"bool", DType::Bool},
                                                   {"float16", DType::Float16}, {"bfloat16", DType::BFloat16}};
    return m.at(s);
}

std::vector<double> values_of(const json& arr) {
    std::vector<double> v;
    for (const json& x : arr)
        v.push_back(x.is_string() ? std::strtod(x.get<std::string>().c_str(), nullptr)
                                  : x.is_boolean() ? double(x.get<bool>()) : x.get<double>());
    return v;
}

using Args = std::vector<Tensor>;
using OpFn = std::function<Tensor(const Args&, const json&)>;

template <typename T>
T kw(const json& k, const char* name, T fallback) {
    return k.contains(name) ? k[name].get<T>() : fallback;
}

Tensor opt(const Args& a, size_t i) { return i < a.size() ? a[i] : Tensor(); }

const std::map<std::string, OpFn>& op_table() {
    using U = Tensor (*)(const Tensor&);
    static const std::map<std::string, OpFn> table = [] {
        std::map<std::string, OpFn> t;
        auto unary = [&](const char* name, U f) { t[name] = [f](const Args& a, const json&) { return f(a[0]); }; };
        unary("neg", neg); unary("abs", abs); unary("exp", exp); unary("sin", sin); unary("cos", cos);
        unary("tanh", tanh); unary("sigmoid", sigmoid); unary("relu", relu); unary("silu", silu);
        unary("erf", erf); unary("sign", sign); unary("log", log); unary("log1p", log1p); unary("sqrt", sqrt);
        unary("rsqrt", rsqrt); unary("reciprocal", reciprocal);
        t["gelu"] = [](const Args& a, const json& k) { return gelu(a[0], kw<std::string>(k, "approximate", "none")); };
        t["leaky_relu"] = [](const Args& a, const json& k) { return leaky_relu(a[0], kw(k, "negative_slope", 0.01)); };
        t["softplus"] = [](const Args& a, const json& k) { return softplus(a[0], kw(k, "beta", 1.0)); };
        t["pow_scalar"] = [](const Args& a, const json& k) { return pow(a[0], Scalar(k["exponent"].get<double>())); };
        t["pow"] = [](const Args& a, const json&) { return pow(a[0], a[1]); };
        t["clamp"] = [](const Args& a, const json& k) {
            std::optional<Scalar> lo, hi;
            if (k.contains("min")) lo = Scalar(k["min"].get<double>());
            if (k.contains("max")) hi = Scalar(k["max"].get<double>());
            return clamp(a[0], lo, hi);
        };
        t["add"] = [](const Args& a, const json& k) { return add(a[0], a[1], Scalar(kw(k, "alpha", 1.0))); };
        t["sub"] = [](const Args& a, const json&) { return sub(a[0], a[1]); };
        t["mul"] = [](const Args& a, const json&) { return mul(a[0], a[1]); };
        t["div"] = [](const Args& a, const json& k) { return div(a[0], a[1], kw<std::string>(k, "rounding_mode", "")); };
        t["remainder"] = [](const Args& a, const json&) { return remainder(a[0], a[1]); };
        t["maximum"] = [](const Args& a, const json&) { return maximum(a[0], a[1]); };
        t["minimum"] = [](const Args& a, const json&) { return minimum(a[0], a[1]); };
        t["atan2"] = [](const Args& a, const json&) { return atan2(a[0], a[1]); };
        t["eq"] = [](const Args& a, const json&) { return eq(a[0], a[1]); };
        t["ne"] = [](const Args& a, const json&) { return ne(a[0], a[1]); };
        t["lt"] = [](const Args& a, const json&) { return lt(a[0], a[1]); };
        t["le"] = [](const Args& a, const json&) { return le(a[0], a[1]); };
        t["gt"] = [](const Args& a, const json&) { return gt(a[0], a[1]); };
        t["ge"] = [](const Args& a, const json&) { return ge(a[0], a[1]); };
        t["logical_and"] = [](const Args& a, const json&) { return logical_and(a[0], a[1]); };
        t["where"] = [](const Args& a, const json&) { return where(a[0], a[1], a[2]); };
        t["masked_fill"] = [](const Args& a, const json& k) { return masked_fill(a[0], a[1], Scalar(k["value"].get<double>())); };

        t["sum"] = [](const Args& a, const json& k) {
            return sum(a[0], kw(k, "dims", std::vector<int64_t>{}), kw(k, "keepdim", false));
        };
        t["mean"] = [](const Args& a, const json& k) {
            return mean(a[0], kw(k, "dims", std::vector<int64_t>{}), kw(k, "keepdim", false));
        };
        t["var"] = [](const Args& a, const json& k) {
            return var(a[0], kw(k, "dims", std::vector<int64_t>{}), kw(k, "correction", 1.0), kw(k, "keepdim", false));
        };
        t["std"] = [](const Args& a, const json& k) {
            return kiln::std_dev(a[0], kw(k, "dims", std::vector<int64_t>{}), kw(k, "correction", 1.0), kw(k, "keepdim", false));
        };
        t["prod"] = [](const Args& a, const json& k) { return prod(a[0], k["dim"].get<int64_t>()); };
        t["amax"] = [](const Args& a, const json& k) { return amax(a[0], kw(k, "dims", std::vector<int64_t>{})); };
        t["max_dim"] = [](const Args& a, const json& k) { return max(a[0], k["dim"].get<int64_t>(), kw(k, "keepdim", false)).first; };
        t["min_dim"] = [](const Args& a, const json& k) { return min(a[0], k["dim"].get<int64_t>(), kw(k, "keepdim", false)).first; };
        t["argmax"] = [](const Args& a, const json& k) { return argmax(a[0], k["dim"].get<int64_t>()); };
        t["softmax"] = [](const Args& a, const json& k) { return softmax(a[0], k["dim"].get<int64_t>()); };
        t["log_softmax"] = [](const Args& a, const json& k) { return log_softmax(a[0], k["dim"].get<int64_t>()); };
        t["logsumexp"] = [](const Args& a, const json& k) { return logsumexp(a[0], k["dims"].get<std::vector<int64_t>>()); };
        t["norm"] = [](const Args& a, const json& k) { return norm(a[0], kw(k, "p", 2.0), kw(k, "dims", std::vector<int64_t>{})); };
        t["cumsum"] = [](const Args& a, const json& k) { return cumsum(a[0], k["dim"].get<int64_t>()); };

        t["mm"] = [](const Args& a, const json&) { return mm(a[0], a[1]); };
        t["bmm"] = [](const Args& a, const json&) { return bmm(a[0], a[1]); };
        t["matmul"] = [](const Args& a, const json&) { return matmul(a[0], a[1]); };
        t["addmm"] = [](const Args& a, const json& k) {
            return addmm(a[0], a[1], a[2], Scalar(kw(k, "beta", 1.0)), Scalar(kw(k, "alpha", 1.0)));
        };
        t["linear"] = [](const Args& a, const json&) { return linear(a[0], a[1], opt(a, 2)); };
        t["outer"] = [](const Args& a, const json&) { return outer(a[0], a[1]); };
        t["conv2d"] = [](const Args& a, const json& k) {
            return conv2d(a[0], a[1], opt(a, 2), kw(k, "stride", std::vector<int64_t>{1, 1}),
                          kw(k, "padding", std::vector<int64_t>{0, 0}), kw(k, "dilation", std::vector<int64_t>{1, 1}),
                          kw(k, "groups", int64_t(1)));
        };
        t["max_pool2d"] = [](const Args& a, const json& k) {
            return max_pool2d(a[0], k["kernel_size"].get<std::vector<int64_t>>(), kw(k, "stride", std::vector<int64_t>{}),
                              kw(k, "padding", std::vector<int64_t>{0, 0}), {1, 1}, kw(k, "ceil_mode", false));
        };
        t["avg_pool2d"] = [](const Args& a, const json& k) {
            return avg_pool2d(a[0], k["kernel_size"].get<std::vector<int64_t>>(), kw(k, "stride", std::vector<int64_t>{}),
                              kw(k, "padding", std::vector<int64_t>{0, 0}), kw(k, "ceil_mode", false),
                              kw(k, "count_include_pad", true));
        };
        t["adaptive_avg_pool2d"] = [](const Args& a, const json& k) {
            return adaptive_avg_pool2d(a[0], k["output_size"].get<std::vector<int64_t>>());
        };
        t["layer_norm"] = [](const Args& a, const json& k) {
            return layer_norm(a[0], k["normalized_shape"].get<Shape>(), opt(a, 1), opt(a, 2));
        };
        t["batch_norm"] = [](const Args& a, const json& k) {
            int64_t c = a[0].size(1);
            Tensor rm = full({c}, Scalar(kw(k, "running_mean", 0.0)));
            Tensor rv = full({c}, Scalar(kw(k, "running_var", 1.0)));
            return batch_norm(a[0], rm, rv, opt(a, 1), opt(a, 2), k["training"].get<bool>());
        };
        t["embedding"] = [](const Args& a, const json& k) {
            std::optional<int64_t> pad;
            if (k.contains("padding_idx")) pad = k["padding_idx"].get<int64_t>();
            return embedding(a[0], a[1], pad);
        };
        t["mse_loss"] = [](const Args& a, const json& k) { return mse_loss(a[0], a[1], kw<std::string>(k, "reduction", "mean")); };
        t["l1_loss"] = [](const Args& a, const json& k) { return l1_loss(a[0], a[1], kw<std::string>(k, "reduction", "mean")); };
        t["nll_loss"] = [](const Args& a, const json& k) {
            Tensor x = kw(k, "log_softmax_first", false) ? log_softmax(a[0], 1) : a[0];
            return nll_loss(x, a[1], Tensor(), kw<std::string>(k, "reduction", "mean"));
        };
        t["cross_entropy"] = [](const Args& a, const json& k) {
            return cross_entropy(a[0], a[1], opt(a, 2), kw<std::string>(k, "reduction", "mean"),
                                 kw(k, "ignore_index", int64_t(-100)), kw(k, "label_smoothing", 0.0));
        };
        t["binary_cross_entropy_with_logits"] = [](const Args& a, const json&) {
            return binary_cross_entropy_with_logits(a[0], div(a[1], 2.2));
        };
        t["cat"] = [](const Args& a, const json& k) { return cat(a, k["dim"].get<int64_t>()); };
        t["stack"] = [](const Args& a, const json& k) { return stack(a, k["dim"].get<int64_t>()); };
        t["index_select"] = [](const Args& a, const json& k) { return index_select(a[0], k["dim"].get<int64_t>(), a[1]); };
        t["gather"] = [](const Args& a, const json& k) { return gather(a[0], k["dim"].get<int64_t>(), a[1]); };
        t["scatter_add"] = [](const Args& a, const json& k) { return scatter_add(a[0], k["dim"].get<int64_t>(), a[1], a[2]); };
        t["tril"] = [](const Args& a, const json& k) { return tril(a[0], k["diagonal"].get<int64_t>()); };
        t["triu"] = [](const Args& a, const json& k) { return triu(a[0], k["diagonal"].get<int64_t>()); };
        return t;
    }();
    return table;
}

const json& ops_goldens() {
    static json data = [] {
        std::ifstream in(std::string(KILN_SOURCE_DIR) + "/tests/parity/golden/ops.json");
        REQUIRE(in.good());
        return json::parse(in);
    }();
    return data;
}

void run_case(const json& c) {
    INFO("parity case " << c["name"].get<std::string>() << " (op " << c["op"].get<std::string>() << ")");
    std::vector<Tensor> inputs;
    for (const json& in : c["inputs"]) {
        DType dt = dtype_of(in["dtype"]);
        bool rg = in.value("requires_grad", false);
        inputs.push_back(tensor(values_of(in["values"]), in["shape"].get<Shape>(), dt, rg));
    }
    auto it = op_table().find(c["op"].get<std::string>());
    REQUIRE(it != op_table().end());
    Tensor out = it->second(inputs, c["kwargs"]);
    const json& want = c["out"];
    CHECK(out.sizes() == want["shape"].get<Shape>());
    CHECK(std::string(dtype_short_name(out.dtype())) == want["dtype"].get<std::string>());
    double rtol = out.dtype() == DType::Float64 ? 1e-9 : 2e-4;
    kiln::testing::check_close(out, values_of(want["values"]), rtol, 2e-5);
    if (c["grad_fn"].is_null()) {
        CHECK(out.grad_fn() == nullptr);
    } else {
        REQUIRE(out.grad_fn());
        CHECK(out.grad_fn()->name == c["grad_fn"].get<std::string>());
    }
    if (!c.contains("grads")) return;
    Tensor w = tensor(values_of(c["w"]), out.sizes(), out.dtype());
    autograd::backward({out}, {w});
    for (size_t i = 0; i < inputs.size(); ++i) {
        const json& g = c["grads"][i];
        if (g.is_null()) continue;
        INFO("gradient of input " << i);
        REQUIRE(inputs[i].grad().defined());
        kiln::testing::check_close(inputs[i].grad(), values_of(g), rtol * 5, 1e-4);
    }
}

}  // namespace

// One TEST_CASE per op family keeps failures readable in ctest's list.
#define KILN_PARITY_FAMILY(title, tag, ...)                                                  \
    TEST_CASE("PyTorch parity: " title, "[parity]" tag) {                                   \
        const std::vector<std::string> ops = {__VA_ARGS__};                                  \
        int n = 0;                                                                           \
        for (const json& c : ops_goldens()["cases"]) {                                       \
            if (std::find(ops.begin(), ops.end(), c["op"].get<std::string>()) == ops.end())  \
                continue;                                                                    \
            run_case(c);                                                                     \
            ++n;                                                                             \
        }                                                                                    \
        CHECK(n > 0);                                                                        \
    }

KILN_PARITY_FAMILY("unary pointwise", "[pointwise]", "neg", "abs", "exp", "sin", "cos", "tanh", "sigmoid", "relu", "silu",
                   "erf", "sign", "log", "log1p", "sqrt", "rsqrt", "reciprocal", "gelu", "leaky_relu", "softplus",
                   "pow_scalar", "clamp")
KILN_PARITY_FAMILY("binary pointwise and promotion", "[pointwise]", "pow", "add", "sub", "mul", "div", "remainder",
                   "maximum", "minimum", "atan2")
KILN_PARITY_FAMILY("comparisons and selection", "[pointwise]", "eq", "ne", "lt", "le", "gt", "ge", "logical_and",
                   "where", "masked_fill")
KILN_PARITY_FAMILY("reductions", "[reduce]", "sum", "mean", "var", "std", "prod", "amax", "max_dim", "min_dim", "argmax",
                   "logsumexp", "norm", "cumsum")
KILN_PARITY_FAMILY("softmax family", "[reduce]", "softmax", "log_softmax")
KILN_PARITY_FAMILY("matrix products", "[linalg]", "mm", "bmm", "matmul", "addmm", "linear", "outer")
KILN_PARITY_FAMILY("convolution and pooling", "[conv]", "conv2d", "max_pool2d", "avg_pool2d", "adaptive_avg_pool2d")
KILN_PARITY_FAMILY("normalization and embedding", "[nn]", "layer_norm", "batch_norm", "embedding")
KILN_PARITY_FAMILY("losses", "[loss]", "mse_loss", "l1_loss", "nll_loss", "cross_entropy",
                   "binary_cross_entropy_with_logits")
KILN_PARITY_FAMILY("joining and indexing", "[join]", "cat", "stack", "index_select", "gather", "scatter_add", "tril", "triu")

TEST_CASE("PyTorch parity: every golden op is covered", "[parity]") {
    for (const json& c : ops_goldens()["cases"]) {
        INFO("op " << c["op"].get<std::string>());
        CHECK(op_table().count(c["op"].get<std::string>()) == 1);
    }
}
