// F.scaled_dot_product_attention's fused CPU kernels, after ATen's flash attention for the CPU
// (aten/src/ATen/native/cpu/FlashAttentionKernel.cpp, which PyTorch picks on the CPU before the math
// whenever sdp_utils_cpp's use_flash_attention_cpp allows): the (L, S) attention matrix is never
// written whole. The forward walks blocks of query rows against blocks of keys with an online
// softmax (a running row max and sum; the output accumulator rescaled when the max grows) and
// returns each row's logsumexp; under is_causal (top-left aligned, as PyTorch's tril(ones(L, S)))
// key blocks wholly above a query block's last row are skipped, not masked. The backward recomputes
// each block's probabilities from q, k and the logsumexp (exp(q k^T scale - lse)) and accumulates
// dq, dk, dv block by block, as ATen's cpu_flash_attention_backward does. The block products go
// through Kiln's packed GEMM (gemm::gemm on one thread: the kernels parallelize over batch x heads x
// query blocks themselves), which reads q, k, v, the output and its gradient at any strides, so the
// (B, H, L, D) views of one packed qkv projection are read in place, without contiguous copies.
//
// Covered (flash_cpu_ok, flash_cpu_mask_ok): 4-D float32/float64 operands on the CPU with equal batch,
// heads and head dims, non-empty sequences, no dropout, and an attn_mask (if any) that needs no
// gradient and is shaped as ATen's check_attn_mask_shape allows; it is added to the scaled scores
// (a bool mask as 0 / -inf) in the forward and again when the backward recomputes them. Everything
// else keeps the math (ops/attention.cpp).
#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "ops/attention_cpu.h"
#include "ops/gemm.h"
#include "ops/ops.h"
#include "ops/pointwise_math.h"
#include "tensor/parallel.h"

