// KernelText (see kernel_text.h): a fused kernel's statements as C++ text, for codegen/cpp and
// codegen/cuda. The expression of a Unary/Binary/Ternary statement is its pointwise.def row's text,
// stringized here from the .def file, with x / a, b, c, T, p0, p1, alpha substituted.
#include "codegen/kernel_text.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <set>
#include <sstream>
#include <type_traits>

#include "codegen/cpp.h"
#include "graph/ir.h"
#include "ops/pointwise_math.h"
#include "support/error.h"

namespace kiln::codegen::detail {

using kernel::Code;
using kernel::Kernel;
using kernel::Plan;
using kernel::Stmt;

namespace {

// ---- the pointwise.def rows, as text ------------------------------------------------------------
// Each row's expression is stringized; `typed` says whether the expression already has type T for
// float and double operands (comparisons give bool, sign gives int: those are wrapped in a cast).
template <typename F>
constexpr bool yields_float(F) {
    return std::is_same_v<std::invoke_result_t<F, float, float, float, float>, float>;
}
template <typename F>
constexpr bool yields_double(F) {
    return std::is_same_v<std::invoke_result_t<F, double, double, double, double>, double>;
}

struct OpRow {
    const char* name;
    const char* expr;
    int arity;
    bool typed;
};

namespace pw = kiln::pw;

const std::vector<OpRow>& op_rows() {
    static const std::vector<OpRow> rows = [] {
        std::vector<OpRow> r;
#define KILN_UNARY_OP(name, grad_fn, kind, saves, expr, backward)                                    \
    r.push_back({#name, #expr, 1, [] {                                                                \
                     auto f = [](auto x, auto p0, auto p1, auto) {                                   \
                         using T = decltype(x); (void)sizeof(T);                                   \
                         return expr;                                                                \
                     };                                                                              \
                     return yields_float(f) && yields_double(f);                                     \
                 }()});
#include "ops/pointwise.def"
#define KILN_BINARY_OP(name, grad_fn, kind, expr)                                                    \
    r.push_back({#name, #expr, 2, [] {                                                                \
                     auto f = [](auto a, auto b, auto alpha, auto) {                                 \
                         using T = decltype(a); (void)sizeof(T);                                   \
                         return expr;                                                                \
                     };                                                                              \
                     return yields_float(f) && yields_double(f);                                     \
                 }()});
#include "ops/pointwise.def"
#define KILN_TERNARY_OP(name, grad_fn, expr)                                                         \
    r.push_back({#name, #expr, 3, [] {                                                                \
                     auto f = [](auto a, auto b, auto c, auto alpha) {                               \
                         using T = decltype(a); (void)sizeof(T);                                   \
                         return expr;                                                                \
                     };                                                                              \
                     return yields_float(f) && yields_double(f);                                     \
                 }()});
#include "ops/pointwise.def"
        return r;
    }();
    return rows;
}

const OpRow& find_row(const std::string& name, int arity) {
    for (const OpRow& row : op_rows())
        if (row.arity == arity && name == row.name) return row;
    static const char* kinds[] = {"", "unary", "binary", "ternary"};
    throw Error(ErrorKind::RuntimeError, std::string("codegen: no ") + kinds[arity] + " op '" + name + "' in ops/pointwise.def");
}

// Replaces the identifiers of `expr` found in `subst` (whole tokens only; numbers are skipped).
std::string substitute(const std::string& expr, const std::map<std::string, std::string>& subst) {
    std::string out;
    size_t i = 0, n = expr.size();
    auto ident_start = [](char c) { return std::isalpha((unsigned char)c) || c == '_'; };
    auto ident_char = [](char c) { return std::isalnum((unsigned char)c) || c == '_'; };
    while (i < n) {
        char c = expr[i];
        if (std::isdigit((unsigned char)c) || (c == '.' && i + 1 < n && std::isdigit((unsigned char)expr[i + 1]))) {
            size_t j = i;
            while (j < n && (ident_char(expr[j]) || expr[j] == '.' ||
                             ((expr[j] == '+' || expr[j] == '-') && (expr[j - 1] == 'e' || expr[j - 1] == 'E'))))
                ++j;
            out.append(expr, i, j - i);
            i = j;
        } else if (ident_start(c)) {
            size_t j = i;
            while (j < n && ident_char(expr[j])) ++j;
            std::string tok = expr.substr(i, j - i);
            // A name qualified by `::` (std::exp, pw::pow) is never an operand.
            bool qualified = i >= 2 && expr[i - 1] == ':' && expr[i - 2] == ':';
            auto it = subst.find(tok);
            out += (it != subst.end() && !qualified) ? it->second : tok;
            i = j;
        } else {
            out += c;
            ++i;
        }
    }
    return out;
}

}  // namespace

