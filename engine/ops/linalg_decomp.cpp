// torch.linalg's decompositions (see linalg_decomp.h): the numerical kernels and their autograd.
//
// The kernels are plain loops over one row-major float64 matrix at a time; a batch is its leading
// dims flattened. float32 inputs are widened on the way in and rounded once on the way out, so the
// results agree with LAPACK's float32 answers to float32 precision (LAPACK itself works in the
// input's precision; the last bits can differ, the parity programs print rounded values).
//
// Algorithms: LU with partial pivoting (LAPACK getrf's choices: the largest |entry| of the column is
// the pivot, a zero pivot is recorded and skipped), Cholesky by columns, Householder tridiagonalization
// and implicit QL iterations for the symmetric eigenproblem (EISPACK's tred2/tql2), one-sided
// (Hestenes) Jacobi for the SVD (accurate for small singular values; the full U is completed by a
// QR), Householder QR with LAPACK's
// reflector convention (beta = -sign(alpha) * ||x||, so R's diagonal signs match LAPACK's geqrf), and
// the matrix exponential by scaling and squaring of a Taylor series. Eigenvector and singular-vector
// signs are LAPACK implementation details that PyTorch does not promise; Kiln makes the entry of
// largest magnitude in each eigenvector / left singular vector positive.
//
// Backward formulas are the standard real-valued ones PyTorch uses (derivatives.yaml's
// linalg_* entries), written with differentiable ops so that double backward works through them.
#include "ops/linalg_decomp.h"

#include "ops/linalg_eig.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <vector>

#include "autograd/grad_mode.h"
#include "autograd/node.h"
#include "ops/ops.h"
#include "ops/tensor_extra.h"
#include "support/error.h"
#include "tensor/meta.h"
#include "tensor/shape.h"

