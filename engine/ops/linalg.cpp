// Matrix products: mm, bmm, matmul, addmm, linear, dot, outer (and mv, which matmul uses).
//
// Every product ends in one strided kernel call, gemm_strided(): float32/float64 go to the packed
// GEMM in gemm.cpp (transposed views need no copy: the kernel packs any strides), int64 runs plain
// loops, float16/bfloat16 are multiplied in float32 and rounded once at the end. The ops above it
// follow ATen's decomposition closely, because that decomposition decides what a PyTorch user sees:
// matmul folds a batched operand into mm (UnsafeViewBackward0 over MmBackward0), turns 1-d @ 2-d
// into unsqueeze + mm + squeeze_ (SqueezeBackward4), and linear picks addmm for 2-d input with a
// bias (AddmmBackward0). Error texts are PyTorch 2.x's, including their dtype spellings ("float",
// "long int" where ATen prints a TypeMeta; "Float", "Long" where it prints a ScalarType).
#include <algorithm>

#include "autograd/forward_ad.h"
#include "autograd/grad_mode.h"
#include "autograd/node.h"
#include "cuda/dispatch.h"
#include "ops/gemm.h"
#include "ops/autocast.h"
#include "ops/ops.h"
#include "support/profiler.h"
#include "support/error.h"
#include "tensor/iter.h"