// ---- literals and types -------------------------------------------------------------------------
const char* compute_type(DType t) { return t == DType::Float64 ? "double" : t == DType::Int64 ? "int64_t" : "float"; }

// The shortest literal that reads back as exactly `v` in the compute type (an int64 kernel's
// constants are integers: the scheduler lets no other scalar into one).
std::string literal(double v, DType compute) {
    const char* ty = compute_type(compute);
    if (compute == DType::Int64) {
        if (!(std::fabs(v) <= 9007199254740992.0)) throw Error(ErrorKind::RuntimeError, "codegen: an int64 kernel's constant " + std::to_string(v) + " is not an exact integer");
        return "int64_t(" + std::to_string(static_cast<long long>(v)) + "LL)";
    }
    if (std::isnan(v)) return std::string("std::numeric_limits<") + ty + ">::quiet_NaN()";
    if (std::isinf(v)) return std::string(v < 0 ? "-" : "") + "std::numeric_limits<" + ty + ">::infinity()";
    bool f32 = compute != DType::Float64;
    char buf[64];
    for (int prec = 1; prec <= 17; ++prec) {
        if (f32) {
            std::snprintf(buf, sizeof buf, "%.*g", prec, double(float(v)));
            if (std::strtof(buf, nullptr) == float(v)) break;
        } else {
            std::snprintf(buf, sizeof buf, "%.*g", prec, v);
            if (std::strtod(buf, nullptr) == v) break;
        }
    }
    std::string s = buf;
    if (s.find_first_of(".en") == std::string::npos) s += ".0";
    if (f32) s += "f";
    return s;
}

// A literal usable as an operand inside an expression (negative values parenthesized).
static std::string operand_literal(double v, DType compute) {
    std::string s = literal(v, compute);
    return s[0] == '-' ? "(" + s + ")" : s;
}



std::string list_str(const std::vector<std::string>& v) {
    std::string out = "[";
    for (size_t i = 0; i < v.size(); ++i) out += (i ? ", " : "") + v[i];
    return out + "]";
}

std::string tmp(int id) { return "tmp" + std::to_string(id); }

// ---- one kernel ---------------------------------------------------------------------------------
const char* const kHelperText = R"(// ---- float16 / bfloat16 storage (round to nearest even; computed in float) ----
static inline float kiln_bits_to_float(uint32_t u) { float f; std::memcpy(&f, &u, 4); return f; }
static inline uint32_t kiln_float_to_bits(float f) { uint32_t u; std::memcpy(&u, &f, 4); return u; }
static inline float kiln_half_to_float(uint16_t h) {
    const uint32_t sign = uint32_t(h & 0x8000u) << 16, em = h & 0x7fffu;
    if (em >= 0x7c00u) return kiln_bits_to_float(sign | 0x7f800000u | ((em & 0x3ffu) << 13));  // inf, NaN
    if (em >= 0x0400u) return kiln_bits_to_float(sign | ((em + (112u << 10)) << 13));         // normal
    return kiln_bits_to_float(sign | kiln_float_to_bits(float(em) * 5.9604644775390625e-8f));  // subnormal
}
static inline uint16_t kiln_float_to_half(float f) {
    const uint32_t x = kiln_float_to_bits(f), sign = (x >> 16) & 0x8000u, ax = x & 0x7fffffffu;
    if (ax > 0x7f800000u) return uint16_t(sign | 0x7e00u);   // NaN
    if (ax >= 0x477ff000u) return uint16_t(sign | 0x7c00u);  // rounds to inf
    if (ax < 0x38800000u)  // half subnormal: adding 0.5 rounds |f| to a multiple of 2^-24 (nearest even)
        return uint16_t(sign | (kiln_float_to_bits(kiln_bits_to_float(ax) + 0.5f) - 0x3f000000u));
    const uint32_t r = ax - (112u << 23);
    return uint16_t(sign | ((r + 0x0fffu + ((r >> 13) & 1u)) >> 13));
}
static inline float kiln_bf16_to_float(uint16_t b) { return kiln_bits_to_float(uint32_t(b) << 16); }
static inline uint16_t kiln_float_to_bf16(float f) {
    const uint32_t u = kiln_float_to_bits(f);
    if ((u & 0x7fffffffu) > 0x7f800000u) return 0x7fc0u;  // NaN
    return uint16_t((u + 0x7fffu + ((u >> 16) & 1u)) >> 16);
}

