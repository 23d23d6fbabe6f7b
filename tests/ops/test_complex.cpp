// Complex tensors (ops/complex.cpp): dtypes and promotion, views, arithmetic as real ops on the
// parts, printing, and gradients through view_as_complex -> mul -> view_as_real.
#include "autograd/node.h"
#include "support/check.h"
#include "support/pyrepr.h"

using namespace kiln;
using kiln::testing::check_close;

namespace {
Tensor cplx(const std::vector<double>& re_im, const Shape& shape) {  // interleaved (re, im) pairs
    Shape s = shape;
    s.push_back(2);
    return view_as_complex(tensor(re_im, s, DType::Float32));
}
}  // namespace

TEST_CASE("complex dtypes: names, sizes, promotion", "[complex]") {
    CHECK(std::string(dtype_name(DType::Complex64)) == "torch.complex64");
    CHECK(std::string(dtype_scalar_type_name(DType::Complex128)) == "ComplexDouble");
    CHECK(dtype_size(DType::Complex64) == 8);
    CHECK(dtype_size(DType::Complex128) == 16);
    CHECK(!dtype_is_narrow_int(DType::Complex64));
    CHECK(promote_types(DType::Float64, DType::Complex64) == DType::Complex128);
    CHECK(promote_types(DType::Int64, DType::Complex64) == DType::Complex64);
    CHECK(promote_types(DType::Complex64, DType::Complex128) == DType::Complex128);
    CHECK(dtype_from_attr_name("cfloat") == DType::Complex64);
    CHECK(!can_cast(DType::Complex64, DType::Float64));
    CHECK(can_cast(DType::Float32, DType::Complex64));
    CHECK(py_complex_repr(1, 2) == "(1+2j)");
    CHECK(py_complex_repr(0, -1) == "-1j");
    CHECK(py_complex_repr(-0.0, -1) == "(-0-1j)");
    CHECK(py_complex_repr(1.5, 1e-5) == "(1.5+1e-05j)");
}

TEST_CASE("view_as_real / view_as_complex share storage and check layouts", "[complex]") {
    Tensor x = reshape(arange(Scalar(int64_t(0)), Scalar(int64_t(6)), Scalar(int64_t(1)), {DType::Float32}), {3, 2});
    Tensor z = view_as_complex(x);
    CHECK(z.dtype() == DType::Complex64);
    CHECK(z.sizes() == Shape{3});
    CHECK(z.strides() == Shape{1});
    CHECK(z.impl()->storage == x.impl()->storage);
    Tensor r = view_as_real(z);
    CHECK(r.sizes() == Shape{3, 2});
    CHECK(r.strides() == Shape{2, 1});
    check_close(real(z), {0, 2, 4});
    check_close(imag(z), {1, 3, 5});
    CHECK_THROWS_WITH(view_as_complex(zeros({4, 3}, {DType::Float32})), "Tensor must have a last dimension of size 2");
    CHECK_THROWS_WITH(view_as_complex(transpose(zeros({2, 4}, {DType::Float32}), 0, 1)),
                      "Tensor must have a last dimension with stride 1");
    CHECK_THROWS_WITH(view_as_complex(zeros({3, 2}, {DType::Int64})),
                      Catch::Contains("view_as_complex is only supported for half, float and double tensors"));
    CHECK_THROWS_WITH(view_as_real(zeros({3}, {DType::Float32})), "view_as_real is only supported for complex tensors");
    CHECK_THROWS_WITH(imag(zeros({3}, {DType::Float32})), "imag is not implemented for tensors with non-complex dtypes.");
}