namespace kiln {

using autograd::Grads;
using autograd::SavedTensor;

namespace {

constexpr double kEps = std::numeric_limits<double>::epsilon();

Tensor mT(const Tensor& t) { return transpose(t, -2, -1); }

// A numerical failure (singular, not positive-definite, no convergence): torch.linalg.LinAlgError.
#define LINALG_CHECK(cond, ...) \
    do {                        \
        if (!(cond)) throw LinAlgFailure(::kiln::str(__VA_ARGS__)); \
    } while (0)

// v (..., n) -> (..., n, n) with v on the diagonal; differentiable (v * I).
Tensor diag_embed_of(const Tensor& v) {
    const int64_t n = v.sizes().back();
    return mul(unsqueeze(v, -1), eye(n, std::nullopt, {v.dtype(), v.device()}));
}

void check_matrix(const Tensor& A, const char* fn, const char* arg = "A") {
    KILN_CHECK(A.dim() >= 2, RuntimeError, fn, ": The input tensor ", arg, " must have at least 2 dimensions.");
    // PyTorch decomposes complex matrices too; Kiln's kernels are real-only (float32/float64), so a
    // complex input is refused by name rather than by the dtype check below, whose wording would
    // contradict itself ("Expected a floating point or complex tensor ... Got ComplexDouble").
    KILN_CHECK(!dtype_is_complex(A.dtype()), NotImplementedError, fn, ": complex input (",
               dtype_scalar_type_name(A.dtype()), ") is not supported by Kiln's linalg yet: its kernels take float32 "
               "and float64 matrices");
    KILN_CHECK(dtype_is_floating(A.dtype()), RuntimeError, fn,
               ": Expected a floating point or complex tensor as input. Got ", dtype_scalar_type_name(A.dtype()));
    KILN_CHECK(A.dtype() == DType::Float32 || A.dtype() == DType::Float64, RuntimeError, fn,
               ": Low precision dtypes not supported. Got ", dtype_scalar_type_name(A.dtype()));
}

void check_square(const Tensor& A, const char* fn, const char* arg = "A") {
    check_matrix(A, fn, arg);
    const int64_t m = A.sizes()[size_t(A.dim() - 2)], n = A.sizes().back();
    KILN_CHECK(m == n, RuntimeError, fn, ": ", arg, " must be batches of square matrices, but they are ", m, " by ", n,
               " matrices");
}

// A batch of matrices as row-major float64 values.
struct Mats {
    Shape batch;
    int64_t m = 0, n = 0, count = 0;
    std::vector<double> v;
    double* at(int64_t b) { return v.data() + b * m * n; }
};

Mats load(const Tensor& A) {
    Mats r;
    r.m = A.sizes()[size_t(A.dim() - 2)];
    r.n = A.sizes().back();
    r.batch = Shape(A.sizes().begin(), A.sizes().end() - 2);
    r.count = 1;
    for (int64_t s : r.batch) r.count *= s;
    r.v = contiguous(to_device(A.detach(), Device::CPU, DType::Float64)).to_double_vector();
    return r;
}

Shape with_batch(const Shape& batch, std::initializer_list<int64_t> tail) {
    Shape s = batch;
    s.insert(s.end(), tail.begin(), tail.end());
    return s;
}

Tensor store(const std::vector<double>& v, const Shape& shape, const Tensor& like) {
    Tensor t = tensor(v, shape, like.dtype());
    return like.device() == Device::CPU ? t : to_device(t, like.device());
}

// Meta mode (tensor/meta.h: Dynamo's example values, AOT autograd's typed backward nodes): a result
// with the layout the computed one has (row-major, as store() writes it) and no values. The numerical
// checks (singular, not positive-definite) read data and are skipped, as PyTorch's meta kernels do.
Tensor meta_result(const Shape& shape, const Tensor& like) {
    Tensor t = Tensor::empty(shape, like.dtype(), like.device());
    mark_meta(t.impl()->storage.get());
    return t;
}

Shape batch_of(const Tensor& A) { return Shape(A.sizes().begin(), A.sizes().end() - 2); }

// PyTorch prefixes a batched input's error with the failing matrix.
std::string batch_prefix(const Tensor& A, int64_t b) {
    return A.dim() > 2 ? str("(Batch element ", b, "): ") : std::string();
}

// ---- kernels ---------------------------------------------------------------------------------------

// In-place LU of the n x n matrix a (L unit lower below the diagonal, U on and above), piv[k] the row
// swapped with row k. Returns 0, or the 1-based index of the first exactly-zero pivot (LAPACK's info).
int64_t lu_factor(double* a, int64_t n, std::vector<int64_t>& piv, int& sign) {
    piv.assign(size_t(n), 0);
    sign = 1;
    int64_t info = 0;
    for (int64_t k = 0; k < n; ++k) {
        int64_t p = k;
        for (int64_t i = k + 1; i < n; ++i)
            if (std::fabs(a[i * n + k]) > std::fabs(a[p * n + k])) p = i;
        piv[size_t(k)] = p;
        if (a[p * n + k] == 0.0) {
            if (!info) info = k + 1;
            continue;
        }
        if (p != k) {
            for (int64_t j = 0; j < n; ++j) std::swap(a[k * n + j], a[p * n + j]);
            sign = -sign;
        }
        const double d = a[k * n + k];
        for (int64_t i = k + 1; i < n; ++i) {
            double& l = a[i * n + k];
            l /= d;
            if (l != 0.0)
                for (int64_t j = k + 1; j < n; ++j) a[i * n + j] -= l * a[k * n + j];
        }
    }
    return info;
}

// lu_factor for an m x n matrix (LAPACK getrf's rectangular case): min(m, n) pivot steps, whole
// rows swapped; piv[k] is the 0-based row swapped with row k. Returns info as lu_factor.
int64_t lu_factor_rect(double* a, int64_t m, int64_t n, std::vector<int64_t>& piv) {
    const int64_t k = std::min(m, n);
    piv.assign(size_t(k), 0);
    int64_t info = 0;
    for (int64_t c = 0; c < k; ++c) {
        int64_t p = c;
        for (int64_t i = c + 1; i < m; ++i)
            if (std::fabs(a[i * n + c]) > std::fabs(a[p * n + c])) p = i;
        piv[size_t(c)] = p;
        if (a[p * n + c] == 0.0) {
            if (!info) info = c + 1;
            continue;
        }
        if (p != c)
            for (int64_t j = 0; j < n; ++j) std::swap(a[c * n + j], a[p * n + j]);
        const double d = a[c * n + c];
        for (int64_t i = c + 1; i < m; ++i) {
            double& l = a[i * n + c];
            l /= d;
            if (l != 0.0)
                for (int64_t j = c + 1; j < n; ++j) a[i * n + j] -= l * a[c * n + j];
        }
    }
    return info;
}

// Solves (LU) X = B in place for B n x nrhs (row-major), with lu/piv from lu_factor.
void lu_solve(const double* lu, const std::vector<int64_t>& piv, int64_t n, double* b, int64_t nrhs) {
    for (int64_t k = 0; k < n; ++k)
        if (piv[size_t(k)] != k)
            for (int64_t j = 0; j < nrhs; ++j) std::swap(b[k * nrhs + j], b[piv[size_t(k)] * nrhs + j]);
    for (int64_t i = 0; i < n; ++i)
        for (int64_t k = 0; k < i; ++k) {
            const double l = lu[i * n + k];
            if (l != 0.0)
                for (int64_t j = 0; j < nrhs; ++j) b[i * nrhs + j] -= l * b[k * nrhs + j];
        }
    for (int64_t i = n - 1; i >= 0; --i) {
        for (int64_t k = i + 1; k < n; ++k) {
            const double u = lu[i * n + k];
            if (u != 0.0)
                for (int64_t j = 0; j < nrhs; ++j) b[i * nrhs + j] -= u * b[k * nrhs + j];
        }
        for (int64_t j = 0; j < nrhs; ++j) b[i * nrhs + j] /= lu[i * n + i];
    }
}

// Lower Cholesky factor of the n x n matrix a (lower triangle read) into l; 0 or the order of the
// first leading minor that is not positive-definite.
int64_t cholesky_lower(const double* a, int64_t n, double* l) {
    std::fill(l, l + n * n, 0.0);
    for (int64_t j = 0; j < n; ++j) {
        double s = a[j * n + j];
        for (int64_t k = 0; k < j; ++k) s -= l[j * n + k] * l[j * n + k];
        if (!(s > 0.0)) return j + 1;
        const double d = std::sqrt(s);
        l[j * n + j] = d;
        for (int64_t i = j + 1; i < n; ++i) {
            double t = a[i * n + j];
            for (int64_t k = 0; k < j; ++k) t -= l[i * n + k] * l[j * n + k];
            l[i * n + j] = t / d;
        }
    }
    return 0;
}

// Makes the entry of largest magnitude of column j of the rows x cols matrix x positive; returns
// whether it flipped.
bool normalize_column_sign(double* x, int64_t rows, int64_t cols, int64_t j) {
    int64_t best = 0;
    for (int64_t i = 1; i < rows; ++i)
        if (std::fabs(x[i * cols + j]) > std::fabs(x[best * cols + j]) * (1.0 + 1e-12)) best = i;
    if (x[best * cols + j] >= 0.0) return false;
    for (int64_t i = 0; i < rows; ++i) x[i * cols + j] = -x[i * cols + j];
    return true;
}

// Symmetric eigenproblem of the n x n symmetric matrix a (row-major; destroyed): w ascending, v's
// columns the eigenvectors. False if the QL iteration did not converge.
//
// The classic EISPACK route: Householder reduction to tridiagonal form accumulating the orthogonal
// transform (tred2), then implicit QL iterations with Wilkinson-style shifts on the tridiagonal
// matrix, rotating the accumulated vectors along (tql2). The vectors are kept as rows of `z`
// (z[i] is the i-th vector), so every rotation walks contiguous memory.
bool tridiagonal_eigh(double* a, int64_t n, double* w, double* v) {
    if (n == 0) return true;
    // V = a, reduced in place; d diagonal, e sub-diagonal.
    std::vector<double> V(a, a + n * n), d(static_cast<size_t>(n)), e(static_cast<size_t>(n));
    auto at = [&](int64_t i, int64_t j) -> double& { return V[size_t(i * n + j)]; };
    for (int64_t j = 0; j < n; ++j) d[size_t(j)] = at(n - 1, j);
    for (int64_t i = n - 1; i > 0; --i) {
        double scale = 0.0, h = 0.0;
        for (int64_t k = 0; k < i; ++k) scale += std::fabs(d[size_t(k)]);
        if (scale == 0.0) {
            e[size_t(i)] = d[size_t(i - 1)];
            for (int64_t j = 0; j < i; ++j) {
                d[size_t(j)] = at(i - 1, j);
                at(i, j) = 0.0;
                at(j, i) = 0.0;
            }
        } else {
            for (int64_t k = 0; k < i; ++k) {
                d[size_t(k)] /= scale;
                h += d[size_t(k)] * d[size_t(k)];
            }
            double f = d[size_t(i - 1)];
            double g = std::sqrt(h);
            if (f > 0) g = -g;
            e[size_t(i)] = scale * g;
            h -= f * g;
            d[size_t(i - 1)] = f - g;
            for (int64_t j = 0; j < i; ++j) e[size_t(j)] = 0.0;
            for (int64_t j = 0; j < i; ++j) {
                f = d[size_t(j)];
                at(j, i) = f;
                g = e[size_t(j)] + at(j, j) * f;
                for (int64_t k = j + 1; k <= i - 1; ++k) {
                    g += at(k, j) * d[size_t(k)];
                    e[size_t(k)] += at(k, j) * f;
                }
                e[size_t(j)] = g;
            }
            f = 0.0;
            for (int64_t j = 0; j < i; ++j) {
                e[size_t(j)] /= h;
                f += e[size_t(j)] * d[size_t(j)];
            }
            const double hh = f / (h + h);
            for (int64_t j = 0; j < i; ++j) e[size_t(j)] -= hh * d[size_t(j)];
            for (int64_t j = 0; j < i; ++j) {
                f = d[size_t(j)];
                g = e[size_t(j)];
                for (int64_t k = j; k <= i - 1; ++k) at(k, j) -= (f * e[size_t(k)] + g * d[size_t(k)]);
                d[size_t(j)] = at(i - 1, j);
                at(i, j) = 0.0;
            }
        }
        d[size_t(i)] = h;
    }
    // Accumulate the transformations.
    for (int64_t i = 0; i < n - 1; ++i) {
        at(n - 1, i) = at(i, i);
        at(i, i) = 1.0;
        const double h = d[size_t(i + 1)];
        if (h != 0.0) {
            for (int64_t k = 0; k <= i; ++k) d[size_t(k)] = at(k, i + 1) / h;
            for (int64_t j = 0; j <= i; ++j) {
                double g = 0.0;
                for (int64_t k = 0; k <= i; ++k) g += at(k, i + 1) * at(k, j);
                for (int64_t k = 0; k <= i; ++k) at(k, j) -= g * d[size_t(k)];
            }
        }
        for (int64_t k = 0; k <= i; ++k) at(k, i + 1) = 0.0;
    }
    for (int64_t j = 0; j < n; ++j) {
        d[size_t(j)] = at(n - 1, j);
        at(n - 1, j) = 0.0;
    }
    at(n - 1, n - 1) = 1.0;
    e[0] = 0.0;

    // z: the vectors as rows (z[k] = column k of V).
    std::vector<double> z(size_t(n * n));
    for (int64_t i = 0; i < n; ++i)
        for (int64_t k = 0; k < n; ++k) z[size_t(k * n + i)] = at(i, k);
    for (int64_t i = 1; i < n; ++i) e[size_t(i - 1)] = e[size_t(i)];
    e[size_t(n - 1)] = 0.0;
    double f = 0.0, tst1 = 0.0;
    bool converged = true;
    for (int64_t l = 0; l < n; ++l) {
        tst1 = std::max(tst1, std::fabs(d[size_t(l)]) + std::fabs(e[size_t(l)]));
        int64_t m = l;
        while (m < n) {
            if (std::fabs(e[size_t(m)]) <= kEps * tst1) break;
            ++m;
        }
        if (m == n) m = n - 1;
        if (m > l) {
            int iter = 0;
            do {
                if (++iter > 60) {
                    converged = false;
                    break;
                }
                double g = d[size_t(l)];
                double p = (d[size_t(l + 1)] - g) / (2.0 * e[size_t(l)]);
                double r = std::hypot(p, 1.0);
                if (p < 0) r = -r;
                d[size_t(l)] = e[size_t(l)] / (p + r);
                d[size_t(l + 1)] = e[size_t(l)] * (p + r);
                const double dl1 = d[size_t(l + 1)];
                double h = g - d[size_t(l)];
                for (int64_t i = l + 2; i < n; ++i) d[size_t(i)] -= h;
                f += h;
                p = d[size_t(m)];
                double c = 1.0, c2 = 1.0, c3 = 1.0;
                const double el1 = e[size_t(l + 1)];
                double sn = 0.0, s2 = 0.0;
                for (int64_t i = m - 1; i >= l; --i) {
                    c3 = c2;
                    c2 = c;
                    s2 = sn;
                    g = c * e[size_t(i)];
                    h = c * p;
                    r = std::hypot(p, e[size_t(i)]);
                    e[size_t(i + 1)] = sn * r;
                    sn = e[size_t(i)] / r;
                    c = p / r;
                    p = c * d[size_t(i)] - sn * g;
                    d[size_t(i + 1)] = h + sn * (c * g + sn * d[size_t(i)]);
                    double* zi = z.data() + i * n;
                    double* zi1 = z.data() + (i + 1) * n;
                    for (int64_t k = 0; k < n; ++k) {
                        const double t = zi1[k];
                        zi1[k] = sn * zi[k] + c * t;
                        zi[k] = c * zi[k] - sn * t;
                    }
                }
                p = -sn * s2 * c3 * el1 * e[size_t(l)] / dl1;
                e[size_t(l)] = sn * p;
                d[size_t(l)] = c * p;
            } while (std::fabs(e[size_t(l)]) > kEps * tst1);
        }
        d[size_t(l)] += f;
        e[size_t(l)] = 0.0;
    }
    // Ascending order, carrying the vectors; each vector's largest entry made positive.
    std::vector<int64_t> order(static_cast<size_t>(n));
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](int64_t x, int64_t y) { return d[size_t(x)] < d[size_t(y)]; });
    for (int64_t j = 0; j < n; ++j) {
        const int64_t o = order[size_t(j)];
        w[j] = d[size_t(o)];
        for (int64_t i = 0; i < n; ++i) v[i * n + j] = z[size_t(o * n + i)];
    }
    for (int64_t j = 0; j < n; ++j) normalize_column_sign(v, n, n, j);
    return converged;
}