namespace kiln {

namespace {

using autograd::Grads;
using autograd::SavedTensor;

void check_not_bool(const Tensor& t) {
    KILN_CHECK(t.dtype() != DType::Bool, NotImplementedError, "\"addmm_impl_cpu_\" not implemented for 'Bool'");
}

// ---- the strided kernel ------------------------------------------------------------------------

// C[M,N] = beta * C + alpha * A[M,K] @ B[K,N] for one matrix, any strides (elements).
template <typename T>
void gemm_strided(int64_t M, int64_t N, int64_t K, T alpha, const T* A, int64_t rsA, int64_t csA, const T* B,
                  int64_t rsB, int64_t csB, T beta, T* C, int64_t rsC, int64_t csC, bool parallel) {
    if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double>) {
        if (N == 1 && K > 0) {
            // Matrix-vector: one dot product per row (the tiled kernel would waste NR-1 of NR lanes).
            auto rows = [&](int64_t i0, int64_t i1) {
                for (int64_t i = i0; i < i1; ++i) {
                    T acc = 0;
                    const T* a = A + i * rsA;
                    if (csA == 1 && rsB == 1) {
                        for (int64_t k = 0; k < K; ++k) acc += a[k] * B[k];
                    } else {
                        for (int64_t k = 0; k < K; ++k) acc += a[k * csA] * B[k * rsB];
                    }
                    T* c = C + i * rsC;
                    *c = beta == T(0) ? alpha * acc : alpha * acc + beta * *c;
                }
            };
            if (parallel) parallel_for(0, M, std::max<int64_t>(1, 65536 / std::max<int64_t>(K, 1)), rows);
            else rows(0, M);
            return;
        }
        gemm::gemm(M, N, K, alpha, A, rsA, csA, B, rsB, csB, beta, C, rsC, csC, parallel);
    } else {
        // int64: exact integer arithmetic, i-k-j order so the inner loop walks rows of B and C.
        auto rows = [&](int64_t i0, int64_t i1) {
            std::vector<T> acc(static_cast<size_t>(N));
            for (int64_t i = i0; i < i1; ++i) {
                std::fill(acc.begin(), acc.end(), T(0));
                for (int64_t k = 0; k < K; ++k) {
                    const T a = A[i * rsA + k * csA];
                    const T* b = B + k * rsB;
                    for (int64_t j = 0; j < N; ++j) acc[size_t(j)] += a * b[j * csB];
                }
                for (int64_t j = 0; j < N; ++j) {
                    T* c = C + i * rsC + j * csC;
                    *c = beta == T(0) ? alpha * acc[size_t(j)] : alpha * acc[size_t(j)] + beta * *c;
                }
            }
        };
        if (parallel) parallel_for(0, M, std::max<int64_t>(1, 65536 / std::max<int64_t>(N * K, 1)), rows);
        else rows(0, M);
    }
}

// out = beta * out + alpha * a @ b over a batch: a [B, M, K], b [B, K, N], out [B, M, N] (3-d views,
// any strides; out is written in place). 2-d callers pass unsqueezed views. Small matrices, or at least
// as many as threads, run one matrix per thread; a few large ones run one at a time with a parallel GEMM.
// How cuBLAS sees a row-major matrix (rows x cols, strides rs/cs): stored by rows (trans = false,
// ld = rs) or by columns (trans = true, ld = cs). False when neither stride is 1.
bool blas_layout(int64_t rows, int64_t cols, int64_t rs, int64_t cs, bool& trans, int64_t& ld) {
    if (cols <= 1 || cs == 1) {
        trans = false;
        ld = rows <= 1 ? std::max<int64_t>(cols, 1) : rs;
        if (ld >= std::max<int64_t>(cols, 1)) return true;
    }
    if (rows <= 1 || rs == 1) {
        trans = true;
        ld = cols <= 1 ? std::max<int64_t>(rows, 1) : cs;
        if (ld >= std::max<int64_t>(rows, 1)) return true;
    }
    return false;
}

// A GEMM operand (rows x cols in dims d, d + 1) as cuBLAS reads it: itself when its strides allow
// (blas_layout's trans/ld set), else a contiguous copy.
Tensor blas_operand(const Tensor& t, int64_t rows, int64_t cols, int d, bool& trans, int64_t& ld) {
    if (blas_layout(rows, cols, t.stride(d), t.stride(d + 1), trans, ld)) return t;
    Tensor c = contiguous(t);
    blas_layout(rows, cols, c.stride(d), c.stride(d + 1), trans, ld);
    return c;
}

// batched_gemm_into on the GPU: one cuBLAS strided-batched call (TF32 when allowed). Operands in
// a layout cuBLAS cannot read are made contiguous first; an output it cannot write gets a dense
// temporary that is copied back.
void cuda_batched_gemm(const Tensor& a_in, const Tensor& b_in, const Tensor& out, Scalar beta, Scalar alpha) {
    const int64_t batch = out.size(0), M = out.size(1), N = out.size(2), K = a_in.size(2);
    KILN_CHECK(dtype_is_floating(out.dtype()), NotImplementedError, "\"addmm_cuda\" not implemented for '",
               dtype_scalar_type_name(out.dtype()), "'");
    cuda::common_device({a_in, b_in, out});
    autograd::NoGradGuard no_grad;
    cuda::Gemm g;
    g.m = M, g.n = N, g.k = K, g.batch = batch, g.dtype = uint8_t(out.dtype());
    g.alpha = alpha.to_double(), g.beta = beta.to_double();
    Tensor a = blas_operand(a_in, M, K, 1, g.trans_a, g.lda), b = blas_operand(b_in, K, N, 1, g.trans_b, g.ldb);
    bool out_trans = false;
    Tensor c = out;
    if (!blas_layout(M, N, c.stride(1), c.stride(2), out_trans, g.ldc) || out_trans) {
        c = g.beta != 0.0 ? contiguous(out) : Tensor::empty(out.sizes(), out.dtype(), Device::CUDA);
        g.ldc = std::max<int64_t>(N, 1);
    }
    g.a = a.raw_data(), g.b = b.raw_data(), g.c = c.raw_data();
    g.stride_a = a.stride(0), g.stride_b = b.stride(0), g.stride_c = c.stride(0);
    cuda::gemm(g);
    if (!c.is_same(out)) {
        Tensor dst = out;
        copy_(dst, c);
    }
}

// addmm on the GPU with a bias broadcast along the rows (linear's case), alpha = beta = 1: one
// cuBLASLt call whose epilogue adds the bias, instead of a broadcast copy of the bias into C and a
// GEMM that reads C back. False when the operands do not fit that form (the caller goes on).
bool cuda_addmm_bias(const Tensor& bias, const Tensor& a, const Tensor& b, const Tensor& out, Scalar beta, Scalar alpha) {
    const int64_t M = out.size(0), N = out.size(1), K = a.size(1);
    if (out.device() != Device::CUDA || beta.to_double() != 1.0 || alpha.to_double() != 1.0 || M == 0 || N == 0 || K == 0)
        return false;
    const DType dt = out.dtype();
    if (dt != DType::Float32 && dt != DType::Float16 && dt != DType::BFloat16) return false;
    if (bias.device() != Device::CUDA || bias.dtype() != dt || bias.numel() != N) return false;
    if (!(bias.dim() == 1 || (bias.dim() == 2 && bias.size(0) == 1)) || bias.stride(bias.dim() - 1) != 1) return false;
    if (!out.is_contiguous()) return false;
    cuda::common_device({a, b, out});
    cuda::Gemm g;
    g.m = M, g.n = N, g.k = K, g.dtype = uint8_t(dt);
    Tensor a2 = blas_operand(a, M, K, 0, g.trans_a, g.lda), b2 = blas_operand(b, K, N, 0, g.trans_b, g.ldb);
    g.ldc = N;
    g.a = a2.raw_data(), g.b = b2.raw_data(), g.c = out.raw_data();
    return cuda::gemm_bias(g, bias.raw_data());
}

// addmm on the CPU for float32/float64: the bias (bias_b, already expanded to out's shape) added in the
// GEMM's epilogue (gemm::sgemm_bias), where it used to be copied into out first and read back by a
// beta = 1 GEMM: one pass over out fewer (a broadcast copy of the bias was 3% of a ViT forward). Same
// arithmetic, same bits. False when the operands do not fit (the caller copies the bias as before).
bool cpu_addmm_bias(const Tensor& bias_b, const Tensor& a, const Tensor& b, const Tensor& out, Scalar beta_s,
                    Scalar alpha_s) {
    const DType dt = out.dtype();
    if (dt != DType::Float32 && dt != DType::Float64) return false;
    for (const Tensor* t : {&bias_b, &a, &b, &out})
        if (t->device() != Device::CPU || t->is_meta() || t->dtype() != dt) return false;
    const int64_t M = out.size(0), N = out.size(1), K = a.size(1);
    // N == 1 runs gemm_strided's own dot-product loop; meta mode writes nothing
    if (M == 0 || N <= 1 || meta_mode() || beta_s.to_double() == 0.0) return false;
    dispatch_float(dt, [&](auto tag) {
        using T = typename decltype(tag)::type;
        const T alpha = T(alpha_s.to_double()), beta = T(beta_s.to_double());
        if constexpr (std::is_same_v<T, float>)
            gemm::sgemm_bias(M, N, K, alpha, a.data_ptr<T>(), a.stride(0), a.stride(1), b.data_ptr<T>(), b.stride(0),
                             b.stride(1), beta, bias_b.data_ptr<T>(), bias_b.stride(0), bias_b.stride(1),
                             out.data_ptr<T>(), out.stride(0), out.stride(1));
        else
            gemm::dgemm_bias(M, N, K, alpha, a.data_ptr<T>(), a.stride(0), a.stride(1), b.data_ptr<T>(), b.stride(0),
                             b.stride(1), beta, bias_b.data_ptr<T>(), bias_b.stride(0), bias_b.stride(1),
                             out.data_ptr<T>(), out.stride(0), out.stride(1));
    });
    return true;
}

void batched_gemm_into(const Tensor& a, const Tensor& b, const Tensor& out, Scalar beta_s, Scalar alpha_s) {
    const int64_t batch = out.size(0), M = out.size(1), N = out.size(2), K = a.size(2);
    if (batch == 0 || M == 0 || N == 0 || out.is_meta()) return;  // a meta-device product: sizes only
    if (out.device() == Device::CUDA || a.device() == Device::CUDA || b.device() == Device::CUDA)
        return cuda_batched_gemm(a, b, out, beta_s, alpha_s);
    const DType dt = out.dtype();
    if (compute_dtype(dt) != dt) {
        // float16/bfloat16 multiply in float32; the narrow integers in int64, whose sums taken mod
        // 2^n are what int32/int16/int8/uint8 accumulation gives.
        const DType cd = compute_dtype(dt);
        autograd::NoGradGuard no_grad;
        Tensor af = to_dtype(a, cd), bf = to_dtype(b, cd);
        Tensor of = beta_s.to_double() != 0.0 ? to_dtype(out, cd, /*copy=*/true) : Tensor::empty(out.sizes(), cd);
        batched_gemm_into(af, bf, of, beta_s, alpha_s);
        Tensor dst = out;
        copy_(dst, of);
        return;
    }
    dispatch_dtype(dt, [&](auto tag) {
        using T = typename decltype(tag)::type;
        if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double> || std::is_same_v<T, int64_t>) {
            const T alpha = std::is_same_v<T, int64_t> ? T(alpha_s.to_int()) : T(alpha_s.to_double());
            const T beta = std::is_same_v<T, int64_t> ? T(beta_s.to_int()) : T(beta_s.to_double());
            const T* A = a.data_ptr<T>();
            const T* B = b.data_ptr<T>();
            T* C = out.data_ptr<T>();
            const int64_t sa0 = a.stride(0), sa1 = a.stride(1), sa2 = a.stride(2);
            const int64_t sb0 = b.stride(0), sb1 = b.stride(1), sb2 = b.stride(2);
            const int64_t sc0 = out.stride(0), sc1 = out.stride(1), sc2 = out.stride(2);
            auto one = [&](int64_t i, bool par) {
                gemm_strided<T>(M, N, K, alpha, A + i * sa0, sa1, sa2, B + i * sb0, sb1, sb2, beta, C + i * sc0, sc1,
                                sc2, par);
            };
            // Across the batch, one matrix per thread at a time (each GEMM single-threaded, its best
            // case), when the matrices are small or there are at least as many as threads; else
            // one matrix after the other, each GEMM split across the threads. Grain: about 1 MFLOP.
            const double flops = 2.0 * double(M) * double(N) * double(K);
            if (batch > 1 && (flops < 4.0e6 || batch >= num_threads())) {
                parallel_for(0, batch, std::max<int64_t>(1, int64_t(1.0e6 / std::max(flops, 1.0))),
                             [&](int64_t b0, int64_t b1) {
                                 for (int64_t i = b0; i < b1; ++i) one(i, false);
                             });
            } else {
                for (int64_t i = 0; i < batch; ++i) one(i, true);
            }
        }
    });
}

