// GEMM epilogue fusion for CUDA plans (see schedule.h): a small extern mm/addmm and the pointwise
// kernel that is its only reader become one kernel that computes the product itself.
//
// Why: a launch-bound model (16 x (Linear(64, 64) + Tanh) at batch 32) spends its time in launch
// latency, two launches per layer (cuBLAS, then the activation), even inside a CUDA graph. Inductor
// answers this with GEMM templates whose epilogue is the fused pointwise code (max-autotune); here
// the rule is by size: a product of at most kMaxMacs multiply-adds (k <= kMaxK) is computed by a tiled template
// in codegen/cuda with the kernel's statements as its epilogue, and larger ones stay cuBLAS calls,
// which no template of Kiln's beats.
//
// The rewrite, for an Extern step s (aten::addmm / aten::mm, float32) writing buffer P:
//   - P is contiguous [m, n], no graph output, and read by exactly one later step: a pointwise
//     kernel K (float32) over m * n points whose every load of P is at its own flat index;
//   - K gains Kernel::gemm (operands, their affine indexes from the step's views, alpha, beta) and
//     the operand buffers as inputs, and loses P; the extern step goes, and P is never allocated;
//   - K's name gains the op (cpp_fused_tanh_1 -> cpp_fused_addmm_tanh_1), the "extern kernel" note
//     between the two is dropped (they are fused now) and the notes of the operands' producers say
//     why those stay apart.
// Runs before plan_memory, so buffer lifetimes and reuse follow the fused steps. Under max-autotune a
// judge times each candidate against cuBLAS + the unfused kernel and keeps the faster.
#include <algorithm>

#include "graph/ir.h"
#include "passes/emit.h"
#include "passes/schedule.h"

