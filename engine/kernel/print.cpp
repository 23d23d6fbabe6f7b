// The textual forms of the kernel IR: a Kernel in Inductor's loop-level style and a whole Plan
// (buffers, kernels, wrapper steps, outputs) in the style of Inductor's generated wrapper code.
//
// These printouts are what golden tests compare, what TORCH_LOGS=schedule/fusion show and what the
// playground's kernel view renders, so they are deterministic: numbers print as Python floats
// (shortest round-trip), indices as affine expressions over x0.. / r0.. with zero strides left out,
// and every statement as `tmpN = ...` numbered by its position in Kernel::stmts. Also home of the
// small helpers ir.h declares next to the structs (Buffer::numel/nbytes, Kernel::x_numel/r_numel,
// code_name).
#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <sstream>

#include "graph/ir.h"
#include "graph/ivalue.h"
#include "kernel/ir.h"

namespace kiln::kernel {

// ---- helpers declared in ir.h -------------------------------------------------------------------

int64_t Buffer::numel() const { return shape_numel(sizes); }

int64_t Buffer::nbytes() const {
    // The extent of the storage the strides reach: 1 + sum (size - 1) * |stride| elements.
    int64_t extent = 1;
    for (size_t d = 0; d < sizes.size(); ++d) {
        if (sizes[d] == 0) return 0;
        const int64_t s = d < strides.size() ? strides[d] : 0;
        extent += (sizes[d] - 1) * (s < 0 ? -s : s);
    }
    return extent * int64_t(dtype_size(dtype));
}

std::vector<int> Step::read_buffers() const {
    std::vector<int> r;
    for (int b : input_buffers)
        if (b >= 0) r.push_back(b);
    for (const ListInput& l : list_inputs)
        for (int b : l.buffers)
            if (b >= 0) r.push_back(b);
    return r;
}

std::vector<int> reads_of(const Plan& p, const Step& s) {
    if (s.kind != StepKind::Kernel) return s.read_buffers();
    const Kernel& k = p.kernels[size_t(s.kernel)];
    std::vector<int> r = k.inputs;
    r.insert(r.end(), k.in_out.begin(), k.in_out.end());
    return r;
}

std::vector<int> writes_of(const Plan& p, const Step& s) {
    if (s.kind != StepKind::Kernel) return s.output_buffers;
    const Kernel& k = p.kernels[size_t(s.kernel)];
    std::vector<int> w = k.outputs;
    w.insert(w.end(), k.in_out.begin(), k.in_out.end());
    return w;
}

std::vector<int> arg_buffers(const Kernel& k) {
    std::vector<int> a;
    if (!k.parts.empty()) {
        for (const Kernel& part : k.parts) {
            std::vector<int> pa = arg_buffers(part);
            a.insert(a.end(), pa.begin(), pa.end());
        }
        return a;
    }
    a = k.in_out;
    a.insert(a.end(), k.inputs.begin(), k.inputs.end());
    a.insert(a.end(), k.outputs.begin(), k.outputs.end());
    return a;
}

int64_t Kernel::x_numel() const {
    int64_t n = 1;
    for (int d = 0; d < nx && d < int(sizes.size()); ++d) n *= sizes[d];
    return n;
}

int64_t Kernel::r_numel() const {
    int64_t n = 1;
    for (int d = nx; d < nx + nr && d < int(sizes.size()); ++d) n *= sizes[d];
    return n;
}

const char* code_name(Code c) {
    switch (c) {
        case Code::Load: return "Load";
        case Code::Constant: return "Constant";
        case Code::Unary: return "Unary";
        case Code::Binary: return "Binary";
        case Code::Ternary: return "Ternary";
        case Code::Cast: return "Cast";
        case Code::Reduce: return "Reduce";
        case Code::Store: return "Store";
    }
    return "?";
}

namespace {

// ---- formatting helpers -------------------------------------------------------------------------

// A double as Python's repr of a float: shortest text that reads back exactly, "1.0" for integers.
std::string float_str(double v) {
    if (std::isnan(v)) return "nan";
    if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
    char buf[64];
    for (int prec = 1; prec <= 17; ++prec) {
        std::snprintf(buf, sizeof buf, "%.*g", prec, v);
        if (std::strtod(buf, nullptr) == v) break;
    }
    std::string s = buf;
    if (s.find_first_of(".en") == std::string::npos) s += ".0";
    return s;
}




std::string buffer_name(const Plan& p, int b) {
    if (b >= 0 && b < int(p.buffers.size())) return p.buffers[b].name;
    return "<buffer " + std::to_string(b) + ">";
}

std::string type_str(const Buffer& b) { return std::string(dtype_abbrev(b.dtype)) + shape_str(b.sizes); }

std::string dim_var(const Kernel& k, int d) {
    // (std::string(1, c) + ...: GCC 12 warns falsely on "literal" + std::to_string(...), bug 105329)
    return std::string(1, d < k.nx ? 'x' : 'r') + std::to_string(d < k.nx ? d : d - k.nx);
}

// offset + sum strides[d] * i_d as "16*x0 + r0 + 3"; zero strides are left out, "0" when empty.
std::string index_str(const Kernel& k, const Index& idx) {
    std::string out;
    auto term = [&](int64_t coef, const std::string& var) {
        if (coef == 0) return;
        const int64_t mag = coef < 0 ? -coef : coef;
        std::string t = var.empty() ? std::to_string(mag) : (mag == 1 ? var : std::to_string(mag) + "*" + var);
        if (out.empty()) out = (coef < 0 ? "-" : "") + t;
        else out += (coef < 0 ? " - " : " + ") + t;
    };
    for (size_t d = 0; d < idx.strides.size(); ++d) term(idx.strides[d], dim_var(k, int(d)));
    term(idx.offset, "");
    return out.empty() ? "0" : out;
}

// Which parameters an op's expression reads (from the .def text itself), so that the printout
// shows leaky_relu's slope and clamp's bounds but not the unused p0/p1 of exp.
struct OpParams {
    bool p0 = false, p1 = false, alpha = false;
    bool known = false;
};

OpParams op_params(Code code, const std::string& op) {
    OpParams r;
    auto uses = [](const char* expr, const char* name) {
        // whole-word occurrence of `name` in the expression text
        const size_t n = std::strlen(name);
        for (const char* s = std::strstr(expr, name); s; s = std::strstr(s + 1, name)) {
            const bool left = s == expr || !(std::isalnum((unsigned char)s[-1]) || s[-1] == '_');
            const bool right = !(std::isalnum((unsigned char)s[n]) || s[n] == '_');
            if (left && right) return true;
        }
        return false;
    };
    if (code == Code::Unary) {
#define KILN_UNARY_OP(name, grad_fn, kind, saves, expr, backward) \
    if (op == #name) { r.known = true; r.p0 = uses(#expr, "p0"); r.p1 = uses(#expr, "p1"); }
#include "ops/pointwise.def"
    } else if (code == Code::Binary) {
#define KILN_BINARY_OP(name, grad_fn, kind, expr) \
    if (op == #name) { r.known = true; r.alpha = uses(#expr, "alpha"); }
#include "ops/pointwise.def"
    } else if (code == Code::Ternary) {
#define KILN_TERNARY_OP(name, grad_fn, expr) \
    if (op == #name) { r.known = true; r.alpha = uses(#expr, "alpha"); }
#include "ops/pointwise.def"
    }
    return r;
}

// The argument name of buffer b in kernel k: in_out_ptrN, in_ptrN or out_ptrN.
std::string arg_name(const Kernel& k, int b) {
    if (k.gemm && k.gemm->product == b) return "gemm";  // the product the kernel computes (Kernel::gemm)
    for (size_t i = 0; i < k.in_out.size(); ++i)
        if (k.in_out[i] == b) return "in_out_ptr" + std::to_string(i);
    for (size_t i = 0; i < k.inputs.size(); ++i)
        if (k.inputs[i] == b) return "in_ptr" + std::to_string(i);
    for (size_t i = 0; i < k.outputs.size(); ++i)
        if (k.outputs[i] == b) return "out_ptr" + std::to_string(i);
    return "<buffer " + std::to_string(b) + " not an argument>";
}

// The kernel's argument buffers in call order: in_out, then inputs, then outputs.

std::string tmp(int id) { return "tmp" + std::to_string(id); }

std::string stmt_str(const Kernel& k, int id) {
    if (id < 0 || id >= int(k.stmts.size())) return "<statement " + std::to_string(id) + " out of range>";
    const Stmt& s = k.stmts[id];
    auto arg = [&](size_t i) { return i < s.args.size() ? tmp(s.args[i]) : std::string("<missing>"); };
    std::string out = tmp(id) + " = ";
    switch (s.code) {
        case Code::Load: return out + "load " + arg_name(k, s.buffer) + "[" + index_str(k, s.index) + "]";
        case Code::Constant: return out + float_str(s.value);
        case Code::Unary: {
            const OpParams ps = op_params(s.code, s.op);
            out += s.op + "(" + arg(0);
            if (ps.p0) out += ", " + float_str(s.p0);
            if (ps.p1) out += ", " + float_str(s.p1);
            return out + ")";
        }
        case Code::Binary: {
            const OpParams ps = op_params(s.code, s.op);
            out += s.op + "(" + arg(0) + ", " + arg(1);
            if (ps.alpha && s.alpha != 1) out += ", alpha=" + float_str(s.alpha);
            return out + ")";
        }
        case Code::Ternary: {
            const OpParams ps = op_params(s.code, s.op);
            out += s.op + "(" + arg(0) + ", " + arg(1) + ", " + arg(2);
            if (ps.alpha) out += ", alpha=" + float_str(s.alpha);
            return out + ")";
        }
        case Code::Cast: return out + "to_dtype(" + arg(0) + ", " + dtype_short_name(s.dtype) + ")";
        case Code::Reduce: return out + "reduce " + s.op + "(" + arg(0) + ")";
        case Code::Store:
            return "store " + arg_name(k, s.buffer) + "[" + index_str(k, s.index) + "] = " + arg(0);
    }
    return out + "?";
}

std::string loop_header(const Kernel& k, int first, int last) {
    std::string out = "for ";
    for (int d = first; d < last; ++d) {
        out += (d > first ? ", " : "") + dim_var(k, d) + " in " +
               (d < int(k.sizes.size()) ? std::to_string(k.sizes[d]) : std::string("?"));
    }
    return out + ":";
}

void indent_into(std::ostringstream& out, const std::string& text, const std::string& pad) {
    std::istringstream in(text);
    std::string line;
    while (std::getline(in, line)) out << pad << line << "\n";
}

// "aten::mm" -> "aten.mm".
std::string node_call_name_of(std::string k) {
    const size_t c = k.find("::");
    if (c != std::string::npos) {  // "aten::mm" -> "aten.mm" (erase + assign: GCC 12 warns falsely on replace)
        k.erase(c, 1);
        k[c] = '.';
    }
    return k;
}

std::string node_call_name(const graph::Node* n) { return n ? node_call_name_of(n->kind) : "<no node>"; }

std::string view_str(const std::string& name, const Shape& sizes, const Shape& strides, int64_t offset) {
    return "reinterpret_tensor(" + name + ", " + shape_tuple_str(sizes) + ", " + shape_tuple_str(strides) + ", " +
           std::to_string(offset) + ")";
}

std::string step_call_args(const Plan& p, const Step& s) {
    std::string out;
    const size_t n = s.node ? s.node->inputs.size() : s.input_buffers.size();
    for (size_t i = 0; i < n; ++i) {
        if (i) out += ", ";
        const int b = i < s.input_buffers.size() ? s.input_buffers[i] : -1;
        if (b >= 0) {
            const bool viewed = i < s.input_views.size() && !s.input_views[i].sizes.empty();
            out += viewed ? view_str(buffer_name(p, b), s.input_views[i].sizes, s.input_views[i].strides,
                                     s.input_views[i].offset)
                          : buffer_name(p, b);
        } else if (auto l = std::find_if(s.list_inputs.begin(), s.list_inputs.end(),
                                         [&](const Step::ListInput& li) { return li.input == int(i); });
                   l != s.list_inputs.end()) {
            out += "[";
            for (size_t e = 0; e < l->buffers.size(); ++e) {
                const Step::View& v = e < l->views.size() ? l->views[e] : Step::View{};
                out += (e ? ", " : "") + (l->buffers[e] < 0   ? std::string("None")
                                          : v.sizes.empty() ? buffer_name(p, l->buffers[e])
                                                          : view_str(buffer_name(p, l->buffers[e]), v.sizes, v.strides, v.offset));
            }
            out += "]";
        } else if (s.node && i < s.node->inputs.size()) {
            const graph::Value* v = s.node->inputs[i];
            const graph::IValue* c = v && v->node && v->node->is_constant() ? v->node->attr("value") : nullptr;
            if (c) out += c->repr();
            else if (v) out += "%", out += v->name();
            else out += '?';
        } else {
            out += "?";
        }
    }
    return out;
}

// An Extern/Fallback step's result names: "buf2", or "buf3, buf4" for a node with several outputs.
std::string results(const Plan& p, const Step& s) {
    if (s.output_buffers.size() <= 1) return buffer_name(p, s.buffer);
    std::string out;
    for (size_t i = 0; i < s.output_buffers.size(); ++i) out += (i ? ", " : "") + buffer_name(p, s.output_buffers[i]);
    return out;
}

}  // namespace

std::string str(const Kernel& k, const Plan& p) {
    std::ostringstream out;
    if (!k.parts.empty()) {
        out << k.name << ": combo of " << k.parts.size() << " pointwise kernels in one launch, each over its own blocks\n";
        for (const Kernel& part : k.parts) indent_into(out, str(part, p), "  ");
        return out.str();
    }
    Shape xs, rs;
    for (int d = 0; d < int(k.sizes.size()); ++d) (d < k.nx ? xs : rs).push_back(k.sizes[d]);
    out << k.name << ": " << (k.kind == KernelKind::Pointwise ? "pointwise" : "reduction") << ", x=" << shape_str(xs);
    if (k.kind == KernelKind::Reduction || k.nr > 0) out << ", r=" << shape_str(rs);
    out << ", compute " << dtype_short_name(k.compute) << "\n";
    // argument list
    std::string args;
    for (int b : arg_buffers(k)) {
        if (!args.empty()) args += ", ";
        args += arg_name(k, b) + ": " + buffer_name(p, b);
        if (b >= 0 && b < int(p.buffers.size())) {
            args += ' ';
            args += type_str(p.buffers[b]);
        }
    }
    out << "  " << (args.empty() ? "(no arguments)" : args) << "\n";
    if (!k.origins.empty()) {
        out << "  origins: ";
        for (size_t i = 0; i < k.origins.size(); ++i) out << (i ? ", " : "") << k.origins[i];
        out << "\n";
    }
    if (k.gemm) {
        // gemm[i, j] = alpha * sum_k A[i, k] * B[k, j] + beta * bias[i, j], with the operands' indexes
        const Gemm& g = *k.gemm;
        auto operand = [&](int b, const Index& ix, const char* i, const char* j) {
            return arg_name(k, b) + "[" + std::to_string(ix.offset) + " + " + std::to_string(ix.strides.size() > 0 ? ix.strides[0] : 0) +
                   "*" + i + " + " + std::to_string(ix.strides.size() > 1 ? ix.strides[1] : 0) + "*" + j + "]";
        };
        out << "  gemm (" << node_call_name_of(g.op) << " " << g.node << ", m=" << g.m << " n=" << g.n << " k=" << g.k
            << ", computed here): gemm[i, j] = " << (g.alpha != 1 ? float_str(g.alpha) + " * " : "") << "sum_k "
            << operand(g.a, g.a_index, "i", "k") << " * " << operand(g.b, g.b_index, "k", "j");
        if (g.bias >= 0) out << " + " << (g.beta != 1 ? float_str(g.beta) + " * " : "") << operand(g.bias, g.bias_index, "i", "j");
        out << ", at flat x index i * " << g.n << " + j\n";
    }
    // loops
    std::string pad = "  ";
    if (k.nx > 0) {
        out << pad << loop_header(k, 0, k.nx) << "\n";
        pad += "  ";
    }
    for (const Phase& ph : k.phases) {
        std::string spad = pad;
        if (ph.kind == PhaseKind::Inner && k.nr > 0) {
            out << pad << loop_header(k, k.nx, k.nx + k.nr) << "\n";
            spad += "  ";
        }
        if (ph.stmts.empty()) out << spad << "pass\n";
        for (int id : ph.stmts) out << spad << stmt_str(k, id) << "\n";
    }
    return out.str();
}

std::string str(const Plan& p) {
    std::ostringstream out;
    out << "buffers:\n";
    for (const Buffer& b : p.buffers) {
        out << "  " << b.name << ": ";
        switch (b.kind) {
            case BufferKind::Input: out << "input " << b.input_index; break;
            case BufferKind::Constant: out << "constant " << b.constant_index; break;
            case BufferKind::Intermediate: out << "intermediate"; break;
        }
        if (b.is_output) out << ", output";
        out << ", " << type_str(b);
        if (b.strides != contiguous_strides(b.sizes)) out << ", strides " << shape_str(b.strides);
        out << ", " << b.nbytes() << " bytes\n";
    }
    out << "kernels:\n";
    for (const Kernel& k : p.kernels) indent_into(out, str(k, p), "  ");
    out << "steps:\n";
    for (const Step& s : p.steps) {
        if (!s.comment.empty() && s.kind != StepKind::Reuse)
            out << "  " << (s.comment[0] == '#' ? "" : "# ") << s.comment << "\n";
        out << "  ";
        switch (s.kind) {
            case StepKind::Alloc: {
                if (s.buffer >= 0 && s.buffer < int(p.buffers.size())) {
                    const Buffer& b = p.buffers[s.buffer];
                    out << b.name << " = empty_strided(" << shape_tuple_str(b.sizes) << ", " << shape_tuple_str(b.strides) << ", "
                        << dtype_short_name(b.dtype) << ")";
                } else {
                    out << buffer_name(p, s.buffer) << " = empty_strided(?)";
                }
                break;
            }
            case StepKind::Reuse:
                out << buffer_name(p, s.buffer) << " = " << buffer_name(p, s.from) << "  "
                    << (s.comment.empty() ? "# reuse" : (s.comment[0] == '#' ? "" : "# ") + s.comment);
                break;
            case StepKind::Kernel: {
                if (s.kernel < 0 || s.kernel >= int(p.kernels.size())) {
                    out << "<kernel " << s.kernel << ">()";
                    break;
                }
                const Kernel& k = p.kernels[s.kernel];
                out << k.name << "(";
                const std::vector<int> a = arg_buffers(k);
                for (size_t i = 0; i < a.size(); ++i) out << (i ? ", " : "") << buffer_name(p, a[i]);
                out << ")";
                break;
            }
            case StepKind::Extern:
            {
                // extern_kernels.mm: the op's name without its namespace ("aten::mm" -> "mm")
                const std::string full = node_call_name(s.node);
                const size_t dot = full.rfind('.');
                out << results(p, s) << " = extern_kernels." << (dot == std::string::npos ? full : full.substr(dot + 1))
                    << "(" << step_call_args(p, s) << ")";
            }
                break;
            case StepKind::Fallback:
                out << results(p, s) << " = torch.ops." << node_call_name(s.node) << "("
                    << step_call_args(p, s) << ")  # fallback";
                break;
            case StepKind::Free: out << "del " << buffer_name(p, s.buffer); break;
        }
        out << "\n";
    }
    out << "outputs:\n";
    for (const Output& o : p.outputs) {
        const bool plain = o.buffer >= 0 && o.buffer < int(p.buffers.size()) && o.offset == 0 &&
                           (o.sizes.empty() && o.strides.empty()
                                ? true
                                : o.sizes == p.buffers[o.buffer].sizes && o.strides == p.buffers[o.buffer].strides);
        out << "  " << (plain ? buffer_name(p, o.buffer) : view_str(buffer_name(p, o.buffer), o.sizes, o.strides, o.offset))
            << "\n";
    }
    if (!p.not_fused.empty()) {
        out << "not fused:\n";
        for (const FusionNote& n : p.not_fused) out << "  " << n.producer << " -> " << n.consumer << ": " << n.reason << "\n";
    }
    if (p.peak_bytes_eager || p.peak_bytes_compiled)
        out << "peak bytes: eager " << p.peak_bytes_eager << ", compiled " << p.peak_bytes_compiled << "\n";
    return out.str();
}

}  // namespace kiln::kernel