void householder_qr(const double* a, int64_t m, int64_t n, double* q, int64_t qcols, double* r, int64_t rrows);

// Extends the first `have` orthonormal columns of the rows x cols matrix q to `cols` orthonormal
// columns: the complete QR of those columns gives an orthonormal basis whose first `have` vectors
// span the same space, so its next ones are orthogonal to them.
void complete_basis(double* q, int64_t rows, int64_t cols, int64_t have) {
    if (have >= cols) return;
    std::vector<double> block(size_t(rows * std::max<int64_t>(have, 1)), 0.0);
    for (int64_t i = 0; i < rows; ++i)
        for (int64_t j = 0; j < have; ++j) block[size_t(i * have + j)] = q[i * cols + j];
    std::vector<double> Q(size_t(rows * rows)), R(size_t(rows * std::max<int64_t>(have, 1)));
    if (have == 0) {
        for (int64_t i = 0; i < rows * rows; ++i) Q[size_t(i)] = (i / rows == i % rows) ? 1.0 : 0.0;
    } else {
        householder_qr(block.data(), rows, have, Q.data(), rows, R.data(), rows);
    }
    for (int64_t i = 0; i < rows; ++i)
        for (int64_t j = have; j < cols; ++j) q[i * cols + j] = Q[size_t(i * rows + j)];
}

// SVD of the tall (m >= n) matrix a by one-sided Jacobi: u m x ucols (ucols = n or m), s n, v n x n
// (A = U diag(s) V^T, s descending). False if it did not converge. The columns being
// orthogonalized are kept as rows of `wt` (and V's columns as rows of `vt`): every dot product and
// rotation walks contiguous memory.
bool jacobi_svd_tall(const double* a, int64_t m, int64_t n, double* u, int64_t ucols, double* s, double* v) {
    std::vector<double> wt(size_t(n * m)), vt(size_t(n * n), 0.0);
    for (int64_t i = 0; i < m; ++i)
        for (int64_t j = 0; j < n; ++j) wt[size_t(j * m + i)] = a[i * n + j];
    for (int64_t j = 0; j < n; ++j) vt[size_t(j * n + j)] = 1.0;
    // Columns whose squared norm is at rounding level of the whole matrix's carry no direction:
    // rotating them against others would chase rounding noise forever (a rank-deficient input).
    double frob2 = 0.0;
    for (double x : wt) frob2 += x * x;
    const double negligible = frob2 * kEps * kEps;
    bool converged = false;
    for (int sweep = 0; sweep < 80 && !converged; ++sweep) {
        converged = true;
        for (int64_t p = 0; p < n - 1; ++p)
            for (int64_t q = p + 1; q < n; ++q) {
                double* xp = wt.data() + p * m;
                double* xq = wt.data() + q * m;
                double alpha = 0.0, beta = 0.0, gamma = 0.0;
                for (int64_t i = 0; i < m; ++i) {
                    alpha += xp[i] * xp[i];
                    beta += xq[i] * xq[i];
                    gamma += xp[i] * xq[i];
                }
                if (gamma == 0.0 || std::fabs(gamma) <= kEps * std::sqrt(alpha * beta)) continue;
                if (alpha <= negligible || beta <= negligible) continue;
                converged = false;
                const double zeta = (beta - alpha) / (2.0 * gamma);
                const double t = (zeta >= 0 ? 1.0 : -1.0) / (std::fabs(zeta) + std::sqrt(1.0 + zeta * zeta));
                const double c = 1.0 / std::sqrt(1.0 + t * t), sn = c * t;
                for (int64_t i = 0; i < m; ++i) {
                    const double a0 = xp[i], b0 = xq[i];
                    xp[i] = c * a0 - sn * b0;
                    xq[i] = sn * a0 + c * b0;
                }
                double* vp = vt.data() + p * n;
                double* vq = vt.data() + q * n;
                for (int64_t i = 0; i < n; ++i) {
                    const double a0 = vp[i], b0 = vq[i];
                    vp[i] = c * a0 - sn * b0;
                    vq[i] = sn * a0 + c * b0;
                }
            }
    }
    std::vector<double> norms(static_cast<size_t>(n));
    for (int64_t j = 0; j < n; ++j) {
        double t = 0.0;
        for (int64_t i = 0; i < m; ++i) t += wt[size_t(j * m + i)] * wt[size_t(j * m + i)];
        norms[size_t(j)] = std::sqrt(t);
    }
    std::vector<int64_t> order(static_cast<size_t>(n));
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](int64_t x, int64_t y) { return norms[size_t(x)] > norms[size_t(y)]; });
    std::fill(u, u + m * ucols, 0.0);
    const double smax = n > 0 ? norms[size_t(order[0])] : 0.0;
    int64_t rank = 0;
    for (int64_t j = 0; j < n; ++j) {
        const int64_t o = order[size_t(j)];
        s[j] = norms[size_t(o)];
        for (int64_t i = 0; i < n; ++i) v[i * n + j] = vt[size_t(o * n + i)];
        // Columns of (numerically) zero norm carry no direction: they are completed below.
        if (s[j] > 0.0 && s[j] > smax * kEps * double(std::max(m, n)) * 1e-3) {
            for (int64_t i = 0; i < m; ++i) u[i * ucols + j] = wt[size_t(o * m + i)] / s[j];
            rank = j + 1;
        }
    }
    complete_basis(u, m, ucols, rank);
    for (int64_t j = 0; j < n; ++j)
        if (normalize_column_sign(u, m, ucols, j))
            for (int64_t i = 0; i < n; ++i) v[i * n + j] = -v[i * n + j];
    return converged;
}

