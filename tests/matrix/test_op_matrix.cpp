// The op x backend matrix (issue 27): every row of ops/pointwise.def, the single declaration of
// Kiln's elementwise ops, run over a fixed set of shapes (0-d scalars, broadcasting, transposed and
// strided views, empty tensors, odd sizes) and dtypes in every execution path Kiln has, forward
// and backward, each against a float64 reference with per-op tolerances:
//   eager CPU          the op table's kernel (graph/op_registry: the eager op) and eager autograd
//   interp             the Inductor-style back end's plan on the kernel interpreter (forward), and
//                      AOT autograd's forward/backward plans (backward); an op the plan runs as an
//                      eager fallback step is missing from the path
//   cpp_jit            the same plans' generated C++ compiled by the system compiler (one module
//                      per dtype and direction: every op and shape of the matrix in one compile)
//   wasm               each case's plans' kernels as generated WebAssembly (codegen/wasm), all run in
//                      one node process, float32 only (the browser's dtype)
//   eager CUDA / compiled CUDA   the same on a GPU (the [cuda] tests: tests/cuda/device_session.sh
//                      runs them on the GPU machine; skipped without a device)
// The float64 reference is the row's own scalar expression evaluated in double (int64_t for the
// integer cases) over plain broadcast index loops, so it shares nothing with the kernels' strided
// loops, dtype promotion, code generators or backward formulas; gradients are central differences
// of that expression (points where the one-sided differences disagree, a kink or a jump, are not
// compared).
//
// Nothing here names an op except to say how it is called (specs(), when the default aten schema
// and argument list do not fit) and where a path lacks it (gaps()). A new .def row is picked up by
// itself: it runs everywhere with the default call torch.<name>(inputs...), and a path without it
// fails by name until the path gains the op or gaps() says why not. Each run prints the gap list.
#include <catch2/catch.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iostream>
#include <map>
#include <memory>
#include <optional>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <unistd.h>
#include <vector>

#include "aot/builder.h"
#include "aot/joint.h"
#include "aot/runtime.h"
#include "autograd/grad_mode.h"
#include "autograd/node.h"
#include "backends/cpu_jit.h"
#include "backends/cuda_jit.h"
#include "backends/executor.h"
#include "codegen/cpp.h"
#include "codegen/cuda.h"
#include "codegen/wasm.h"
#include "cuda/cuda.h"
#include "graph/ir.h"
#include "graph/op_registry.h"
#include "graph/passes/passes.h"
#include "kernel/ir.h"
#include "ops/ops.h"
#include "ops/pointwise_math.h"
#include "passes/emit.h"
#include "passes/pipeline.h"
#include "passes/schedule.h"
#include "support/cuda_source.h"
#include "support/wasm_node.h"

using namespace kiln;

namespace {

// ==== the rows of ops/pointwise.def, with their scalar expressions as the reference ==============

enum class Kind { FLOAT, SAME, ROUNDING, COMPARE, LOGICAL };

// The row's expression in T (double for floating cases, int64_t for integer ones), as pointwise.cpp
// instantiates it; x/a, b, c are the operands, p0/p1/alpha the row's parameters.
using RefFn = double (*)(const double* v, double p0, double p1, double alpha, bool integer);

#define CUSTOM 0
#define KILN_UNARY_OP(name, grad_fn, kind, saves, expr, backward)                   \
    struct ref_##name {                                                              \
        template <typename T>                                                        \
        static double f(T x, T p0, T p1) {                                           \
            (void)p0, (void)p1;                                                      \
            return double(expr);                                                     \
        }                                                                            \
        static double call(const double* v, double p0, double p1, double, bool i) { \
            if constexpr (Kind::kind != Kind::FLOAT)                                 \
                if (i) return f<int64_t>(int64_t(v[0]), int64_t(p0), int64_t(p1));  \
            return f<double>(v[0], p0, p1);                                          \
        }                                                                            \
    };
#define KILN_BINARY_OP(name, grad_fn, kind, expr)                                              \
    struct ref_##name {                                                                         \
        template <typename T>                                                                   \
        static double f(T a, T b, T alpha) {                                                    \
            (void)alpha;                                                                        \
            return double(expr);                                                                \
        }                                                                                       \
        static double call(const double* v, double, double, double alpha, bool i) {            \
            if constexpr (Kind::kind != Kind::FLOAT)                                            \
                if (i) return f<int64_t>(int64_t(v[0]), int64_t(v[1]), int64_t(alpha));         \
            return f<double>(v[0], v[1], alpha);                                                \
        }                                                                                       \
    };
#define KILN_TERNARY_OP(name, grad_fn, expr)                                                            \
    struct ref_##name {                                                                                  \
        template <typename T>                                                                            \
        static double f(T a, T b, T c, T alpha) {                                                        \
            (void)a, (void)b, (void)c, (void)alpha;                                                      \
            return double(expr);                                                                         \
        }                                                                                                \
        static double call(const double* v, double, double, double alpha, bool i) {                     \
            if (i) return f<int64_t>(int64_t(v[0]), int64_t(v[1]), int64_t(v[2]), int64_t(alpha));      \
            return f<double>(v[0], v[1], v[2], alpha);                                                   \
        }                                                                                                \
    };
#include "ops/pointwise.def"
#undef CUSTOM

struct Row {
    std::string name;
    int arity;
    Kind kind;
    bool differentiable;  // the row names a grad_fn
    RefFn ref;
};

const std::vector<Row>& rows() {
    static const std::vector<Row> r = {
#define KILN_UNARY_OP(name, grad_fn, kind, saves, expr, backward) {#name, 1, Kind::kind, grad_fn[0] != 0, &ref_##name::call},
#define KILN_BINARY_OP(name, grad_fn, kind, expr) {#name, 2, Kind::kind, grad_fn[0] != 0, &ref_##name::call},
// Ternary rows keep their operands' dtype (where's condition is bool).
#define KILN_TERNARY_OP(name, grad_fn, expr) {#name, 3, Kind::SAME, grad_fn[0] != 0, &ref_##name::call},
#include "ops/pointwise.def"
    };
    return r;
}

// ==== how a row is called, when the default does not fit ========================================
// The default: the op table's "aten::<row>.Tensor" or "aten::<row>" with the row's operands as its
// tensor arguments, inputs drawn from (-2, 2) away from integers (so no input sits on a kink of
// abs/relu/floor/remainder...); float32, float64, float16 and bfloat16 always, int64 for the rows
// whose kind keeps integers (SAME, ROUNDING, COMPARE, LOGICAL), bool (0/1) for the comparisons and
// logical ops.

// An argument: a tensor operand (its index) or a constant.
struct ArgT {
    int operand = -1;
    graph::IValue constant;
};
ArgT T_(int i) { return ArgT{i, graph::IValue()}; }
ArgT C_(graph::IValue v) { return ArgT{-1, std::move(v)}; }

struct Range {
    double lo = -2, hi = 2;
};

struct Spec {
    std::string row;
    std::string op;             // "" : aten::<row>.Tensor or aten::<row>
    std::vector<ArgT> args;     // empty: the operands in order
    double p0 = 0, p1 = 0, alpha = 1;  // the row's parameters, as the call's constants set them
    int operands = 0;           // 0: the row's arity
    std::vector<Range> ranges;  // per operand (the last repeats); empty: (-2, 2)
    bool ints = true;           // int64 cases (for the kinds that keep integers)
    bool only_ints = false;     // no floating cases (the bitwise ops)
    bool bool_first = false;    // operand 0 is a bool condition (where)
    double tol = 1;             // a factor on the default tolerances (special functions, cancellation)
};

