// F.scaled_dot_product_attention: softmax(q @ k^T * scale + mask) @ v, with PyTorch's two ways of
// computing it.
//
//   fused  on the GPU, when nothing needs gradients and the kernel covers the call (4-D float
//          operands, head dim <= 128, no dropout): engine/cuda/attention.cu reads q, k and v where
//          they lie and never writes the (L, S) attention matrix, as PyTorch's memory-efficient
//          kernel does. With gradients too where the fused backward covers the call (float32,
//          head dim <= 64, no mask or causal): one autograd node that saves q, k, v, the output and
//          each row's logsumexp, and whose backward is the fused backward kernels (PyTorch's
//          ScaledDotProductEfficientAttentionBackward0); a training step then holds no (L, S)
//          matrix in memory, neither saved nor recomputed.
//          On the CPU, as PyTorch picks its flash attention kernel there: 4-D float32/float64
//          operands of one head dim, no mask (causal or not), no dropout, with or without
//          gradients (ops/attention_cpu.cpp: blocked online softmax, causal blocks skipped; the
//          node is PyTorch's ScaledDotProductFlashAttentionForCpuBackward0).
//   math   everywhere else: the composite of differentiable ops (matmul, softmax, matmul), so
//          autograd, the tracer's aten ops and every device work unchanged.
//
// Both return 4-D results in (B, L, H, D) memory order (strides of a transposed (B, L, H, D)
// tensor), the order PyTorch's fused kernels return: heads merged back by
// out.transpose(1, 2).reshape(B, L, H * D) is then a view, not a copy, and the layout does not
// depend on which way ran (a compiled graph's buffers keep the layout its trace saw).
#include <cmath>

#include "autograd/grad_mode.h"
#include "autograd/node.h"
#include "cuda/dispatch.h"
#include "ops/attention_cpu.h"
#include "ops/attention_gqa.h"
#include "ops/attention_packed.h"
#include "ops/ops.h"
#include "ops/output_layout.h"
#include "support/error.h"
#include "tensor/meta.h"