// Householder QR of the m x n matrix a: r (rrows x n, rrows = k or m), q (m x qcols, qcols = k or m;
// null for mode 'r'), k = min(m, n). LAPACK's geqr2/org2r reflectors.
void householder_qr(const double* a, int64_t m, int64_t n, double* q, int64_t qcols, double* r, int64_t rrows) {
    const int64_t k = std::min(m, n);
    std::vector<double> w(a, a + m * n), taus(size_t(k), 0.0), vs(size_t(m * k), 0.0);
    for (int64_t j = 0; j < k; ++j) {
        const double alpha = w[size_t(j * n + j)];
        double xnorm = 0.0;
        for (int64_t i = j + 1; i < m; ++i) xnorm = std::hypot(xnorm, w[size_t(i * n + j)]);
        double* v = vs.data() + j * m;
        v[j] = 1.0;
        if (xnorm == 0.0) continue;  // H = I (tau 0)
        const double beta = -std::copysign(std::hypot(alpha, xnorm), alpha);
        const double tau = (beta - alpha) / beta;
        taus[size_t(j)] = tau;
        for (int64_t i = j + 1; i < m; ++i) v[i] = w[size_t(i * n + j)] / (alpha - beta);
        w[size_t(j * n + j)] = beta;
        for (int64_t i = j + 1; i < m; ++i) w[size_t(i * n + j)] = 0.0;
        for (int64_t c = j + 1; c < n; ++c) {
            double d = 0.0;
            for (int64_t i = j; i < m; ++i) d += v[i] * w[size_t(i * n + c)];
            d *= tau;
            for (int64_t i = j; i < m; ++i) w[size_t(i * n + c)] -= d * v[i];
        }
    }
    for (int64_t i = 0; i < rrows; ++i)
        for (int64_t c = 0; c < n; ++c) r[i * n + c] = i < m ? w[size_t(i * n + c)] : 0.0;
    if (!q) return;
    for (int64_t i = 0; i < m * qcols; ++i) q[i] = (i / qcols == i % qcols) ? 1.0 : 0.0;
    for (int64_t j = k - 1; j >= 0; --j) {
        const double tau = taus[size_t(j)];
        if (tau == 0.0) continue;
        const double* v = vs.data() + j * m;
        for (int64_t c = 0; c < qcols; ++c) {
            double d = 0.0;
            for (int64_t i = j; i < m; ++i) d += v[i] * q[i * qcols + c];
            d *= tau;
            for (int64_t i = j; i < m; ++i) q[i * qcols + c] -= d * v[i];
        }
    }
}

void matmul_sq(const double* a, const double* b, double* c, int64_t n) {
    std::fill(c, c + n * n, 0.0);
    for (int64_t i = 0; i < n; ++i)
        for (int64_t k = 0; k < n; ++k) {
            const double x = a[i * n + k];
            if (x != 0.0)
                for (int64_t j = 0; j < n; ++j) c[i * n + j] += x * b[k * n + j];
        }
}

// exp(a) for the n x n matrix a: scaled by 2^-s so that its 1-norm is at most 1/2, a Taylor series
// summed until its terms stop changing the sum, then squared s times.
void expm(const double* a, int64_t n, double* out) {
    double norm = 0.0;
    for (int64_t j = 0; j < n; ++j) {
        double c = 0.0;
        for (int64_t i = 0; i < n; ++i) c += std::fabs(a[i * n + j]);
        norm = std::max(norm, c);
    }
    if (!std::isfinite(norm)) {
        std::fill(out, out + n * n, std::numeric_limits<double>::quiet_NaN());
        return;
    }
    int s = norm > 0.5 ? int(std::ceil(std::log2(norm / 0.5))) : 0;
    const double scale = std::ldexp(1.0, -s);
    std::vector<double> x(a, a + n * n), term(size_t(n * n)), next(size_t(n * n));
    for (double& e : x) e *= scale;
    for (int64_t i = 0; i < n * n; ++i) out[i] = term[size_t(i)] = (i / n == i % n) ? 1.0 : 0.0;
    for (int k = 1; k < 40; ++k) {
        matmul_sq(term.data(), x.data(), next.data(), n);
        double tn = 0.0, on = 0.0;
        for (int64_t i = 0; i < n * n; ++i) {
            term[size_t(i)] = next[size_t(i)] / k;
            out[i] += term[size_t(i)];
            tn = std::max(tn, std::fabs(term[size_t(i)]));
            on = std::max(on, std::fabs(out[i]));
        }
        if (tn <= on * kEps * 0.5) break;
    }
    for (int i = 0; i < s; ++i) {
        matmul_sq(out, out, next.data(), n);
        std::copy(next.begin(), next.end(), out);
    }
}

// ---- shared pieces of the ops ------------------------------------------------------------------------

// LU factors of every matrix of A; fails with `fn`'s singular-matrix text when asked.
struct LU {
    Mats lu;
    std::vector<std::vector<int64_t>> piv;
    std::vector<int> sign;
    std::vector<int64_t> info;
};

LU factor_all(const Tensor& A) {
    LU r;
    r.lu = load(A);
    const int64_t n = r.lu.n;
    r.piv.resize(size_t(r.lu.count));
    r.sign.resize(size_t(r.lu.count));
    r.info.resize(size_t(r.lu.count));
    for (int64_t b = 0; b < r.lu.count; ++b) r.info[size_t(b)] = lu_factor(r.lu.at(b), n, r.piv[size_t(b)], r.sign[size_t(b)]);
    return r;
}

}  // namespace

// ---- inv / det / slogdet / solve ---------------------------------------------------------------------

// A complex matrix X + iY as the real 2n x 2n matrix [[X, -Y], [Y, X]] (an algebra homomorphism:
// products and inverses map to products and inverses), built from differentiable ops so that
// autograd reaches X and Y and through them A.
static Tensor complex_as_real_block(const Tensor& A) {
    Tensor X = real(A), Y = imag(A);
    return cat({cat({X, neg(Y)}, -1), cat({Y, X}, -1)}, -2);
}

Tensor linalg_inv(const Tensor& A) {
    if (dtype_is_complex(A.dtype()) && A.dim() >= 2 && A.sizes().back() == A.sizes()[size_t(A.dim() - 2)]) {
        // (X + iY)^-1 = P + iQ with [[P, -Q], [Q, P]] the inverse of the real block form
        const int64_t n = A.sizes().back();
        Tensor Minv = linalg_inv(complex_as_real_block(A));
        Tensor left = narrow(Minv, -1, 0, n);
        return complex(narrow(left, -2, 0, n), narrow(left, -2, n, n));
    }
    check_square(A, "linalg.inv");
    Tensor r;
    if (meta_mode()) {
        r = meta_result(A.sizes(), A);
    } else {
        LU f = factor_all(A);
        const int64_t n = f.lu.n;
        std::vector<double> out(size_t(f.lu.count * n * n));
        for (int64_t b = 0; b < f.lu.count; ++b) {
            LINALG_CHECK(f.info[size_t(b)] == 0, "linalg.inv: ", batch_prefix(A, b), "The diagonal element ",
                         f.info[size_t(b)], " is zero, the inversion could not be completed because the input matrix is singular.");
            double* x = out.data() + b * n * n;
            for (int64_t i = 0; i < n; ++i) x[i * n + i] = 1.0;
            lu_solve(f.lu.at(b), f.piv[size_t(b)], n, x, n);
        }
        r = store(out, A.sizes(), A);
    }
    if (autograd::needs_grad({A})) {
        SavedTensor saved(r.detach());
        autograd::record("LinalgInvExBackward0", {A}, {r}, [saved](const Grads& g) {
            Tensor inv_t = mT(saved.get());
            return Grads{neg(matmul(inv_t, matmul(g[0], inv_t)))};
        });
    }
    return r;
}