void gemm_into(const Tensor& a, const Tensor& b, const Tensor& out, Scalar beta, Scalar alpha) {
    batched_gemm_into(unsqueeze(a.detach(), 0), unsqueeze(b.detach(), 0), unsqueeze(out.detach(), 0), beta, alpha);
}

// alpha * t, skipping the multiply when alpha is 1 (ATen's maybe_multiply).
Tensor maybe_multiply(const Tensor& t, Scalar s) {
    if (s.is_floating() ? s.to_double() == 1.0 : s.to_int() == 1) return t;
    return mul(t, s);
}

// at::_unsafe_view: a reshape of a freshly computed (contiguous) result that is not a view in
// autograd's sense; its node is UnsafeViewBackward0.
Tensor unsafe_view(const Tensor& t, const Shape& shape) {
    Tensor src = t.is_contiguous() ? t : contiguous(t);
    auto impl = std::make_shared<TensorImpl>();
    impl->storage = src.impl()->storage;
    impl->sizes = shape;
    impl->strides = contiguous_strides(shape);
    impl->offset = src.storage_offset();
    impl->dtype = src.dtype();
    Tensor out(std::move(impl));
    if (autograd::needs_grad({src})) {
        Shape in_shape = src.sizes();
        autograd::record("UnsafeViewBackward0", {src}, {out},
                         [in_shape](const Grads& g) { return Grads{reshape(g[0], in_shape)}; });
    }
    return out;
}

