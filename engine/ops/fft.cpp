// The discrete Fourier transforms behind torch.fft: ATen's three primitives _fft_c2c, _fft_r2c and
// _fft_c2r (the ops torch.fft's functions decompose into, in eager mode and in AOT graphs), each over
// a list of dimensions with ATen's normalization codes (0 none, 1 by 1/sqrt(n), 2 by 1/n).
//
// The kernel is a mixed-radix Cooley-Tukey FFT (decimation in time, recursive) over one dimension at a
// time, computed in double precision and rounded once to the result's dtype: radix-4, 2, 3 and 5
// butterflies with exact constants (so a transform whose inputs cancel gives exact zeros, as
// pocketfft's and MKL's do: the DFT of three equal values has two zero bins, not 1e-16) and a direct
// O(p^2) butterfly for other prime factors; the twiddle table exp(-2 pi i j / n) is computed once per
// length in long double from the angle reduced by its conjugate symmetry, with the quarter turns exact.
// The gradients are ATen's derivatives.yaml formulas (FftC2CBackward0: the inverse transform of the
// gradient, unnormalized in the same mode; FftR2CBackward0: the onesided gradient zero-padded to the
// full length, transformed back, real part; FftC2RBackward0: an r2c of the gradient with the mirrored
// bins doubled), so autograd and the AOT formulas agree. CUDA tensors are transformed on the host.
#include <cmath>
#include <complex>
#include <map>
#include <mutex>

#include "autograd/grad_mode.h"
#include "autograd/node.h"
#include "ops/fft.h"
#include "ops/ops.h"
#include "support/error.h"
#include "tensor/meta.h"
#include "tensor/parallel.h"