const std::vector<Spec>& specs() {
    using graph::IValue;
    static const std::vector<Spec> s = [] {
        std::vector<Spec> v;
        auto add = [&](Spec sp) { v.push_back(std::move(sp)); };
        const Range pos{0.2, 3}, unit{-0.9, 0.9}, nonzero{0.5, 2};
        // Domains: the real-valued part of each function.
        for (const char* r : {"log", "sqrt", "rsqrt", "reciprocal", "lgamma", "digamma"}) add({r, "", {}, 0, 0, 1, 0, {pos}});
        for (const char* r : {"asin", "acos", "atanh", "erfinv"}) add({r, "", {}, 0, 0, 1, 0, {unit}, true, false, false, 2});
        add({"log1p", "", {}, 0, 0, 1, 0, {{-0.5, 2}}});
        add({"acosh", "", {}, 0, 0, 1, 0, {{1.2, 3}}});
        add({"tan", "", {}, 0, 0, 1, 0, {{-1.2, 1.2}}, true, false, false, 4});
        add({"gelu_tanh", "aten::gelu", {T_(0), C_(IValue("tanh"))}});
        add({"leaky_relu", "aten::leaky_relu", {T_(0), C_(IValue(0.125))}, 0.125});
        add({"softplus", "aten::softplus", {T_(0), C_(IValue(1.5)), C_(IValue(2.0))}, 1.5, 2.0});
        add({"clamp", "aten::clamp", {T_(0), C_(IValue(-0.5)), C_(IValue(0.75))}, -0.5, 0.75, 1, 0, {}, false});
        add({"pow_scalar", "aten::pow.Tensor_Scalar", {T_(0), C_(IValue(2.5))}, 2.5, 0, 1, 0, {pos}, false});
        add({"logit", "aten::logit", {T_(0)}, -1, 0, 1, 0, {{0.05, 0.95}}});
        add({"trigamma", "aten::polygamma", {C_(IValue(int64_t(1))), T_(0)}, 0, 0, 1, 0, {pos}, true, false, false, 4});
        // polygamma(3, x) ~ 6 / x^4 and its derivative ~ 24 / x^5: above 0.8 both fit float16
        add({"polygamma_n", "aten::polygamma", {C_(IValue(int64_t(3))), T_(0)}, 3, 0, 1, 0, {{0.8, 3}}, true, false, false, 4});
        add({"lgamma", "", {}, 0, 0, 1, 0, {pos}, true, false, false, 4});
        add({"digamma", "", {}, 0, 0, 1, 0, {pos}, true, false, false, 4});
        add({"frac", "", {}, 0, 0, 1, 0, {}, false});
        add({"bitwise_not", "", {}, 0, 0, 1, 0, {{-5, 5}}, true, true});
        add({"add", "aten::add.Tensor", {T_(0), T_(1), C_(IValue(int64_t(2)))}, 0, 0, 2});
        add({"sub", "aten::sub.Tensor", {T_(0), T_(1), C_(IValue(int64_t(2)))}, 0, 0, 2});
        add({"div", "aten::div.Tensor", {}, 0, 0, 1, 0, {{-2, 2}, nonzero}});
        add({"div_trunc", "aten::div.Tensor_mode", {T_(0), T_(1), C_(IValue("trunc"))}, 0, 0, 1, 0, {{-4, 4}, nonzero}});
        add({"div_floor", "aten::div.Tensor_mode", {T_(0), T_(1), C_(IValue("floor"))}, 0, 0, 1, 0, {{-4, 4}, nonzero}});
        add({"remainder", "", {}, 0, 0, 1, 0, {{-4, 4}, nonzero}});
        add({"fmod", "", {}, 0, 0, 1, 0, {{-4, 4}, nonzero}});
        add({"atan2", "", {}, 0, 0, 1, 0, {{-2, 2}, nonzero}});
        add({"pow", "aten::pow.Tensor_Tensor", {}, 0, 0, 1, 0, {pos, {-2, 2}}, false});
        add({"hypot", "", {}, 0, 0, 1, 0, {}, false});
        // the incomplete gamma functions are real for a > 0, x >= 0; nextafter refuses integers
        add({"igamma", "", {}, 0, 0, 1, 0, {pos}, false, false, false, 4});
        add({"igammac", "", {}, 0, 0, 1, 0, {pos}, false, false, false, 4});
        add({"nextafter", "", {}, 0, 0, 1, 0, {}, false});
        for (const char* r : {"bitwise_and", "bitwise_or", "bitwise_xor"}) add({r, "", {}, 0, 0, 1, 0, {{-5, 5}}, true, true});
        add({"where", "aten::where.self", {}, 0, 0, 1, 0, {}, true, false, true});
        add({"addcmul", "aten::addcmul", {T_(0), T_(1), T_(2), C_(IValue(0.5))}, 0, 0, 0.5, 0, {}, false});
        add({"addcdiv", "aten::addcdiv", {T_(0), T_(1), T_(2), C_(IValue(0.5))}, 0, 0, 0.5, 0, {{-2, 2}, {-2, 2}, nonzero}, false});
        // lerp's row reads a, b and the scalar weight (alpha): the Scalar overload, two operands.
        add({"lerp", "aten::lerp.Scalar", {T_(0), T_(1), C_(IValue(0.3))}, 0, 0, 0.3, 2, {}, false});
        return v;
    }();
    return s;
}

// ==== the gap list: one place, each entry with its reason =======================================
// Where a path does not hold an op: the path lacks it (the op runs eagerly inside the compiled
// plan, or its kernel is not generated) or a known wrong result too big to fix here. An entry
// matches the (path, direction, op, dtype) cells it names ("*": any) and, of those, the problems
// whose text contains `problem` ("": any): a cell is on the gap list when every problem it has
// is matched. A wrong value never matches a "missing" text. An entry that matches nothing is stale
// and fails the test, so the list only shrinks as paths gain ops. Each run prints it, with the ops
// each entry covers.
struct Gap {
    const char* path;     // eager, interp, cpp_jit, wasm, eager_cuda, compiled_cuda
    const char* dir;      // fwd, bwd
    const char* op;       // a pointwise.def row
    const char* dtype;    // float32, float64, int64
    const char* problem;  // a piece of the problem's text
    const char* reason;
};

const std::vector<Gap>& gaps() {
    static const std::vector<Gap> g = {
        // CPU plans compute int64 nodes in int64 kernels (passes/schedule.cpp integer_ops), except the
        // integer divisions: eager raises ZeroDivisionError for a zero divisor, which a generated
        // kernel cannot (Inductor's integer division traps), so they stay eager fallback steps.
        {"interp", "fwd", "*", "int64", "runs aten::div eagerly", "integer division by zero must raise ZeroDivisionError: an eager step (schedule.cpp integer_ops)"},
        {"interp", "fwd", "*", "int64", "runs aten::remainder eagerly", "integer division by zero must raise ZeroDivisionError: an eager step (schedule.cpp integer_ops)"},
        {"interp", "fwd", "*", "int64", "runs aten::fmod eagerly", "integer division by zero must raise ZeroDivisionError: an eager step (schedule.cpp integer_ops)"},
        {"cpp_jit", "fwd", "*", "int64", "runs aten::div eagerly", "integer division by zero must raise ZeroDivisionError: an eager step (schedule.cpp integer_ops)"},
        {"cpp_jit", "fwd", "*", "int64", "runs aten::remainder eagerly", "integer division by zero must raise ZeroDivisionError: an eager step (schedule.cpp integer_ops)"},
        {"cpp_jit", "fwd", "*", "int64", "runs aten::fmod eagerly", "integer division by zero must raise ZeroDivisionError: an eager step (schedule.cpp integer_ops)"},
        // CUDA plans compute int64 nodes in int64 kernels, the integer divisions included: PyTorch's
        // CUDA kernels raise nothing for a zero divisor (nor does Kiln's eager CUDA), so no gap.
        // codegen/wasm generates a fixed set of kernels (codegen/wasm.cpp wasm_ineligible_reason); in
        // the browser the others run on the kernel interpreter.
        {"wasm", "*", "*", "float32", "codegen/wasm declines: op ",
         "the row's math is not ported to WebAssembly (codegen/wasm.cpp's op list): its kernels run on the interpreter"},
        {"wasm", "*", "*", "float32", "codegen/wasm declines: a torch.bool buffer",
         "generated WebAssembly reads and writes float32 buffers only: comparisons' results and masks stay on the interpreter"},
        {"wasm", "bwd", "*", "float32", "codegen/wasm declines: x dims that do not merge into one",
         "a gradient summed over broadcast dims (sum_to) is a reduction whose kept dims do not merge into rows"},
        {"wasm", "bwd", "*", "float32", "codegen/wasm declines: accesses that move along r by different strides",
         "a gradient summed over a broadcast dim of a strided or transposed operand reads it at another stride"},
        {"wasm", "bwd", "*", "float32", "codegen/wasm declines: a reduction over 2 dims",
         "a gradient summed over two broadcast dims (a [1] operand of a [2, 0] result) is a reduction over 2 r dims"},
    };
    return g;
}

bool matches(const char* pat, const std::string& s) { return std::string(pat) == "*" || s == pat; }

// ==== cases: a row, a dtype, a layout of its operands ===========================================

enum class Layout { Contiguous, Transposed, Strided };
struct Operand {
    Shape sizes;
    Layout layout = Layout::Contiguous;
};
using ShapeCase = std::vector<Operand>;