// det and slogdet factor A^T when A is contiguous (ATen's optimisation: LAPACK wants column-major
// data, and det(A^T) = det(A)), so their pivots and rounding are those of A^T's LU.
static LU factor_for_det(const Tensor& A) { return factor_all(A.is_contiguous() ? mT(A) : A); }

Tensor linalg_det(const Tensor& A) {
    check_square(A, "linalg.det");
    Tensor r;
    if (meta_mode()) {
        r = meta_result(batch_of(A), A);
    } else {
        LU f = factor_for_det(A);
        const int64_t n = f.lu.n;
        std::vector<double> out(size_t(f.lu.count));
        for (int64_t b = 0; b < f.lu.count; ++b) {
            double d = f.sign[size_t(b)];
            for (int64_t i = 0; i < n; ++i) d *= f.lu.at(b)[i * n + i];
            out[size_t(b)] = d;
        }
        r = store(out, f.lu.batch, A);
    }
    if (autograd::needs_grad({A})) {
        SavedTensor sa(A), sr(r.detach());
        autograd::record("LinalgDetBackward0", {A}, {r}, [sa, sr](const Grads& g) {
            return Grads{linalg_det_backward(g[0], sa.get(), sr.get())};
        });
    }
    return r;
}

// ATen's linalg_det_backward: G solves A^T G = grad * det * I.
// - Without create_graph: through the forward's LU (of A^T for a contiguous A) with every zero pivot
//   replaced by the dtype's epsilon, so a singular matrix (det exactly 0) gets G = 0.
// - With create_graph: differentiable formulas, det recomputed from A so that it is part of the
//   graph: linalg_solve(A^T, d) where |det| >= 100 eps, else the adjugate from the SVD
//   (U diag(alpha * prod_{j != i} s_j) Vh, alpha = grad * det(U) det(Vh)), matrix by matrix.
Tensor linalg_det_backward(const Tensor& grad, const Tensor& A, const Tensor& det) {
    const double eps = A.dtype() == DType::Float32 ? double(std::numeric_limits<float>::epsilon())
                                                   : std::numeric_limits<double>::epsilon();
    const int64_t n = A.sizes().back();
    if (!autograd::grad_enabled()) {
        LU f = factor_for_det(A);
        std::vector<double> gd = contiguous(to_device(mul(grad, det).detach(), Device::CPU, DType::Float64)).to_double_vector();
        std::vector<double> out(size_t(f.lu.count * n * n), 0.0);
        for (int64_t b = 0; b < f.lu.count; ++b) {
            double* lu = f.lu.at(b);
            for (int64_t i = 0; i < n; ++i)
                if (lu[i * n + i] == 0.0) lu[i * n + i] = eps;
            double* x = out.data() + b * n * n;
            for (int64_t i = 0; i < n; ++i) x[i * n + i] = gd[size_t(b)];
            if (A.is_contiguous()) {
                lu_solve(lu, f.piv[size_t(b)], n, x, n);  // the LU is A^T's: X = A^-T d
            } else {
                // the LU is A's: X^T = A^-1 d^T, and d is diagonal
                lu_solve(lu, f.piv[size_t(b)], n, x, n);
                for (int64_t i = 0; i < n; ++i)
                    for (int64_t j = i + 1; j < n; ++j) std::swap(x[i * n + j], x[j * n + i]);
            }
        }
        return store(out, A.sizes(), A);
    }
    Tensor d_det = linalg_det(A);  // the graph's det: higher derivatives see its dependence on A
    Tensor scale = unsqueeze(unsqueeze(mul(grad, d_det), -1), -1);
    Tensor I = eye(n, std::nullopt, {A.dtype(), A.device()});
    auto nonsingular = [&](const Tensor& a, const Tensor& sc) { return linalg_solve(mT(a), mul(sc, I), true); };
    auto singular = [&](const Tensor& a, const Tensor& gr) {
        auto [U, S, Vh] = linalg_svd(a, true);
        Tensor alpha = mul(mul(linalg_det(U), linalg_det(Vh)), gr);
        std::vector<Tensor> cols;  // prod_{j != i} s_j, as a product with s_i replaced by 1
        for (int64_t i = 0; i < n; ++i) {
            std::vector<double> mv(size_t(n), 1.0);
            mv[size_t(i)] = 0.0;
            Tensor mask = tensor(mv, {n}, S.dtype());
            cols.push_back(prod(add(mul(S, mask), rsub(mask, Scalar(1.0))), -1, false));
        }
        Tensor D = mul(unsqueeze(alpha, -1), stack(cols, -1));
        return matmul(mul(U, unsqueeze(D, -2)), Vh);
    };
    std::vector<double> dv = contiguous(to_device(d_det.detach(), Device::CPU, DType::Float64)).to_double_vector();
    size_t n_singular = 0;
    for (double v : dv) n_singular += std::fabs(v) < 100.0 * eps;
    if (n_singular == 0) return nonsingular(A, scale);
    if (n_singular == dv.size()) return singular(A, grad);
    // a batch with both kinds: matrix by matrix, stacked back (select/stack keep the graph)
    Shape batch(A.sizes().begin(), A.sizes().end() - 2);
    Tensor a_flat = reshape(A, {int64_t(dv.size()), n, n});
    Tensor g_flat = reshape(grad, {int64_t(dv.size())});
    Tensor s_flat = reshape(scale, {int64_t(dv.size()), 1, 1});
    std::vector<Tensor> parts;
    for (size_t b = 0; b < dv.size(); ++b) {
        const int64_t i = int64_t(b);
        parts.push_back(std::fabs(dv[b]) < 100.0 * eps ? singular(select(a_flat, 0, i), select(g_flat, 0, i))
                                                       : nonsingular(select(a_flat, 0, i), select(s_flat, 0, i)));
    }
    return reshape(stack(parts, 0), A.sizes());
}

std::pair<Tensor, Tensor> linalg_slogdet(const Tensor& A) {
    check_square(A, "linalg.slogdet");
    Tensor sg, la;
    if (meta_mode()) {
        sg = meta_result(batch_of(A), A);
        la = meta_result(batch_of(A), A);
    } else {
        LU f = factor_for_det(A);
        const int64_t n = f.lu.n;
        std::vector<double> sign(size_t(f.lu.count)), logabs(size_t(f.lu.count));
        for (int64_t b = 0; b < f.lu.count; ++b) {
            // sign = prod(sgn(diag U)) * det(P), in that order: a singular matrix with an odd
            // permutation has sign -0.0.
            double s = 1.0, l = 0.0;
            for (int64_t i = 0; i < n; ++i) {
                const double u = f.lu.at(b)[i * n + i];
                s *= double((u > 0) - (u < 0));
                l += std::log(std::fabs(u));
            }
            sign[size_t(b)] = s * f.sign[size_t(b)];
            logabs[size_t(b)] = l;
        }
        sg = store(sign, f.lu.batch, A);
        la = store(logabs, f.lu.batch, A);
    }
    if (autograd::needs_grad({A})) {
        SavedTensor sa(A);
        // Only logabsdet is differentiable; its gradient is A^{-T}.
        autograd::record("LinalgSlogdetBackward0", {A}, {la}, [sa](const Grads& g) {
            Tensor scale = unsqueeze(unsqueeze(g[0], -1), -1);
            return Grads{mul(scale, mT(linalg_inv(sa.get())))};
        });
    }
    return {sg, la};
}