namespace kiln {

using autograd::Grads;

namespace {

using cd = std::complex<double>;

// The factors of n in the order the recursion splits them: 4s first (the cheapest butterfly per point),
// then 2, 3, 5, then the other primes ascending.
std::vector<int64_t> factorize(int64_t n) {
    std::vector<int64_t> f;
    while (n % 4 == 0) {
        f.push_back(4);
        n /= 4;
    }
    for (int64_t p : {2, 3, 5}) {
        while (n % p == 0) {
            f.push_back(p);
            n /= p;
        }
    }
    for (int64_t p = 7; p * p <= n; p += 2) {
        while (n % p == 0) {
            f.push_back(p);
            n /= p;
        }
    }
    if (n > 1) f.push_back(n);
    return f;
}

struct Plan {
    int64_t n = 0;
    std::vector<int64_t> factors;
    std::vector<cd> tw;  // tw[j] = exp(-2 pi i j / n)
};

cd root(int64_t j, int64_t n) {
    // exp(-2 pi i j / n): j reduced to [0, n/2] through the conjugate symmetry, the quarter turns exact
    j %= n;
    const bool mirrored = 2 * j > n;
    const int64_t a = mirrored ? n - j : j;
    cd v;
    if (a == 0) {
        v = {1.0, 0.0};
    } else if (4 * a == n) {
        v = {0.0, -1.0};
    } else if (2 * a == n) {
        v = {-1.0, 0.0};
    } else {
        const long double theta = 2.0L * 3.141592653589793238462643383279502884L * (long double)a / (long double)n;
        v = {double(std::cos(theta)), double(-std::sin(theta))};
    }
    return mirrored ? std::conj(v) : v;
}

std::shared_ptr<const Plan> plan_for(int64_t n) {
    static std::mutex mu;
    static std::map<int64_t, std::shared_ptr<const Plan>> plans;
    std::lock_guard<std::mutex> lock(mu);
    auto it = plans.find(n);
    if (it != plans.end()) return it->second;
    auto p = std::make_shared<Plan>();
    p->n = n;
    p->factors = factorize(n);
    p->tw.resize(size_t(n));
    for (int64_t j = 0; j < n; ++j) p->tw[size_t(j)] = root(j, n);
    if (plans.size() > 64) plans.clear();  // a bounded cache: programs use a handful of lengths
    plans[n] = p;
    return p;
}

// Multiplication by -i (forward) or +i (inverse): exact.
inline cd rot(cd z, bool forward) { return forward ? cd(z.imag(), -z.real()) : cd(-z.imag(), z.real()); }

// The length-n transform of in[0], in[s], ..., in[(n-1)s] into out[0..n): sub-transforms of the p
// interleaved subsequences, then one p-point butterfly per output index k < n/p. W_n^x is
// tw[x * ts % N] (ts = N / n), conjugated for the inverse.
void transform(const cd* in, int64_t s, cd* out, int64_t n, int64_t ts, const Plan& P, size_t fi, bool forward,
               std::vector<cd>& scratch) {
    if (n == 1) {
        out[0] = in[0];
        return;
    }
    const int64_t p = P.factors[fi], m = n / p, N = P.n;
    for (int64_t r = 0; r < p; ++r) transform(in + r * s, s * p, out + r * m, m, ts * p, P, fi + 1, forward, scratch);
    auto W = [&](int64_t x) {
        const cd w = P.tw[size_t((x % n) * ts % N)];
        return forward ? w : std::conj(w);
    };
    for (int64_t k = 0; k < m; ++k) {
        cd t[5];
        if (p <= 5) {
            t[0] = out[k];
            for (int64_t r = 1; r < p; ++r) t[r] = k == 0 ? out[r * m + k] : out[r * m + k] * W(r * k);
        }
        switch (p) {
            case 2:
                out[k] = t[0] + t[1];
                out[m + k] = t[0] - t[1];
                break;
            case 4: {
                const cd a = t[0] + t[2], b = t[0] - t[2], c = t[1] + t[3], d = rot(t[1] - t[3], forward);
                out[k] = a + c;
                out[m + k] = b + d;
                out[2 * m + k] = a - c;
                out[3 * m + k] = b - d;
                break;
            }
            case 3: {
                const double h = 0.86602540378443864676;  // sin(pi/3)
                const cd sum = t[1] + t[2], dif = rot(t[2 - 1] - t[2], forward) * h;
                const cd base = t[0] - 0.5 * sum;
                out[k] = t[0] + sum;
                out[m + k] = base + dif;
                out[2 * m + k] = base - dif;
                break;
            }
            case 5: {
                // pocketfft's pass5 constants: cos/sin of 2 pi / 5 and 4 pi / 5
                const double c1 = 0.3090169943749474241, c2 = -0.8090169943749474241;
                const double s1 = 0.95105651629515357212, s2 = 0.58778525229247312917;
                const cd a1 = t[1] + t[4], b1 = t[1] - t[4], a2 = t[2] + t[3], b2 = t[2] - t[3];
                const cd m1 = t[0] + c1 * a1 + c2 * a2, m2 = t[0] + c2 * a1 + c1 * a2;
                const cd n1 = rot(s1 * b1 + s2 * b2, forward), n2 = rot(s2 * b1 - s1 * b2, forward);
                out[k] = t[0] + a1 + a2;
                out[m + k] = m1 + n1;
                out[4 * m + k] = m1 - n1;
                out[2 * m + k] = m2 + n2;
                out[3 * m + k] = m2 - n2;
                break;
            }
            default: {
                // a prime p > 5: the direct p-point DFT of the twiddled values
                scratch.resize(size_t(p));
                for (int64_t r = 0; r < p; ++r) scratch[size_t(r)] = k == 0 ? out[r * m + k] : out[r * m + k] * W(r * k);
                const int64_t tp = N / p;  // W_p^x = tw[x * (N / p)]
                for (int64_t q = 0; q < p; ++q) {
                    cd acc = scratch[0];
                    for (int64_t r = 1; r < p; ++r) {
                        const cd w = P.tw[size_t((r * q % p) * tp)];
                        acc += scratch[size_t(r)] * (forward ? w : std::conj(w));
                    }
                    out[q * m + k] = acc;
                }
            }
        }
    }
}

// In place along the last dimension of a contiguous complex128 tensor of rows of length n.
void transform_rows(Tensor& t, int64_t n, bool forward) {
    if (t.numel() == 0 || n <= 1) return;
    const auto plan = plan_for(n);
    cd* data = reinterpret_cast<cd*>(complex_as_real_raw(t).data_ptr<double>());
    const int64_t rows = t.numel() / n;
    parallel_for(0, rows, std::max<int64_t>(1, 4096 / n), [&](int64_t b, int64_t e) {
        std::vector<cd> buf(static_cast<size_t>(n)), scratch;
        for (int64_t r = b; r < e; ++r) {
            cd* row = data + r * n;
            std::copy(row, row + n, buf.begin());
            transform(buf.data(), 1, row, n, 1, *plan, 0, forward, scratch);
        }
    });
}

std::vector<int64_t> wrap_dims(const Tensor& x, const std::vector<int64_t>& dims) {
    std::vector<int64_t> out;
    for (int64_t d : dims) {
        const int64_t w = d < 0 ? d + x.dim() : d;
        KILN_CHECK(w >= 0 && w < x.dim(), IndexError, "Dimension out of range (expected to be in range of [", -x.dim(), ", ",
                   x.dim() - 1, "], but got ", d, ")");
        out.push_back(w);
    }
    return out;
}

// n: the product of the transformed sizes (the output's, for c2r)
double norm_scale(int64_t normalization, const Shape& sizes, const std::vector<int64_t>& dims) {
    double n = 1;
    for (int64_t d : dims) n *= double(sizes[size_t(d)]);
    if (normalization == 1) return 1.0 / std::sqrt(n);
    if (normalization == 2) return 1.0 / n;
    return 1.0;
}

// The unnormalized transform of a complex128 working copy over dims (no autograd), then the scale.
Tensor c2c_work(Tensor w, const std::vector<int64_t>& dims, bool forward, double scale) {
    for (int64_t d : dims) {
        Tensor moved = contiguous(movedim(w, d, -1));
        if (!meta_mode()) transform_rows(moved, moved.size(-1), forward);
        w = movedim(moved, -1, d);
    }
    if (scale != 1.0) w = mul(w, Scalar(scale));
    return w;
}

// The work happens on the host in complex128; the result takes the input's device and the complex
// dtype of its precision.
Tensor working_copy(const Tensor& x) {
    Tensor h = x.device() == Device::CPU ? x : to_device(x, Device::CPU);
    Tensor w = contiguous(to_dtype(h, DType::Complex128));
    // the transform runs in place: never in the caller's storage (a contiguous complex128 input)
    return w.impl()->storage == x.impl()->storage ? clone(w) : w;
}

Tensor finish(const Tensor& w, DType dt, Device dev) {
    Tensor r = contiguous(to_dtype(w, dt));
    return dev == Device::CPU ? r : to_device(r, dev);
}

DType complex_of(const Tensor& x) {
    const DType real = dtype_to_real(x.dtype());
    return real == DType::Float64 ? DType::Complex128 : DType::Complex64;
}

Tensor c2c_raw(const Tensor& x, const std::vector<int64_t>& dims, int64_t normalization, bool forward) {
    autograd::NoGradGuard ng;
    return finish(c2c_work(working_copy(x), dims, forward, norm_scale(normalization, x.sizes(), dims)), x.dtype(), x.device());
}

// ATen's _fft_fill_with_conjugate_symmetry_: the bins past the onesided half of the last transformed
// dimension are the conjugates of their mirror images (every transformed index negated), as a full r2c
// output is built from the onesided one (so a zero bin there is 0-0j, as PyTorch prints it).
void fill_conjugate_symmetry(Tensor& w, const std::vector<int64_t>& dims) {
    if (meta_mode() || w.numel() == 0) return;
    cd* data = reinterpret_cast<cd*>(complex_as_real_raw(w).data_ptr<double>());
    const Shape& sizes = w.sizes();
    const Shape strides = contiguous_strides(sizes);
    const int64_t last = dims.back(), half = sizes[size_t(last)] / 2 + 1;
    std::vector<bool> transformed(sizes.size(), false);
    for (int64_t d : dims) transformed[size_t(d)] = true;
    for (int64_t i = 0; i < w.numel(); ++i) {
        int64_t rest = i, mirror = 0;
        bool upper = false;
        for (size_t d = 0; d < sizes.size(); ++d) {
            const int64_t idx = rest / strides[d];
            rest %= strides[d];
            if (int64_t(d) == last && idx >= half) upper = true;
            mirror += (transformed[d] ? (sizes[d] - idx) % sizes[d] : idx) * strides[d];
        }
        if (upper) data[i] = std::conj(data[mirror]);
    }
}

Tensor r2c_raw(const Tensor& x, const std::vector<int64_t>& dims, int64_t normalization, bool onesided) {
    autograd::NoGradGuard ng;
    Tensor w = contiguous(c2c_work(working_copy(x), dims, true, norm_scale(normalization, x.sizes(), dims)));
    if (onesided)
        w = narrow(w, dims.back(), 0, x.size(dims.back()) / 2 + 1);
    else
        fill_conjugate_symmetry(w, dims);
    return finish(w, complex_of(x), x.device());
}

Tensor c2r_raw(const Tensor& x, const std::vector<int64_t>& dims, int64_t normalization, int64_t n) {
    autograd::NoGradGuard ng;
    const int64_t last = dims.back(), half = x.size(last);
    Tensor w = working_copy(x);
    std::vector<int64_t> lead(dims.begin(), dims.end() - 1);
    w = c2c_work(w, lead, false, 1.0);
    // the Hermitian completion of the last dimension: X[k] for k < half, conj(X[n - k]) above
    Tensor moved = contiguous(movedim(w, last, -1));
    Shape full_shape = moved.sizes();
    full_shape.back() = n;
    Tensor full = zeros(full_shape, TensorOptions{DType::Complex128});
    if (!meta_mode() && full.numel() > 0) {
        const cd* src = reinterpret_cast<const cd*>(complex_as_real_raw(moved).data_ptr<double>());
        cd* dst = reinterpret_cast<cd*>(complex_as_real_raw(full).data_ptr<double>());
        const int64_t rows = full.numel() / n;
        for (int64_t r = 0; r < rows; ++r)
            for (int64_t k = 0; k < n; ++k) {
                const int64_t mirror = k < half ? k : n - k;
                if (mirror < half) dst[r * n + k] = k < half ? src[r * half + k] : std::conj(src[r * half + mirror]);
            }
    }
    Shape sizes_n = x.sizes();
    sizes_n[size_t(last)] = n;
    const double scale = norm_scale(normalization, sizes_n, dims);
    if (!meta_mode()) transform_rows(full, n, false);
    Tensor out = movedim(real(full), -1, last);
    if (scale != 1.0) out = mul(out, Scalar(scale));
    Tensor r = contiguous(to_dtype(out, dtype_to_real(x.dtype())));
    return x.device() == Device::CPU ? r : to_device(r, x.device());
}

}  // namespace

Tensor fft_c2c(const Tensor& x, const std::vector<int64_t>& dims_in, int64_t normalization, bool forward) {
    KILN_CHECK(x.is_complex(), RuntimeError, "Only supports complex dtypes, but found: ", dtype_scalar_type_name(x.dtype()));
    const std::vector<int64_t> dims = wrap_dims(x, dims_in);
    Tensor out = c2c_raw(x, dims, normalization, forward);
    if (autograd::needs_grad({x}))
        autograd::record("FftC2CBackward0", {x}, {out}, [dims, normalization, forward](const Grads& g) {
            return Grads{fft_c2c(g[0], dims, normalization, !forward)};
        });
    return out;
}

Tensor fft_r2c(const Tensor& x, const std::vector<int64_t>& dims_in, int64_t normalization, bool onesided) {
    KILN_CHECK(x.is_floating_point(), RuntimeError, "_fft_r2c expects a floating point input tensor, but got ",
               dtype_scalar_type_name(x.dtype()));
    const std::vector<int64_t> dims = wrap_dims(x, dims_in);
    KILN_CHECK(!dims.empty(), RuntimeError, "_fft_r2c must transform at least one axis");
    Tensor out = r2c_raw(x, dims, normalization, onesided);
    if (autograd::needs_grad({x})) {
        const int64_t n = x.size(dims.back());
        autograd::record("FftR2CBackward0", {x}, {out}, [dims, normalization, onesided, n](const Grads& g) {
            Tensor full = g[0];
            if (onesided) {
                // the gradient of the bins the onesided output left out is zero
                Shape s = full.sizes();
                s[size_t(dims.back())] = n - full.size(dims.back());
                full = cat({full, zeros(s, TensorOptions{full.dtype(), full.device()})}, dims.back());
            }
            return Grads{real(fft_c2c(full, dims, normalization, false))};
        });
    }
    return out;
}

Tensor fft_c2r(const Tensor& x, const std::vector<int64_t>& dims_in, int64_t normalization, int64_t last_dim_size) {
    KILN_CHECK(x.is_complex(), RuntimeError, "_fft_c2r expects a complex input tensor, but got ", dtype_scalar_type_name(x.dtype()));
    const std::vector<int64_t> dims = wrap_dims(x, dims_in);
    KILN_CHECK(!dims.empty(), RuntimeError, "_fft_c2r must transform at least one axis");
    KILN_CHECK(last_dim_size >= 1, RuntimeError, "Invalid number of data points (", last_dim_size, ") specified");
    Tensor out = c2r_raw(x, dims, normalization, last_dim_size);
    if (autograd::needs_grad({x}))
        autograd::record("FftC2RBackward0", {x}, {out}, [dims, normalization](const Grads& g) {
            // ATen's fft_c2r_backward: the onesided r2c of the gradient, the bins that stand for two
            // (their mirror images were dropped) doubled
            Tensor gi = fft_r2c(g[0], dims, normalization, true);
            const int64_t last = dims.back(), doubled = g[0].size(last) - gi.size(last);
            if (doubled > 0) {
                Tensor w = ones({gi.size(last)}, TensorOptions{dtype_to_real(gi.dtype()), gi.device()});
                Tensor two = narrow(w, 0, 1, doubled);
                fill_(two, Scalar(2.0));
                Shape view(size_t(gi.dim()), 1);
                view[size_t(last)] = gi.size(last);
                gi = mul(gi, reshape(w, view));
            }
            return Grads{gi};
        });
    return out;
}

}  // namespace kiln