std::string shape_text(const Shape& s) {
    std::string r = "[";
    for (size_t i = 0; i < s.size(); ++i) r += (i ? ", " : "") + std::to_string(s[i]);
    return r + "]";
}
std::string case_text(const ShapeCase& sc) {
    std::string r;
    for (size_t i = 0; i < sc.size(); ++i) {
        r += (i ? " x " : "") + shape_text(sc[i].sizes);
        if (sc[i].layout == Layout::Transposed) r += ".t";
        if (sc[i].layout == Layout::Strided) r += "[::2]";
    }
    return r;
}

// The shapes, per number of operands: a 0-d scalar, an empty tensor, odd sizes (no SIMD width
// divides them: vector tails), a transposed view, a strided slice, broadcasting of every kind.
const std::vector<ShapeCase>& shape_cases(int n) {
    using L = Layout;
    static const std::vector<ShapeCase> one = {
        {{{}}}, {{{2, 0}}}, {{{3, 5, 7}}}, {{{5, 6}, L::Transposed}}, {{{4, 9}, L::Strided}},
    };
    static const std::vector<ShapeCase> two = {
        {{{}}, {{}}},
        {{{3, 1, 5}}, {{4, 5}}},
        {{{6, 5}, L::Transposed}, {{6, 5}}},
        {{{2, 0}}, {{1}}},
        {{{}}, {{7, 3}}},
        {{{4, 9}, L::Strided}, {{9}}},
    };
    static const std::vector<ShapeCase> three = {
        {{{}}, {{}}, {{}}},
        {{{3, 1, 5}}, {{4, 5}}, {{5}}},
        {{{6, 5}, L::Transposed}, {{6, 5}}, {{4, 6, 5}, L::Strided}},
        {{{0, 3}}, {{1, 3}}, {{}}},
    };
    return n == 1 ? one : n == 2 ? two : three;
}

struct Case {
    const Row* row = nullptr;
    const Spec* spec = nullptr;
    const graph::OpSchema* schema = nullptr;
    DType dtype = DType::Float32;
    ShapeCase shapes;
    std::vector<Tensor> inputs;  // CPU, laid out as `shapes` says
    Shape out_sizes;
    DType out_dtype = DType::Float32;
    std::vector<double> expect;  // the float64 reference, row-major
    Tensor grad_out;             // the backward's incoming gradient (floating rows)
    std::vector<char> wants_grad;                  // per operand: its gradient is checked
    std::vector<std::vector<double>> expect_grad;  // per operand
    std::vector<std::vector<char>> grad_valid;     // per element: not at a kink
    std::string label() const { return row->name + " " + dtype_short_name(dtype) + " " + case_text(shapes); }
    bool differentiable() const { return row->differentiable && dtype_is_floating(dtype); }
};

const Spec& spec_of(const std::string& row) {
    static const Spec none;
    for (const Spec& s : specs())
        if (s.row == row) return s;
    return none;
}

int operands_of(const Row& r, const Spec& s) { return s.operands ? s.operands : r.arity; }

// The op table entry a row is called through, or null.
const graph::OpSchema* schema_of(const Row& r, const Spec& s) {
    if (!s.op.empty()) return graph::find_schema(s.op);
    for (const std::string& q : {"aten::" + r.name + ".Tensor", "aten::" + r.name, "aten::" + r.name + ".self"}) {
        const graph::OpSchema* sc = graph::find_schema(q);
        if (!sc) continue;
        int tensors = 0;
        for (const auto& a : sc->args) tensors += a.type_text == "Tensor";
        if (tensors == operands_of(r, s)) return sc;
    }
    return nullptr;
}

std::vector<ArgT> args_of(const Case& c) {
    if (!c.spec->args.empty()) return c.spec->args;
    std::vector<ArgT> a;
    for (size_t i = 0; i < c.inputs.size(); ++i) a.push_back(T_(int(i)));
    return a;
}

Shape broadcast_all(const ShapeCase& sc) {
    size_t n = 0;
    for (const auto& o : sc) n = std::max(n, o.sizes.size());
    Shape out(n, 1);
    for (const auto& o : sc)
        for (size_t i = 0; i < o.sizes.size(); ++i) {
            int64_t& d = out[n - o.sizes.size() + i];
            if (d == 1) d = o.sizes[i];
        }
    return out;
}

// The element of operand `o` (row-major values `v`, sizes `s`) read at output index `idx`.
size_t bcast_index(const Shape& s, const Shape& out, const std::vector<int64_t>& idx) {
    size_t flat = 0;
    const size_t off = out.size() - s.size();
    for (size_t i = 0; i < s.size(); ++i) flat = flat * size_t(s[i]) + size_t(s[i] == 1 ? 0 : idx[off + i]);
    return flat;
}

Tensor make_operand(const Operand& o, DType dt, const std::vector<double>& values) {
    // Values are given in the operand's logical row-major order; the storage is laid out as asked.
    Tensor logical = tensor(values, o.sizes, DType::Float64);
    Tensor t;
    if (o.layout == Layout::Transposed && o.sizes.size() >= 2) {
        t = contiguous(transpose(logical, -1, -2));
        t = transpose(to_dtype(t, dt, true), -1, -2);
    } else if (o.layout == Layout::Strided && !o.sizes.empty()) {
        Shape wide = o.sizes;
        wide.back() *= 2;
        Tensor w = zeros(wide, {dt});
        t = slice(w, -1, 0, std::nullopt, 2);
        Tensor src = to_dtype(logical, dt, true);
        copy_(t, src);
    } else {
        t = to_dtype(logical, dt, true);
    }
    return t;
}

double draw(std::mt19937& rng, Range r, bool integer) {
    std::uniform_real_distribution<double> u(r.lo, r.hi);
    double x = u(rng);
    if (integer) {
        return std::min(std::max(std::round(x), std::ceil(r.lo)), std::floor(r.hi));
    }
    // Away from integers (the kinks and jumps of abs, relu, floor, round, remainder, sign...).
    const double f = x - std::round(x);
    if (std::fabs(f) < 0.05) x += f < 0 ? -0.07 : 0.07;
    return std::min(std::max(x, r.lo), r.hi);
}

// The float64 reference of a case, and its gradients by central differences.
void reference(Case& c) {
    const bool integer = !dtype_is_floating(c.dtype);
    const int n = int(c.inputs.size());
    std::vector<std::vector<double>> vals;
    for (const Tensor& t : c.inputs) vals.push_back(t.to_double_vector());
    c.out_sizes = broadcast_all(c.shapes);
    const int64_t numel = shape_numel(c.out_sizes);
    c.expect.assign(size_t(numel), 0);
    const bool grads = c.differentiable();
    if (grads) {
        c.grad_out = to_dtype(tensor([&] {
            std::mt19937 rng(7);
            std::normal_distribution<double> d(0, 1);
            std::vector<double> g(static_cast<size_t>(numel));
            for (double& x : g) x = d(rng);
            return g;
        }(), c.out_sizes, DType::Float64), c.dtype, true);
        c.expect_grad.assign(size_t(n), {});
        c.grad_valid.assign(size_t(n), {});
        c.wants_grad.assign(size_t(n), 0);
        for (int i = 0; i < n; ++i) {
            if (c.spec->bool_first && i == 0) continue;
            c.wants_grad[size_t(i)] = 1;
            c.expect_grad[size_t(i)].assign(vals[size_t(i)].size(), 0);
            c.grad_valid[size_t(i)].assign(vals[size_t(i)].size(), 1);
        }
    }
    const std::vector<double> g = grads ? c.grad_out.to_double_vector() : std::vector<double>();
    std::vector<int64_t> idx(c.out_sizes.size(), 0);
    const Spec& s = *c.spec;
    for (int64_t e = 0; e < numel; ++e) {
        int64_t rem = e;
        for (size_t d = c.out_sizes.size(); d-- > 0;) {
            idx[d] = rem % c.out_sizes[d];
            rem /= c.out_sizes[d];
        }
        double v[3] = {0, 0, 0};
        size_t at[3] = {0, 0, 0};
        for (int i = 0; i < n; ++i) {
            at[i] = bcast_index(c.shapes[size_t(i)].sizes, c.out_sizes, idx);
            v[i] = vals[size_t(i)][at[i]];
        }
        // lerp's row takes (a, b) and reads no third operand.
        c.expect[size_t(e)] = c.row->ref(v, s.p0, s.p1, s.alpha, integer);
        if (!grads) continue;
        for (int i = 0; i < n; ++i) {
            if (!c.wants_grad[size_t(i)]) continue;
            const double x = v[i], h = 1e-6 * std::max(1.0, std::fabs(x));
            double w[3] = {v[0], v[1], v[2]};
            w[i] = x + h;
            const double fp = c.row->ref(w, s.p0, s.p1, s.alpha, false);
            w[i] = x - h;
            const double fm = c.row->ref(w, s.p0, s.p1, s.alpha, false);
            const double f0 = c.row->ref(v, s.p0, s.p1, s.alpha, false);
            const double right = (fp - f0) / h, left = (f0 - fm) / h;
            if (!std::isfinite(right) || !std::isfinite(left) ||
                std::fabs(right - left) > 1e-3 * (1 + std::fabs(right) + std::fabs(left)))
                c.grad_valid[size_t(i)][at[i]] = 0;
            c.expect_grad[size_t(i)][at[i]] += g[size_t(e)] * (fp - fm) / (2 * h);
        }
    }
}