// ---- max/min that propagate NaN (torch.max, amax) ----
static inline float kiln_max(float a, float b) { return (a != a || a > b) ? a : b; }
static inline double kiln_max(double a, double b) { return (a != a || a > b) ? a : b; }
static inline float kiln_min(float a, float b) { return (a != a || a < b) ? a : b; }
static inline double kiln_min(double a, double b) { return (a != a || a < b) ? a : b; }
)";

std::string ReduceText::combine(const std::string& a, const std::string& b) const {
    if (op == "sum") return a + " + " + b;
    if (op == "prod") return a + " * " + b;
    if (op == "max") return "kiln_max(" + a + ", " + b + ")";
    if (op == "min") return "kiln_min(" + a + ", " + b + ")";
    return "static_cast<decltype(" + a + ")>(" + a + " != 0 || " + b + " != 0)";  // any
}


std::string buffer_name(const Plan& p, int b) {
    if (b < 0 || size_t(b) >= p.buffers.size()) throw Error(ErrorKind::RuntimeError, "codegen: a step names buffer id " + std::to_string(b) + ", out of range");
    return p.buffers[size_t(b)].name;
}

std::string extern_comment(const Plan& p, const kernel::Step& s) {
    std::string kind = s.node ? s.node->kind : "?";
    std::string op = kind.rfind("aten::", 0) == 0 ? kind.substr(6) : kind;
    std::string call = s.kind == kernel::StepKind::Extern ? "extern_kernels." + op : "torch.ops.aten." + op + ".default";
    auto viewed = [&](int b, const kernel::Step::View* v) {
        std::string name = buffer_name(p, b);
        if (v && !v->sizes.empty())
            name = "reinterpret_tensor(" + name + ", " + shape_tuple_str(v->sizes) + ", " + shape_tuple_str(v->strides) + ", " +
                   std::to_string(v->offset) + ")";
        return name;
    };
    std::vector<std::string> args;
    for (size_t i = 0; i < s.input_buffers.size(); ++i) {
        int b = s.input_buffers[i];
        if (b >= 0) {
            args.push_back(viewed(b, i < s.input_views.size() ? &s.input_views[i] : nullptr));
            continue;
        }
        for (const kernel::Step::ListInput& l : s.list_inputs) {
            if (l.input != int(i)) continue;
            std::string list = "[";
            for (size_t e = 0; e < l.buffers.size(); ++e)
                list += (e ? ", " : "") +
                        (l.buffers[e] < 0 ? std::string("None") : viewed(l.buffers[e], e < l.views.size() ? &l.views[e] : nullptr));
            args.push_back(list + "]");
        }
    }
    std::string out;
    if (s.output_buffers.size() > 1) {
        for (size_t i = 0; i < s.output_buffers.size(); ++i) out += (i ? ", " : "") + buffer_name(p, s.output_buffers[i]);
        out += " = ";
    } else if (s.buffer >= 0) {
        out = buffer_name(p, s.buffer) + " = ";
    }
    std::string a;
    for (size_t i = 0; i < args.size(); ++i) a += (i ? ", " : "") + args[i];
    return out + call + "(" + a + ")";
}

std::string return_line(const Plan& p) {
    std::string ret;
    for (const kernel::Output& o : p.outputs) {
        std::string n = buffer_name(p, o.buffer);
        if (!o.sizes.empty() || !o.strides.empty() || o.offset != 0)
            n = "reinterpret_tensor(" + n + ", " + shape_tuple_str(o.sizes) + ", " + shape_tuple_str(o.strides) + ", " +
                std::to_string(o.offset) + ")";
        ret += n + ", ";
    }
    return "// return (" + ret + ")";
}