// ATen's in-place t.squeeze_(dim) on a fresh result: same storage, dim removed, SqueezeBackward4.
Tensor squeeze_inplace(const Tensor& t, int64_t dim) {
    Shape sizes = t.sizes(), strides = t.strides();
    sizes.erase(sizes.begin() + dim);
    strides.erase(strides.begin() + dim);
    auto impl = std::make_shared<TensorImpl>();
    impl->storage = t.impl()->storage;
    impl->sizes = sizes;
    impl->strides = strides;
    impl->offset = t.storage_offset();
    impl->dtype = t.dtype();
    Tensor out(std::move(impl));
    if (autograd::needs_grad({t}))
        autograd::record("SqueezeBackward4", {t}, {out}, [dim](const Grads& g) { return Grads{unsqueeze(g[0], dim)}; });
    return out;
}

// torch.mv (used by matmul for 2-d @ 1-d).
Tensor mv_impl(const Tensor& mat, const Tensor& vec) {
    KILN_CHECK(mat.dim() == 2 && vec.dim() == 1, RuntimeError, "vector + matrix @ vector expected, got 1, ", mat.dim(),
               ", ", vec.dim());
    KILN_CHECK(mat.size(1) == vec.size(0), RuntimeError, "size mismatch, got input (", mat.size(0), "), mat (",
               mat.size(0), "x", mat.size(1), "), vec (", vec.size(0), ")");
    KILN_CHECK(mat.dtype() == vec.dtype(), RuntimeError, "expected scalar type ", dtype_scalar_type_name(mat.dtype()),
               " but found ", dtype_scalar_type_name(vec.dtype()));
    check_not_bool(mat);
    Tensor out = Tensor::empty({mat.size(0)}, mat.dtype(), cuda::common_device({mat, vec}));
    gemm_into(mat, unsqueeze(vec.detach(), 1), unsqueeze(out, 1), Scalar(int64_t(0)), Scalar(int64_t(1)));
    if (autograd::needs_grad({mat, vec})) {
        bool need_mat = autograd::differentiable(mat), need_vec = autograd::differentiable(vec);
        SavedTensor s_mat(need_vec ? mat : Tensor()), s_vec(need_mat ? vec : Tensor());
        autograd::record("MvBackward0", {mat, vec}, {out}, [=](const Grads& g) {
            Tensor gm, gv;
            if (need_mat) gm = mm(unsqueeze(g[0], 1), unsqueeze(s_vec.get(), 0));
            if (need_vec) gv = mv_impl(t(s_mat.get()), g[0]);
            return Grads{gm, gv};
        });
    }
    return out;
}

// ATen's should_fold (LinearAlgebra.cpp): can the >= 3-d operand be folded into a matrix so the
// product runs as one mm/mv instead of a bmm?
bool should_fold(const Tensor& tensor1, const Tensor& tensor2) {
    const bool t1_larger = tensor1.dim() >= tensor2.dim();
    const Tensor t1 = t1_larger ? tensor1 : transpose(tensor2.detach(), -2, -1);
    const int64_t dim_t1 = t1.dim();
    const int64_t dim_t2 = t1_larger ? tensor2.dim() : tensor1.dim();
    if (!(dim_t1 >= 3 && dim_t2 <= 2)) return false;
    // Folding avoids materializing an expanded copy of the small operand's gradient. (ATen tests
    // requires_grad without looking at grad mode, so no_grad code folds the same way.)
    const bool t2_requires_grad = t1_larger ? tensor2.requires_grad() : tensor1.requires_grad();
    if (t2_requires_grad) return true;
    if (tensor1.dim() == 2) return false;
    if (t1.numel() == 0) return true;
    for (int64_t i = 0; i < dim_t1 - 2; ++i)
        if (t1.stride(i) != t1.stride(i + 1) * t1.size(i + 1)) return false;
    return true;
}

}  // namespace