TEST_CASE("complex arithmetic, reductions and matmul", "[complex]") {
    Tensor a = cplx({1, 2, 3, -1}, {2});  // 1+2j, 3-1j
    Tensor b = cplx({0, 1, 2, 0}, {2});   // 1j, 2
    Tensor p = mul(a, b);                 // -2+1j, 6-2j
    CHECK(p.dtype() == DType::Complex64);
    check_close(view_as_real(p), {-2, 1, 6, -2});
    check_close(view_as_real(add(a, b)), {1, 3, 5, -1});
    check_close(view_as_real(sub(a, b, Scalar(int64_t(1)))), {1, 1, 1, -1});
    check_close(view_as_real(div(p, b)), {1, 2, 3, -1});
    check_close(view_as_real(mul(a, Scalar(2.0))), {2, 4, 6, -2});
    check_close(view_as_real(mul(a, Scalar::complex(0, 1))), {-2, 1, 1, 3});
    check_close(abs(cplx({3, 4}, {1})), {5});
    check_close(view_as_real(sum(a)), {4, 1});
    check_close(view_as_real(resolve_conj(conj(a))), {1, -2, 3, 1});
    CHECK_THROWS_WITH(view_as_real(conj(a)), Catch::Contains("unresolved conjugated tensors"));
    CHECK(conj(a).impl()->conj_bit);
    CHECK(!resolve_conj(conj(a)).impl()->conj_bit);
    Tensor m = cplx({1, 1, 2, 0, 0, 0, 0, 1}, {2, 2});  // [[1+1j, 2], [0, 1j]]
    check_close(view_as_real(matmul(m, m)), {0, 2, 2, 4, 0, 0, -1, 0});
    Tensor e = exp(cplx({0, 3.141592653589793}, {1}));
    check_close(view_as_real(e), {-1, 0}, 1e-5, 1e-6);
    CHECK(result_type({ones({2}, {DType::Float64}), wrapped_scalar(Scalar::complex(0, 1))}) == DType::Complex128);
    CHECK(result_type({ones({2}, {DType::Float32}), wrapped_scalar(Scalar::complex(0, 1))}) == DType::Complex64);
    CHECK(result_type({ones({2}, {DType::Int64}), wrapped_scalar(Scalar::complex(0, 1))}) == DType::Complex64);
    CHECK_THROWS_WITH(maximum(a, b), Catch::Contains("not implemented for 'ComplexFloat'"));
}

TEST_CASE("complex copies, fills and printing", "[complex]") {
    Tensor z = zeros({2}, {DType::Complex64});
    check_close(view_as_real(z), {0, 0, 0, 0});
    Tensor f = full({2}, Scalar::complex(1.5, -2), {DType::Complex128});
    check_close(view_as_real(f), {1.5, -2, 1.5, -2});
    Tensor c = to_dtype(tensor({1, 2}, {2}, DType::Float32), DType::Complex64);
    check_close(view_as_real(c), {1, 0, 2, 0});
    check_close(to_dtype(f, DType::Float32), {1.5, 1.5});
    CHECK(select(f, 0, 0).item().is_complex());
    CHECK(select(f, 0, 1).item().imag() == -2);
    CHECK(cplx({1, 2, -3.5, 0.25}, {2}).repr() == "tensor([ 1.0000+2.0000j, -3.5000+0.2500j])");
    CHECK(cplx({1, 2, 3, -1}, {2}).repr() == "tensor([1.+2.j, 3.-1.j])");
    CHECK(full({}, Scalar::complex(0, -1), {DType::Complex128}).repr() == "tensor(0.-1.j, dtype=torch.complex128)");
}

TEST_CASE("gradients through view_as_complex -> mul -> view_as_real", "[complex]") {
    Tensor x = tensor({1, 2, 3, 4}, {2, 2}, DType::Float32);
    x.requires_grad_(true);
    Tensor w = cplx({0, 1, 2, 0}, {2});  // 1j, 2
    Tensor out = view_as_real(mul(view_as_complex(x), w));
    Tensor loss = sum(mul(out, tensor({1, 10, 100, 1000}, {2, 2}, DType::Float32)));
    autograd::backward({loss});
    // out = [(-x01, x00), (2 x10, 2 x11)]: d/dx00 = 10, d/dx01 = -1, d/dx10 = 200, d/dx11 = 2000
    check_close(x.grad(), {10, -1, 200, 2000});
    // A complex leaf: grad = dL/dRe + i dL/dIm (PyTorch's convention for real losses).
    Tensor zl = cplx({1, 2}, {1}).detach();
    zl.requires_grad_(true);
    Tensor l2 = sum(mul(view_as_real(zl), view_as_real(zl)));  // |z|^2
    autograd::backward({l2});
    check_close(view_as_real(zl.grad()), {2, 4});
}