// ---- KernelText -------------------------------------------------------------------------------
KernelText::KernelText(const Plan& p, int ki, std::string target) : KernelText(p, p.kernels.at(size_t(ki)), std::move(target)) {
    index = ki;
}

KernelText::KernelText(const Plan& p, const kernel::Kernel& kernel, std::string target)
    : plan(p), k(kernel), T(compute_type(kernel.compute)), target_(std::move(target)) {
    if (!k.parts.empty() && target_ != "CUDA")
        fail("kernel " + k.name + " is a combo kernel (several kernels in one launch): only CUDA plans have them");
    if (k.compute != DType::Float32 && k.compute != DType::Float64 && k.compute != DType::Int64)
        fail("kernel " + k.name + ": compute type must be float32, float64 or int64, got " + dtype_short_name(k.compute));
    if (int(k.sizes.size()) != k.nx + k.nr)
        fail("kernel " + k.name + ": sizes has rank " + std::to_string(k.sizes.size()) + ", nx + nr = " +
             std::to_string(k.nx + k.nr));
    for (size_t i = 0; i < k.in_out.size(); ++i) param_[k.in_out[i]] = "in_out_ptr" + std::to_string(i);
    for (size_t i = 0; i < k.inputs.size(); ++i) param_[k.inputs[i]] = "in_ptr" + std::to_string(i);
    for (size_t i = 0; i < k.outputs.size(); ++i) param_[k.outputs[i]] = "out_ptr" + std::to_string(i);
    for (int d = 0; d < k.nx; ++d) dims.push_back("x" + std::to_string(d));
    for (int d = 0; d < k.nr; ++d) dims.push_back("r" + std::to_string(d));
}

void KernelText::fail(const std::string& msg) const {
    throw Error(ErrorKind::RuntimeError, "codegen (" + target_ + "): " + msg);
}

const kernel::Buffer& KernelText::buffer(int b) const {
    if (b < 0 || size_t(b) >= plan.buffers.size()) fail("kernel " + k.name + ": buffer id " + std::to_string(b) + " out of range");
    return plan.buffers[size_t(b)];
}

std::vector<std::pair<std::string, int>> KernelText::args() const {
    std::vector<std::pair<std::string, int>> out;
    for (const std::vector<int>* ids : {&k.in_out, &k.inputs, &k.outputs})
        for (int b : *ids) out.push_back({param_.at(b), b});
    return out;
}

std::string KernelText::params(const std::string& qualifier, const std::string& prefix) const {
    std::string s;
    for (const auto& [name, b] : args()) {
        bool is_const = name.rfind("in_ptr", 0) == 0;
        s += (s.empty() ? "" : ", ") + std::string(is_const ? "const " : "") + cpp_element_type(buffer(b).dtype) + "* " +
             (qualifier.empty() ? "" : qualifier + " ") + prefix + name;
    }
    return s;
}

std::string KernelText::index_expr(const kernel::Index& idx) const {
    if (idx.strides.size() != dims.size())
        fail("kernel " + k.name + ": an index has " + std::to_string(idx.strides.size()) + " strides for " +
             std::to_string(dims.size()) + " iteration dims");
    std::string s;
    for (size_t d = 0; d < dims.size(); ++d) {
        int64_t st = idx.strides[d];
        if (st == 0) continue;
        std::string term = dims[d] + (std::llabs(st) == 1 ? "" : "*" + std::to_string(std::llabs(st)));
        if (s.empty()) s = st < 0 ? "-" + term : term;
        else s += (st < 0 ? " - " : " + ") + term;
    }
    if (idx.offset != 0 || s.empty()) {
        if (s.empty()) s = std::to_string(idx.offset);
        else s += (idx.offset < 0 ? " - " : " + ") + std::to_string(std::llabs(idx.offset));
    }
    return s;
}