std::vector<Case> make_cases() {
    std::vector<Case> out;
    uint32_t seed = 1;
    for (const Row& r : rows()) {
        const Spec& s0 = spec_of(r.name);
        std::vector<DType> dts;
        if (!s0.only_ints) dts = {DType::Float32, DType::Float64, DType::Float16, DType::BFloat16};
        if (s0.ints && r.kind != Kind::FLOAT) dts.push_back(DType::Int64);
        if (r.kind == Kind::COMPARE || r.kind == Kind::LOGICAL) dts.push_back(DType::Bool);  // (0/1 values)
        const int n = operands_of(r, s0);
        for (DType dt : dts)
            for (const ShapeCase& sc : shape_cases(n)) {
                Case c;
                c.row = &r;
                c.spec = &s0;
                c.schema = schema_of(r, s0);
                c.dtype = dt;
                c.shapes = sc;
                std::mt19937 rng(seed++);
                for (int i = 0; i < n; ++i) {
                    const Operand& o = sc[size_t(i)];
                    Range rg = s0.ranges.empty() ? Range{} : s0.ranges[std::min(size_t(i), s0.ranges.size() - 1)];
                    const bool cond = s0.bool_first && i == 0;
                    std::vector<double> v(size_t(shape_numel(o.sizes)));
                    for (double& x : v) x = cond || dt == DType::Bool ? double(rng() % 2) : draw(rng, rg, dt == DType::Int64);
                    c.inputs.push_back(make_operand(o, cond ? DType::Bool : dt, v));
                }
                c.out_dtype = r.kind == Kind::COMPARE || r.kind == Kind::LOGICAL ? DType::Bool
                              : r.kind == Kind::FLOAT && !dtype_is_floating(dt) ? DType::Float32
                                                                                : dt;
                reference(c);
                out.push_back(std::move(c));
            }
    }
    return out;
}

const std::vector<Case>& cases() {
    static const std::vector<Case> c = make_cases();
    return c;
}

// ==== comparing ==================================================================================

struct Tol {
    double rtol, atol;
};
Tol tolerance(const Case& c, bool grad) {
    const double f = c.spec->tol;
    // float16/bfloat16 compute in float32 and round each stored value (11 and 8 significant bits);
    // a backward formula rounds its intermediates too.
    if (c.dtype == DType::Float16) return grad ? Tol{1e-2 * f, 2e-3 * f} : Tol{1.5e-3 * f, 1e-4 * f};
    if (c.dtype == DType::BFloat16) return grad ? Tol{6e-2 * f, 1.5e-2 * f} : Tol{1.2e-2 * f, 1e-3 * f};
    const bool f32 = c.dtype == DType::Float32 || (c.out_dtype == DType::Float32 && !dtype_is_floating(c.dtype));
    if (grad) return f32 ? Tol{3e-4 * f, 3e-5 * f} : Tol{2e-6 * f, 2e-8 * f};
    return f32 ? Tol{2e-6 * f, 1e-6 * f} : Tol{1e-12 * f, 1e-13 * f};
}

// "" when `got` (any device, any layout) holds `expect` within `tol`; else what differs.
std::string compare(const Tensor& got_any, const Shape& sizes, DType dtype, const std::vector<double>& expect, Tol tol,
                    const std::vector<char>* valid = nullptr) {
    if (!got_any.defined()) return "no tensor";
    Tensor got = got_any.device() == Device::CPU ? got_any : to_device(got_any, Device::CPU);
    if (got.sizes() != sizes) return "sizes " + shape_text(got.sizes()) + ", expected " + shape_text(sizes);
    if (got.dtype() != dtype) return std::string("dtype ") + dtype_short_name(got.dtype()) + ", expected " + dtype_short_name(dtype);
    const std::vector<double> v = got.to_double_vector();
    int bad = 0;
    std::string first;
    for (size_t i = 0; i < v.size(); ++i) {
        if (valid && !(*valid)[i]) continue;
        const double a = v[i], b = expect[i];
        bool ok;
        if (std::isnan(a) || std::isnan(b)) ok = std::isnan(a) && std::isnan(b);
        else if (std::isinf(a) || std::isinf(b)) ok = a == b;
        else ok = std::fabs(a - b) <= tol.atol + tol.rtol * std::fabs(b);
        if (!ok && bad++ == 0) {
            char buf[160];
            std::snprintf(buf, sizeof buf, "element %zu: %.17g, expected %.17g", i, a, b);
            first = buf;
        }
    }
    return bad ? std::to_string(bad) + " of " + std::to_string(v.size()) + " elements differ; " + first : "";
}

// ==== results and the gap list ==================================================================

struct Results {
    // (path, dir, op, dtype) -> each failing case's problem (none: every case ok); a missing op's
    // problem starts "missing: ".
    std::map<std::tuple<std::string, std::string, std::string, std::string>, std::vector<std::string>> cells;
    static std::tuple<std::string, std::string, std::string, std::string> key(const std::string& path, const std::string& dir,
                                                                               const Case& c) {
        return std::make_tuple(path, dir, c.row->name, std::string(dtype_short_name(c.dtype)));
    }
    void ok(const std::string& path, const std::string& dir, const Case& c) { cells[key(path, dir, c)]; }
    void fail(const std::string& path, const std::string& dir, const Case& c, const std::string& what) {
        cells[key(path, dir, c)].push_back(case_text(c.shapes) + ": " + what);
    }
    void missing(const std::string& path, const std::string& dir, const Case& c, const std::string& why) {
        fail(path, dir, c, "missing: " + why);
    }
};

// Checks every cell of `paths` against the gap list: a problem no entry matches fails, an entry of
// these paths that matched nothing is stale. Prints the paths' gap lists.
void judge(const Results& r, const std::vector<std::string>& paths) {
    std::vector<int> used(gaps().size(), 0);
    std::vector<std::set<std::string>> ops_of(gaps().size());
    std::string failures;
    std::map<std::string, int> checked, gap_count;
    for (const auto& [key, problems] : r.cells) {
        const auto& [path, dir, op, dt] = key;
        ++checked[path];
        std::set<size_t> hit;
        std::string unmatched;
        for (const std::string& pr : problems) {
            bool matched = false;
            for (size_t i = 0; i < gaps().size(); ++i) {
                const Gap& g = gaps()[i];
                const bool missing_only = g.problem[0] != 0;  // a text names a missing path, never a wrong value
                if (g.path == path && matches(g.dir, dir) && matches(g.op, op) && matches(g.dtype, dt) &&
                    pr.find(g.problem) != std::string::npos && (!missing_only || pr.find(": missing: ") != std::string::npos)) {
                    matched = true;
                    hit.insert(i);
                }
            }
            if (!matched) unmatched += "\n      " + pr;
        }
        for (size_t i : hit) ++used[i], ops_of[i].insert(op + "/" + dt);
        if (!problems.empty() && unmatched.empty()) ++gap_count[path];
        if (!unmatched.empty()) failures += "  " + path + " " + dir + " " + op + " " + dt + ":" + unmatched + "\n";
    }
    std::ostringstream out;
    for (const std::string& p : paths) {
        out << "op matrix, " << p << ": " << checked[p] << " (direction, op, dtype) cells, " << gap_count[p]
            << " on the gap list\n";
        for (size_t i = 0; i < gaps().size(); ++i) {
            const Gap& g = gaps()[i];
            if (g.path != p) continue;
            out << "  gap (" << used[i] << " cells) " << g.dir << " " << g.op << " " << g.dtype << ": " << g.reason << "\n   ";
            for (const std::string& o : ops_of[i]) out << " " << o;
            out << "\n";
        }
    }
    std::cout << out.str();
    std::string stale;
    for (size_t i = 0; i < gaps().size(); ++i)
        if (!used[i] && std::find(paths.begin(), paths.end(), gaps()[i].path) != paths.end())
            stale += std::string("  ") + gaps()[i].path + " " + gaps()[i].dir + " " + gaps()[i].op + " " + gaps()[i].dtype + " \"" +
                     gaps()[i].problem + "\"\n";
    INFO("problems on no gap list entry (tests/matrix/test_op_matrix.cpp gaps()):\n" << failures);
    CHECK(failures.empty());
    INFO("gap list entries that match no cell (stale: remove them):\n" << stale);
    CHECK(stale.empty());
}

