// The Connectionist Temporal Classification loss (F.ctc_loss, nn.CTCLoss), as ATen's CPU kernels
// (aten/src/ATen/native/LossCTC.cpp, after Graves et al. 2006):
//
// _ctc_loss runs the forward recursion over log_alpha (batch x T x 2*S+1, the augmented target
// blank,l1,blank,l2,...,blank) in log space, each step a three-term logsumexp shifted by its maximum
// exactly as ATen writes it, and returns (neg_log_likelihood, log_alpha). Its backward runs the beta
// recursion, collects log(alpha*beta) per (t, class) and returns ATen's gradient
// exp(log_prob) - exp(collected + nll - log_prob) times the incoming gradient (the gradient ATen
// defines for log_softmax outputs; zeros past each input length, and for infinite losses with
// zero_infinity). ctc_loss composes the rest with ordinary ops, so the reductions record their own
// nodes as in PyTorch: zero_infinity's where, 'mean' dividing by the clamped target lengths then
// averaging, 'sum', or the per-sample losses (squeezed for unbatched input).
#include <algorithm>
#include <cmath>
#include <limits>

#include "autograd/grad_mode.h"
#include "autograd/node.h"
#include "ops/native_backward.h"
#include "ops/ops.h"
#include "support/error.h"
#include "tensor/meta.h"