const std::string& KernelText::ptr(int b, bool store) const {
    auto it = param_.find(b);
    if (it == param_.end())
        fail("kernel " + k.name + ": buffer " + buffer(b).name + " is " + (store ? "stored" : "loaded") +
             " but is not an argument of the kernel");
    bool ok = false;
    for (int x : k.in_out) ok |= x == b;
    for (int x : store ? k.outputs : k.inputs) ok |= x == b;
    if (!ok)
        fail("kernel " + k.name + ": buffer " + buffer(b).name + " is " +
             (store ? "stored but only read" : "loaded but only written"));
    return it->second;
}

// How statements index buffer b (argument `p`): the argument itself, except that bool buffers are
// read and written as their bytes (0 or 1, unsigned char aliases anything): GCC vectorizes no loop
// that loads or stores `bool` elements (a relu's saved `x > 0` mask cost a scalar, branching loop of
// ~16 cycles per element), and the same loop over bytes becomes 64-byte vectors.
std::string KernelText::element(int b, const std::string& p, bool store) const {
    if (buffer(b).dtype != DType::Bool) return p;
    return std::string("reinterpret_cast<") + (store ? "unsigned char*>(" : "const unsigned char*>(") + p + ")";
}

// The value of buffer element `ref` (text) in the compute type.
std::string KernelText::load_conv(DType bt, const std::string& ref) const {
    const bool wide = k.compute == DType::Float64;
    switch (bt) {
        case DType::Bool: return std::string("static_cast<") + T + ">(" + ref + ")";  // a byte: element()
        case DType::Float16: return std::string(wide ? "static_cast<double>(" : "") + "kiln_half_to_float(" + ref + ")" + (wide ? ")" : "");
        case DType::BFloat16: return std::string(wide ? "static_cast<double>(" : "") + "kiln_bf16_to_float(" + ref + ")" + (wide ? ")" : "");
        default:
            if (bt == k.compute) return ref;
            return std::string("static_cast<") + T + ">(" + ref + ")";
    }
}

std::string KernelText::store_conv(DType bt, const std::string& v) const {
    const bool wide = k.compute == DType::Float64;
    switch (bt) {
        case DType::Bool: return "static_cast<unsigned char>(" + v + " != 0)";  // through element()'s bytes
        case DType::Int64: return "static_cast<int64_t>(" + v + ")";
        case DType::Float16: return "kiln_float_to_half(" + (wide ? "static_cast<float>(" + v + ")" : v) + ")";
        case DType::BFloat16: return "kiln_float_to_bf16(" + (wide ? "static_cast<float>(" + v + ")" : v) + ")";
        case DType::Float32: return k.compute == DType::Float32 ? v : "static_cast<float>(" + v + ")";
        case DType::Float64: return wide ? v : "static_cast<double>(" + v + ")";
        case DType::UInt8:
        case DType::Int8:
        case DType::Int16:
        case DType::UInt16:
        case DType::UInt32:
        case DType::Int32:  // through int64, then the narrow type's two's-complement wrap
            return std::string("static_cast<") + cpp_element_type(bt) + ">(static_cast<int64_t>(" + v + "))";
    }
    return v;
}

const Stmt& KernelText::stmt(int id) const {
    if (id < 0 || size_t(id) >= k.stmts.size()) fail("kernel " + k.name + ": statement id " + std::to_string(id) + " out of range");
    return k.stmts[size_t(id)];
}

std::string KernelText::arg(const Stmt& s, size_t i, int id) const {
    if (i >= s.args.size()) fail("kernel " + k.name + ": " + tmp(id) + " needs " + std::to_string(i + 1) + " operands");
    stmt(s.args[i]);
    return tmp(s.args[i]);
}