// ==== eager ======================================================================================

graph::IValueList call_args(const Case& c, const std::vector<Tensor>& ins) {
    graph::IValueList args;
    for (const ArgT& a : args_of(c)) args.push_back(a.operand >= 0 ? graph::IValue(ins[size_t(a.operand)]) : a.constant);
    for (size_t i = args.size(); i < c.schema->args.size(); ++i) {
        REQUIRE(c.schema->args[i].default_value);
        args.push_back(*c.schema->args[i].default_value);
    }
    for (size_t i = 0; i < args.size(); ++i) args[i] = graph::coerce_argument(args[i], c.schema->args[i]);
    return args;
}

void run_eager(Results& res, const std::string& path, Device device) {
    for (const Case& c : cases()) {
        if (!c.schema) {
            res.missing(path, "fwd", c, "no aten schema in the op table for this row");
            continue;
        }
        std::vector<Tensor> ins;
        for (const Tensor& t : c.inputs) ins.push_back(device == Device::CPU ? t : to_device(t, device));
        try {
            autograd::GradModeGuard no_grad(false);
            graph::IValueList args = call_args(c, ins);
            Tensor out = c.schema->kernel(args).at(0).to_tensor();
            if (out.defined() && out.device() != device) res.fail(path, "fwd", c, "result on another device");
            std::string d = compare(out, c.out_sizes, c.out_dtype, c.expect, tolerance(c, false));
            d.empty() ? res.ok(path, "fwd", c) : res.fail(path, "fwd", c, d);
        } catch (kiln::Error& e) {
            res.missing(path, "fwd", c, e.what());
            continue;
        }
        if (!c.differentiable()) continue;
        try {
            std::vector<Tensor> leaves, wrt;
            for (size_t i = 0; i < ins.size(); ++i) {
                Tensor t = ins[i].detach();
                if (c.wants_grad[i]) {
                    t.requires_grad_(true);
                    wrt.push_back(t);
                }
                leaves.push_back(t);
            }
            autograd::GradModeGuard grad(true);
            graph::IValueList args = call_args(c, leaves);
            Tensor out = c.schema->kernel(args).at(0).to_tensor();
            Tensor g = device == Device::CPU ? c.grad_out : to_device(c.grad_out, device);
            auto grads = autograd::grad({out}, wrt, {g}, false, false, true);
            std::string d;
            size_t k = 0;
            for (size_t i = 0; i < ins.size() && d.empty(); ++i) {
                if (!c.wants_grad[i]) continue;
                Tensor gi = grads[k++];
                if (!gi.defined()) gi = zeros(c.inputs[i].sizes(), {c.dtype});
                d = compare(gi, c.inputs[i].sizes(), c.dtype, c.expect_grad[i], tolerance(c, true), &c.grad_valid[i]);
                if (!d.empty()) d = "gradient of operand " + std::to_string(i) + ": " + d;
            }
            d.empty() ? res.ok(path, "bwd", c) : res.fail(path, "bwd", c, d);
        } catch (kiln::Error& e) {
            res.missing(path, "bwd", c, e.what());
        }
    }
}

// ==== compiled: one aten graph per dtype holding every case ======================================

// An operand on `device`: the CPU tensor itself, or its copy (whose layout the copy decides: the
// graph's input types are taken from the same copies, so a plan gets the layouts it was built for).
Tensor on_device(const Tensor& t, Device device) { return device == Device::CPU ? t : to_device(t, device); }

// A graph whose inputs are the cases' operands (typed with their layouts on `device`) and whose
// output tuple holds one value per case. `on_host` true: built on the CPU tensors (the builder's
// example values need no device), then every tensor type moved to `device`: a plan to generate
// code from without a GPU, not to run.
std::shared_ptr<graph::Graph> matrix_graph(const std::vector<const Case*>& cs, Device device, bool on_host = false) {
    auto g = std::make_shared<graph::Graph>();
    aot::Builder b(*g);
    std::vector<graph::Value*> outs;
    int k = 0;
    for (const Case* c : cs) {
        std::vector<graph::Value*> ins;
        for (const Tensor& cpu : c->inputs) {
            const Tensor t = on_host ? cpu : on_device(cpu, device);
            passes::TensorInfo info{t.dtype(), t.sizes(), t.strides(), on_host ? Device::CPU : device};
            ins.push_back(g->add_input(passes::tensor_type_of(info), "arg" + std::to_string(k++) + "_1"));
        }
        std::vector<aot::Arg> args;
        for (const ArgT& a : args_of(*c)) {
            if (a.operand >= 0) args.push_back(ins[size_t(a.operand)]);
            else args.push_back(a.constant);
        }
        outs.push_back(b.op(c->schema->qualified(), args));
    }
    if (on_host) {
        auto move = [device](graph::Value* v) {
            if (auto info = passes::tensor_info(v)) {
                info->device = device;
                v->type = passes::tensor_type_of(*info);
            }
        };
        for (graph::Value* v : g->inputs()) move(v);
        for (graph::Node* n : g->all_nodes())
            for (graph::Value* v : n->outputs) move(v);
    }
    std::vector<graph::TypePtr> types;
    for (auto* v : outs) types.push_back(v->type);
    graph::Node* t = g->create("prim::TupleConstruct", outs, 1);
    t->output()->type = graph::tuple_type(types);
    g->block()->append(t);
    g->register_output(t->output());
    return g;
}

std::vector<Tensor> operands(const std::vector<const Case*>& cs, Device device) {
    std::vector<Tensor> v;
    for (const Case* c : cs)
        for (const Tensor& t : c->inputs) v.push_back(on_device(t, device));
    return v;
}

// inductor.cpp's build_plan, step for step: passes, schedule, memory plan, verify.
std::shared_ptr<kernel::Plan> make_plan(std::shared_ptr<graph::Graph> g, Device device, bool fuse = true) {
    graph::eliminate_dead_code(*g);
    passes::GraphPassOptions po;
    po.record = false;
    passes::run_graph_passes(*g, po);
    passes::ScheduleOptions so;
    so.fuse = fuse;
    auto plan = std::make_shared<kernel::Plan>(passes::schedule(g, so));
    plan->device = device;
    passes::fuse_gemm_epilogues(*plan);
    if (device == Device::CUDA) passes::form_combo_kernels(*plan);
    passes::plan_memory(*plan);
    kernel::verify(*plan);
    return plan;
}

// What writes plan output `i`: "" for a generated kernel, else why the path does not compute it.
std::string writer_of(const kernel::Plan& p, size_t i) {
    const int buf = p.outputs[i].buffer;
    if (buf < 0) return "";
    if (p.buffers[size_t(buf)].kind == kernel::BufferKind::Input) return "";  // a view of an input (no op)
    for (const kernel::Step& s : p.steps) {
        const auto w = kernel::writes_of(p, s);
        if (std::find(w.begin(), w.end(), buf) == w.end()) continue;
        if (s.kind == kernel::StepKind::Kernel) return "";
        return std::string(s.kind == kernel::StepKind::Fallback ? "a fallback step" : "an extern step") + " runs " +
               (s.node ? s.node->kind : std::string("?")) + " eagerly";
    }
    return "";
}

// The engines a plan runs on: "interp", "cpp_jit" or "compiled_cuda".
struct Engine {
    std::string path;
    Device device;
};

// A plan's runner on engine `e`. The C++ JIT compiles in the background (every module of a test is
// started before the first waits: the compiles overlap); `ready` waits for it before a run.
struct Runner {
    std::shared_ptr<backends::PlanRunner> run;
    std::shared_ptr<backends::JitModule> native;
    void ready() const {
        if (native) native->wait();
    }
};
Runner runner_for(const std::shared_ptr<kernel::Plan>& plan, const Engine& e) {
    Runner r{std::make_shared<backends::PlanRunner>(plan), nullptr};
    if (e.path == "cpp_jit") {
        r.native = backends::compile_async(codegen::generate_cpp(*plan), codegen::exported_symbols(*plan));
        r.run->attach_native(r.native);
    } else if (e.path == "compiled_cuda") {
        r.run->attach_cuda(backends::compile_cuda(codegen::cuda_units(*plan)));
    }
    return r;
}