namespace kiln {

using autograd::Grads;
using autograd::SavedTensor;

namespace {

// (B, H, L, D) values in (B, L, H, D) memory order.
Tensor blhd_empty(const Shape& sizes, DType dt, Device dev) {
    return transpose(Tensor::empty({sizes[0], sizes[2], sizes[1], sizes[3]}, dt, dev), 1, 2);
}

// The fused kernels need rows contiguous (stride 1 over the head dim); other strides are free.
Tensor rows(const Tensor& t) { return t.stride(3) == 1 || t.size(3) == 1 ? t : contiguous(t); }

bool fused_ok(const Tensor& q, const Tensor& k, const Tensor& v, const Tensor& mask, double dropout_p) {
    if (dropout_p > 0.0 || autograd::needs_grad({q, k, v, mask})) return false;
    if (q.device() == Device::CPU) return flash_cpu_ok(q, k, v) && flash_cpu_mask_ok(mask, q, k);
    if (q.device() != Device::CUDA) return false;
    if (q.dim() != 4 || k.dim() != 4 || v.dim() != 4) return false;
    if (q.dtype() != k.dtype() || q.dtype() != v.dtype()) return false;
    if (!cuda::attention_supported(uint8_t(q.dtype()), q.size(3), v.size(3)) || k.size(3) != q.size(3)) return false;
    for (int d = 0; d < 2; ++d)
        if (k.size(d) != q.size(d) || v.size(d) != q.size(d)) return false;
    if (k.size(2) != v.size(2) || k.size(2) == 0) return false;
    if (mask.defined()) {
        if (mask.device() != Device::CUDA || (mask.dtype() != DType::Bool && mask.dtype() != q.dtype())) return false;
        if (mask.dim() > 4) return false;
    }
    return true;
}

// `lse`, when given ((B, H, L) float32 on the GPU; the operands' dtype on the CPU), receives each
// query row's logsumexp. On the CPU: the flash kernel (ops/attention_cpu.cpp), its output laid out
// as the query, as ATen's CPU kernel returns it; the GPU kernels write (B, L, H, D) memory order.
Tensor fused(const Tensor& q_in, const Tensor& k_in, const Tensor& v_in, const Tensor& mask_in, bool causal,
             double scale, Tensor* lse = nullptr) {
    if (q_in.device() == Device::CPU) {
        // laid out as the query (ATen's empty_like(query): contiguous (B, H, L, D) for a contiguous
        // query, (B, L, H, D) memory for heads viewed out of (B, L, H * D) rows); the GPU kernels'
        // outputs are (B, L, H, D) in memory. The kernel writes through the output's strides.
        Tensor out = empty_preserving(q_in, q_in.dtype());
        Tensor l = Tensor::empty({q_in.size(0), q_in.size(1), q_in.size(2)}, q_in.dtype(), Device::CPU);
        if (lse) *lse = l;
        if (meta_mode()) {
            mark_meta(out.impl()->storage.get());
            mark_meta(l.impl()->storage.get());
            return out;
        }
        const Tensor mask = mask_in.defined() ? flash_cpu_mask(mask_in, q_in, k_in) : Tensor();
        flash_attention_cpu(q_in, k_in, v_in, causal, scale, out, l, mask);
        return out;
    }
    Tensor q = rows(q_in), k = rows(k_in), v = rows(v_in);
    const int64_t B = q.size(0), H = q.size(1), L = q.size(2), S = k.size(2), D = q.size(3);
    Tensor out = blhd_empty(q.sizes(), q.dtype(), Device::CUDA);
    if (lse) *lse = Tensor::empty({B, H, L}, DType::Float32, Device::CUDA);
    if (meta_mode()) {  // an example value (tensor/meta.h): its layout is all that is read
        mark_meta(out.impl()->storage.get());
        if (lse) mark_meta(lse->impl()->storage.get());
        return out;
    }
    cuda::Attention a;
    a.B = B, a.H = H, a.L = L, a.S = S, a.D = D;
    a.q = q.raw_data(), a.k = k.raw_data(), a.v = v.raw_data(), a.out = out.raw_data();
    if (lse) a.lse = static_cast<float*>(lse->raw_data());
    for (int d = 0; d < 4; ++d) {
        a.q_strides[d] = q.stride(d), a.k_strides[d] = k.stride(d), a.v_strides[d] = v.stride(d);
        a.out_strides[d] = out.stride(d);
    }
    Tensor mask;
    if (mask_in.defined()) {
        mask = expand(mask_in, {B, H, L, S});  // broadcast dims get stride 0
        a.mask = mask.raw_data();
        a.mask_is_bool = mask.dtype() == DType::Bool;
        for (int d = 0; d < 4; ++d) a.mask_strides[d] = mask.stride(d);
    }
    a.causal = causal;
    a.scale = scale;
    a.dtype = uint8_t(q.dtype());
    cuda::attention(a);
    return out;
}

Tensor math(const Tensor& q, const Tensor& k, const Tensor& v, Tensor mask, double dropout_p, bool causal,
            double scale) {
    const int64_t L = q.size(-2), S = k.size(-2);
    Tensor w = mul(matmul(q, transpose(k, -2, -1)), Scalar(scale));
    if (causal) mask = tril(ones({L, S}, TensorOptions{DType::Bool, q.device()}));
    bool explicit_mask = mask.defined() && !causal;
    if (mask.defined()) {
        if (mask.dtype() == DType::Bool) w = masked_fill(w, logical_not(mask), Scalar(-INFINITY));
        else w = add(w, mask);
    }
    if (explicit_mask) {
        // PyTorch's _safe_softmax (its math and CPU kernels since 2.5): a query row whose scores are
        // all -inf (a mask that hides every key from it) attends to nothing and gives zeros, not
        // softmax's NaN (LLMs-from-scratch's triu attn_mask leaves its last row empty, probe 29).
        Tensor dead = eq(amax(w, {-1}, true), Scalar(-INFINITY));
        w = where(dead, Scalar(0.0), softmax(w, -1));
    } else {
        w = softmax(w, -1);
    }
    if (dropout_p > 0.0) w = dropout(w, dropout_p, true);
    Tensor out = matmul(w, v);
    // on the CPU: matmul's contiguous (B, H, L, D), as ATen's math and CPU flash kernel both return it
    if (out.dim() != 4 || q.device() == Device::CPU) return out;
    // into (B, L, H, D) order, as the fused kernel writes it (a differentiable copy)
    return transpose(contiguous(transpose(out, 1, 2)), 1, 2);
}

// The gradients by the math: P recomputed, then dv = P^T g, dP = g v^T, dS = P (dP - rowsum(g out)),
// dq = dS k scale, dk = dS^T q scale. No autograd (this is a backward).
// The scaled scores q k^T * scale, with the causal mask's -inf where asked.
Tensor scores(const Tensor& q, const Tensor& k, double scale, bool causal) {
    Tensor w = mul(matmul(q, transpose(k, -2, -1)), Scalar(scale));
    if (!causal) return w;
    Tensor keep = tril(ones({q.size(-2), k.size(-2)}, TensorOptions{DType::Bool, q.device()}));
    return masked_fill(w, logical_not(keep), Scalar(-INFINITY));
}

std::vector<Tensor> math_backward(const Tensor& g, const Tensor& q, const Tensor& k, const Tensor& v, const Tensor& out,
                                  double scale, bool causal) {
    autograd::NoGradGuard no_grad;
    Tensor p = softmax(scores(q, k, scale, causal), -1);
    Tensor dv = matmul(transpose(p, -2, -1), g);
    Tensor dp = matmul(g, transpose(v, -2, -1));
    Tensor ds = mul(p, sub(dp, sum(mul(g, out), {-1}, true)));
    Tensor dq = mul(matmul(ds, k), Scalar(scale));
    Tensor dk = mul(matmul(transpose(ds, -2, -1), q), Scalar(scale));
    std::vector<Tensor> r = {dq, dk, dv};
    if (q.dim() == 4)  // (B, L, H, D) memory order, as the fused kernels write it
        for (Tensor& t : r) t = transpose(contiguous(transpose(t, 1, 2)), 1, 2);
    return r;
}

}  // namespace

bool attention_backward_fused_ok(const Tensor& q, const Tensor& k, const Tensor& v) {
    if (q.device() == Device::CPU) return flash_cpu_ok(q, k, v);
    if (q.device() != Device::CUDA || q.dim() != 4 || k.dim() != 4 || v.dim() != 4) return false;
    if (q.dtype() != k.dtype() || q.dtype() != v.dtype()) return false;
    if (!cuda::attention_backward_supported(uint8_t(q.dtype()), q.size(3), v.size(3)) || k.size(3) != q.size(3)) return false;
    for (int d = 0; d < 2; ++d)
        if (k.size(d) != q.size(d) || v.size(d) != q.size(d)) return false;
    return k.size(2) == v.size(2) && k.size(2) > 0;
}

namespace {
// q, k and v of one attention (the fused forward's and the backward's checks; `op` names the caller).
void check_qkv(const Tensor& q, const Tensor& k, const Tensor& v, const char* op) {
    KILN_CHECK(q.dim() >= 2 && q.dim() == k.dim() && q.dim() == v.dim(), RuntimeError, op,
               ": query, key and value must have the same number of dims (>= 2)");
    KILN_CHECK(q.size(-1) == k.size(-1) && k.size(-2) == v.size(-2), RuntimeError, op,
               ": the operands' shapes do not fit one attention");
}
}  // namespace

std::vector<Tensor> scaled_dot_product_fused_attention(const Tensor& q, const Tensor& k, const Tensor& v, double scale,
                                                       bool causal) {
    check_qkv(q, k, v, "_scaled_dot_product_fused_attention");
    autograd::NoGradGuard no_grad;  // a graph op of compiled training (AOT autograd differentiates it)
    if (attention_backward_fused_ok(q, k, v)) {
        Tensor lse;
        Tensor out = fused(q, k, v, Tensor(), causal, scale, &lse);
        return {out, lse};
    }
    Tensor out = math(q, k, v, Tensor(), 0.0, causal, scale);
    Tensor lse = logsumexp(scores(q, k, scale, causal), {-1});
    return {out, lse};
}

namespace {

// The backward's argument checks; whether the fused kernels take the call.
bool check_backward(const Tensor& grad, const Tensor& q, const Tensor& k, const Tensor& v, const Tensor& out,
                    const Tensor& lse) {
    check_qkv(q, k, v, "scaled_dot_product_attention backward");
    KILN_CHECK(grad.sizes() == out.sizes(), RuntimeError,
               "scaled_dot_product_attention backward: the operands' shapes do not fit one attention");
    Shape rows_shape(q.sizes().begin(), q.sizes().end() - 1);
    KILN_CHECK(lse.sizes() == rows_shape, RuntimeError, "scaled_dot_product_attention backward: the logsumexp has shape ",
               shape_str(lse.sizes()), ", expected one value per query row ", shape_str(rows_shape));
    // the logsumexp's dtype: float32 on the GPU, the operands' on the CPU (what the forward wrote)
    const DType lse_dtype = q.device() == Device::CPU ? q.dtype() : DType::Float32;
    return attention_backward_fused_ok(q, k, v) && grad.device() == q.device() && out.device() == q.device() &&
           lse.device() == q.device() && lse.dtype() == lse_dtype && grad.dtype() == q.dtype() &&
           out.dtype() == q.dtype();
}

// The fused kernels, writing dq, dk, dv into `r` (any strides with the head dim contiguous).
void fused_backward_into(const Tensor& grad, const Tensor& q, const Tensor& k, const Tensor& v, const Tensor& out,
                         const Tensor& lse, double scale, bool causal, const std::vector<Tensor>& r) {
    if (meta_mode()) return;  // example values: their layout is all that is read
    if (q.device() == Device::CPU) {  // any strides
        flash_attention_backward_cpu(grad, q, k, v, out, lse, scale, causal, r[0], r[1], r[2]);
        return;
    }
    const Tensor lse_c = contiguous(lse);
    Tensor qc = rows(q), kc = rows(k), vc = rows(v), oc = rows(out), gc = rows(grad);
    const int64_t B = q.size(0), H = q.size(1), L = q.size(2);
    Tensor scratch = Tensor::empty({B * H * L}, DType::Float32, Device::CUDA);
    cuda::AttentionBackward a;
    a.B = B, a.H = H, a.L = L, a.S = k.size(2), a.D = q.size(3);
    a.q = static_cast<const float*>(qc.raw_data()), a.k = static_cast<const float*>(kc.raw_data());
    a.v = static_cast<const float*>(vc.raw_data()), a.out = static_cast<const float*>(oc.raw_data());
    a.grad = static_cast<const float*>(gc.raw_data()), a.lse = static_cast<const float*>(lse_c.raw_data());
    a.dq = static_cast<float*>(r[0].raw_data()), a.dk = static_cast<float*>(r[1].raw_data());
    a.dv = static_cast<float*>(r[2].raw_data()), a.scratch = static_cast<float*>(scratch.raw_data());
    for (int d = 0; d < 4; ++d) {
        a.q_strides[d] = qc.stride(d), a.k_strides[d] = kc.stride(d), a.v_strides[d] = vc.stride(d);
        a.out_strides[d] = oc.stride(d), a.grad_strides[d] = gc.stride(d);
        a.dq_strides[d] = r[0].stride(d), a.dk_strides[d] = r[1].stride(d), a.dv_strides[d] = r[2].stride(d);
    }
    a.scale = scale;
    a.causal = causal;
    cuda::attention_backward(a);
}

}  // namespace

std::vector<Tensor> scaled_dot_product_attention_backward(const Tensor& grad, const Tensor& q, const Tensor& k,
                                                          const Tensor& v, const Tensor& out, const Tensor& lse,
                                                          double scale, bool causal) {
    if (!check_backward(grad, q, k, v, out, lse)) return math_backward(grad, q, k, v, out, scale, causal);
    std::vector<Tensor> r = {blhd_empty(q.sizes(), q.dtype(), q.device()), blhd_empty(k.sizes(), k.dtype(), q.device()),
                             blhd_empty(v.sizes(), v.dtype(), q.device())};
    if (meta_mode())
        for (Tensor& t : r) mark_meta(t.impl()->storage.get());
    fused_backward_into(grad, q, k, v, out, lse, scale, causal, r);
    return r;
}

Tensor scaled_dot_product_attention_backward_packed(const Tensor& grad, const Tensor& q, const Tensor& k,
                                                   const Tensor& v, const Tensor& out, const Tensor& lse, double scale,
                                                   bool causal) {
    KILN_CHECK(q.dim() == 4, RuntimeError, "_scaled_dot_product_fused_attention_backward_packed: query, key and value "
               "must be 4-D of one shape, got ", shape_str(q.sizes()), ", ", shape_str(k.sizes()), " and ",
               shape_str(v.sizes()));
    // gradient i as (B, H, L, D) over columns [i E, (i + 1) E) of (B, L, 3 E) rows
    const int64_t B = q.size(0), H = q.size(1), L = q.size(2), D = q.size(3), E = H * D;
    return scaled_dot_product_attention_backward_packed_as(grad, q, k, v, out, lse, scale, causal, {B, L, 3 * E},
                                                          {L * 3 * E, D, 3 * E, 1}, {0, E, 2 * E});
}

Tensor scaled_dot_product_attention_backward_packed_as(const Tensor& grad, const Tensor& q, const Tensor& k,
                                                      const Tensor& v, const Tensor& out, const Tensor& lse, double scale,
                                                      bool causal, const Shape& sizes, const Shape& st,
                                                      const Shape& offs) {
    static const char* const op = "_scaled_dot_product_fused_attention_backward_packed";
    KILN_CHECK(q.dim() == 4 && k.sizes() == q.sizes() && v.sizes() == q.sizes(), RuntimeError, op,
               ": query, key and value must be 4-D of one shape, got ", shape_str(q.sizes()), ", ", shape_str(k.sizes()),
               " and ", shape_str(v.sizes()));
    const int64_t B = q.size(0), H = q.size(1), L = q.size(2), D = q.size(3);
    KILN_CHECK(st.size() == 4 && offs.size() == 3 && shape_numel(sizes) == 3 * q.numel(), RuntimeError, op,
               ": the packed layout must hold the three gradients exactly, got size ", shape_str(sizes), ", strides ",
               shape_str(st), ", offsets ", shape_str(offs));
    int64_t last = 0;  // the farthest element of one view from its start
    for (int d = 0; d < 4; ++d) {
        KILN_CHECK(st[size_t(d)] >= 0, RuntimeError, op, ": negative stride ", st[size_t(d)]);
        last += (q.size(d) - 1) * st[size_t(d)];
    }
    for (int64_t o : offs)
        KILN_CHECK(o >= 0 && o + last < shape_numel(sizes), RuntimeError, op, ": a gradient at offset ", o,
                   " runs past the packed tensor of ", shape_numel(sizes), " elements");
    // the kernels write any strides with the head dim contiguous; another layout takes the math
    const bool fused = check_backward(grad, q, k, v, out, lse) && (st[3] == 1 || D == 1);
    Tensor packed = Tensor::empty(sizes, q.dtype(), grad.device());
    std::vector<Tensor> r;
    for (int64_t i = 0; i < 3; ++i) r.push_back(as_strided(packed, {B, H, L, D}, st, offs[size_t(i)]));
    if (meta_mode()) {
        mark_meta(packed.impl()->storage.get());
        return packed;
    }
    if (fused) {
        fused_backward_into(grad, q, k, v, out, lse, scale, causal, r);
    } else {
        autograd::NoGradGuard no_grad;
        std::vector<Tensor> m = math_backward(grad, q, k, v, out, scale, causal);
        for (size_t i = 0; i < 3; ++i) copy_(r[i], m[i]);
    }
    return packed;
}

namespace {

// Whether an attention whose operands need gradients runs fused forward and backward: the GPU,
// float32, head dim <= 64, or the CPU's flash kernels (float32/float64); no mask (causal or not), no
// dropout. Anything else takes the math.
bool fused_with_grad_ok(const Tensor& q, const Tensor& k, const Tensor& v, const Tensor& mask, double dropout_p) {
    const bool mask_ok = !mask.defined() || (q.device() == Device::CPU && flash_cpu_mask_ok(mask, q, k));
    return mask_ok && dropout_p == 0.0 && autograd::needs_grad({q, k, v}) && attention_backward_fused_ok(q, k, v);
}

// The fused forward (output and logsumexp) and one node whose backward is the fused kernels. A mask
// (the CPU's flash kernels only) is saved in the kernels' additive form for the backward.
Tensor fused_with_grad(const Tensor& q, const Tensor& k, const Tensor& v, const Tensor& mask_in, bool causal,
                       double scale) {
    std::vector<Tensor> r;
    Tensor mask;
    if (mask_in.defined()) {
        autograd::NoGradGuard no_grad;
        mask = flash_cpu_mask(mask_in, q, k);
        Tensor lse;
        // the kernels' form already (additive, expanded): fused() takes it as it is, converting nothing again
        Tensor o = fused(q, k, v, mask, causal, scale, &lse);
        r = {o, lse};
    } else {
        r = scaled_dot_product_fused_attention(q, k, v, scale, causal);
    }
    const Tensor out = r[0];
    // The output is saved detached (saving it whole would make a cycle: output -> grad_fn -> output).
    SavedTensor s_q(q), s_k(k), s_v(v), s_out = SavedTensor::output(out), s_lse(r[1]);
    // PyTorch's node names: the memory-efficient kernel on the GPU, flash attention on the CPU
    const bool cpu = q.device() == Device::CPU;
    autograd::record(cpu ? "ScaledDotProductFlashAttentionForCpuBackward0" : "ScaledDotProductEfficientAttentionBackward0",
                     {q, k, v}, {out}, [=](const Grads& g) {
        Tensor q_ = s_q.get(), k_ = s_k.get(), v_ = s_v.get();
        std::vector<Tensor> d;
        {
            autograd::NoGradGuard no_grad;  // raw kernels: their results carry no history of their own
            if (mask.defined()) {  // the CPU flash kernels with the mask
                d = {blhd_empty(q_.sizes(), q_.dtype(), Device::CPU), blhd_empty(k_.sizes(), k_.dtype(), Device::CPU),
                     blhd_empty(v_.sizes(), v_.dtype(), Device::CPU)};
                flash_attention_backward_cpu(g[0], q_, k_, v_, s_out.get(), s_lse.get(), scale, causal, d[0], d[1], d[2],
                                             mask);
            } else {
                d = scaled_dot_product_attention_backward(g[0], q_, k_, v_, s_out.get(), s_lse.get(), scale, causal);
            }
        }
        // create_graph: differentiating these gradients again must fail loudly, not give zeros
        if (autograd::needs_grad({g[0], q_, k_, v_})) {
            if (cpu)  // ATen's flash backward has no derivative: its not_implemented node's error
                autograd::record("NotImplemented", {g[0], q_, k_, v_}, d, [](const Grads&) -> Grads {
                    KILN_FAIL(RuntimeError,
                              "derivative for aten::_scaled_dot_product_flash_attention_for_cpu_backward is not "
                              "implemented");
                });
            else
                autograd::record("ScaledDotProductEfficientAttentionBackwardBackward0", {g[0], q_, k_, v_}, d,
                                 [](const Grads&) -> Grads {
                                     KILN_FAIL(NotImplementedError,
                                               "the derivative of scaled_dot_product_attention's fused backward (double "
                                               "backward through attention on the GPU) is not implemented in Kiln");
                                 });
        }
        return Grads{d[0], d[1], d[2]};
    });
    return out;
}

}  // namespace

std::pair<Tensor, Tensor> sdpa_gqa_expand(const Tensor& q, const Tensor& k, const Tensor& v) {
    KILN_CHECK(q.dim() >= 3 && k.dim() >= 3 && v.dim() >= 3, RuntimeError,
               "scaled_dot_product_attention(enable_gqa=True) needs query, key and value with a head dimension (dim -3)");
    const int64_t hq = q.size(-3), hk = k.size(-3), hv = v.size(-3);
    KILN_CHECK(hk > 0 && hv > 0 && hq % hk == 0 && hq % hv == 0, RuntimeError,
               "Number of heads in key and value must divide the number of heads in query");
    Tensor k2 = hq == hk ? k : repeat_interleave(k, hq / hk, int64_t(-3));
    Tensor v2 = hq == hv ? v : repeat_interleave(v, hq / hv, int64_t(-3));
    return {k2, v2};
}

Tensor scaled_dot_product_attention(const Tensor& q, const Tensor& k, const Tensor& v, const Tensor& mask,
                                    double dropout_p, bool causal, std::optional<double> scale) {
    KILN_CHECK(q.dim() >= 2 && k.dim() >= 2 && v.dim() >= 2, RuntimeError,
               "scaled_dot_product_attention: expected query, key and value of at least 2 dims, got ", q.dim(), "-D, ",
               k.dim(), "-D and ", v.dim(), "-D");
    KILN_CHECK(q.size(-1) == k.size(-1), RuntimeError, "scaled_dot_product_attention: query's last dim (", q.size(-1),
               ") must equal key's (", k.size(-1), ")");
    KILN_CHECK(k.size(-2) == v.size(-2), RuntimeError, "scaled_dot_product_attention: key and value must have the "
               "same sequence length, got ", k.size(-2), " and ", v.size(-2));
    KILN_CHECK(!causal || !mask.defined(), RuntimeError,
               "_scaled_dot_product_attention: Explicit attn_mask should not be set when is_causal=True");
    KILN_CHECK(dropout_p >= 0.0 && dropout_p <= 1.0, RuntimeError,
               "scaled_dot_product_attention: dropout_p must be in [0, 1], got ", dropout_p);
    const double s = scale ? *scale : 1.0 / std::sqrt(double(q.size(-1)));
    if (fused_ok(q, k, v, mask, dropout_p)) return fused(q, k, v, mask, causal, s);
    if (fused_with_grad_ok(q, k, v, mask, dropout_p)) return fused_with_grad(q, k, v, mask, causal, s);
    return math(q, k, v, mask, dropout_p, causal, s);
}

}  // namespace kiln
