// Structural checks of the kernel IR and of a Plan, run before any backend executes them.
//
// A backend trusts what passes here: every statement's operands are defined before use and visible
// from its phase (same phase earlier, or a Reduce / Outer value of an earlier phase), statements
// have the operand count and op names their Code needs, Reduce sits in Inner phases only, Outer
// phases never index along r, every Load/Store names an argument buffer of the right direction and
// stays inside that buffer's storage for the whole iteration space, and the Plan's steps use buffers
// only while they are live. Failures throw kiln::Error (RuntimeError) naming the kernel and the
// statement ("kernel cpp_fused_add_0: tmp3 (Binary add): operand tmp5 is used before ...").
#include <set>
#include <string>
#include <vector>

#include "graph/ir.h"
#include "kernel/ir.h"
#include "support/error.h"

namespace kiln::kernel {

namespace {

// kiln::str (support/error.h), which kernel::str's printers hide inside this namespace.
template <typename... Args>
std::string cat(const Args&... args) {
    return ::kiln::str(args...);
}

bool is_unary_op(const std::string& op) {
#define KILN_UNARY_OP(name, grad_fn, kind, saves, expr, backward) if (op == #name) return true;
#include "ops/pointwise.def"
    return false;
}
bool is_binary_op(const std::string& op) {
#define KILN_BINARY_OP(name, grad_fn, kind, expr) if (op == #name) return true;
#include "ops/pointwise.def"
    return false;
}
bool is_ternary_op(const std::string& op) {
#define KILN_TERNARY_OP(name, grad_fn, expr) if (op == #name) return true;
#include "ops/pointwise.def"
    return false;
}
bool is_reduce_op(const std::string& op) {
    return op == "sum" || op == "max" || op == "min" || op == "prod" || op == "any";
}

size_t operand_count(Code c) {
    switch (c) {
        case Code::Load:
        case Code::Constant: return 0;
        case Code::Unary:
        case Code::Cast:
        case Code::Reduce:
        case Code::Store: return 1;
        case Code::Binary: return 2;
        case Code::Ternary: return 3;
    }
    return 0;
}

bool contains(const std::vector<int>& v, int x) {
    for (int y : v)
        if (y == x) return true;
    return false;
}

// Storage extent of a buffer in elements (what Buffer::nbytes covers).
int64_t extent_elems(const Buffer& b) { return b.nbytes() / int64_t(dtype_size(b.dtype)); }

}  // namespace

void verify(const Kernel& k, const Plan& p) {
    const std::string kname = "kernel " + (k.name.empty() ? std::string("<unnamed>") : k.name) + ": ";
    auto fail = [&](const std::string& msg) { KILN_FAIL(RuntimeError, kname, msg); };

    // ---- a combo kernel: independent pointwise parts, its arguments theirs together ----
    if (!k.parts.empty()) {
        if (!k.stmts.empty() || !k.phases.empty() || k.gemm || k.nx != 0 || k.nr != 0)
            fail("a combo kernel has statements or an iteration space of its own");
        if (p.device == Device::CPU) fail("a combo kernel in a CPU plan (only CUDA plans launch them)");
        std::set<int> read, written;
        for (const Kernel& part : k.parts) {
            if (!part.parts.empty() || part.gemm || part.kind != KernelKind::Pointwise)
                fail(cat("part ", part.name, " is not a plain pointwise kernel"));
            verify(part, p);
            std::vector<int> r = part.inputs, w = part.outputs;
            r.insert(r.end(), part.in_out.begin(), part.in_out.end());
            w.insert(w.end(), part.in_out.begin(), part.in_out.end());
            for (int b : w)
                if (read.count(b) || written.count(b))
                    fail(cat("part ", part.name, " writes buffer ", p.buffers[size_t(b)].name, ", which another part touches"));
            for (int b : r)
                if (written.count(b)) fail(cat("part ", part.name, " reads buffer ", p.buffers[size_t(b)].name, ", which another part writes"));
            read.insert(r.begin(), r.end());
            written.insert(w.begin(), w.end());
        }
        std::set<int> in(k.inputs.begin(), k.inputs.end()), out(k.outputs.begin(), k.outputs.end()), io(k.in_out.begin(), k.in_out.end());
        std::set<int> want_in, want_out, want_io;
        for (const Kernel& part : k.parts) {
            want_in.insert(part.inputs.begin(), part.inputs.end());
            want_out.insert(part.outputs.begin(), part.outputs.end());
            want_io.insert(part.in_out.begin(), part.in_out.end());
        }
        if (in != want_in || out != want_out || io != want_io || in.size() != k.inputs.size() ||
            out.size() != k.outputs.size() || io.size() != k.in_out.size())
            fail("a combo kernel's arguments are not its parts' together, each once");
        return;
    }

    // ---- shape of the kernel ----
    if (k.nx < 0 || k.nr < 0 || int(k.sizes.size()) != k.nx + k.nr)
        fail(cat("iteration space has ", k.sizes.size(), " dims but nx + nr = ", k.nx, " + ", k.nr));
    for (int64_t s : k.sizes)
        if (s < 0) fail(cat("negative size ", s, " in the iteration space ", shape_str(k.sizes)));
    if (k.kind == KernelKind::Pointwise && k.nr != 0) fail(cat("a pointwise kernel has ", k.nr, " r dims"));
    if (k.compute != DType::Float32 && k.compute != DType::Float64 && k.compute != DType::Int64)
        fail(cat("compute dtype ", dtype_short_name(k.compute), " (only float32, float64 and int64 kernels exist)"));
    // int64 kernels are the scheduler's exact integer pointwise ops: no reductions (their identities
    // and NaN rules are floating) in them.
    if (k.compute == DType::Int64 && k.kind != KernelKind::Pointwise) fail("an int64 kernel that is not pointwise");

    // ---- arguments ----
    std::set<int> seen_args;
    auto check_args = [&](const std::vector<int>& ids, const char* what) {
        for (int b : ids) {
            if (b < 0 || b >= int(p.buffers.size()))
                fail(cat(what, " names buffer ", b, " but the plan has ", p.buffers.size(), " buffers"));
            if (!seen_args.insert(b).second) fail(cat("buffer ", p.buffers[b].name, " is listed twice among the arguments"));
        }
    };
    check_args(k.inputs, "inputs");
    check_args(k.outputs, "outputs");
    check_args(k.in_out, "in_out");

    // ---- a fused matrix product: its operands are arguments, its product is read in flat order ----
    if (k.gemm) {
        const Gemm& g = *k.gemm;
        if (k.kind != KernelKind::Pointwise || k.compute != DType::Float32)
            fail("a GEMM prologue in a kernel that is not a float32 pointwise kernel");
        if (g.m <= 0 || g.n <= 0 || g.k <= 0 || k.x_numel() != g.m * g.n)
            fail(cat("a GEMM prologue of ", g.m, " x ", g.n, " (k = ", g.k, ") over ", k.x_numel(), " points"));
        if (g.product < 0 || g.product >= int(p.buffers.size())) fail(cat("GEMM product buffer ", g.product, " does not exist"));
        if (contains(k.inputs, g.product) || contains(k.outputs, g.product) || contains(k.in_out, g.product))
            fail(cat("GEMM product ", p.buffers[g.product].name, " is also an argument (it is computed in the kernel)"));
        auto operand = [&](int b, const Index& ix, const char* what, int64_t rows, int64_t cols) {
            if (!contains(k.inputs, b) && !contains(k.in_out, b))
                fail(cat("GEMM operand ", what, " (buffer ", b, ") is not among the kernel's inputs"));
            if (ix.strides.size() != 2) fail(cat("GEMM operand ", what, " has ", ix.strides.size(), " strides (2 expected)"));
            int64_t lo = ix.offset, hi = ix.offset;
            for (int d = 0; d < 2; ++d) {
                const int64_t span = ((d == 0 ? rows : cols) - 1) * ix.strides[size_t(d)];
                (span < 0 ? lo : hi) += span;
            }
            const Buffer& buf = p.buffers[b];
            if (lo < 0 || hi >= extent_elems(buf))
                fail(cat("GEMM operand ", what, " reaches elements [", lo, ", ", hi, "] of ", buf.name, ", which holds ",
                         extent_elems(buf), " elements"));
        };
        operand(g.a, g.a_index, "A", g.m, g.k);
        operand(g.b, g.b_index, "B", g.k, g.n);
        if (g.bias >= 0) operand(g.bias, g.bias_index, "bias", g.m, g.n);
    }

    // ---- phases: every statement in exactly one phase ----
    const int n = int(k.stmts.size());
    std::vector<int> phase_of(n, -1), pos_in_phase(n, -1);
    for (size_t ph = 0; ph < k.phases.size(); ++ph) {
        const Phase& phase = k.phases[ph];
        for (size_t i = 0; i < phase.stmts.size(); ++i) {
            const int id = phase.stmts[i];
            if (id < 0 || id >= n) fail(cat("phase ", ph, " lists statement ", id, " but the kernel has ", n));
            if (phase_of[id] >= 0) fail(cat("tmp", id, " is listed in phase ", phase_of[id], " and in phase ", ph));
            phase_of[id] = int(ph);
            pos_in_phase[id] = int(i);
        }
    }
    for (int id = 0; id < n; ++id)
        if (phase_of[id] < 0) fail(cat("tmp", id, " (", code_name(k.stmts[id].code), ") belongs to no phase"));

    // ---- statements ----
    const int64_t space_numel = shape_numel(k.sizes);
    for (size_t ph = 0; ph < k.phases.size(); ++ph) {
        const Phase& phase = k.phases[ph];
        const bool outer = phase.kind == PhaseKind::Outer;
        for (int id : phase.stmts) {
            const Stmt& s = k.stmts[id];
            std::string sname = cat("tmp", id, " (", code_name(s.code));
            if (!s.op.empty()) sname += " " + s.op;
            sname += "): ";
            auto sfail = [&](const std::string& msg) { fail(sname + msg); };

            if (s.args.size() != operand_count(s.code))
                sfail(cat("has ", s.args.size(), " operands, ", code_name(s.code), " takes ", operand_count(s.code)));
            for (int a : s.args) {
                if (a < 0 || a >= n) sfail(cat("operand ", a, " is not a statement of the kernel"));
                const Stmt& src = k.stmts[a];
                if (src.code == Code::Store) sfail(cat("operand tmp", a, " is a Store, which has no value"));
                const int aph = phase_of[a];
                if (aph == int(ph)) {
                    if (pos_in_phase[a] >= pos_in_phase[id])
                        sfail(cat("operand tmp", a, " is used before it is defined (later in phase ", ph, ")"));
                    if (src.code == Code::Reduce)
                        sfail(cat("operand tmp", a, " is a Reduce of the same phase, whose value exists only after the phase"));
                } else if (aph > int(ph)) {
                    sfail(cat("operand tmp", a, " is used before it is defined (it is in the later phase ", aph, ")"));
                } else {
                    const bool from_outer = k.phases[aph].kind == PhaseKind::Outer;
                    if (src.code != Code::Reduce && !from_outer)
                        sfail(cat("operand tmp", a, " belongs to phase ", aph,
                                  " and is not visible here: later phases see only Reduce and Outer values"));
                }
            }
            switch (s.code) {
                case Code::Unary:
                    if (!is_unary_op(s.op)) sfail("unknown unary op (not a row of ops/pointwise.def)");
                    break;
                case Code::Binary:
                    if (!is_binary_op(s.op)) sfail("unknown binary op (not a row of ops/pointwise.def)");
                    break;
                case Code::Ternary:
                    if (!is_ternary_op(s.op)) sfail("unknown ternary op (not a row of ops/pointwise.def)");
                    break;
                case Code::Reduce:
                    if (!is_reduce_op(s.op)) sfail("unknown reduction (sum, max, min, prod, any)");
                    if (outer) sfail("a Reduce in an Outer phase (reductions run over the r space of Inner phases)");
                    break;
                default: break;
            }
            if (s.code == Code::Load || s.code == Code::Store) {
                if (s.buffer < 0 || s.buffer >= int(p.buffers.size()))
                    sfail(cat("buffer ", s.buffer, " does not exist (the plan has ", p.buffers.size(), ")"));
                const Buffer& b = p.buffers[s.buffer];
                const bool product = k.gemm && s.buffer == k.gemm->product;
                if (s.code == Code::Store && product) sfail(cat("stores to ", b.name, ", the GEMM product computed in the kernel"));
                if (s.code == Code::Load && !product && !contains(k.inputs, s.buffer) && !contains(k.in_out, s.buffer))
                    sfail(cat("loads ", b.name, ", which is not among the kernel's inputs or in_out"));
                if (s.code == Code::Store && !contains(k.outputs, s.buffer) && !contains(k.in_out, s.buffer))
                    sfail(cat("stores to ", b.name, ", which is not among the kernel's outputs or in_out"));
                if (int(s.index.strides.size()) != k.nx + k.nr)
                    sfail(cat("index has ", s.index.strides.size(), " strides for a ", k.nx + k.nr, "-dim iteration space"));
                if (outer)
                    for (int d = k.nx; d < k.nx + k.nr; ++d)
                        if (s.index.strides[d] != 0)
                            sfail(cat("index in an Outer phase has stride ", s.index.strides[d], " along r", d - k.nx,
                                      " (Outer phases run once per x point)"));
                // bounds over the dims this phase iterates
                if (space_numel > 0) {
                    int64_t lo = s.index.offset, hi = s.index.offset;
                    const int last = outer ? k.nx : k.nx + k.nr;
                    for (int d = 0; d < last; ++d) {
                        const int64_t span = (k.sizes[d] - 1) * s.index.strides[d];
                        (span < 0 ? lo : hi) += span;
                    }
                    const int64_t ext = extent_elems(b);
                    if (lo < 0 || hi >= ext)
                        sfail(cat("index reaches elements [", lo, ", ", hi, "] of ", b.name, " ", shape_str(b.sizes),
                                  ", which holds ", ext, " elements"));
                }
            }
        }
    }
}

void verify(const Plan& p) {
    auto fail = [](const std::string& msg) { KILN_FAIL(RuntimeError, "plan: ", msg); };
    const int nb = int(p.buffers.size());
    std::set<std::string> names;
    for (int i = 0; i < nb; ++i) {
        const Buffer& b = p.buffers[i];
        if (!names.insert(b.name).second) fail(cat("two buffers are named ", b.name));
        if (b.sizes.size() != b.strides.size())
            fail(cat("buffer ", b.name, " has ", b.sizes.size(), " sizes and ", b.strides.size(), " strides"));
        for (int64_t s : b.sizes)
            if (s < 0) fail(cat("buffer ", b.name, " has a negative size in ", shape_str(b.sizes)));
        if (b.kind == BufferKind::Input && b.input_index < 0) fail(cat("input buffer ", b.name, " has no input_index"));
        if (b.kind == BufferKind::Constant && b.constant_index < 0)
            fail(cat("constant buffer ", b.name, " has no constant_index"));
    }
    for (const Kernel& k : p.kernels) verify(k, p);

    // Liveness through the steps: inputs and constants are always live; intermediates from the
    // step that makes them (Alloc, Reuse, Extern, Fallback) until their Free.
    enum State { Unborn, Live, Dead };
    std::vector<State> state(nb, Unborn);
    for (int i = 0; i < nb; ++i)
        if (p.buffers[i].kind != BufferKind::Intermediate) state[i] = Live;
    auto bname = [&](int b) { return p.buffers[b].name; };
    for (size_t si = 0; si < p.steps.size(); ++si) {
        const Step& s = p.steps[si];
        const std::string where = cat("step ", si, ": ");
        auto check_buffer = [&](int b, const char* what) {
            if (b < 0 || b >= nb) fail(cat(where, what, " buffer ", b, " does not exist (the plan has ", nb, ")"));
        };
        auto use = [&](int b, const char* what) {
            check_buffer(b, what);
            if (state[b] == Unborn) fail(cat(where, bname(b), " is used before it is allocated"));
            if (state[b] == Dead) fail(cat(where, bname(b), " is used after it was freed"));
        };
        auto define = [&](int b) {
            check_buffer(b, "result");
            if (p.buffers[b].kind != BufferKind::Intermediate)
                fail(cat(where, bname(b), " is a graph input or constant and cannot be allocated"));
            if (state[b] == Live) fail(cat(where, bname(b), " is allocated twice"));
            state[b] = Live;
        };
        switch (s.kind) {
            case StepKind::Alloc: define(s.buffer); break;
            case StepKind::Reuse: {
                use(s.from, "reused");
                check_buffer(s.buffer, "result");
                const Buffer &a = p.buffers[s.buffer], &f = p.buffers[s.from];
                if (a.dtype != f.dtype || a.nbytes() > f.nbytes())
                    fail(cat(where, a.name, " (", dtype_short_name(a.dtype), ", ", a.nbytes(), " bytes) cannot reuse ",
                             f.name, " (", dtype_short_name(f.dtype), ", ", f.nbytes(), " bytes)"));
                if (f.is_output) fail(cat(where, f.name, " is a graph output and cannot be reused"));
                define(s.buffer);
                state[s.from] = Dead;
                break;
            }
            case StepKind::Kernel: {
                if (s.kernel < 0 || s.kernel >= int(p.kernels.size()))
                    fail(cat(where, "kernel ", s.kernel, " does not exist (the plan has ", p.kernels.size(), ")"));
                const Kernel& k = p.kernels[s.kernel];
                for (int b : k.inputs) use(b, "kernel input");
                for (int b : k.in_out) use(b, "kernel in_out");
                for (int b : k.outputs) use(b, "kernel output");
                break;
            }
            case StepKind::Extern:
            case StepKind::Fallback: {
                if (!s.node) fail(cat(where, "an ", s.kind == StepKind::Extern ? "Extern" : "Fallback", " step without a node"));
                if (s.input_buffers.size() != s.node->inputs.size())
                    fail(cat(where, s.node->kind, " has ", s.node->inputs.size(), " inputs but the step names ",
                             s.input_buffers.size(), " input buffers"));
                if (!s.input_views.empty() && s.input_views.size() != s.input_buffers.size())
                    fail(cat(where, s.node->kind, ": ", s.input_views.size(), " input views for ", s.input_buffers.size(),
                             " inputs"));
                for (const Step::ListInput& l : s.list_inputs) {
                    if (l.input < 0 || size_t(l.input) >= s.input_buffers.size() || s.input_buffers[size_t(l.input)] >= 0)
                        fail(cat(where, s.node->kind, ": a list input at position ", l.input, " that is not a list slot"));
                    if (!l.views.empty() && l.views.size() != l.buffers.size())
                        fail(cat(where, s.node->kind, ": ", l.views.size(), " views for a list of ", l.buffers.size()));
                    for (int b : l.buffers)
                        if (b >= 0) use(b, "list input");  // -1: a Tensor?[] list's None
                }
                for (size_t i = 0; i < s.input_buffers.size(); ++i) {
                    const int b = s.input_buffers[i];
                    if (b < 0) continue;
                    use(b, "input");
                    if (i < s.input_views.size() && !s.input_views[i].sizes.empty()) {
                        const Step::View& v = s.input_views[i];
                        if (v.sizes.size() != v.strides.size())
                            fail(cat(where, "input view ", i, " has ", v.sizes.size(), " sizes and ", v.strides.size(), " strides"));
                        int64_t lo = v.offset, hi = v.offset;
                        bool empty = false;
                        for (size_t d = 0; d < v.sizes.size(); ++d) {
                            if (v.sizes[d] == 0) empty = true;
                            const int64_t span = (v.sizes[d] - 1) * v.strides[d];
                            (span < 0 ? lo : hi) += span;
                        }
                        if (!empty && (lo < 0 || hi >= extent_elems(p.buffers[b])))
                            fail(cat(where, "input view ", i, " of ", bname(b), " reaches elements [", lo, ", ", hi,
                                     "] outside its storage"));
                    }
                }
                if (!s.output_buffers.empty() && s.output_buffers[0] != s.buffer)
                    fail(cat(where, s.node->kind, ": output_buffers[0] is ", s.output_buffers[0], ", the step's buffer is ",
                             s.buffer));
                if (s.output_buffers.empty()) define(s.buffer);
                for (int b : s.output_buffers) define(b);
                break;
            }
            case StepKind::Free:
                use(s.buffer, "freed");
                if (p.buffers[s.buffer].kind != BufferKind::Intermediate)
                    fail(cat(where, bname(s.buffer), " is a graph input or constant and cannot be freed"));
                if (p.buffers[s.buffer].is_output) fail(cat(where, bname(s.buffer), " is a graph output and cannot be freed"));
                state[s.buffer] = Dead;
                break;
        }
    }
    for (size_t i = 0; i < p.outputs.size(); ++i) {
        const Output& o = p.outputs[i];
        if (o.buffer < 0 || o.buffer >= nb) fail(cat("output ", i, " names buffer ", o.buffer, ", which does not exist"));
        if (state[o.buffer] != Live) fail(cat("output ", i, " (", bname(o.buffer), ") is not live at the end of the plan"));
        if (o.sizes.size() != o.strides.size())
            fail(cat("output ", i, " has ", o.sizes.size(), " sizes and ", o.strides.size(), " strides"));
    }
}

}  // namespace kiln::kernel