// mm's and addmm's operand gradients, PyTorch's mm_mat1_backward / mm_mat2_backward
// (FunctionsManual.cpp): an operand that was column-major (strides (1, rows): a Linear's weight.t())
// gets its gradient computed transposed, (grad.t() @ mat1).t(), so the gradient comes out in the
// operand's own layout. After TBackward's t() a Linear weight's gradient is then contiguous, and
// AccumulateGrad keeps it as .grad instead of copying it (the layout contract); the products and
// their order of summation are the same either way.
// Kiln keeps the untransposed product where the gradient has at most 4 rows or columns: there one
// of the two orientations runs as ops/gemm.cpp's few-row matrix-vector product, which sums in other
// orders than the blocked kernel (elsewhere both orientations do the same multiply-adds in the
// same order), so the flip would change the values of small models' gradients (a Linear(3, 1)
// trained with RMSprop drifted in the 5th digit). Such gradients are tiny; AccumulateGrad copies
// them into the parameter's layout as before.
namespace {
constexpr int64_t kFewRows = 4;  // ops/gemm.cpp's kGemvRows
bool column_major(const Shape& sizes, const Shape& strides) { return strides[0] == 1 && strides[1] == sizes[0]; }

Tensor mm_mat1_backward(const Tensor& grad, const Tensor& mat2, const Shape& mat1_sizes, const Shape& mat1_strides) {
    if (column_major(mat1_sizes, mat1_strides) && std::min(mat1_sizes[0], mat1_sizes[1]) > kFewRows)
        return t(mm(mat2, t(grad)));
    return mm(grad, t(mat2));
}

Tensor mm_mat2_backward(const Tensor& grad, const Tensor& mat1, const Shape& mat2_sizes, const Shape& mat2_strides) {
    if (column_major(mat2_sizes, mat2_strides) && std::min(mat2_sizes[0], mat2_sizes[1]) > kFewRows)
        return t(mm(t(grad), mat1));
    return mm(t(mat1), grad);
}
}  // namespace

// ---- public ops ---------------------------------------------------------------------------------

Tensor mm(const Tensor& a, const Tensor& b) {
    if (a.is_complex() || b.is_complex()) return complex_matmul(a, b);
    KILN_AUTOCAST(a, mm(amp::lower(a), amp::lower(b)));
    KILN_CHECK(a.dim() == 2, RuntimeError, "self must be a matrix");
    KILN_CHECK(b.dim() == 2, RuntimeError, "mat2 must be a matrix");
    KILN_CHECK(a.size(1) == b.size(0), RuntimeError, "mat1 and mat2 shapes cannot be multiplied (", a.size(0), "x",
               a.size(1), " and ", b.size(0), "x", b.size(1), ")");
    KILN_CHECK(a.dtype() == b.dtype(), RuntimeError, "expected m1 and m2 to have the same dtype, but got: ",
               dtype_cpp_name(a.dtype()), " != ", dtype_cpp_name(b.dtype()));
    check_not_bool(a);
    Tensor out = Tensor::empty({a.size(0), b.size(1)}, a.dtype(), cuda::common_device({a, b}));
    gemm_into(a, b, out, Scalar(int64_t(0)), Scalar(int64_t(1)));
    if (autograd::needs_grad({a, b})) {
        // mm's backward: dA = dC @ B^T, dB = A^T @ dC; each operand is saved only if the other needs it.
        // Inputs are saved with their history (not detached) so create_graph can differentiate again.
        bool need_a = autograd::differentiable(a), need_b = autograd::differentiable(b);
        // Saved in PyTorch's order (mat2, then self), which saved-tensor hooks observe.
        SavedTensor s_b(need_a ? b : Tensor()), s_a(need_b ? a : Tensor());
        const Shape a_sizes = a.sizes(), a_strides = a.strides(), b_sizes = b.sizes(), b_strides = b.strides();
        autograd::record("MmBackward0", {a, b}, {out}, [=](const Grads& g) {
            Tensor ga, gb;
            if (need_a) ga = mm_mat1_backward(g[0], s_b.get(), a_sizes, a_strides);
            if (need_b) gb = mm_mat2_backward(g[0], s_a.get(), b_sizes, b_strides);
            return Grads{ga, gb};
        }, {{"mat2", s_b}, {"self", s_a}});
    }
    return out;
}

Tensor bmm(const Tensor& a, const Tensor& b) {
    if (a.is_complex() || b.is_complex()) return complex_matmul(a, b);
    KILN_AUTOCAST(a, bmm(amp::lower(a), amp::lower(b)));
    KILN_CHECK(a.dim() == 3, RuntimeError, "batch1 must be a 3D tensor");
    KILN_CHECK(b.dim() == 3, RuntimeError, "batch2 must be a 3D tensor");
    const int64_t bs = a.size(0), contraction = a.size(2);
    KILN_CHECK(b.size(0) == bs && b.size(1) == contraction, RuntimeError,
               "Expected size for first two dimensions of batch2 tensor to be: [", bs, ", ", contraction,
               "] but got: [", b.size(0), ", ", b.size(1), "].");
    KILN_CHECK(a.dtype() == b.dtype(), RuntimeError, "expected scalar type ", dtype_scalar_type_name(a.dtype()),
               " but found ", dtype_scalar_type_name(b.dtype()));
    check_not_bool(a);
    Tensor out = Tensor::empty({bs, a.size(1), b.size(2)}, a.dtype(), cuda::common_device({a, b}));
    batched_gemm_into(a.detach(), b.detach(), out, Scalar(int64_t(0)), Scalar(int64_t(1)));
    if (autograd::needs_grad({a, b})) {
        bool need_a = autograd::differentiable(a), need_b = autograd::differentiable(b);
        SavedTensor s_b(need_a ? b : Tensor()), s_a(need_b ? a : Tensor());  // mat2, then self
        autograd::record("BmmBackward0", {a, b}, {out}, [=](const Grads& g) {
            Tensor ga, gb;
            if (need_a) ga = bmm(g[0], transpose(s_b.get(), 1, 2));
            if (need_b) gb = bmm(transpose(s_a.get(), 1, 2), g[0]);
            return Grads{ga, gb};
        }, {{"mat2", s_b}, {"self", s_a}});
    }
    return out;
}