// A non-Reduce statement as a line of code (without indentation).
std::string KernelText::statement(int id) const {
    const Stmt& s = stmt(id);
    std::string lhs = "auto " + tmp(id) + " = ";
    switch (s.code) {
        case Code::Load: {
            const std::string& p = ptr(s.buffer, false);
            return lhs + load_conv(buffer(s.buffer).dtype, element(s.buffer, p, false) + "[" + index_expr(s.index) + "]") + ";";
        }
        case Code::Constant: return lhs + literal(s.value, k.compute) + ";";
        case Code::Unary:
        case Code::Binary:
        case Code::Ternary: {
            int arity = s.code == Code::Unary ? 1 : s.code == Code::Binary ? 2 : 3;
            const OpRow& row = find_row(s.op, arity);
            std::map<std::string, std::string> sub{{"T", T}};
            if (arity == 1) {
                sub["x"] = arg(s, 0, id);
                sub["p0"] = operand_literal(s.p0, k.compute);
                sub["p1"] = operand_literal(s.p1, k.compute);
            } else {
                sub["a"] = arg(s, 0, id);
                sub["b"] = arg(s, 1, id);
                if (arity == 3) sub["c"] = arg(s, 2, id);
                sub["alpha"] = operand_literal(s.alpha, k.compute);
            }
            std::string e = substitute(row.expr, sub);
            if (!row.typed) e = std::string("static_cast<") + T + ">(" + e + ")";
            return lhs + e + ";";
        }
        case Code::Cast: {
            std::string a = arg(s, 0, id);
            switch (s.dtype) {
                case DType::Bool: return lhs + "static_cast<" + T + ">(" + a + " != 0);";
                case DType::Int64: return lhs + (k.compute == DType::Int64 ? a : "std::trunc(" + a + ")") + ";";
                case DType::Float16:
                    return lhs + "static_cast<" + T + ">(kiln_half_to_float(kiln_float_to_half(static_cast<float>(" + a + "))));";
                case DType::BFloat16:
                    return lhs + "static_cast<" + T + ">(kiln_bf16_to_float(kiln_float_to_bf16(static_cast<float>(" + a + "))));";
                case DType::Float32:
                    if (k.compute == DType::Float64) return lhs + "static_cast<double>(static_cast<float>(" + a + "));";
                    return lhs + a + ";";
                case DType::Float64: return lhs + a + ";";
                case DType::UInt8:
                case DType::Int8:
                case DType::Int16:
                case DType::UInt16:
                case DType::UInt32:
                case DType::Int32:
                    return lhs + "static_cast<" + T + ">(static_cast<" + cpp_element_type(s.dtype) +
                           ">(static_cast<int64_t>(std::trunc(" + a + "))));";
            }
            return lhs + a + ";";
        }
        case Code::Store: {
            const std::string& p = ptr(s.buffer, true);
            return element(s.buffer, p, true) + "[" + index_expr(s.index) + "] = " +
                   store_conv(buffer(s.buffer).dtype, arg(s, 0, id)) + ";";
        }
        case Code::Reduce: break;
    }
    fail("kernel " + k.name + ": unexpected statement kind");
}

bool KernelText::transcendental(int id) const {
    const Stmt& s = stmt(id);
    if (s.code != Code::Unary && s.code != Code::Binary && s.code != Code::Ternary) return false;
    const std::string expr = find_row(s.op, s.code == Code::Unary ? 1 : s.code == Code::Binary ? 2 : 3).expr;
    for (const char* f : {"pw::exp(", "pw::tanh(", "pw::erf(", "pw::log("})
        if (expr.find(f) != std::string::npos) return true;
    return false;
}

bool KernelText::emitted_again(int id, const std::vector<int>& stmts) const {
    const Stmt& d = stmt(id);
    if (d.code == Code::Constant) return true;
    if (d.code != Code::Load) return false;
    for (int s : stmts)
        if (stmt(s).code == Code::Store && stmt(s).buffer == d.buffer) return false;
    return true;
}