using Jobs = std::vector<std::function<void()>>;

void check_engine_used(const backends::PlanRunner& r, const Engine& e) {
    if (e.path == "cpp_jit") CHECK(r.last_engine() == backends::KernelEngine::Native);
    if (e.path == "interp") CHECK(r.last_engine() == backends::KernelEngine::Interpreter);
}

// Forward: every case of every dtype, one plan (and one native module) per dtype.
// Runs `cs` as one plan on `e` (null runner: compiles it now and waits) and records each case;
// false when the plan as a whole failed to build or run (`why`).
bool forward_batch(Results& res, const Engine& e, const std::vector<const Case*>& cs, std::shared_ptr<kernel::Plan> plan,
                   Runner runner, std::string& why) {
    std::vector<Tensor> outs;
    try {
        if (!plan) plan = make_plan(matrix_graph(cs, e.device), e.device);
        if (!runner.run) runner = runner_for(plan, e);
        runner.ready();
        outs = runner.run->run(operands(cs, e.device));
    } catch (kiln::Error& err) {
        why = err.what();
        return false;
    }
    check_engine_used(*runner.run, e);
    REQUIRE(outs.size() == cs.size());
    for (size_t i = 0; i < cs.size(); ++i) {
        const Case& c = *cs[i];
        const std::string eager = writer_of(*plan, i);
        std::string d = compare(outs[i], c.out_sizes, c.out_dtype, c.expect, tolerance(c, false));
        if (!d.empty()) res.fail(e.path, "fwd", c, d);
        else if (!eager.empty()) res.missing(e.path, "fwd", c, eager);
        else res.ok(e.path, "fwd", c);
    }
    return true;
}

// Forward: every case of a dtype in one plan (one native module per dtype). When that plan cannot
// be built or run (an op a device lacks), each case runs alone, so the failure is the op's.
void prepare_compiled_forward(Results& res, const Engine& e, Jobs& jobs) {
    for (DType dt : {DType::Float32, DType::Float64, DType::Float16, DType::BFloat16, DType::Int64, DType::Bool}) {
        std::vector<const Case*> cs;
        for (const Case& c : cases())
            if (c.dtype == dt) {
                if (c.schema) cs.push_back(&c);
                else res.missing(e.path, "fwd", c, "no aten schema in the op table for this row");
            }
        std::shared_ptr<kernel::Plan> plan;
        Runner runner;
        try {
            plan = make_plan(matrix_graph(cs, e.device), e.device);
            runner = runner_for(plan, e);
        } catch (kiln::Error&) {
            plan.reset();  // built again below, case by case
        }
        jobs.push_back([&res, e, cs, plan, runner] {
            std::string why;
            if (plan && forward_batch(res, e, cs, plan, runner, why)) return;
            for (const Case* c : cs)
                if (!forward_batch(res, e, {c}, nullptr, Runner{}, why)) res.missing(e.path, "fwd", *c, why);
        });
    }
}

// AOT autograd's joint graph of `cs`, partitioned (min-cut, as backend="inductor" does).
struct Training {
    aot::Partition part;
    aot::CompiledTraining meta;
};
Training training_of(const std::vector<const Case*>& cs, Device device) {
    auto fwd = matrix_graph(cs, device);
    std::vector<bool> requires_grad;
    for (const Case* c : cs)
        for (size_t i = 0; i < c->inputs.size(); ++i) requires_grad.push_back(c->wants_grad[i]);
    aot::JointGraph joint = aot::build_joint(*fwd, requires_grad, cs.size(), {});
    passes::GraphPassOptions po;
    po.record = false;
    po.fold_conv_bn = false;
    po.fuse_conv_pointwise = false;  // as bindings/inductor.cpp runs the joint graph's passes
    passes::run_graph_passes(*joint.graph, po);
    Training t;
    t.part = aot::partition(joint, aot::Partitioner::MinCut);
    t.meta = aot::describe(joint, t.part);
    return t;
}

// The cases of `dt` whose op AOT autograd differentiates; the others are marked missing on `paths`.
std::vector<const Case*> trainable(Results& res, DType dt, const std::vector<std::string>& paths, Device device) {
    std::vector<const Case*> cs;
    std::map<std::string, std::string> why_not;  // per row: build_joint's error for one case alone
    for (const Case& c : cases()) {
        if (c.dtype != dt || !c.differentiable() || !c.schema) continue;
        auto it = why_not.find(c.row->name);
        if (it == why_not.end()) {
            std::string err;
            try {
                training_of({&c}, device);
            } catch (kiln::Error& e) {
                err = e.what();
            }
            it = why_not.emplace(c.row->name, err).first;
        }
        if (it->second.empty()) cs.push_back(&c);
        else
            for (const std::string& p : paths) res.missing(p, "bwd", c, "AOT autograd: " + it->second);
    }
    return cs;
}

// One backward job: the forward plan gives the saved tensors, the backward plan the gradients.
void run_backward(Results& res, const Engine& e, const std::vector<const Case*>& cs, const Training& t, const Runner& fr,
                  const Runner& br) {
    fr.ready();
    br.ready();
    std::vector<Tensor> fouts = fr.run->run(operands(cs, e.device));
    check_engine_used(*fr.run, e);
    REQUIRE(fouts.size() == t.meta.num_fw_outputs + t.meta.num_saved);
    std::vector<Tensor> bins(fouts.begin() + long(t.meta.num_fw_outputs), fouts.end());
    // An output AOT autograd gives no tangent (floor, sign: no gradient flows) gets none; its
    // operands' gradients are then zeros, which the reference must say too.
    size_t num_tangents = 0;
    for (size_t i = 0; i < cs.size(); ++i) num_tangents += t.meta.tangent_of_output[i] >= 0;
    std::vector<Tensor> tangents(num_tangents);
    for (size_t i = 0; i < cs.size(); ++i) {
        const int ti = t.meta.tangent_of_output[i];
        if (ti >= 0) tangents[size_t(ti)] = e.device == Device::CPU ? cs[i]->grad_out : to_device(cs[i]->grad_out, e.device);
    }
    for (const Tensor& g : tangents) bins.push_back(g);
    std::vector<Tensor> grads = br.run->run(bins);
    check_engine_used(*br.run, e);
    size_t primal = 0;
    for (size_t ci = 0; ci < cs.size(); ++ci) {
        const Case* c = cs[ci];
        std::string d = compare(fouts[ci], c->out_sizes, c->out_dtype, c->expect, tolerance(*c, false));
        if (!d.empty()) d = "the training forward: " + d;
        std::string eager;
        for (size_t i = 0; i < c->inputs.size(); ++i, ++primal) {
            if (!c->wants_grad[i] || !d.empty()) continue;
            const int gi = t.meta.grad_of_primal[primal];
            Tensor g = gi >= 0 ? grads[size_t(gi)] : Tensor();
            if (!g.defined()) g = zeros(c->inputs[i].sizes(), {c->dtype});
            d = compare(g, c->inputs[i].sizes(), c->dtype, c->expect_grad[i], tolerance(*c, true), &c->grad_valid[i]);
            if (!d.empty()) d = "gradient of operand " + std::to_string(i) + ": " + d;
            // A gradient the backward plan computes with an eager fallback step: missing from the path.
            else if (gi >= 0 && eager.empty()) eager = writer_of(br.run->plan(), size_t(gi));
        }
        if (!d.empty()) res.fail(e.path, "bwd", *c, d);
        else if (!eager.empty()) res.missing(e.path, "bwd", *c, eager);
        else res.ok(e.path, "bwd", *c);
    }
}

// A joint graph's forward and backward plans on `e` (the C++ JIT's modules compiling).
struct TrainingPlans {
    std::shared_ptr<Training> t;
    Runner fr, br;
};
TrainingPlans training_plans(const std::vector<const Case*>& cs, const Engine& e) {
    TrainingPlans tp;
    tp.t = std::make_shared<Training>(training_of(cs, e.device));
    auto fplan = make_plan(std::shared_ptr<graph::Graph>(std::move(tp.t->part.forward)), e.device);
    auto bplan = make_plan(std::shared_ptr<graph::Graph>(std::move(tp.t->part.backward)), e.device);
    tp.fr = runner_for(fplan, e);
    tp.br = runner_for(bplan, e);
    return tp;
}

// Runs `cs`'s training plans (built now when `tp` is empty) and records each case; false when they
// failed as a whole (`why`).
bool backward_batch(Results& res, const Engine& e, const std::vector<const Case*>& cs, TrainingPlans tp, std::string& why) {
    try {
        if (!tp.t) tp = training_plans(cs, e);
        run_backward(res, e, cs, *tp.t, tp.fr, tp.br);
    } catch (kiln::Error& err) {
        why = err.what();
        return false;
    }
    return true;
}