Tensor dot(const Tensor& a, const Tensor& b) {
    KILN_CHECK(a.dim() == 1 && b.dim() == 1, RuntimeError, "1D tensors expected, but got ", a.dim(), "D and ",
               b.dim(), "D tensors");
    KILN_CHECK(a.dtype() == b.dtype(), RuntimeError, "dot : expected both vectors to have same dtype, but found ",
               dtype_scalar_type_name(a.dtype()), " and ", dtype_scalar_type_name(b.dtype()));
    KILN_CHECK(a.numel() == b.numel(), RuntimeError, "inconsistent tensor size, expected tensor [", a.numel(),
               "] and src [", b.numel(), "] to have the same number of elements, but got ", a.numel(), " and ",
               b.numel(), " elements respectively");
    KILN_CHECK(a.dtype() != DType::Bool, NotImplementedError, "\"dot\" not implemented for 'Bool'");
    Tensor out = Tensor::empty({}, a.dtype(), cuda::common_device({a, b}));
    gemm_into(unsqueeze(a.detach(), 0), unsqueeze(b.detach(), 1), view(out, {1, 1}), Scalar(int64_t(0)),
              Scalar(int64_t(1)));
    if (autograd::needs_grad({a, b})) {
        bool need_a = autograd::differentiable(a), need_b = autograd::differentiable(b);
        SavedTensor s_a(need_b ? a : Tensor()), s_b(need_a ? b : Tensor());
        autograd::record("DotBackward0", {a, b}, {out}, [=](const Grads& g) {
            Tensor ga, gb;
            if (need_a) ga = mul(s_b.get(), g[0]);
            if (need_b) gb = mul(s_a.get(), g[0]);
            return Grads{ga, gb};
        });
    }
    return out;
}

Tensor outer(const Tensor& a, const Tensor& b) {
    KILN_CHECK(a.dim() == 1, RuntimeError, "outer: Expected 1-D argument self, but got ", a.dim(), "-D");
    KILN_CHECK(b.dim() == 1, RuntimeError, "outer: Expected 1-D argument vec2, but got ", b.dim(), "-D");
    // torch.outer is a composite: self.reshape({n, 1}) * vec2 (so grad_fn is MulBackward0).
    return mul(reshape(a, {a.size(0), 1}), b);
}

Tensor mv(const Tensor& a, const Tensor& v) { return mv_impl(a, v); }

Tensor baddbmm(const Tensor& input, const Tensor& a, const Tensor& b, Scalar beta, Scalar alpha) {
    KILN_AUTOCAST(a, baddbmm(amp::lower(input), amp::lower(a), amp::lower(b), beta, alpha));
    Tensor prod = bmm(a, b);
    if (alpha.to_double() != 1.0) prod = mul(prod, alpha);
    if (beta.to_double() == 0.0) return add(zeros_like(prod), prod);
    return add(beta.to_double() == 1.0 ? input : mul(input, beta), prod);
}

namespace {
// The operators of AddmmBackward0's formulas as PyTorch's profiler shows them: mm_mat1_backward
// (grad.mm(mat2.t()), or mat2.mm(grad.t()).t() for a column-major mat1) and mm_mat2_backward
// (mat1.t().mm(grad), or grad.t().mm(mat1).t() for a column-major mat2, as a linear's weight.t() is).
std::vector<profiler::OpEvent> addmm_backward_events(const Tensor& grad, bool need_a, bool need_b, const Shape& as,
                                                     const Shape& ast, const Shape& bs, const Shape& bst) {
    std::vector<profiler::OpEvent> evs;
    const Shape& gs = grad.sizes();
    const Shape& gst = grad.strides();
    auto col_major = [](const Shape& s, const Shape& st) { return st[0] == 1 && st[1] == s[0]; };
    auto tr = [](const Shape& s) { return Shape{s[1], s[0]}; };
    if (need_a) {
        if (col_major(as, ast)) {
            evs.push_back(profiler::t_event(gs));
            evs.push_back(profiler::mm_event(bs, bst, tr(gs), tr(gst)));
            evs.push_back(profiler::t_event({bs[0], gs[0]}));
        } else {
            evs.push_back(profiler::t_event(bs));
            evs.push_back(profiler::mm_event(gs, gst, tr(bs), tr(bst)));
        }
    }
    if (need_b) {
        if (col_major(bs, bst)) {
            evs.push_back(profiler::t_event(gs));
            evs.push_back(profiler::mm_event(tr(gs), tr(gst), as, ast));
            evs.push_back(profiler::t_event({gs[1], as[1]}));
        } else {
            evs.push_back(profiler::t_event(as));
            evs.push_back(profiler::mm_event(tr(as), tr(ast), gs, gst));
        }
    }
    return evs;
}
}  // namespace