namespace kiln {

namespace {

// ATen's block sizes: query blocks grow with the sequence (more reuse of each key block's packing),
// key blocks of 512 bound the score block in cache.
int64_t q_split(int64_t L) {
    const int64_t q = L >= 768 ? 256 : (L >= 192 ? 64 : 32);
    return std::min(q, L);
}
constexpr int64_t kKvSplit = 512;

// Tasks per thread at least: GEMM's grain rule (ops/gemm.cpp: about 1 MFLOP per thread's share), so a
// small attention (a few heads of a short sequence) stays on the calling thread, as small ops do.
int64_t task_grain(double flops_per_task) {
    return std::max<int64_t>(1, int64_t(std::ceil(1.0e6 / std::max(flops_per_task, 1.0))));
}

template <typename T>
inline T exp_of(T x) {
    if constexpr (std::is_same_v<T, float>) return pw::exp(x);  // vectorizable (std::exp is a libm call)
    else return std::exp(x);
}

struct View4 {  // a (B, H, N, D) operand: base pointer and element strides
    int64_t s0, s1, s2, s3;
};
View4 view_of(const Tensor& t) { return {t.stride(0), t.stride(1), t.stride(2), t.stride(3)}; }

// scores (m x n, rows of n) += the additive mask's block, read at its strides (0 on broadcast dims)
template <typename T>
void add_mask_block(T* scores, int64_t m, int64_t n, const T* mask, const View4& ms) {
    for (int64_t r = 0; r < m; ++r) {
        T* row = scores + r * n;
        const T* mr = mask + r * ms.s2;
        if (ms.s3 == 1) {
            KILN_SIMD
            for (int64_t c = 0; c < n; ++c) row[c] += mr[c];
        } else {
            for (int64_t c = 0; c < n; ++c) row[c] += mr[c * ms.s3];
        }
    }
}

template <typename T>
void forward_impl(const Tensor& q, const Tensor& k, const Tensor& v, const Tensor& mask, bool causal, T scale, Tensor& out,
                  Tensor& lse) {
    const int64_t B = q.size(0), H = q.size(1), L = q.size(2), S = k.size(2), D = q.size(3);
    const T* mp = mask.defined() ? static_cast<const T*>(mask.raw_data()) : nullptr;
    const View4 ms = mask.defined() ? view_of(mask) : View4{0, 0, 0, 0};
    const T* qp = static_cast<const T*>(q.raw_data());
    const T* kp = static_cast<const T*>(k.raw_data());
    const T* vp = static_cast<const T*>(v.raw_data());
    T* op = static_cast<T*>(out.raw_data());
    T* lp = static_cast<T*>(lse.raw_data());
    const View4 qs = view_of(q), ks = view_of(k), vs = view_of(v), os = view_of(out), ls{lse.stride(0), lse.stride(1), lse.stride(2), 0};
    const int64_t qS = q_split(L), kvS = std::min(kKvSplit, S), nq = (L + qS - 1) / qS;
    const T neg_inf = -std::numeric_limits<T>::infinity();
    // two block products of qS x S x D multiply-adds per task (fewer under is_causal)
    parallel_for(0, B * H * nq, task_grain(4.0 * double(qS) * double(S) * double(D)), [&](int64_t begin, int64_t end) {
        std::vector<T> qk(static_cast<size_t>(qS * kvS)), acc(static_cast<size_t>(qS * D));
        std::vector<T> mx(static_cast<size_t>(qS)), sm(static_cast<size_t>(qS));
        std::vector<T> base(static_cast<size_t>(qS)), resc(static_cast<size_t>(qS));
        for (int64_t idx = begin; idx < end; ++idx) {
            const int64_t b = idx / (H * nq), h = idx / nq % H, i0 = idx % nq * qS, m = std::min(qS, L - i0);
            const T* qb = qp + b * qs.s0 + h * qs.s1 + i0 * qs.s2;
            const T* kb = kp + b * ks.s0 + h * ks.s1;
            const T* vb = vp + b * vs.s0 + h * vs.s1;
            std::fill(mx.begin(), mx.begin() + m, neg_inf);
            std::fill(sm.begin(), sm.begin() + m, T(0));
            std::fill(acc.begin(), acc.begin() + m * D, T(0));
            // causal: row i sees keys j <= i, so keys past the block's last row are never read
            const int64_t kv_end = causal ? std::min(S, i0 + m) : S;
            for (int64_t j0 = 0; j0 < kv_end; j0 += kvS) {
                const int64_t n = std::min(kvS, kv_end - j0);
                // scores = scale * q_blk @ k_blk^T (m x n): k^T's rows are k's columns
                gemm::gemm(m, n, D, scale, qb, qs.s2, qs.s3, kb + j0 * ks.s2, ks.s3, ks.s2, T(0), qk.data(), n, 1, false);
                // The block's softmax in passes over all its rows: a row is only n = 32..512 scores,
                // and one loop per row doing max, exp and sum kept each row's exp latency-bound (a
                // chain of ~20 dependent vector ops over two to four vectors, then the sum's reduction
                // before the next row could start): 45% of a short causal attention's forward (12 x 4
                // heads, 64 x 32). The exp pass carries no reduction, so the rows' chains overlap.
                if (causal)  // keys after this row's position within the block
                    for (int64_t r = 0; r < m; ++r)
                        std::fill(qk.data() + r * n + std::min(n, std::max<int64_t>(0, i0 + r - j0 + 1)),
                                  qk.data() + (r + 1) * n, neg_inf);
                if (mp) add_mask_block(qk.data(), m, n, mp + b * ms.s0 + h * ms.s1 + i0 * ms.s2 + j0 * ms.s3, ms);
                for (int64_t r = 0; r < m; ++r) {
                    const T* row = qk.data() + r * n;
                    // omp simd: the max and sum reductions (and pw::exp) vectorize only with the
                    // reordering allowed, as softmax's rows (ops/reduce.cpp) allow it
                    T bm = neg_inf;
                    KILN_SIMD_REDUCE(max, bm)
                    for (int64_t c = 0; c < n; ++c) bm = row[c] > bm ? row[c] : bm;
                    base[r] = bm;
                }
                for (int64_t r = 0; r < m; ++r) {
                    const T bm = base[r];
                    const T nm = bm > mx[r] ? bm : mx[r];
                    // a row with every score so far -inf keeps a zero sum (its output is zeros at the end)
                    base[r] = nm == neg_inf ? T(0) : nm;
                    const T rescale = mx[r] == neg_inf ? T(0) : exp_of<T>(mx[r] - base[r]);
                    if (rescale != T(1)) {
                        T* a = acc.data() + r * D;
                        for (int64_t d = 0; d < D; ++d) a[d] *= rescale;
                    }
                    resc[r] = rescale;
                    mx[r] = nm;
                }
                for (int64_t r = 0; r < m; ++r) {
                    T* row = qk.data() + r * n;
                    const T br = base[r];
                    KILN_SIMD
                    for (int64_t c = 0; c < n; ++c) row[c] = exp_of<T>(row[c] - br);
                }
                for (int64_t r = 0; r < m; ++r) {
                    const T* row = qk.data() + r * n;
                    T s = 0;
                    KILN_SIMD_REDUCE(+, s)
                    for (int64_t c = 0; c < n; ++c) s += row[c];
                    sm[r] = sm[r] * resc[r] + s;
                }
                // acc += p_blk @ v_blk (m x D)
                gemm::gemm(m, D, n, T(1), qk.data(), n, 1, vb + j0 * vs.s2, vs.s2, vs.s3, T(1), acc.data(), D, 1, false);
            }
            for (int64_t r = 0; r < m; ++r) {
                // ATen's rule for a row whose every key is masked out: max 0 and sum 1, so its output is
                // zeros (not softmax's 0/0 NaN) and its logsumexp 0 (the backward's exp(-inf - 0) = 0)
                const T rmax = mx[r] == neg_inf ? T(0) : mx[r], rsum = sm[r] == T(0) ? T(1) : sm[r];
                T* o = op + b * os.s0 + h * os.s1 + (i0 + r) * os.s2;
                const T inv = T(1) / rsum;
                for (int64_t d = 0; d < D; ++d) o[d * os.s3] = acc[size_t(r * D + d)] * inv;
                lp[b * ls.s0 + h * ls.s1 + (i0 + r) * ls.s2] = rmax + std::log(rsum);
            }
        }
    });
}

template <typename T>
void backward_impl(const Tensor& g, const Tensor& q, const Tensor& k, const Tensor& v, const Tensor& out,
                   const Tensor& lse, const Tensor& mask, T scale, bool causal, const Tensor& dq, const Tensor& dk,
                   const Tensor& dv) {
    const int64_t B = q.size(0), H = q.size(1), L = q.size(2), S = k.size(2), D = q.size(3);
    const T* mp = mask.defined() ? static_cast<const T*>(mask.raw_data()) : nullptr;
    const View4 ms = mask.defined() ? view_of(mask) : View4{0, 0, 0, 0};
    const T* gp = static_cast<const T*>(g.raw_data());
    const T* qp = static_cast<const T*>(q.raw_data());
    const T* kp = static_cast<const T*>(k.raw_data());
    const T* vp = static_cast<const T*>(v.raw_data());
    const T* op = static_cast<const T*>(out.raw_data());
    const T* lp = static_cast<const T*>(lse.raw_data());
    T* dqp = static_cast<T*>(dq.raw_data());
    T* dkp = static_cast<T*>(dk.raw_data());
    T* dvp = static_cast<T*>(dv.raw_data());
    const View4 gs = view_of(g), qs = view_of(q), ks = view_of(k), vs = view_of(v), os = view_of(out),
                dqs = view_of(dq), dks = view_of(dk), dvs = view_of(dv);
    const int64_t ls0 = lse.stride(0), ls1 = lse.stride(1), ls2 = lse.stride(2);
    const int64_t qS = q_split(L), kvS = std::min(kKvSplit, S);
    // One (batch, head) per task: dk and dv sum over every query block, so a task owns them whole.
    parallel_for(0, B * H, task_grain(10.0 * double(L) * double(S) * double(D)), [&](int64_t begin, int64_t end) {
        std::vector<T> p(static_cast<size_t>(qS * kvS)), gp_blk(static_cast<size_t>(qS * kvS));
        std::vector<T> dq_acc(static_cast<size_t>(L * D)), dk_acc(static_cast<size_t>(S * D));
        std::vector<T> dv_acc(static_cast<size_t>(S * D)), delta(static_cast<size_t>(L));
        for (int64_t idx = begin; idx < end; ++idx) {
            const int64_t b = idx / H, h = idx % H;
            const T* gb = gp + b * gs.s0 + h * gs.s1;
            const T* qb = qp + b * qs.s0 + h * qs.s1;
            const T* kb = kp + b * ks.s0 + h * ks.s1;
            const T* vb = vp + b * vs.s0 + h * vs.s1;
            const T* ob = op + b * os.s0 + h * os.s1;
            const T* lb = lp + b * ls0 + h * ls1;
            std::fill(dq_acc.begin(), dq_acc.end(), T(0));
            std::fill(dk_acc.begin(), dk_acc.end(), T(0));
            std::fill(dv_acc.begin(), dv_acc.end(), T(0));
            // delta_i = sum_d grad_out[i, d] * out[i, d] (= sum_j P_ij dP_ij)
            for (int64_t i = 0; i < L; ++i) {
                T s = 0;
                for (int64_t d = 0; d < D; ++d) s += gb[i * gs.s2 + d * gs.s3] * ob[i * os.s2 + d * os.s3];
                delta[size_t(i)] = s;
            }
            for (int64_t i0 = 0; i0 < L; i0 += qS) {
                const int64_t m = std::min(qS, L - i0);
                const int64_t kv_end = causal ? std::min(S, i0 + m) : S;
                for (int64_t j0 = 0; j0 < kv_end; j0 += kvS) {
                    const int64_t n = std::min(kvS, kv_end - j0);
                    // P = exp(scale * q k^T - lse), masked entries 0
                    gemm::gemm(m, n, D, scale, qb + i0 * qs.s2, qs.s2, qs.s3, kb + j0 * ks.s2, ks.s3, ks.s2, T(0), p.data(),
                               n, 1, false);
                    if (mp) add_mask_block(p.data(), m, n, mp + b * ms.s0 + h * ms.s1 + i0 * ms.s2 + j0 * ms.s3, ms);
                    for (int64_t r = 0; r < m; ++r) {
                        T* row = p.data() + r * n;
                        const T l = lb[(i0 + r) * ls2];
                        const int64_t keep = causal ? std::min(n, std::max<int64_t>(0, i0 + r - j0 + 1)) : n;
                        // one select over the whole row (n is whole vectors in the usual shapes): a loop
                        // to `keep` ended in up to a vector's width of scalar exps, each ~20 dependent ops
                        KILN_SIMD
                        for (int64_t c = 0; c < n; ++c) {
                            const T e = exp_of<T>(row[c] - l);
                            row[c] = c < keep ? e : T(0);
                        }
                    }
                    // dv_blk += P^T @ grad_out_blk
                    gemm::gemm(n, D, m, T(1), p.data(), 1, n, gb + i0 * gs.s2, gs.s2, gs.s3, T(1), dv_acc.data() + j0 * D, D,
                               1, false);
                    // dP = grad_out_blk @ v_blk^T;  dS = P * (dP - delta)
                    gemm::gemm(m, n, D, T(1), gb + i0 * gs.s2, gs.s2, gs.s3, vb + j0 * vs.s2, vs.s3, vs.s2, T(0),
                               gp_blk.data(), n, 1, false);
                    for (int64_t r = 0; r < m; ++r) {
                        T* ds = gp_blk.data() + r * n;
                        const T* pr = p.data() + r * n;
                        const T dl = delta[size_t(i0 + r)];
                        for (int64_t c = 0; c < n; ++c) ds[c] = pr[c] * (ds[c] - dl);
                    }
                    // dq_blk += scale * dS @ k_blk;  dk_blk += scale * dS^T @ q_blk
                    gemm::gemm(m, D, n, scale, gp_blk.data(), n, 1, kb + j0 * ks.s2, ks.s2, ks.s3, T(1),
                               dq_acc.data() + i0 * D, D, 1, false);
                    gemm::gemm(n, D, m, scale, gp_blk.data(), 1, n, qb + i0 * qs.s2, qs.s2, qs.s3, T(1),
                               dk_acc.data() + j0 * D, D, 1, false);
                }
            }
            auto store = [&](T* base, const View4& s, const std::vector<T>& acc, int64_t rows) {
                T* dst = base + b * s.s0 + h * s.s1;
                for (int64_t i = 0; i < rows; ++i)
                    for (int64_t d = 0; d < D; ++d) dst[i * s.s2 + d * s.s3] = acc[size_t(i * D + d)];
            };
            store(dqp, dqs, dq_acc, L);
            store(dkp, dks, dk_acc, S);
            store(dvp, dvs, dv_acc, S);
        }
    });
}

}  // namespace

bool flash_cpu_ok(const Tensor& q, const Tensor& k, const Tensor& v) {
    if (q.device() != Device::CPU || k.device() != Device::CPU || v.device() != Device::CPU) return false;
    if (q.dim() != 4 || k.dim() != 4 || v.dim() != 4) return false;
    if (q.dtype() != k.dtype() || q.dtype() != v.dtype()) return false;
    if (q.dtype() != DType::Float32 && q.dtype() != DType::Float64) return false;
    // ATen's check_head_dim_size_cpp: one head dim for q, k and v
    if (k.size(3) != q.size(3) || v.size(3) != q.size(3)) return false;
    for (int d = 0; d < 2; ++d)
        if (k.size(d) != q.size(d) || v.size(d) != q.size(d)) return false;
    // check_nonzero_sequence_lengths: an empty key set is the math's (a softmax over nothing)
    return k.size(2) == v.size(2) && k.size(2) > 0 && q.size(2) > 0 && q.size(3) > 0;
}

bool flash_cpu_mask_ok(const Tensor& mask, const Tensor& q, const Tensor& k) {
    if (!mask.defined()) return true;
    if (mask.device() != Device::CPU || mask.requires_grad()) return false;
    if (mask.dtype() != DType::Bool && mask.dtype() != q.dtype()) return false;
    // ATen's check_attn_mask_shape: (L | 1, S | 1), or 4-D with (B | 1, H | 1) in front
    if (mask.dim() != 2 && mask.dim() != 4) return false;
    if ((mask.size(-2) != q.size(2) && mask.size(-2) != 1) || (mask.size(-1) != k.size(2) && mask.size(-1) != 1))
        return false;
    return mask.dim() == 2 || ((mask.size(0) == 1 || mask.size(0) == q.size(0)) &&
                               (mask.size(1) == 1 || mask.size(1) == q.size(1)));
}

Tensor flash_cpu_mask(const Tensor& mask, const Tensor& q, const Tensor& k) {
    Tensor m = mask;
    if (m.dtype() == DType::Bool)  // ATen's convert_boolean_attn_mask: True keeps (0), False hides (-inf)
        m = masked_fill(zeros(m.sizes(), TensorOptions{q.dtype(), Device::CPU}), logical_not(m), Scalar(-INFINITY));
    if (m.dim() == 2) m = view(m, {1, 1, m.size(0), m.size(1)});
    return expand(m, {q.size(0), q.size(1), q.size(2), k.size(2)});  // broadcast dims read at stride 0
}

void flash_attention_cpu(const Tensor& q, const Tensor& k, const Tensor& v, bool causal, double scale, Tensor& out,
                         Tensor& lse, const Tensor& mask) {
    if (q.dtype() == DType::Float64) forward_impl<double>(q, k, v, mask, causal, scale, out, lse);
    else forward_impl<float>(q, k, v, mask, causal, float(scale), out, lse);
}

void flash_attention_backward_cpu(const Tensor& grad, const Tensor& q, const Tensor& k, const Tensor& v,
                                  const Tensor& out, const Tensor& lse, double scale, bool causal, const Tensor& dq,
                                  const Tensor& dk, const Tensor& dv, const Tensor& mask) {
    if (q.dtype() == DType::Float64) backward_impl<double>(grad, q, k, v, out, lse, mask, scale, causal, dq, dk, dv);
    else backward_impl<float>(grad, q, k, v, out, lse, mask, float(scale), causal, dq, dk, dv);
}

}  // namespace kiln