std::vector<std::vector<int>> KernelText::fission_stages(const std::vector<int>& all, bool cut_prologue) const {
    std::vector<size_t> heavy;
    std::map<int, size_t> pos;
    size_t first_arith = all.size();  // the first statement that computes (not a load or constant)
    for (size_t i = 0; i < all.size(); ++i) {
        if (transcendental(all[i])) heavy.push_back(i);
        const Code c = stmt(all[i]).code;
        if (first_arith == all.size() && c != Code::Load && c != Code::Constant) first_arith = i;
        pos[all[i]] = i;
    }
    // The ranges [lo, hi] where a cut may go: before the first transcendental after at least one
    // computing statement (the prologue's), and between consecutive transcendentals.
    std::vector<std::pair<size_t, size_t>> ranges;
    const bool prologue = cut_prologue && !heavy.empty() && first_arith < heavy[0];
    if (prologue) ranges.push_back({first_arith + 1, heavy[0]});
    for (size_t h = 0; h + 1 < heavy.size(); ++h) ranges.push_back({heavy[h] + 1, heavy[h + 1]});
    if (ranges.empty()) return {all};
    auto crossing = [&](size_t cut) {  // values defined before `cut`, used at or after it, carried
        std::set<int> vals;
        for (size_t i = cut; i < all.size(); ++i)
            for (int a : stmt(all[i]).args)
                if (pos.at(a) < cut && !emitted_again(a, all)) vals.insert(a);
        return vals.size();
    };
    // Loads that walk an array (not broadcast along the innermost dim) before `cut`, and those of
    // them that statements at or after it read again.
    auto loads = [&](size_t cut, bool reread_only) {
        size_t n = 0;
        for (size_t i = 0; i < cut; ++i) {
            const Stmt& s = stmt(all[i]);
            if (s.code != Code::Load || k.nx < 1 || s.index.strides.size() < size_t(k.nx) || s.index.strides[size_t(k.nx - 1)] == 0)
                continue;
            bool reread = false;
            for (size_t j = cut; j < all.size() && !reread; ++j)
                for (int a : stmt(all[j]).args) reread = reread || a == all[i];
            n += !reread_only || reread;
        }
        return n;
    };
    std::vector<std::vector<int>> stages;
    size_t from = 0;
    for (size_t r = 0; r < ranges.size(); ++r) {
        const auto [lo, hi] = ranges[r];
        size_t best = lo, fewest = crossing(best);
        for (size_t cut = lo + 1; cut <= hi; ++cut)
            if (size_t c = crossing(cut); c <= fewest) best = cut, fewest = c;
        // The prologue's cut only where the transcendental's loop then reads fewer arrays than the
        // one loop would (the arithmetic before it combines several inputs into fewer values): in
        // V8 the benchmark's relu(x * 2 + 1) * y | sigmoid gained 14%, while the anchor chain's
        // relu(x * 1.5 + 0.5) | sigmoid(x) ..., whose sigmoid reads x again, lost 3%.
        if (prologue && r == 0 && fewest + loads(best, true) >= loads(best, false))
            continue;
        stages.emplace_back(all.begin() + std::ptrdiff_t(from), all.begin() + std::ptrdiff_t(best));
        from = best;
    }
    stages.emplace_back(all.begin() + std::ptrdiff_t(from), all.end());
    return stages;
}

ReduceText KernelText::reduce(int id) const {
    const Stmt& s = stmt(id);
    std::string acc = tmp(id), v = arg(s, 0, id);
    if (s.op == "sum") return {literal(0, k.compute), acc + " = " + acc + " + " + v + ";", "+:" + acc, "", s.op};
    if (s.op == "prod") return {literal(1, k.compute), acc + " = " + acc + " * " + v + ";", "*:" + acc, "", s.op};
    auto flagged = [&](const char* cmp) {
        return acc + " = " + v + cmp + acc + " ? " + v + " : " + acc + "; " + acc + "_nan |= " + v + " != " + v + ";";
    };
    if (s.op == "max")
        return {literal(-INFINITY, k.compute), acc + " = kiln_max(" + acc + ", " + v + ");", "kiln_max:" + acc, flagged(" > "), s.op};
    if (s.op == "min")
        return {literal(INFINITY, k.compute), acc + " = kiln_min(" + acc + ", " + v + ");", "kiln_min:" + acc, flagged(" < "), s.op};
    if (s.op == "any") return {literal(0, k.compute), acc + " = " + acc + " != 0 || " + v + " != 0;", "||:" + acc, "", s.op};
    fail("kernel " + k.name + ": unknown reduction '" + s.op + "' (sum, max, min, prod, any)");
}