Tensor addmm(const Tensor& bias, const Tensor& a, const Tensor& b, Scalar beta, Scalar alpha) {
    KILN_AUTOCAST(a, addmm(amp::lower(bias), amp::lower(a), amp::lower(b), beta, alpha));
    KILN_CHECK(bias.dtype() == b.dtype(), RuntimeError, "self and mat2 must have the same dtype, but got ",
               dtype_scalar_type_name(bias.dtype()), " and ", dtype_scalar_type_name(b.dtype()));
    KILN_CHECK(a.dtype() == b.dtype(), RuntimeError, "mat1 and mat2 must have the same dtype, but got ",
               dtype_scalar_type_name(a.dtype()), " and ", dtype_scalar_type_name(b.dtype()));
    KILN_CHECK(a.dim() == 2, RuntimeError, "mat1 must be a matrix, got ", a.dim(), "-D tensor");
    KILN_CHECK(b.dim() == 2, RuntimeError, "mat2 must be a matrix, got ", b.dim(), "-D tensor");
    KILN_CHECK(a.size(1) == b.size(0), RuntimeError, "mat1 and mat2 shapes cannot be multiplied (", a.size(0), "x",
               a.size(1), " and ", b.size(0), "x", b.size(1), ")");
    const Shape out_shape{a.size(0), b.size(1)};
    Tensor bias_b = expand(bias.detach(), out_shape);  // PyTorch's expand error for a bad bias shape
    check_not_bool(a);
    Tensor out = Tensor::empty(out_shape, a.dtype(), cuda::common_device({bias, a, b}));
    const bool beta_zero = beta.to_double() == 0.0;
    bool done = false;
    {
        autograd::NoGradGuard no_grad;
        done = cuda_addmm_bias(bias.detach(), a.detach(), b.detach(), out, beta, alpha) ||
               cpu_addmm_bias(bias_b, a.detach(), b.detach(), out, beta, alpha);
        if (!done && !beta_zero) copy_(out, bias_b);
    }
    if (!done) gemm_into(a, b, out, beta_zero ? Scalar(int64_t(0)) : beta, alpha);
    if (autograd::needs_grad({bias, a, b})) {
        bool need_bias = autograd::differentiable(bias), need_a = autograd::differentiable(a), need_b = autograd::differentiable(b);
        SavedTensor s_b(need_a ? b : Tensor()), s_a(need_b ? a : Tensor());  // mat2, then mat1
        Shape bias_shape = bias.sizes();
        const Shape a_sizes = a.sizes(), a_strides = a.strides(), b_sizes = b.sizes(), b_strides = b.strides();
        autograd::record("AddmmBackward0", {bias, a, b}, {out}, [=](const Grads& g) {
            Tensor gbias, ga, gb;
            if (profiler::enabled())
                profiler::push_tree(addmm_backward_events(g[0], need_a, need_b, a_sizes, a_strides, b_sizes, b_strides));
            if (need_bias) gbias = autograd::sum_to(maybe_multiply(g[0], beta), bias_shape);
            if (need_a) ga = maybe_multiply(mm_mat1_backward(g[0], s_b.get(), a_sizes, a_strides), alpha);
            if (need_b) gb = maybe_multiply(mm_mat2_backward(g[0], s_a.get(), b_sizes, b_strides), alpha);
            return Grads{gbias, ga, gb};
        }, {{"mat2", s_b}, {"mat1", s_a}});
    }
    return out;
}

