// F.scaled_dot_product_attention: softmax(q @ k^T * scale + mask) @ v, with PyTorch's two ways of
// computing it.
//
//   fused  on the GPU, when nothing needs gradients and the kernel covers the call (4-D float
//          operands, head dim <= 128, no dropout): engine/cuda/attention.cu reads q, k and v where
//          they lie and never writes the (L, S) attention matrix, as PyTorch's memory-efficient
//          kernel does.
//   math   everywhere else: the composite of differentiable ops (matmul, softmax, matmul), so
//          autograd, the tracer's aten ops and every device work unchanged.
//
// Both return 4-D results in (B, L, H, D) memory order (strides of a transposed (B, L, H, D)
// tensor), the order PyTorch's fused kernels return: heads merged back by
// out.transpose(1, 2).reshape(B, L, H * D) is then a view, not a copy, and the layout does not
// depend on which way ran (a compiled graph's buffers keep the layout its trace saw).
#include <cmath>

#include "autograd/node.h"
#include "cuda/dispatch.h"
#include "ops/ops.h"
#include "support/error.h"
#include "tensor/meta.h"

namespace kiln {

namespace {

// (B, H, L, D) values in (B, L, H, D) memory order.
Tensor blhd_empty(const Shape& sizes, DType dt, Device dev) {
    return transpose(Tensor::empty({sizes[0], sizes[2], sizes[1], sizes[3]}, dt, dev), 1, 2);
}

bool fused_ok(const Tensor& q, const Tensor& k, const Tensor& v, const Tensor& mask, double dropout_p) {
    if (q.device() != Device::CUDA || dropout_p > 0.0 || autograd::needs_grad({q, k, v, mask})) return false;
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

Tensor fused(const Tensor& q_in, const Tensor& k_in, const Tensor& v_in, const Tensor& mask_in, bool causal,
             double scale) {
    // rows must be contiguous (stride 1 over the head dim); other strides are free
    auto rows = [](const Tensor& t) { return t.stride(3) == 1 || t.size(3) == 1 ? t : contiguous(t); };
    Tensor q = rows(q_in), k = rows(k_in), v = rows(v_in);
    const int64_t B = q.size(0), H = q.size(1), L = q.size(2), S = k.size(2), D = q.size(3);
    Tensor out = blhd_empty(q.sizes(), q.dtype(), Device::CUDA);
    if (meta_mode()) {  // an example value (tensor/meta.h): its layout is all that is read
        mark_meta(out.impl()->storage.get());
        return out;
    }
    cuda::Attention a;
    a.B = B, a.H = H, a.L = L, a.S = S, a.D = D;
    a.q = q.raw_data(), a.k = k.raw_data(), a.v = v.raw_data(), a.out = out.raw_data();
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
    if (mask.defined()) {
        if (mask.dtype() == DType::Bool) w = masked_fill(w, logical_not(mask), Scalar(-INFINITY));
        else w = add(w, mask);
    }
    w = softmax(w, -1);
    if (dropout_p > 0.0) w = dropout(w, dropout_p, true);
    Tensor out = matmul(w, v);
    if (out.dim() != 4) return out;
    // into (B, L, H, D) order, as the fused kernel writes it (a differentiable copy)
    return transpose(contiguous(transpose(out, 1, 2)), 1, 2);
}

}  // namespace

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
    return math(q, k, v, mask, dropout_p, causal, s);
}

}  // namespace kiln