namespace kiln::passes {

using kernel::Code;
using kernel::Plan;
using kernel::Step;
using kernel::StepKind;

namespace {

// The largest product (m * n * k multiply-adds) the template computes: 2 MFLOP, about a
// microsecond of the template's arithmetic on an H100, below the launch it saves. A block stages
// k values of 16 rows of A and 16 columns of B in shared memory (33 KB at the largest k).
constexpr int64_t kMaxMacs = int64_t(1) << 20;
constexpr int64_t kMaxK = 256;

// Step input `i` as the step reads it: its buffer's layout, or the view the step takes of it
// (a transposed weight); nullopt for a non-tensor or non-float32 input.
struct Operand {
    int buffer = -1;
    Shape sizes, strides;
    int64_t offset = 0;
};
std::optional<Operand> operand(const Plan& p, const Step& s, size_t i) {
    if (i >= s.input_buffers.size() || s.input_buffers[i] < 0) return std::nullopt;
    const kernel::Buffer& b = p.buffers[size_t(s.input_buffers[i])];
    if (b.dtype != DType::Float32) return std::nullopt;
    if (i < s.input_views.size() && !s.input_views[i].sizes.empty()) {
        const Step::View& v = s.input_views[i];
        return Operand{s.input_buffers[i], v.sizes, v.strides, v.offset};
    }
    return Operand{s.input_buffers[i], b.sizes, b.strides, 0};
}

// Whether every load of `product` in `k` reads the element at the iteration point's flat index.
bool loads_flat(const kernel::Kernel& k, int product) {
    Shape contiguous(size_t(k.nx), 1);
    for (int d = k.nx - 2; d >= 0; --d) contiguous[size_t(d)] = contiguous[size_t(d) + 1] * k.sizes[size_t(d) + 1];
    bool any = false;
    for (const kernel::Stmt& st : k.stmts) {
        if (st.buffer != product) continue;
        if (st.code != Code::Load || st.index.offset != 0 || st.index.strides.size() != size_t(k.nx)) return false;
        for (int d = 0; d < k.nx; ++d)
            if (k.sizes[size_t(d)] > 1 && st.index.strides[size_t(d)] != contiguous[size_t(d)]) return false;
        any = true;
    }
    return any;
}

// Fuses extern step `si` into its reader if it qualifies; returns the reader's step index before the
// fusion (the fused kernel's step is one less: the extern step is gone), or -1.
int fuse_one(Plan& p, size_t si) {
    const Step& s = p.steps[si];
    if (s.kind != StepKind::Extern || !s.node || s.output_buffers.size() != 1) return -1;
    // A 2-D matmul is mm (the decomposition keeps matmul for the tracer's spelling of `x @ w`).
    const std::string op = s.node->kind == "aten::matmul" ? "aten::mm" : s.node->kind;
    const bool addmm = op == "aten::addmm";
    if (!addmm && op != "aten::mm") return -1;
    const int product = s.buffer;
    const kernel::Buffer& pb = p.buffers[size_t(product)];
    if (pb.dtype != DType::Float32 || pb.is_output || pb.updates_input >= 0 || pb.sizes.size() != 2 ||
        pb.strides != Shape{pb.sizes[1], 1})
        return -1;
    const int64_t m = pb.sizes[0], n = pb.sizes[1];
    // The operands: addmm(bias, mat1, mat2, beta, alpha), mm(mat1, mat2).
    const size_t ia = addmm ? 1 : 0, ib = ia + 1;
    auto a = operand(p, s, ia), b = operand(p, s, ib);
    if (!a || !b || a->sizes.size() != 2 || b->sizes.size() != 2) return -1;
    const int64_t kk = a->sizes[1];
    if (m == 0 || n == 0 || kk == 0 || kk > kMaxK || m * n * kk > kMaxMacs) return -1;
    kernel::Gemm g;
    g.op = op;
    g.node = s.source;
    g.product = product;
    g.a = a->buffer;
    g.b = b->buffer;
    g.a_index = {a->offset, std::vector<int64_t>(a->strides.begin(), a->strides.end())};
    g.b_index = {b->offset, std::vector<int64_t>(b->strides.begin(), b->strides.end())};
    g.m = m, g.n = n, g.k = kk;
    if (addmm) {
        auto scalar = [&](size_t i, double dflt) -> std::optional<double> {
            if (i >= s.node->inputs.size()) return dflt;
            auto c = constant_value(s.node->inputs[i]);
            if (!c || !c->is_number()) return std::nullopt;
            return c->to_double();
        };
        auto beta = scalar(3, 1.0), alpha = scalar(4, 1.0);
        if (!beta || !alpha) return -1;
        g.beta = *beta, g.alpha = *alpha;
        // The bias broadcasts to [m, n]: 1-D [n] or [1], 2-D [m or 1, n or 1].
        auto bias = operand(p, s, 0);
        if (!bias || bias->sizes.empty() || bias->sizes.size() > 2) return -1;
        const bool row = bias->sizes.size() == 1;
        const Shape full = row ? Shape{1, bias->sizes[0]} : bias->sizes;
        const Shape st = row ? Shape{0, bias->strides[0]} : bias->strides;
        if ((full[0] != 1 && full[0] != m) || (full[1] != 1 && full[1] != n)) return -1;
        g.bias = bias->buffer;
        g.bias_index.offset = bias->offset;
        g.bias_index.strides = {full[0] == 1 ? 0 : st[0], full[1] == 1 ? 0 : st[1]};
    }
    // The one reader: a later pointwise kernel over the product's points.
    int reader = -1;
    for (size_t sj = 0; sj < p.steps.size(); ++sj) {
        if (sj == si) continue;
        const Step& t = p.steps[sj];
        std::vector<int> touched = kernel::reads_of(p, t), writes = kernel::writes_of(p, t);
        touched.insert(touched.end(), writes.begin(), writes.end());
        if (std::find(touched.begin(), touched.end(), product) == touched.end()) continue;
        if (reader >= 0 || t.kind != StepKind::Kernel || sj < si) return -1;
        reader = int(sj);
    }
    for (const kernel::Output& o : p.outputs)
        if (o.buffer == product) return -1;
    if (reader < 0) return -1;
    kernel::Kernel& k = p.kernels[size_t(p.steps[size_t(reader)].kernel)];
    if (k.gemm || k.kind != kernel::KernelKind::Pointwise || k.nr != 0 || k.nx == 0 || k.compute != DType::Float32 ||
        k.x_numel() != m * n || std::find(k.inputs.begin(), k.inputs.end(), product) == k.inputs.end() ||
        !loads_flat(k, product))
        return -1;

    k.inputs.erase(std::find(k.inputs.begin(), k.inputs.end(), product));
    for (int o : {g.a, g.b, g.bias})
        if (o >= 0 && std::find(k.inputs.begin(), k.inputs.end(), o) == k.inputs.end() &&
            std::find(k.in_out.begin(), k.in_out.end(), o) == k.in_out.end())
            k.inputs.push_back(o);
    const std::string short_op = addmm ? "addmm" : "mm";
    const size_t at = k.name.find("_fused_");
    if (at != std::string::npos) k.name.insert(at + 7, short_op + "_");
    k.origins.insert(k.origins.begin(), g.node);
    k.origin_ops.insert(k.origin_ops.begin(), "aten." + short_op);
    p.not_fused.erase(std::remove_if(p.not_fused.begin(), p.not_fused.end(),
                                     [&](const kernel::FusionNote& f) {
                                         return f.producer == g.node &&
                                                std::find(k.origins.begin(), k.origins.end(), f.consumer) != k.origins.end();
                                     }),
                      p.not_fused.end());
    // Producers of the operands stay separate kernels, now for the template's reason.
    for (kernel::FusionNote& f : p.not_fused)
        if (f.consumer == g.node)
            f.reason = "matrix product: aten." + short_op + " is computed by a GEMM template (fused with " + k.name +
                       "), which reads whole rows and columns of its operands, so they are stored first";
    k.gemm = std::move(g);
    p.steps.erase(p.steps.begin() + std::ptrdiff_t(si));
    return reader;
}

}  // namespace

int fuse_gemm_epilogues(Plan& p, const GemmFusionJudge& judge) {
    if (p.device != Device::CUDA) return 0;
    int fused = 0;
    for (size_t si = 0; si < p.steps.size();) {
        if (!judge) {
            if (fuse_one(p, si) >= 0) ++fused;  // the step is gone: si names the next one
            else ++si;
            continue;
        }
        Plan trial = p;
        const int reader = fuse_one(trial, si);
        if (reader >= 0 && judge(p, int(si), reader, trial, reader - 1)) {
            p = std::move(trial);
            ++fused;
        } else {
            ++si;
        }
    }
    return fused;
}

}  // namespace kiln::passes