Tensor linalg_solve(const Tensor& A, const Tensor& B, bool left) {
    if (dtype_is_complex(A.dtype()) && dtype_is_complex(B.dtype()) && A.dim() >= 2 &&
        A.sizes().back() == A.sizes()[size_t(A.dim() - 2)] && left) {
        // the real block form: [[X, -Y], [Y, X]] [Re x; Im x] = [Re b; Im b]
        const int64_t n = A.sizes().back();
        const bool vector = B.dim() == 1 || (B.dim() == A.dim() - 1 && B.sizes() == Shape(A.sizes().begin(), A.sizes().end() - 1));
        Tensor Bm = vector ? unsqueeze(B, -1) : B;
        Tensor rhs = cat({real(Bm), imag(Bm)}, -2);
        Tensor X = linalg_solve(complex_as_real_block(A), rhs, true);
        Tensor Z = complex(narrow(X, -2, 0, n), narrow(X, -2, n, n));
        return vector ? squeeze(Z, -1) : Z;
    }
    if (dtype_is_complex(A.dtype()) && dtype_is_complex(B.dtype()) && !left) return mT(linalg_solve(mT(A), mT(B), true));
    check_square(A, "linalg.solve");
    check_matrix(B.dim() >= 2 ? B : unsqueeze(B, -1), "linalg.solve", "B");
    KILN_CHECK(A.dtype() == B.dtype(), RuntimeError, "linalg.solve: Expected A and B to have the same dtype, but found A of type ",
               dtype_scalar_type_name(A.dtype()), " and B of type ", dtype_scalar_type_name(B.dtype()), " instead");
    if (!left) return mT(linalg_solve(mT(A), mT(B), true));
    const int64_t n = A.sizes().back();
    // B is a (batch of) vector(s) when 1-d, or when its shape is A's without the last dim.
    Shape a_batch(A.sizes().begin(), A.sizes().end() - 2);
    Shape a_no_last(A.sizes().begin(), A.sizes().end() - 1);
    const bool vector = B.dim() == 1 || (B.dim() == A.dim() - 1 && B.sizes() == a_no_last);
    Tensor Bm = vector ? unsqueeze(B, -1) : B;
    KILN_CHECK(Bm.sizes()[size_t(Bm.dim() - 2)] == n, RuntimeError,
               "linalg.solve: Incompatible shapes of A and B for the equation ", vector ? "AX = B" : "AX = B", " (",
               A.sizes()[size_t(A.dim() - 2)], "x", n, " and ", Bm.sizes()[size_t(Bm.dim() - 2)], "x", Bm.sizes().back(), ")");
    Shape b_batch(Bm.sizes().begin(), Bm.sizes().end() - 2);
    Shape batch = broadcast_shapes(a_batch, b_batch);
    const int64_t k = Bm.sizes().back();
    Tensor Ae = expand(A, with_batch(batch, {n, n}));
    Tensor Be = expand(Bm, with_batch(batch, {n, k}));
    Tensor X;
    if (meta_mode()) {
        X = meta_result(with_batch(batch, {n, k}), A);
    } else {
        LU f = factor_all(Ae);
        Mats rhs = load(Be);
        for (int64_t b = 0; b < f.lu.count; ++b) {
            LINALG_CHECK(f.info[size_t(b)] == 0, "torch.linalg.solve: ", batch_prefix(Ae, b),
                         "The solver failed because the input matrix is singular.");
            lu_solve(f.lu.at(b), f.piv[size_t(b)], n, rhs.at(b), k);
        }
        X = store(rhs.v, with_batch(batch, {n, k}), A);
    }
    if (autograd::needs_grad({Ae, Be})) {
        SavedTensor sa(Ae), sx(X.detach());
        // gB = A^{-T} gX, gA = -gB X^T.
        autograd::record("LinalgSolveExBackward0", {Ae, Be}, {X}, [sa, sx](const Grads& g) {
            Tensor gB = linalg_solve(mT(sa.get()), g[0], true);
            return Grads{neg(matmul(gB, mT(sx.get()))), gB};
        });
    }
    return vector ? squeeze(X, -1) : X;
}

// ---- cholesky ----------------------------------------------------------------------------------------

Tensor linalg_cholesky(const Tensor& A, bool upper) {
    check_square(A, "linalg.cholesky");
    Tensor L;
    if (meta_mode()) {
        L = meta_result(A.sizes(), A);
    } else {
        // LAPACK's potrf reads the triangle it is asked for: the upper one of A is the lower one of A^T.
        Mats a = load(upper ? mT(A) : A);
        const int64_t n = a.n;
        std::vector<double> out(size_t(a.count * n * n));
        for (int64_t b = 0; b < a.count; ++b) {
            int64_t info = cholesky_lower(a.at(b), n, out.data() + b * n * n);
            LINALG_CHECK(info == 0, "linalg.cholesky: ", batch_prefix(A, b),
                         "The factorization could not be completed because the input is not positive-definite (the leading "
                         "minor of order ", info, " is not positive-definite).");
        }
        L = store(out, A.sizes(), A);
    }
    if (autograd::needs_grad({A})) {
        SavedTensor sl(L.detach());
        autograd::record("LinalgCholeskyExBackward0", {A}, {L}, [sl](const Grads& g) {
            // A = L L^T: gA = L^{-T} Phi(L^T gL) L^{-1}, symmetrized (Phi: lower triangle, diagonal halved).
            Tensor Lw = sl.get();
            Tensor P = tril(matmul(mT(Lw), tril(g[0])));
            P = sub(P, mul(diag_embed_of(diagonal(P, 0, -2, -1)), Scalar(0.5)));
            Tensor Linv = linalg_inv(Lw);
            Tensor gA = matmul(mT(Linv), matmul(P, Linv));
            return Grads{mul(add(gA, mT(gA)), Scalar(0.5))};
        });
    }
    if (upper) {
        Tensor U = mT(L);
        return U;
    }
    return L;
}

// ---- eigh --------------------------------------------------------------------------------------------

std::pair<Tensor, Tensor> linalg_eigh(const Tensor& A, const std::string& uplo) {
    if (!dtype_is_complex(A.dtype())) check_square(A, "linalg.eigh");
    KILN_CHECK(uplo == "L" || uplo == "U" || uplo == "l" || uplo == "u", RuntimeError,
               "Expected UPLO argument to be 'L' or 'U', but got ", uplo);
    const bool lower = uplo == "L" || uplo == "l";
    if (dtype_is_complex(A.dtype())) return linalg_eigh_complex(A, lower);  // Hermitian input: linalg_eig.cpp
    const bool meta = meta_mode();
    Mats a = meta ? Mats{batch_of(A), A.sizes().back(), A.sizes().back(), 0, {}} : load(A);
    const int64_t n = a.n;
    std::vector<double> w(size_t(a.count * n)), v(size_t(a.count * n * n));
    for (int64_t b = 0; b < a.count; ++b) {
        double* m = a.at(b);
        for (int64_t i = 0; i < n; ++i)  // the matrix the chosen triangle stands for
            for (int64_t j = 0; j < i; ++j) {
                if (lower) m[j * n + i] = m[i * n + j];
                else m[i * n + j] = m[j * n + i];
            }
        bool ok = tridiagonal_eigh(m, n, w.data() + b * n, v.data() + b * n * n);
        LINALG_CHECK(ok, "linalg.eigh: ", batch_prefix(A, b),
                   "The algorithm failed to converge because the input matrix is ill-conditioned or has too many repeated "
                   "eigenvalues (error code: ", n, ").");
    }
    Tensor L = meta ? meta_result(with_batch(a.batch, {n}), A) : store(w, with_batch(a.batch, {n}), A);
    Tensor V = meta ? meta_result(A.sizes(), A) : store(v, A.sizes(), A);
    if (autograd::needs_grad({A})) {
        SavedTensor sl(L.detach()), sv(V.detach());
        autograd::record("LinalgEighBackward0", {A}, {L, V}, [sl, sv](const Grads& g) {
            // gA = V (diag(gL) + skew(V^T gV) / E) V^T with skew(X) = (X - X^T)/2, E_ij = L_j - L_i.
            Tensor Lw = sl.get(), Vw = sv.get();
            Tensor VtgV = matmul(mT(Vw), g[1]);
            Tensor skew = mul(sub(VtgV, mT(VtgV)), Scalar(0.5));
            Tensor E = sub(unsqueeze(Lw, -2), unsqueeze(Lw, -1));
            const int64_t n = Lw.sizes().back();
            Tensor I = eye(n, std::nullopt, {Lw.dtype(), Lw.device()});
            Tensor inner = add(div(skew, add(E, I)), diag_embed_of(g[0]));
            return Grads{matmul(Vw, matmul(inner, mT(Vw)))};
        });
    }
    return {L, V};
}