// torch.matmul, following ATen's _matmul_impl case by case (see the file comment).
Tensor matmul(const Tensor& tensor1, const Tensor& tensor2) {
    if (tensor1.is_complex() || tensor2.is_complex()) return complex_matmul(tensor1, tensor2);
    KILN_AUTOCAST(tensor1, matmul(amp::lower(tensor1), amp::lower(tensor2)));
    const int64_t dim1 = tensor1.dim(), dim2 = tensor2.dim();
    KILN_CHECK(dim1 != 0 && dim2 != 0, RuntimeError, "both arguments to matmul need to be at least 1D, but they are ",
               dim1, "D and ", dim2, "D");
    if (dim1 == 1 && dim2 == 1) return dot(tensor1, tensor2);
    if (dim1 == 2 && dim2 == 1) return mv_impl(tensor1, tensor2);
    if (dim1 == 1 && dim2 == 2) return squeeze_inplace(mm(unsqueeze(tensor1, 0), tensor2), 0);
    if (dim1 == 2 && dim2 == 2) return mm(tensor1, tensor2);

    if (should_fold(tensor1, tensor2)) {
        // Fold the batch dims of the larger operand into matrix rows: [b..., n, k] @ [k, p] is one mm.
        const bool transpose_out = dim2 > dim1;
        const Tensor t1 = transpose_out ? transpose(tensor2, -2, -1) : tensor1;
        const Tensor t2 = !transpose_out ? tensor2 : (dim1 == 2 ? t(tensor1) : tensor1);
        const Shape& sizes1 = t1.sizes();
        Shape output_shape(sizes1.begin(), sizes1.end() - 1);
        const int64_t folded = shape_numel(output_shape);
        const bool t2_is_matrix = t2.dim() == 2;
        if (t2_is_matrix) output_shape.push_back(t2.size(1));
        const Tensor t1_folded = reshape(t1, {folded, sizes1.back()});
        if (t2_is_matrix) {
            Tensor output = unsafe_view(mm(t1_folded, t2), output_shape);
            return transpose_out ? contiguous(transpose(output, -2, -1)) : output;
        }
        return unsafe_view(mv_impl(t1_folded, t2), output_shape);
    }

    // Batched: broadcast the batch dims, flatten them, one bmm.
    const Shape& s1 = tensor1.sizes();
    const Shape& s2 = tensor2.sizes();
    const int64_t n = dim1 > 1 ? s1[size_t(dim1 - 2)] : 1;
    const int64_t m1 = s1.back();
    const Shape batch1(s1.begin(), s1.begin() + std::max<int64_t>(dim1 - 2, 0));
    const int64_t m2 = dim2 > 1 ? s2[size_t(dim2 - 2)] : s2.front();
    const int64_t p = dim2 > 1 ? s2.back() : 1;
    const Shape batch2(s2.begin(), s2.begin() + std::max<int64_t>(dim2 - 2, 0));
    // Same gradient-memory optimization as should_fold: a broadcast batch of 1 is squeezed away.
    if (dim1 == 3 && dim2 == 3 && batch1[0] != batch2[0]) {
        if (batch1[0] == 1 && tensor1.requires_grad()) return matmul(squeeze(tensor1, 0), tensor2);
        if (batch2[0] == 1 && tensor2.requires_grad()) return matmul(tensor1, squeeze(tensor2, 0));
    }
    Shape output_shape = broadcast_shapes(batch1, batch2);
    const int64_t batch_product = shape_numel(output_shape);
    Shape e1 = output_shape;
    e1.push_back(n);
    e1.push_back(m1);
    const Tensor t1e = reshape(expand(tensor1, e1), {batch_product, n, m1});
    const bool vector_rhs = dim2 == 1;
    Shape e2 = output_shape;
    e2.push_back(m2);
    if (!vector_rhs) e2.push_back(p);
    Tensor t2e = expand(tensor2, e2);
    t2e = vector_rhs ? unsqueeze(reshape(t2e, {batch_product, m2}), 2) : reshape(t2e, {batch_product, m2, p});
    if (dim1 > 1) output_shape.push_back(n);
    if (dim2 > 1) output_shape.push_back(p);
    if (vector_rhs) return unsafe_view(squeeze(bmm(t1e, t2e), -1), output_shape);
    return unsafe_view(bmm(t1e, t2e), output_shape);
}

Tensor linear(const Tensor& x, const Tensor& weight, const Tensor& bias) {
    // a layer whose weight a program set to None (m.weight = None): PyTorch's argument parser refuses it
    KILN_CHECK(weight.defined(), TypeError, "linear(): argument 'weight' (position 2) must be Tensor, not NoneType");
    KILN_AUTOCAST(x, linear(amp::lower(x), amp::lower(weight), amp::lower(bias)));
    KILN_CHECK(x.dim() != 0 && weight.dim() != 0, RuntimeError,
               "both arguments to linear need to be at least 1D, but they are ", x.dim(), "D and ", weight.dim(), "D");
    // ATen's at::linear: addmm for 2-d input with bias (AddmmBackward0); contiguous N-d input with a
    // 1-d bias is flattened to 2-d, run through addmm and viewed back (ViewBackward0); everything
    // else is matmul(x, w.t()) plus the bias.
    if (x.dim() == 2 && bias.defined()) return addmm(bias, x, t(weight));
    if (bias.defined() && x.is_contiguous() && (x.dim() == 3 || bias.dim() == 1)) {
        const Shape& sizes = x.sizes();
        int64_t flattened = 1;
        for (size_t i = 0; i + 1 < sizes.size(); ++i) flattened *= sizes[i];
        Tensor result = addmm(bias, reshape(x, {flattened, sizes.back()}), t(weight));
        Shape out_shape(sizes.begin(), sizes.end() - 1);
        out_shape.push_back(result.size(1));
        return view(result, out_shape);
    }
    Tensor out = matmul(x, t(weight));
    if (bias.defined()) out = add(out, bias);
    return out;
}

}  // namespace kiln
