// ATen's FFT primitives (ops/fft.cpp): _fft_c2c / _fft_r2c / _fft_c2r against a long double DFT over
// lengths with every kind of factor (powers of 2 and 4, 3, 5, primes above 5 and their products), the
// exact zeros the radix butterflies give where the inputs cancel, the normalization codes, several
// dimensions at once, dtypes, errors, and gradcheck of all three through view_as_real/view_as_complex.
#include <cmath>
#include <complex>

#include "ops/fft.h"
#include "support/check.h"

using namespace kiln;
using kiln::testing::gradcheck;

namespace {

using cld = std::complex<long double>;

// The DFT of a complex128 vector in long double.
std::vector<cld> reference_dft(const std::vector<std::complex<double>>& x, bool forward) {
    const size_t n = x.size();
    const long double two_pi = 2.0L * 3.141592653589793238462643383279502884L;
    std::vector<cld> out(n);
    for (size_t k = 0; k < n; ++k) {
        cld acc = 0;
        for (size_t j = 0; j < n; ++j) {
            const long double a = two_pi * (long double)((j * k) % n) / (long double)n;
            acc += cld(x[j].real(), x[j].imag()) * cld(std::cos(a), (forward ? -1 : 1) * std::sin(a));
        }
        out[k] = acc;
    }
    return out;
}

std::vector<std::complex<double>> values_of(const Tensor& z) {
    Tensor r = contiguous(view_as_real(contiguous(to_dtype(z, DType::Complex128))));
    const double* p = r.data_ptr<double>();
    std::vector<std::complex<double>> v(size_t(z.numel()));
    for (size_t i = 0; i < v.size(); ++i) v[i] = {p[2 * i], p[2 * i + 1]};
    return v;
}

Tensor complex_vector(const std::vector<std::complex<double>>& v) {
    std::vector<double> parts;
    for (auto c : v) {
        parts.push_back(c.real());
        parts.push_back(c.imag());
    }
    return view_as_complex(tensor(parts, {int64_t(v.size()), 2}, DType::Float64));
}

}  // namespace

TEST_CASE("fft_c2c matches a long double DFT for every kind of length", "[fft]") {
    for (int64_t n : {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 15, 16, 25, 27, 30, 49, 60, 64, 97, 100, 128, 210, 243, 256}) {
        std::vector<std::complex<double>> x(static_cast<size_t>(n));
        for (int64_t j = 0; j < n; ++j) x[size_t(j)] = {std::sin(0.7 * double(j) + 0.3), std::cos(1.3 * double(j) * double(j) / double(n))};
        for (bool forward : {true, false}) {
            auto got = values_of(fft_c2c(complex_vector(x), {0}, 0, forward));
            auto want = reference_dft(x, forward);
            double worst = 0, scale = 1;
            for (auto w : want) scale = std::max(scale, double(std::abs(w)));
            for (size_t k = 0; k < got.size(); ++k)
                worst = std::max(worst, double(std::abs(cld(got[k].real(), got[k].imag()) - want[k])));
            INFO("n=" << n << " forward=" << forward);
            CHECK(worst / scale < 1e-13);
        }
    }
}

TEST_CASE("fft butterflies give exact zeros where the inputs cancel", "[fft]") {
    // three, five or four equal values: every bin but 0 is exactly zero (a DFT with rounded twiddles
    // would leave ~1e-16 there)
    for (int64_t n : {3, 4, 5, 6, 12, 15, 20}) {
        auto v = values_of(fft_c2c(complex_vector(std::vector<std::complex<double>>(size_t(n), {2.5, -1.0})), {0}, 0, true));
        CHECK(v[0] == std::complex<double>(2.5 * double(n), -1.0 * double(n)));
        for (size_t k = 1; k < v.size(); ++k) {
            INFO("n=" << n << " k=" << k);
            CHECK(v[k] == std::complex<double>(0, 0));
        }
    }
    // the 2-d transform of arange(12).reshape(3, 4): its rows below the first are exact zeros past bin 0
    Tensor m = reshape(arange(Scalar(int64_t(0)), Scalar(int64_t(12)), Scalar(int64_t(1)), {DType::Float64}), {3, 4});
    auto v = values_of(fft_r2c(m, {0, 1}, 0, false));
    for (int64_t r = 1; r < 3; ++r)
        for (int64_t c = 1; c < 4; ++c) CHECK(v[size_t(r * 4 + c)] == std::complex<double>(0, 0));
}