// Backward: the differentiable cases of each floating dtype in one joint graph, or case by case
// when that fails as a whole (as the forward does).
void prepare_compiled_backward(Results& res, const Engine& e, Jobs& jobs) {
    for (DType dt : {DType::Float32, DType::Float64, DType::Float16, DType::BFloat16}) {
        std::vector<const Case*> cs = trainable(res, dt, {e.path}, e.device);
        TrainingPlans tp;
        try {
            tp = training_plans(cs, e);
        } catch (kiln::Error&) {
            tp = TrainingPlans{};  // built again below, case by case
        }
        jobs.push_back([&res, e, cs, tp] {
            std::string why;
            if (tp.t && backward_batch(res, e, cs, tp, why)) return;
            for (const Case* c : cs)
                if (!backward_batch(res, e, {c}, TrainingPlans{}, why)) res.missing(e.path, "bwd", *c, why);
        });
    }
}
// ==== WebAssembly: each case's plans, every kernel generated and run in node =====================

// One node process runs every job: a memory image and the plan's kernels in step order.
const char* const kWasmBatchRunner = R"(const fs = require('fs');
const dir = process.argv[2];
const jobs = JSON.parse(fs.readFileSync(dir + '/jobs.json'));
for (const job of jobs) {
  const img = fs.readFileSync(dir + '/' + job.image);
  const memory = new WebAssembly.Memory({ initial: Math.ceil(img.length / 65536) + 1 });
  new Uint8Array(memory.buffer).set(img);
  for (const k of job.kernels) {
    const bytes = fs.readFileSync(dir + '/' + k.module);
    if (!WebAssembly.validate(bytes)) { console.log('INVALID ' + k.module); process.exit(3); }
    const inst = new WebAssembly.Instance(new WebAssembly.Module(bytes), { env: { memory } });
    inst.exports.kernel(...k.args);
  }
  fs.writeFileSync(dir + '/' + job.image + '.out', new Uint8Array(memory.buffer, 0, img.length));
}
)";

struct WasmJob {
    const Case* c;
    std::string dir;  // fwd / bwd
    std::shared_ptr<kernel::Plan> plan;
    std::vector<size_t> at;  // byte offset of each buffer in the image
    std::vector<char> image;
    std::vector<std::pair<std::string, std::string>> kernels;  // module file, argument list
    std::vector<std::vector<double>> expect;  // per plan output compared
    std::vector<Shape> sizes;
    std::vector<const std::vector<char>*> valid;
    std::vector<int> outputs;  // plan output index per expectation
};

// Lays out plan `p`'s buffers in an image with `inputs` bound, and generates every kernel; "" or
// why the plan cannot run entirely as WebAssembly.
std::string wasm_job(WasmJob& j, const std::vector<Tensor>& inputs, int& module_no, const std::filesystem::path& dir) {
    const kernel::Plan& p = *j.plan;
    for (const kernel::Step& s : p.steps)
        if (s.kind == kernel::StepKind::Fallback || s.kind == kernel::StepKind::Extern)
            return std::string("a plan step runs ") + (s.node ? s.node->kind : std::string("?")) + " eagerly";
    // A kernel with no output points computes nothing on any engine (codegen/wasm declines it and the
    // interpreter's loop runs zero times): not a gap, and not run. (A reduction over an empty r space
    // with x points is not empty: it writes the sums, zeros.)
    auto empty = [&](size_t k) { return p.kernels[k].x_numel() == 0; };
    for (size_t k = 0; k < p.kernels.size(); ++k)
        if (std::string why = codegen::wasm_ineligible_reason(p, int(k)); !why.empty() && !empty(k))
            return "codegen/wasm declines: " + why;
    size_t size = 64;
    j.at.assign(p.buffers.size(), 0);
    for (size_t b = 0; b < p.buffers.size(); ++b) {
        j.at[b] = size;
        size += size_t(p.buffers[b].nbytes() + 63) / 64 * 64 + 64;
    }
    std::vector<int64_t> scratch_at;
    for (const kernel::Step& s : p.steps) {
        if (s.kind != kernel::StepKind::Kernel || empty(size_t(s.kernel))) continue;
        auto m = codegen::generate_wasm(p, s.kernel);
        if (!m) return "codegen/wasm generated no module";
        const std::string file = "k" + std::to_string(module_no++) + ".wasm";
        std::ofstream(dir / file, std::ios::binary).write(reinterpret_cast<const char*>(m->bytes.data()), long(m->bytes.size()));
        std::string args;
        for (int b : m->buffers) args += std::to_string(j.at[size_t(b)]) + ",";
        if (m->scratch_bytes > 0) {
            args += std::to_string(size) + ",";
            size += size_t(m->scratch_bytes + 63) / 64 * 64;
        }
        args += std::to_string(p.kernels[size_t(s.kernel)].x_numel());
        j.kernels.push_back({file, args});
    }
    j.image.assign(size, char(0xff));  // NaN bits: a value nobody wrote shows
    for (size_t b = 0; b < p.buffers.size(); ++b) {
        const kernel::Buffer& buf = p.buffers[b];
        if (buf.kind == kernel::BufferKind::Input) {
            const Tensor& t = inputs.at(size_t(buf.input_index));
            if (buf.nbytes() > 0) std::memcpy(j.image.data() + j.at[b], t.raw_data(), size_t(buf.nbytes()));
        } else if (buf.kind == kernel::BufferKind::Constant) {
            const Tensor& t = p.constants.at(size_t(buf.constant_index));
            if (buf.nbytes() > 0) std::memcpy(j.image.data() + j.at[b], contiguous(t).raw_data(), size_t(buf.nbytes()));
        }
    }
    return "";
}

// Plan output `o` read from a run image as a float64 tensor.
Tensor read_output(const kernel::Plan& p, const WasmJob& j, const std::vector<char>& img, size_t o) {
    const kernel::Output& out = p.outputs[o];
    const kernel::Buffer& b = p.buffers[size_t(out.buffer)];
    const int64_t n = shape_numel(out.sizes);
    std::vector<double> v(static_cast<size_t>(n));
    std::vector<int64_t> idx(out.sizes.size(), 0);
    const bool is_input = b.kind == kernel::BufferKind::Input;
    for (int64_t e = 0; e < n; ++e) {
        int64_t rem = e, off = out.offset;
        for (size_t d = out.sizes.size(); d-- > 0;) {
            off += (rem % out.sizes[d]) * out.strides[d];
            rem /= out.sizes[d];
        }
        const char* at = img.data() + j.at[size_t(out.buffer)];
        (void)is_input;
        if (b.dtype == DType::Float32) {
            float f;
            std::memcpy(&f, at + off * 4, 4);
            v[size_t(e)] = f;
        } else if (b.dtype == DType::Bool) {
            v[size_t(e)] = at[off] != 0;
        } else {
            return Tensor();
        }
    }
    return to_dtype(tensor(v, out.sizes, DType::Float64), b.dtype, true);
}