namespace kiln {

namespace {

using autograd::Grads;

// Where each sample's target starts in `targets` and the longest target length, with ATen's checks.
struct TargetLayout {
    std::vector<int64_t> offsets;
    int64_t stride = 1;
    int64_t max_length = 0;
};

TargetLayout target_layout(const Tensor& log_probs, const Tensor& targets, const std::vector<int64_t>& il,
                           const std::vector<int64_t>& tl, int64_t blank) {
    const char* c = "ctc_loss_allocate_outputs";
    KILN_CHECK(targets.dtype() == DType::Int64 || targets.dtype() == DType::Int32, RuntimeError,
               "Expected tensor for argument #2 'targets' to have scalar type Long; but got ",
               dtype_legacy_name(targets.dtype()), " instead (while checking arguments for ", c, ")");
    KILN_CHECK(log_probs.dim() == 3, RuntimeError, "Expected 3-dimensional tensor, but got ", log_probs.dim(),
               "-dimensional tensor for argument #1 'log_probs' (while checking arguments for ", c, ")");
    KILN_CHECK(targets.dim() >= 1 && targets.dim() < 3, RuntimeError, "Expected 1 to 2 dimensions, but got ",
               targets.dim(), "-dimensional tensor for argument #2 'targets' (while checking arguments for ", c, ")");
    const int64_t batch = log_probs.size(1), labels = log_probs.size(2);
    KILN_CHECK(0 <= blank && blank < labels, RuntimeError, "blank must be in label range");
    KILN_CHECK(int64_t(il.size()) == batch, RuntimeError, "input_lengths must be of size batch_size");
    KILN_CHECK(int64_t(tl.size()) == batch, RuntimeError, "target_lengths must be of size batch_size");
    TargetLayout L;
    L.offsets.resize(size_t(batch));
    for (int64_t i = 0; i < batch; ++i)
        KILN_CHECK(tl[size_t(i)] >= 0, RuntimeError, "Expected target_lengths to have value at least 0, but got value ",
                   tl[size_t(i)], " (while checking arguments for ", c, ")");
    if (targets.dim() == 1) {  // the targets concatenated
        int64_t pos = 0;
        for (int64_t i = 0; i < batch; ++i) {
            L.offsets[size_t(i)] = pos;
            pos += tl[size_t(i)];
            L.max_length = std::max(L.max_length, tl[size_t(i)]);
        }
        KILN_CHECK(targets.size(0) == pos, RuntimeError, "Expected tensor to have size ", pos,
                   " at dimension 0, but got size ", targets.size(0), " for argument #2 'targets' (while checking "
                   "arguments for ", c, ")");
    } else {  // batch x max target length
        const int64_t row = targets.size(1);
        for (int64_t i = 0; i < batch; ++i) {
            L.offsets[size_t(i)] = i * row;
            L.max_length = std::max(L.max_length, tl[size_t(i)]);
        }
        KILN_CHECK(targets.size(0) == batch, RuntimeError, "Expected tensor to have size ", batch,
                   " at dimension 0, but got size ", targets.size(0), " for argument #2 'targets' (while checking "
                   "arguments for ", c, ")");
        KILN_CHECK(row >= L.max_length, RuntimeError, "Expected tensor to have size at least ", L.max_length,
                   " at dimension 1, but got size ", row, " for argument #2 'targets' (while checking arguments for ",
                   c, ")");
    }
    const int64_t T = log_probs.size(0);
    for (int64_t b = 0; b < batch; ++b) {
        KILN_CHECK(il[size_t(b)] >= 0, RuntimeError, "Expected input_lengths to have value at least 0, but got value ",
                   il[size_t(b)], " (while checking arguments for ", c, ")");
        KILN_CHECK(il[size_t(b)] <= T, RuntimeError, "Expected input_lengths to have value at most ", T,
                   ", but got value ", il[size_t(b)], " (while checking arguments for ", c, ")");
    }
    return L;
}

// The augmented target's label at position s: blank at even positions, the target's s/2-th label.
inline int64_t target_prime(const std::vector<int64_t>& tg, int64_t offset, int64_t s, int64_t blank) {
    return s % 2 == 0 ? blank : tg[size_t(offset + s / 2)];
}

}  // namespace

std::pair<Tensor, Tensor> ctc_loss_forward(const Tensor& log_probs, const Tensor& targets, const std::vector<int64_t>& il,
                                           const std::vector<int64_t>& tl, int64_t blank, bool zero_infinity) {
    KILN_CHECK(log_probs.dtype() == DType::Float32 || log_probs.dtype() == DType::Float64, NotImplementedError,
               "\"ctc_loss_cpu\" not implemented for '", dtype_scalar_type_name(log_probs.dtype()), "'");
    TargetLayout L = target_layout(log_probs, targets, il, tl, blank);
    const int64_t T = log_probs.size(0), batch = log_probs.size(1), C = log_probs.size(2), S = 2 * L.max_length + 1;
    const Device dev = log_probs.device();
    if (meta_mode())
        return {Tensor::empty({batch}, log_probs.dtype(), dev), Tensor::empty({batch, T, S}, log_probs.dtype(), dev)};
    std::vector<int64_t> tg = contiguous(targets).to_int_vector();
    // The labels the recursion reads index log_probs' class dim. ATen's CPU kernel reads them
    // unchecked (memory past the tensor, a crash for a label like 2**40); Kiln refuses them in the
    // words of ATen's checks of the lengths.
    for (int64_t b = 0; b < batch; ++b)
        for (int64_t i = 0; i < tl[size_t(b)]; ++i) {
            const int64_t label = tg[size_t(L.offsets[size_t(b)] + i)];
            KILN_CHECK(label >= 0, RuntimeError, "Expected targets to have value at least 0, but got value ", label,
                       " (while checking arguments for ctc_loss_cpu)");
            KILN_CHECK(label < C, RuntimeError, "Expected targets to have value at most ", C - 1, ", but got value ",
                       label, " (while checking arguments for ctc_loss_cpu)");
        }
    // log_probs as (batch, T, C) rows; log_alpha's never-written cells stay -inf.
    Tensor lp = host_contiguous(permute(log_probs, {1, 0, 2}), log_probs.dtype());
    Tensor nll = Tensor::empty({batch}, log_probs.dtype());
    Tensor alpha = full({batch, T, S}, Scalar(-std::numeric_limits<double>::infinity()), {log_probs.dtype()});
    dispatch_float(log_probs.dtype(), [&](auto tag) {
        using T_ = typename decltype(tag)::type;
        constexpr T_ neginf = -std::numeric_limits<T_>::infinity();
        const T_* p = lp.data_ptr<T_>();
        T_* a = alpha.data_ptr<T_>();
        T_* out = nll.data_ptr<T_>();
        for (int64_t b = 0; b < batch; ++b) {
            const int64_t in_len = il[size_t(b)], tg_len = tl[size_t(b)], off = L.offsets[size_t(b)];
            auto P = [&](int64_t t, int64_t c) { return p[(b * T + t) * C + c]; };
            auto A = [&](int64_t t, int64_t s) -> T_& { return a[(b * T + t) * S + s]; };
            if (in_len == 0) {
                out[b] = tg_len == 0 ? T_(0) : -neginf;
                continue;
            }
            A(0, 0) = P(0, blank);
            if (tg_len > 0) A(0, 1) = P(0, target_prime(tg, off, 1, blank));
            for (int64_t t = 1; t < in_len; ++t)
                for (int64_t s = 0; s < 2 * tg_len + 1; ++s) {
                    const int64_t cur = target_prime(tg, off, s, blank);
                    T_ la1 = A(t - 1, s), lamax = la1, la2, la3;
                    if (s > 0) {
                        la2 = A(t - 1, s - 1);
                        if (la2 > lamax) lamax = la2;
                    } else {
                        la2 = neginf;
                    }
                    if (s > 1 && target_prime(tg, off, s - 2, blank) != cur) {
                        la3 = A(t - 1, s - 2);
                        if (la3 > lamax) lamax = la3;
                    } else {
                        la3 = neginf;
                    }
                    if (lamax == neginf) lamax = 0;  // cannot do neginf - neginf
                    A(t, s) = std::log(std::exp(la1 - lamax) + std::exp(la2 - lamax) + std::exp(la3 - lamax)) + lamax +
                              P(t, cur);
                }
            if (tg_len == 0) {
                out[b] = -A(in_len - 1, 0);
            } else {
                T_ l1 = A(in_len - 1, tg_len * 2), l2 = A(in_len - 1, tg_len * 2 - 1);
                T_ m = std::max(l1, l2);
                m = m == neginf ? T_(0) : m;
                out[b] = -(std::log(std::exp(l1 - m) + std::exp(l2 - m)) + m);
            }
        }
    });
    Tensor nll_out = to_device(nll, dev), alpha_out = to_device(alpha, dev);
    if (autograd::needs_grad({log_probs})) {
        // the output saved detached: saving nll_out itself would make a cycle (output -> grad_fn -> output)
        Tensor slp = log_probs.detach(), stg = targets.detach(), snll = nll_out.detach(), salpha = alpha_out;
        autograd::record("CtcLossBackward0", {log_probs}, {nll_out}, [=](const Grads& g) {
            return Grads{ctc_loss_backward(g[0], slp, stg, il, tl, snll, salpha, blank, zero_infinity)};
        });
    }
    return {nll_out, alpha_out};
}

Tensor ctc_loss_backward(const Tensor& grad_out, const Tensor& log_probs, const Tensor& targets,
                         const std::vector<int64_t>& il, const std::vector<int64_t>& tl, const Tensor& neg_log_likelihood,
                         const Tensor& log_alpha, int64_t blank, bool zero_infinity) {
    autograd::NoGradGuard no_grad;
    const int64_t T = log_probs.size(0), batch = log_probs.size(1), C = log_probs.size(2);
    if (meta_mode()) return Tensor::empty(log_probs.sizes(), log_probs.dtype(), log_probs.device());
    std::vector<int64_t> offsets(static_cast<size_t>(batch));
    if (targets.dim() == 1) {
        int64_t pos = 0;
        for (int64_t b = 0; b < batch; ++b) {
            offsets[size_t(b)] = pos;
            pos += tl[size_t(b)];
        }
    } else {
        for (int64_t b = 0; b < batch; ++b) offsets[size_t(b)] = b * targets.size(1);
    }
    const int64_t S = log_alpha.size(2);
    std::vector<int64_t> tg = contiguous(targets).to_int_vector();
    const DType dt = log_probs.dtype();
    Tensor lp = host_contiguous(permute(log_probs, {1, 0, 2}), dt);
    Tensor la = host_contiguous(log_alpha, dt);
    Tensor nll = host_contiguous(neg_log_likelihood, dt);
    Tensor go = host_contiguous(grad_out.dim() == 0 ? expand(grad_out, {batch}) : grad_out, dt);
    // (batch, T, C) while computing; -inf is the log of an empty sum.
    Tensor grad = full({batch, T, C}, Scalar(-std::numeric_limits<double>::infinity()), {dt});
    Tensor beta = full({batch, T, S}, Scalar(-std::numeric_limits<double>::infinity()), {dt});
    dispatch_float(dt, [&](auto tag) {
        using T_ = typename decltype(tag)::type;
        constexpr T_ neginf = -std::numeric_limits<T_>::infinity();
        const T_* p = lp.data_ptr<T_>();
        const T_* a = la.data_ptr<T_>();
        const T_* nl = nll.data_ptr<T_>();
        const T_* gop = go.data_ptr<T_>();
        T_* bt = beta.data_ptr<T_>();
        T_* gr = grad.data_ptr<T_>();
        for (int64_t b = 0; b < batch; ++b) {
            auto G = [&](int64_t t, int64_t c) -> T_& { return gr[(b * T + t) * C + c]; };
            const T_ n = nl[b];
            if (zero_infinity && n == std::numeric_limits<T_>::infinity()) {
                std::fill(gr + b * T * C, gr + (b + 1) * T * C, T_(0));
                continue;
            }
            const int64_t in_len = il[size_t(b)], tg_len = tl[size_t(b)], off = offsets[size_t(b)];
            auto P = [&](int64_t t, int64_t c) { return p[(b * T + t) * C + c]; };
            auto A = [&](int64_t t, int64_t s) { return a[(b * T + t) * S + s]; };
            auto B = [&](int64_t t, int64_t s) -> T_& { return bt[(b * T + t) * S + s]; };
            if (in_len > 0) {
                B(in_len - 1, 2 * tg_len) = P(in_len - 1, blank);
                G(in_len - 1, blank) = A(in_len - 1, 2 * tg_len) + B(in_len - 1, 2 * tg_len);
                if (tg_len > 0) {
                    const int64_t cur = target_prime(tg, off, 2 * tg_len - 1, blank);
                    B(in_len - 1, 2 * tg_len - 1) = P(in_len - 1, cur);
                    G(in_len - 1, cur) = A(in_len - 1, 2 * tg_len - 1) + B(in_len - 1, 2 * tg_len - 1);
                }
            }
            for (int64_t t = in_len - 2; t >= 0; --t)
                for (int64_t s = 2 * tg_len; s >= 0; --s) {
                    T_ lb1 = B(t + 1, s), lbmax = lb1, lb2, lb3;
                    const int64_t cur = target_prime(tg, off, s, blank);
                    if (s < 2 * tg_len) {
                        lb2 = B(t + 1, s + 1);
                        if (lb2 > lbmax) lbmax = lb2;
                    } else {
                        lb2 = neginf;
                    }
                    if (s < 2 * tg_len - 1 && target_prime(tg, off, s + 2, blank) != cur) {
                        lb3 = B(t + 1, s + 2);
                        if (lb3 > lbmax) lbmax = lb3;
                    } else {
                        lb3 = neginf;
                    }
                    if (lbmax == neginf) lbmax = 0;
                    B(t, s) = std::log(std::exp(lb1 - lbmax) + std::exp(lb2 - lbmax) + std::exp(lb3 - lbmax)) + lbmax +
                              P(t, cur);
                    // collected[t, target'[s]] log+= log_alpha[t, s] + log_beta[t, s]
                    const T_ lab = A(t, s) + B(t, s);
                    T_& lcab = G(t, cur);
                    if (lcab == neginf) {
                        lcab = lab;
                    } else {
                        T_ mx = std::max(lcab, lab);
                        lcab = std::log(std::exp(lcab - mx) + std::exp(lab - mx)) + mx;
                    }
                }
            const T_ g = gop[b];
            for (int64_t t = 0; t < in_len; ++t)
                for (int64_t c = 0; c < C; ++c) {
                    T_& res = G(t, c);
                    const T_ l = P(t, c);
                    res = (std::exp(l) - std::exp(res + n - l)) * g;
                }
            for (int64_t t = in_len; t < T; ++t)
                for (int64_t c = 0; c < C; ++c) G(t, c) = 0;
        }
    });
    return to_device(contiguous(permute(grad, {1, 0, 2})), log_probs.device());
}

Tensor ctc_loss(const Tensor& log_probs, const Tensor& targets, const std::vector<int64_t>& il,
                const std::vector<int64_t>& tl, int64_t blank, const std::string& reduction, bool zero_infinity) {
    const bool batched = log_probs.dim() == 3;
    Tensor lp = batched ? log_probs : unsqueeze(log_probs, 1);
    Tensor tg;
    {
        autograd::NoGradGuard no_grad;
        tg = to_device(to_dtype(targets, DType::Int64), lp.device());  // ATen's targets.to(device, kLong)
    }
    Tensor res = ctc_loss_forward(lp, tg, il, tl, blank, zero_infinity).first;
    if (zero_infinity)
        res = where(eq(res, Scalar(std::numeric_limits<double>::infinity())), zeros({}, {res.dtype(), res.device()}), res);
    if (reduction == "mean") {
        std::vector<double> lengths(tl.begin(), tl.end());
        Tensor t = clamp(tensor(lengths, {int64_t(lengths.size())}, res.dtype()), Scalar(1.0), std::nullopt);
        return mean(div(res, to_device(t, res.device())));
    }
    if (reduction == "sum") return sum(res);
    return batched ? res : squeeze(res, 0);
}

}  // namespace kiln