TEST_CASE("fft normalization codes, r2c/c2r round trips, dims, dtypes", "[fft]") {
    Tensor x = tensor({1, 2, 3, 4, 5, 6}, {2, 3}, DType::Float32);
    Tensor onesided = fft_r2c(x, {1}, 0, true);
    CHECK(onesided.dtype() == DType::Complex64);
    CHECK(onesided.sizes() == Shape{2, 2});
    Tensor full = fft_r2c(x, {1}, 0, false);
    CHECK(full.sizes() == Shape{2, 3});
    // c2r(r2c(x)) with the 1/n normalization gives x back (odd length: last_dim_size 3)
    Tensor back = fft_c2r(onesided, {1}, 2, 3);
    CHECK(back.dtype() == DType::Float32);
    kiln::testing::check_close(back, x, 1e-6);
    // the ortho codes of both directions compose to the identity; several dims at once
    Tensor z = to_dtype(reshape(arange(Scalar(int64_t(0)), Scalar(int64_t(24)), Scalar(int64_t(1)), {DType::Float64}), {2, 3, 4}),
                        DType::Complex128);
    Tensor round = fft_c2c(fft_c2c(z, {0, 2}, 1, true), {0, 2}, 1, false);
    kiln::testing::check_close(view_as_real(round), view_as_real(z), 1e-12);
    // c2r over two dims with an even last size
    Tensor y = reshape(arange(Scalar(int64_t(0)), Scalar(int64_t(16)), Scalar(int64_t(1)), {DType::Float64}), {4, 4});
    kiln::testing::check_close(fft_c2r(fft_r2c(y, {0, 1}, 0, true), {0, 1}, 2, 4), y, 1e-12);
    CHECK_THROWS_WITH(fft_c2c(x, {1}, 0, true), Catch::Contains("Only supports complex dtypes, but found: Float"));
    CHECK_THROWS_WITH(fft_c2c(z, {3}, 0, true), Catch::Contains("Dimension out of range"));
}

TEST_CASE("fft primitives' gradients agree with finite differences", "[fft][grad]") {
    using kiln::testing::test_input;
    Tensor a = test_input({3, 5, 2}, 1);
    CHECK(gradcheck([](const std::vector<Tensor>& in) { return view_as_real(fft_c2c(view_as_complex(in[0]), {1}, 1, true)); }, {a}));
    CHECK(gradcheck([](const std::vector<Tensor>& in) { return view_as_real(fft_c2c(view_as_complex(in[0]), {0, 1}, 2, false)); },
                    {a}));
    Tensor b = test_input({4, 6}, 2);
    CHECK(gradcheck([](const std::vector<Tensor>& in) { return view_as_real(fft_r2c(in[0], {1}, 0, true)); }, {b}));
    CHECK(gradcheck([](const std::vector<Tensor>& in) { return view_as_real(fft_r2c(in[0], {0, 1}, 1, false)); }, {b}));
    Tensor c = test_input({4, 4, 2}, 3);
    CHECK(gradcheck([](const std::vector<Tensor>& in) { return fft_c2r(view_as_complex(in[0]), {1}, 2, 6); }, {c}));
    CHECK(gradcheck([](const std::vector<Tensor>& in) { return fft_c2r(view_as_complex(in[0]), {0, 1}, 0, 7); }, {c}));
}