void run_wasm(Results& res) {
    namespace fs = std::filesystem;
    const fs::path dir = fs::temp_directory_path() / ("kiln-op-matrix-" + std::to_string(::getpid()));
    fs::create_directories(dir);
    std::vector<WasmJob> jobs;
    int module_no = 0;
    for (const Case& c : cases()) {
        if (c.dtype != DType::Float32 || !c.schema) continue;
        // Forward: the case's own plan.
        WasmJob j{&c, "fwd", nullptr, {}, {}, {}, {}, {}, {}, {}};
        try {
            j.plan = make_plan(matrix_graph({&c}, Device::CPU), Device::CPU);
        } catch (kiln::Error& e) {
            res.missing("wasm", "fwd", c, std::string("no plan: ") + e.what());
            continue;
        }
        std::string why = wasm_job(j, c.inputs, module_no, dir);
        if (!why.empty()) {
            res.missing("wasm", "fwd", c, why);
        } else {
            j.expect.push_back(c.expect);
            j.sizes.push_back(c.out_sizes);
            j.valid.push_back(nullptr);
            j.outputs.push_back(0);
            jobs.push_back(std::move(j));
        }
        if (!c.differentiable()) continue;
        // Backward: the joint graph's backward plan, fed the saved tensors the forward plan computes
        // (on the interpreter) and the incoming gradient.
        std::vector<const Case*> one = {&c};
        WasmJob b{&c, "bwd", nullptr, {}, {}, {}, {}, {}, {}, {}};
        std::vector<Tensor> bins;
        Training t;
        try {
            t = training_of(one, Device::CPU);
            auto fplan = make_plan(std::shared_ptr<graph::Graph>(std::move(t.part.forward)), Device::CPU);
            b.plan = make_plan(std::shared_ptr<graph::Graph>(std::move(t.part.backward)), Device::CPU);
            auto fouts = backends::PlanRunner(fplan).run(c.inputs);
            bins.assign(fouts.begin() + long(t.meta.num_fw_outputs), fouts.end());
            if (t.meta.tangent_of_output[0] >= 0) bins.push_back(c.grad_out);
        } catch (kiln::Error& e) {
            res.missing("wasm", "bwd", c, std::string("AOT autograd: ") + e.what());
            continue;
        }
        why = wasm_job(b, bins, module_no, dir);
        if (!why.empty()) {
            res.missing("wasm", "bwd", c, why);
            continue;
        }
        for (size_t i = 0; i < c.inputs.size(); ++i) {
            if (!c.wants_grad[i]) continue;
            const int gi = t.meta.grad_of_primal[i];
            if (gi < 0) continue;
            b.expect.push_back(c.expect_grad[i]);
            b.sizes.push_back(c.inputs[i].sizes());
            b.valid.push_back(&c.grad_valid[i]);
            b.outputs.push_back(gi);
        }
        jobs.push_back(std::move(b));
    }
    // One node process for every module.
    std::string manifest = "[";
    for (size_t i = 0; i < jobs.size(); ++i) {
        const std::string img = "img" + std::to_string(i) + ".bin";
        std::ofstream(dir / img, std::ios::binary).write(jobs[i].image.data(), long(jobs[i].image.size()));
        manifest += std::string(i ? "," : "") + "{\"image\":\"" + img + "\",\"kernels\":[";
        for (size_t k = 0; k < jobs[i].kernels.size(); ++k)
            manifest += std::string(k ? "," : "") + "{\"module\":\"" + jobs[i].kernels[k].first + "\",\"args\":[" +
                        jobs[i].kernels[k].second + "]}";
        manifest += "]}";
    }
    manifest += "]";
    std::ofstream(dir / "jobs.json") << manifest;
    std::ofstream(dir / "run.js") << kWasmBatchRunner;
    const std::string cmd = "node " + (dir / "run.js").string() + " " + dir.string() + " > " + (dir / "log.txt").string() + " 2>&1";
    const int rc = std::system(cmd.c_str());
    INFO(kiln::testing::read_file(dir / "log.txt"));
    REQUIRE(rc == 0);
    for (size_t i = 0; i < jobs.size(); ++i) {
        const WasmJob& j = jobs[i];
        const std::string bytes = kiln::testing::read_file(dir / ("img" + std::to_string(i) + ".bin.out"));
        std::vector<char> img(bytes.begin(), bytes.end());
        std::string d;
        for (size_t k = 0; k < j.expect.size() && d.empty(); ++k) {
            const bool grad = j.dir == "bwd";
            Tensor got = read_output(*j.plan, j, img, size_t(j.outputs[k]));
            d = compare(got, j.sizes[k], grad ? j.c->dtype : j.c->out_dtype, j.expect[k], tolerance(*j.c, grad), j.valid[k]);
        }
        d.empty() ? res.ok("wasm", j.dir, *j.c) : res.fail("wasm", j.dir, *j.c, d);
    }
    fs::remove_all(dir);
}

double seconds_since(std::chrono::steady_clock::time_point t0) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

}  // namespace

TEST_CASE("op matrix: every pointwise.def row has an aten schema and its specs and gaps name real rows", "[matrix]") {
    std::set<std::string> names;
    for (const Row& r : rows()) names.insert(r.name);
    for (const Spec& s : specs()) {
        INFO(s.row);
        CHECK(names.count(s.row) == 1);
    }
    for (const Gap& g : gaps()) {
        INFO(g.op);
        CHECK((std::string(g.op) == "*" || names.count(g.op) == 1));
        CHECK(std::string(g.reason).size() > 10);
    }
    for (const Row& r : rows()) {
        INFO(r.name);
        CHECK(schema_of(r, spec_of(r.name)) != nullptr);
    }
    CHECK(cases().size() > 500);
}

TEST_CASE("op matrix: eager CPU and the kernel interpreter forward and backward", "[matrix][matrix_cpu]") {
    auto t0 = std::chrono::steady_clock::now();
    Results res;
    run_eager(res, "eager", Device::CPU);
    Jobs jobs;
    prepare_compiled_forward(res, {"interp", Device::CPU}, jobs);
    prepare_compiled_backward(res, {"interp", Device::CPU}, jobs);
    for (auto& j : jobs) j();
    judge(res, {"eager", "interp"});
    std::cout << "op matrix (eager, interp): " << cases().size() << " cases, " << seconds_since(t0) << " s\n";
}

TEST_CASE("op matrix: the C++ JIT forward and backward", "[matrix][matrix_jit][jit]") {
    if (!backends::cpu_jit_available()) {
        WARN("no C++ compiler: the cpp_jit column is not run");
        return;
    }
    auto t0 = std::chrono::steady_clock::now();
    Results res;
    Jobs jobs;  // every module's compile starts before the first run waits
    prepare_compiled_forward(res, {"cpp_jit", Device::CPU}, jobs);
    prepare_compiled_backward(res, {"cpp_jit", Device::CPU}, jobs);
    for (auto& j : jobs) j();
    judge(res, {"cpp_jit"});
    std::cout << "op matrix (cpp_jit): " << seconds_since(t0) << " s\n";
}

TEST_CASE("op matrix: generated WebAssembly in node forward and backward", "[matrix][matrix_wasm][wasm_codegen]") {
    if (!kiln::testing::have_node()) {
        WARN("node not found: the wasm column is not run");
        return;
    }
    auto t0 = std::chrono::steady_clock::now();
    Results res;
    run_wasm(res);
    judge(res, {"wasm"});
    std::cout << "op matrix (wasm): " << seconds_since(t0) << " s\n";
}

// Without a GPU: the CUDA plan of every int64 case computes each case in a generated kernel (no
// eager step: integer divisions included, schedule.cpp integer_division_ops), and NVRTC (where the
// toolkit is present) compiles its source, the int64 kernels' prelude and statements. The GPU run
// of the same plans is the compiled_cuda column below.
TEST_CASE("op matrix: CUDA plans of the int64 cases are int64 kernels that NVRTC compiles", "[matrix][cuda_codegen]") {
    std::vector<const Case*> cs;
    for (const Case& c : cases())
        if (c.dtype == DType::Int64 && c.schema) cs.push_back(&c);
    REQUIRE(cs.size() > 50);
    auto plan = make_plan(matrix_graph(cs, Device::CUDA, true), Device::CUDA);
    int int_kernels = 0;
    for (const kernel::Kernel& k : plan->kernels) {
        if (k.compute == DType::Int64) ++int_kernels;
        for (const kernel::Kernel& part : k.parts) int_kernels += part.compute == DType::Int64;
    }
    CHECK(int_kernels > 0);
    std::set<std::string> div_rows;
    for (size_t i = 0; i < cs.size(); ++i) {
        INFO(cs[i]->label());
        CHECK(writer_of(*plan, i) == "");
        const std::string& r = cs[i]->row->name;
        if (r == "div_trunc" || r == "div_floor" || r == "remainder" || r == "fmod") div_rows.insert(r);
    }
    CHECK(div_rows.size() == 4);
    const std::string src = codegen::generate_cuda(*plan);
    CHECK(src.find("const int64_t* __restrict__ in_ptr0") != std::string::npos);
    CHECK(src.find("pw::div_floor(tmp") != std::string::npos);
    CHECK(kiln::testing::nvrtc_errors(src) == "");
}

TEST_CASE("op matrix: eager and compiled CUDA forward and backward", "[matrix][matrix_cuda][cuda]") {
    if (!kiln::cuda::is_available()) {
        SUCCEED("skipped: no CUDA device");
        return;
    }
    auto t0 = std::chrono::steady_clock::now();
    Results res;
    run_eager(res, "eager_cuda", Device::CUDA);
    Jobs jobs;
    prepare_compiled_forward(res, {"compiled_cuda", Device::CUDA}, jobs);
    prepare_compiled_backward(res, {"compiled_cuda", Device::CUDA}, jobs);
    for (auto& j : jobs) j();
    judge(res, {"eager_cuda", "compiled_cuda"});
    std::cout << "op matrix (CUDA): " << seconds_since(t0) << " s\n";
}