// ---- svd ---------------------------------------------------------------------------------------------

namespace {

// PyTorch's real svd_backward for the reduced factors (U m x k, S k, Vh k x n).
Tensor svd_backward(const Tensor& gU, const Tensor& gS, const Tensor& gVh, const Tensor& U, const Tensor& S, const Tensor& Vh) {
    const int64_t m = U.sizes()[size_t(U.dim() - 2)], n = Vh.sizes().back();
    if (!gU.defined() && !gVh.defined()) return matmul(U, mul(unsqueeze(gS, -1), Vh));
    Tensor V = mT(Vh), gV = mT(gVh);
    auto skew = [](const Tensor& X) { return sub(X, mT(X)); };
    Tensor UtgU = matmul(mT(U), gU), VtgV = matmul(mT(V), gV);
    Tensor S2 = mul(S, S);
    const int64_t k = S.sizes().back();
    Tensor I = eye(k, std::nullopt, {S.dtype(), S.device()});
    Tensor E = add(sub(unsqueeze(S2, -2), unsqueeze(S2, -1)), I);  // E_jk = s_k^2 - s_j^2, 1 on the diagonal
    Tensor ret = add(mul(skew(UtgU), unsqueeze(S, -2)), mul(unsqueeze(S, -1), skew(VtgV)));
    ret = add(div(ret, E), diag_embed_of(gS));
    if (m > n) {
        Tensor gA = matmul(U, ret);
        gA = add(gA, div(sub(gU, matmul(U, UtgU)), unsqueeze(S, -2)));
        return matmul(gA, Vh);
    }
    if (m < n) {
        Tensor gA = matmul(ret, Vh);
        gA = add(gA, mT(div(sub(gV, matmul(V, VtgV)), unsqueeze(S, -2))));
        return matmul(U, gA);
    }
    return matmul(U, matmul(ret, Vh));
}

}  // namespace

std::tuple<Tensor, Tensor, Tensor> linalg_svd(const Tensor& A, bool full_matrices) {
    check_matrix(A, "linalg.svd");
    const bool meta = meta_mode();
    Mats a = meta ? Mats{batch_of(A), A.sizes()[size_t(A.dim() - 2)], A.sizes().back(), 0, {}} : load(A);
    const int64_t m = a.m, n = a.n, k = std::min(m, n);
    const bool tall = m >= n;
    const int64_t ucols = full_matrices ? m : k, vrows = full_matrices ? n : k;
    std::vector<double> U(size_t(a.count * m * ucols)), S(size_t(a.count * k)), Vh(size_t(a.count * vrows * n));
    for (int64_t b = 0; b < a.count; ++b) {
        const double* x = a.at(b);
        bool ok;
        double* ub = U.data() + b * m * ucols;
        double* vb = Vh.data() + b * vrows * n;
        if (tall) {
            std::vector<double> v(size_t(n * n));
            ok = jacobi_svd_tall(x, m, n, ub, ucols, S.data() + b * k, v.data());
            for (int64_t i = 0; i < vrows; ++i)  // Vh = V^T
                for (int64_t j = 0; j < n; ++j) vb[i * n + j] = v[size_t(j * n + i)];
        } else {
            // A^T = U' S V'^T, so A = V' S U'^T: U = V', Vh = U'^T.
            std::vector<double> at(size_t(m * n)), u2(size_t(n * vrows)), v2(size_t(m * m));
            for (int64_t i = 0; i < m; ++i)
                for (int64_t j = 0; j < n; ++j) at[size_t(j * m + i)] = x[i * n + j];
            ok = jacobi_svd_tall(at.data(), n, m, u2.data(), vrows, S.data() + b * k, v2.data());
            for (int64_t i = 0; i < m; ++i)
                for (int64_t j = 0; j < ucols; ++j) ub[i * ucols + j] = v2[size_t(i * m + j)];
            for (int64_t i = 0; i < vrows; ++i)
                for (int64_t j = 0; j < n; ++j) vb[i * n + j] = u2[size_t(j * vrows + i)];
        }
        LINALG_CHECK(ok, "linalg.svd: ", batch_prefix(A, b),
                   "The algorithm failed to converge because the input matrix is ill-conditioned or has too many repeated "
                   "singular values (error code: ", k, ").");
    }
    auto out = [&](const std::vector<double>& v, const Shape& shape) { return meta ? meta_result(shape, A) : store(v, shape, A); };
    Tensor tU = out(U, with_batch(a.batch, {m, ucols})), tS = out(S, with_batch(a.batch, {k})),
           tVh = out(Vh, with_batch(a.batch, {vrows, n}));
    if (autograd::needs_grad({A})) {
        SavedTensor su(tU.detach()), ss(tS.detach()), sv(tVh.detach());
        autograd::record("LinalgSvdBackward0", {A}, {tU, tS, tVh}, [su, ss, sv, full_matrices, k](const Grads& g) {
            // With full_matrices only the first k columns of U and rows of Vh take part (PyTorch narrows them).
            Tensor U = su.get(), Vh = sv.get(), gU = g[0], gVh = g[2];
            if (full_matrices) {
                U = narrow(U, -1, 0, k);
                Vh = narrow(Vh, -2, 0, k);
                gU = narrow(gU, -1, 0, k);
                gVh = narrow(gVh, -2, 0, k);
            }
            return Grads{svd_backward(gU, g[1], gVh, U, ss.get(), Vh)};
        });
    }
    return {tU, tS, tVh};
}

// ---- qr ----------------------------------------------------------------------------------------------

std::pair<Tensor, Tensor> linalg_qr(const Tensor& A, const std::string& mode) {
    check_matrix(A, "linalg.qr");
    KILN_CHECK(mode == "reduced" || mode == "complete" || mode == "r", RuntimeError,
               "qr received unrecognized mode '", mode, "' but expected one of 'reduced' (default), 'r', or 'complete'");
    const bool meta = meta_mode();
    Mats a = meta ? Mats{batch_of(A), A.sizes()[size_t(A.dim() - 2)], A.sizes().back(), 0, {}} : load(A);
    const int64_t m = a.m, n = a.n, k = std::min(m, n);
    const int64_t qcols = mode == "complete" ? m : k, rrows = mode == "complete" ? m : k;
    const bool want_q = mode != "r";
    std::vector<double> Q(want_q ? size_t(a.count * m * qcols) : 0), R(size_t(a.count * rrows * n));
    for (int64_t b = 0; b < a.count; ++b)
        householder_qr(a.at(b), m, n, want_q ? Q.data() + b * m * qcols : nullptr, qcols, R.data() + b * rrows * n, rrows);
    auto out = [&](const std::vector<double>& v, const Shape& shape) { return meta ? meta_result(shape, A) : store(v, shape, A); };
    Tensor tQ = want_q ? out(Q, with_batch(a.batch, {m, qcols})) : out({}, {0});
    Tensor tR = out(R, with_batch(a.batch, {rrows, n}));
    if (autograd::needs_grad({A})) {
        SavedTensor sq(tQ.detach()), sr(tR.detach());
        std::string md = mode;
        autograd::record("LinalgQrBackward0", {A}, {tQ, tR}, [sq, sr, md, m, n](const Grads& g) {
            KILN_CHECK(md != "r", RuntimeError,
                       "The derivative of linalg.qr depends on Q, which is not computed when mode='r'. Please use "
                       "linalg.qr(A, mode='reduced') if you are going to differentiate through linalg.qr.");
            KILN_CHECK(!(md == "complete" && m > n), NotImplementedError,
                       "The QR decomposition is not differentiable when mode='complete' and nrows > ncols.");
            Tensor Q = sq.get(), R = sr.get();
            // Square part: A = Q X with X upper k x k: gA = (gQ + Q copyltu(M)) X^{-T}, M = X gX^T - gQ^T Q.
            auto square = [](const Tensor& Q, const Tensor& X, const Tensor& gQ, const Tensor& gX) {
                Tensor M = sub(matmul(X, mT(gX)), matmul(mT(gQ), Q));
                Tensor low = tril(M, -1);
                Tensor copyltu = add(add(low, mT(low)), diag_embed_of(diagonal(M, 0, -2, -1)));
                Tensor rhs = add(gQ, matmul(Q, copyltu));
                return mT(linalg_solve(X, mT(rhs), true));  // rhs X^{-T} = (X^{-1} rhs^T)^T
            };
            if (m >= n) return Grads{square(Q, R, g[0], g[1])};
            // Wide: A = [A1 | B], R = [X | Y] with Y = Q^T B: Y's gradient reaches B as Q gY and Q as
            // B gY^T = Q Y gY^T.
            Tensor X = narrow(R, -1, 0, m), Y = narrow(R, -1, m, n - m);
            Tensor gX = narrow(g[1], -1, 0, m), gY = narrow(g[1], -1, m, n - m);
            Tensor gA_left = square(Q, X, add(g[0], matmul(Q, matmul(Y, mT(gY)))), gX);
            return Grads{cat({gA_left, matmul(Q, gY)}, -1)};
        });
    }
    return {tQ, tR};
}