KernelText::RowStaging KernelText::row_staging_impl(const std::function<bool(int)>& slot_ok) const {
    RowStaging out;
    std::map<int, std::string> memo;
    std::function<std::string(int)> sig = [&](int id) -> std::string {
        auto it = memo.find(id);
        if (it != memo.end()) return it->second;
        const Stmt& s = stmt(id);
        std::ostringstream os;
        os << int(s.code) << s.op << '/' << s.p0 << '/' << s.p1 << '/' << s.alpha << '/' << s.value << '/' << int(s.dtype);
        if (s.code == Code::Load) {
            os << 'b' << s.buffer << '@' << s.index.offset;
            for (int64_t st : s.index.strides) os << ',' << st;
        }
        if (s.code == Code::Reduce || s.code == Code::Store) os << '#' << id;  // each its own
        os << '(';
        for (int a : s.args) os << sig(a) << ';';
        os << ')';
        return memo[id] = os.str();
    };
    std::map<int, int> stores;  // how many Store statements write each buffer
    for (const kernel::Phase& ph : k.phases)
        for (int id : ph.stmts)
            if (stmt(id).code == Code::Store) ++stores[stmt(id).buffer];
    std::map<std::string, int> earlier;  // signature -> a transcendental of an earlier Inner phase
    for (const kernel::Phase& ph : k.phases) {
        if (ph.kind != kernel::PhaseKind::Inner) continue;
        // A store of this phase that can keep a value: once per buffer, one the generator can
        // address as it walks the row, and after the value's statement (the value is loaded back
        // before the store overwrites it).
        auto slot_after = [&](size_t pos) {
            for (size_t q = pos + 1; q < ph.stmts.size(); ++q) {
                const int id = ph.stmts[q];
                if (stmt(id).code == Code::Store && stores[stmt(id).buffer] == 1 && slot_ok(id)) return id;
            }
            return -1;
        };
        bool found = false;  // one value per phase
        for (size_t pos = 0; pos < ph.stmts.size() && !found; ++pos) {
            const int id = ph.stmts[pos];
            if (!transcendental(id)) continue;
            auto it = earlier.find(sig(id));
            const int slot = slot_after(pos);
            if (it != earlier.end() && slot >= 0 && !out.keep_in.count(it->second)) {
                out.keep_in[it->second] = slot;
                out.read_from[id] = slot;
                found = true;
            }
        }
        for (int id : ph.stmts)
            if (transcendental(id)) earlier.emplace(sig(id), id);
        if (!found) continue;
        // What this phase still computes: from its stores and reductions through the operands,
        // stopping at the value it loads back.
        std::set<int> live, in_phase(ph.stmts.begin(), ph.stmts.end());
        std::vector<int> work;
        for (int id : ph.stmts)
            if (stmt(id).code == Code::Store || stmt(id).code == Code::Reduce) work.push_back(id);
        while (!work.empty()) {
            const int id = work.back();
            work.pop_back();
            if (!live.insert(id).second || out.read_from.count(id)) continue;
            for (int a : stmt(id).args)
                if (in_phase.count(a)) work.push_back(a);
        }
        for (int id : ph.stmts)
            if (!live.count(id)) out.skipped.insert(id);
    }
    return out;
}

std::string KernelText::keep_line(int id, int store) const {
    const Stmt& st = stmt(store);
    return ptr(st.buffer, true) + "[" + index_expr(st.index) + "] = " + tmp(id) + ";  // kept for a later phase";
}

std::string KernelText::read_back_line(int id, int store) const {
    const Stmt& st = stmt(store);
    return "auto " + tmp(id) + " = " + ptr(st.buffer, true) + "[" + index_expr(st.index) + "];  // kept by an earlier phase";
}

std::string KernelText::comment_block() const {
    std::ostringstream c;
    std::vector<std::string> ops;  // de-duplicated, first occurrence kept (as Inductor lists them)
    for (const std::string& o : k.origin_ops)
        if (std::find(ops.begin(), ops.end(), o) == ops.end()) ops.push_back(o);
    c << "// Topologically Sorted Source Nodes: " << list_str(k.origins) << ", Original ATen: " << list_str(ops) << "\n";
    std::string xstr, rstr;
    for (int d = 0; d < k.nx + k.nr; ++d) (d < k.nx ? xstr : rstr) += (d == 0 || d == k.nx ? "" : ", ") + std::to_string(k.sizes[size_t(d)]);
    c << "// " << (k.kind == kernel::KernelKind::Pointwise ? "pointwise" : "reduction") << ", x=[" << xstr << "]";
    if (k.nr > 0) c << ", r=[" << rstr << "]";
    c << ", compute " << dtype_short_name(k.compute) << "\n";
    return c.str();
}

}  // namespace kiln::codegen::detail