// ---- lu_factor / lu ----------------------------------------------------------------------------------

std::tuple<Tensor, Tensor, Tensor> linalg_lu_factor_ex(const Tensor& A, bool pivot) {
    check_matrix(A, "linalg.lu_factor");
    KILN_CHECK(pivot, RuntimeError, "linalg.lu_factor: LU without pivoting is not implemented on the CPU");
    Mats a = load(A);
    const int64_t m = a.m, n = a.n, k = std::min(m, n);
    std::vector<double> piv_out(size_t(a.count * k)), infos(size_t(a.count));
    for (int64_t b = 0; b < a.count; ++b) {
        std::vector<int64_t> piv;
        infos[size_t(b)] = double(lu_factor_rect(a.at(b), m, n, piv));
        for (int64_t i = 0; i < k; ++i) piv_out[size_t(b * k + i)] = double(piv[size_t(i)] + 1);  // LAPACK's 1-based
    }
    Tensor LU = store(a.v, A.sizes(), A);
    Tensor pivots = tensor(piv_out, with_batch(a.batch, {k}), DType::Int64);
    Tensor info = tensor(infos, a.batch, DType::Int64);
    if (autograd::needs_grad({A})) {
        SavedTensor slu(LU.detach()), spiv(pivots);
        autograd::record("LinalgLuFactorExBackward0", {A}, {LU}, [slu, spiv, m, n](const Grads& g) {
            KILN_CHECK(m == n, NotImplementedError,
                       "The derivative of linalg.lu_factor for non-square matrices is not implemented in Kiln");
            // A = P L U with L unit lower and U upper packed in LU: gA = P L^{-T} (tril(L^T gL, -1) +
            // triu(gU U^T)) U^{-T}, gL and gU the strictly lower and upper parts of g.
            Tensor LUw = slu.get();
            const Tensor& gLU = g[0];
            Tensor I = eye(n, std::nullopt, {LUw.dtype(), LUw.device()});
            Tensor L = add(tril(LUw, -1), I), U = triu(LUw);
            Tensor gL = tril(gLU, -1), gU = triu(gLU);
            Tensor inner = add(tril(matmul(mT(L), gL), -1), triu(matmul(gU, mT(U))));
            Tensor Linv = linalg_inv(L), Uinv = linalg_inv(U);
            Tensor gA = matmul(mT(Linv), matmul(inner, mT(Uinv)));
            return Grads{matmul(lu_permutation(spiv.get(), n, gA.dtype()), gA)};
        });
    }
    return {LU, pivots, info};
}

std::pair<Tensor, Tensor> linalg_lu_factor(const Tensor& A, bool pivot) {
    auto [LU, pivots, info] = linalg_lu_factor_ex(A, pivot);
    std::vector<int64_t> infos = info.to_int_vector();
    for (size_t b = 0; b < infos.size(); ++b)
        // _linalg_check_errors words this one as a plain TORCH_CHECK: a RuntimeError, not a LinAlgError
        KILN_CHECK(infos[b] == 0, RuntimeError, "torch.linalg.lu_factor: ", batch_prefix(A, int64_t(b)), "U[", infos[b], ",", infos[b],
                     "] is zero and using it on lu_solve would result in a division by zero. If you still want to "
                     "perform the factorization, consider calling linalg.lu(A, pivot) or linalg.lu_factor_ex(A, pivot)");
    return {LU, pivots};
}

Tensor lu_permutation(const Tensor& pivots, int64_t m, DType dtype) {
    // P with A = P L U from LAPACK's row interchanges: rows of P^T A are A's rows in the order
    // `perm` (perm starts as the identity and takes swap i <-> pivots[i] - 1 in turn), so
    // P[perm[i], i] = 1.
    Shape batch(pivots.sizes().begin(), pivots.sizes().end() - 1);
    const int64_t k = pivots.sizes().back();
    int64_t count = 1;
    for (int64_t b : batch) count *= b;
    std::vector<int64_t> piv = contiguous(pivots).to_int_vector();
    std::vector<double> P(size_t(count * m * m), 0.0);
    for (int64_t b = 0; b < count; ++b) {
        std::vector<int64_t> perm(static_cast<size_t>(m));
        std::iota(perm.begin(), perm.end(), 0);
        for (int64_t i = 0; i < k; ++i) {
            const int64_t j = piv[size_t(b * k + i)] - 1;
            KILN_CHECK(j >= i && j < m, RuntimeError, "torch.lu_unpack: LU_pivots contains invalid values: they must be in [",
                       i + 1, ", ", m, "]");
            std::swap(perm[size_t(i)], perm[size_t(j)]);
        }
        for (int64_t i = 0; i < m; ++i) P[size_t(b * m * m + perm[size_t(i)] * m + i)] = 1.0;
    }
    Shape shape = batch;
    shape.push_back(m);
    shape.push_back(m);
    return tensor(P, shape, dtype);
}

std::tuple<Tensor, Tensor, Tensor> lu_unpack(const Tensor& LU, const Tensor& pivots) {
    const int64_t m = LU.sizes()[size_t(LU.dim() - 2)], n = LU.sizes().back(), k = std::min(m, n);
    Tensor I = eye(m, k, {LU.dtype(), LU.device()});
    Tensor L = add(tril(narrow(LU, -1, 0, k), -1), I);
    Tensor U = triu(narrow(LU, -2, 0, k));
    return {lu_permutation(pivots, m, LU.dtype()), L, U};
}

// ---- matrix_exp --------------------------------------------------------------------------------------

Tensor linalg_matrix_exp(const Tensor& A) {
    check_square(A, "linalg.matrix_exp");
    const int64_t n = A.sizes().back();
    Tensor r;
    if (meta_mode()) {
        r = meta_result(A.sizes(), A);
    } else {
        Mats a = load(A);
        std::vector<double> out(size_t(a.count * n * n));
        for (int64_t b = 0; b < a.count; ++b) expm(a.at(b), n, out.data() + b * n * n);
        r = store(out, A.sizes(), A);
    }
    if (autograd::needs_grad({A})) {
        SavedTensor sa(A);
        autograd::record("LinalgMatrixExpBackward0", {A}, {r}, [sa, n](const Grads& g) {
            // d/dA <G, exp(A)> is the upper-right block of exp([[A^T, G], [0, A^T]]).
            Tensor at = mT(sa.get());
            Tensor top = cat({at, g[0]}, -1);
            Tensor bottom = cat({zeros_like(at), at}, -1);
            Tensor big = linalg_matrix_exp(cat({top, bottom}, -2));
            return Grads{narrow(narrow(big, -2, 0, n), -1, n, n)};
        });
    }
    return r;
}

}  // namespace kiln
