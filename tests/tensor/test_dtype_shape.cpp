// dtype tables, type promotion, half-precision conversion, shapes and broadcasting.
#include <cmath>

#include "support/check.h"
#include "support/pyrepr.h"

using namespace kiln;

TEST_CASE("promote_types follows PyTorch's lattice", "[tensor][dtype]") {
    CHECK(promote_types(DType::Bool, DType::Int64) == DType::Int64);
    CHECK(promote_types(DType::Int64, DType::Float32) == DType::Float32);
    CHECK(promote_types(DType::Float32, DType::Float64) == DType::Float64);
    CHECK(promote_types(DType::Float16, DType::BFloat16) == DType::Float32);
    CHECK(promote_types(DType::Float16, DType::Float32) == DType::Float32);
    CHECK(promote_types(DType::Bool, DType::Bool) == DType::Bool);
    CHECK(promote_types(DType::BFloat16, DType::Int64) == DType::BFloat16);
}

TEST_CASE("promote_types of the narrow integers follows c10's table", "[tensor][dtype]") {
    CHECK(promote_types(DType::UInt8, DType::Int8) == DType::Int16);
    CHECK(promote_types(DType::Int8, DType::UInt8) == DType::Int16);
    CHECK(promote_types(DType::UInt8, DType::Int16) == DType::Int16);
    CHECK(promote_types(DType::UInt8, DType::Int32) == DType::Int32);
    CHECK(promote_types(DType::Int8, DType::Int16) == DType::Int16);
    CHECK(promote_types(DType::Int32, DType::Int64) == DType::Int64);
    CHECK(promote_types(DType::Int16, DType::Int8) == DType::Int16);
    CHECK(promote_types(DType::UInt8, DType::Bool) == DType::UInt8);
    CHECK(promote_types(DType::Bool, DType::Int8) == DType::Int8);
    CHECK(promote_types(DType::Int32, DType::Float16) == DType::Float16);
    CHECK(promote_types(DType::UInt8, DType::BFloat16) == DType::BFloat16);
    CHECK(promote_types(DType::Int32, DType::Float32) == DType::Float32);
}

TEST_CASE("uint16 and uint32 are c10's barebones unsigned types", "[tensor][dtype]") {
    // they meet a float at the float; any other pair (bool included) is refused with c10's text
    CHECK(promote_types(DType::UInt16, DType::UInt16) == DType::UInt16);
    CHECK(promote_types(DType::UInt16, DType::Float32) == DType::Float32);
    CHECK(promote_types(DType::BFloat16, DType::UInt32) == DType::BFloat16);
    CHECK_THROWS_WITH(promote_types(DType::UInt16, DType::Int64),
                      "Promotion for uint16, uint32, uint64 types is not supported, attempted to promote UInt16 and Long");
    CHECK_THROWS_WITH(promote_types(DType::Bool, DType::UInt32),
                      "Promotion for uint16, uint32, uint64 types is not supported, attempted to promote Bool and UInt32");
    CHECK(std::string(dtype_name(DType::UInt16)) == "torch.uint16");
    CHECK(std::string(dtype_scalar_type_name(DType::UInt32)) == "UInt32");
    CHECK(std::string(dtype_abbrev(DType::UInt16)) == "u16");
    CHECK(dtype_size(DType::UInt32) == 4);
    CHECK_FALSE(dtype_is_signed(DType::UInt16));
    CHECK(dtype_int_max(DType::UInt16) == 65535);
    CHECK(dtype_int_max(DType::UInt32) == 4294967295LL);
    CHECK(dtype_int_min(DType::UInt32) == 0);
    CHECK(dtype_is_narrow_int(DType::UInt32));
    // c10::overflows: negative ints wrap into every unsigned type down to -max
    CHECK(scalar_fits_integral(Scalar(int64_t(-65535)), DType::UInt16));
    CHECK_FALSE(scalar_fits_integral(Scalar(int64_t(-65536)), DType::UInt16));
    CHECK_FALSE(scalar_fits_integral(Scalar(int64_t(65536)), DType::UInt16));
    CHECK(dtype_from_attr_name("uint32") == DType::UInt32);
}

TEST_CASE("narrow integer dtype names, sizes and ranges", "[tensor][dtype]") {
    CHECK(std::string(dtype_name(DType::Int32)) == "torch.int32");
    CHECK(std::string(dtype_name(DType::UInt8)) == "torch.uint8");
    CHECK(std::string(dtype_scalar_type_name(DType::Int16)) == "Short");
    CHECK(std::string(dtype_scalar_type_name(DType::Int8)) == "Char");
    CHECK(std::string(dtype_legacy_name(DType::UInt8)) == "torch.ByteTensor");
    CHECK(std::string(dtype_abbrev(DType::Int32)) == "i32");
    CHECK(std::string(dtype_abbrev(DType::UInt8)) == "u8");
    CHECK(dtype_size(DType::Int16) == 2);
    CHECK(dtype_size(DType::Int32) == 4);
    CHECK(dtype_is_integral(DType::Int8, false));
    CHECK_FALSE(dtype_is_signed(DType::UInt8));
    CHECK(dtype_is_signed(DType::Int8));
    CHECK(dtype_int_max(DType::Int32) == 2147483647);
    CHECK(dtype_int_min(DType::Int8) == -128);
    CHECK(dtype_int_max(DType::UInt8) == 255);
    CHECK(dtype_int_min(DType::UInt8) == 0);
    CHECK(compute_dtype(DType::Int16) == DType::Int64);
}

TEST_CASE("dtype names print like torch", "[tensor][dtype]") {
    CHECK(std::string(dtype_name(DType::Float32)) == "torch.float32");
    CHECK(std::string(dtype_name(DType::BFloat16)) == "torch.bfloat16");
    CHECK(std::string(dtype_short_name(DType::Int64)) == "int64");
    CHECK(dtype_size(DType::Float16) == 2);
    CHECK(dtype_size(DType::Int64) == 8);
}

TEST_CASE("float16 conversion is exact round-to-nearest-even", "[tensor][dtype]") {
    CHECK(float(Half(1.0f)) == 1.0f);
    CHECK(float(Half(65504.0f)) == 65504.0f);
    CHECK(std::isinf(float(Half(65520.0f))));  // rounds up past the largest half
    CHECK(float(Half(65519.0f)) == 65504.0f);
    CHECK(float(Half(5.9604645e-08f)) == 5.9604645e-08f);  // smallest subnormal
    CHECK(float(Half(2.0e-8f)) == 0.0f);
    CHECK(float(Half(0.1f)) == 0.0999755859375f);
    CHECK(std::isnan(float(Half(NAN))));
    CHECK(Half(-0.0f).bits == 0x8000);
    // Every half value survives a round trip through float.
    for (uint32_t b = 0; b < 0x10000; ++b) {
        Half h;
        h.bits = uint16_t(b);
        float f = h;
        if (std::isnan(f)) continue;
        REQUIRE(Half(f).bits == h.bits);
    }
}

TEST_CASE("bfloat16 conversion rounds to nearest even", "[tensor][dtype]") {
    CHECK(float(BFloat16(1.0f)) == 1.0f);
    CHECK(float(BFloat16(0.1f)) == 0.10009765625f);
    CHECK(float(BFloat16(1.00390625f)) == 1.0f);  // tie rounds to even
    CHECK(float(BFloat16(1.01171875f)) == 1.015625f);
    CHECK(std::isnan(float(BFloat16(NAN))));
}

TEST_CASE("Scalar repr matches Python", "[tensor][dtype]") {
    CHECK(Scalar(true).repr() == "True");
    CHECK(Scalar(int64_t(-3)).repr() == "-3");
    CHECK(Scalar(0.5).repr() == "0.5");
    CHECK(Scalar(2.0).repr() == "2.0");
    CHECK(Scalar(0.1).repr() == "0.1");
    CHECK(Scalar(1e100).repr() == "1e+100");
    CHECK(Scalar(1.5).dtype() == DType::Float32);
    CHECK(Scalar(int64_t(1)).dtype() == DType::Int64);
}

TEST_CASE("broadcast_shapes and its error", "[tensor][shape]") {
    CHECK(broadcast_shapes({2, 1, 4}, {3, 1}) == Shape{2, 3, 4});
    CHECK(broadcast_shapes({}, {5}) == Shape{5});
    CHECK_THROWS_WITH(broadcast_shapes({2, 3}, {2, 4}),
                      "The size of tensor a (3) must match the size of tensor b (4) at non-singleton dimension 1");
}

TEST_CASE("wrap_dim accepts negative dims and reports range", "[tensor][shape]") {
    CHECK(wrap_dim(-1, 3) == 2);
    CHECK(wrap_dim(0, 0) == 0);
    CHECK_THROWS_WITH(wrap_dim(3, 3), "Dimension out of range (expected to be in range of [-3, 2], but got 3)");
    CHECK_THROWS_AS(wrap_dim(-4, 3), kiln::Error);
}

TEST_CASE("contiguous strides skip size-1 dims like PyTorch", "[tensor][shape]") {
    CHECK(contiguous_strides({2, 3, 4}) == Shape{12, 4, 1});
    CHECK(contiguous_strides({}) == Shape{});
    CHECK(shape_repr({2, 3}) == "torch.Size([2, 3])");
}

TEST_CASE("caching allocator reuses freed blocks", "[tensor][storage]") {
    cpu_allocator_empty_cache();
    size_t before = cpu_allocator_stats().bytes_in_use;
    { Tensor a = Tensor::empty({1 << 20}, DType::Float32); }
    CHECK(cpu_allocator_stats().bytes_in_use == before);
    CHECK(cpu_allocator_stats().bytes_cached >= size_t(4 << 20));
    void* first;
    {
        Tensor a = Tensor::empty({1 << 20}, DType::Float32);
        first = a.data();
    }
    Tensor b = Tensor::empty({1 << 20}, DType::Float32);
    CHECK(b.data() == first);
    CHECK(reinterpret_cast<uintptr_t>(b.data()) % 64 == 0);
}

TEST_CASE("caching allocator hands out the block of a size released last", "[tensor][storage]") {
    // A loop that allocates one output per call and drops the previous one must keep getting a warm
    // block back, not cycle through every cached block of that size (cold in the caches, and never
    // touched if it was cached untouched).
    cpu_allocator_empty_cache();
    void* older;
    void* newer;
    {
        Tensor a = Tensor::empty({1 << 20}, DType::Float32), b = Tensor::empty({1 << 20}, DType::Float32);
        older = a.data();
        newer = b.data();
        a = Tensor();  // released first
    }  // b released last
    for (int call = 0; call < 4; ++call) {
        Tensor out = Tensor::empty({1 << 20}, DType::Float32);
        CHECK(out.data() == newer);
    }
    Tensor x = Tensor::empty({1 << 20}, DType::Float32), y = Tensor::empty({1 << 20}, DType::Float32);
    CHECK(x.data() == newer);
    CHECK(y.data() == older);
}

#if defined(__linux__) && !defined(__EMSCRIPTEN__)
TEST_CASE("caching allocator gives large blocks whole 2 MB pages (Linux)", "[tensor][storage]") {
    // 4 MB and more: 2 MB aligned, a multiple of 2 MB (what huge pages need); smaller blocks keep
    // the 1/8-of-a-power-of-two rounding.
    cpu_allocator_empty_cache();
    size_t before = cpu_allocator_stats().bytes_in_use;
    Tensor big = Tensor::empty({(5 << 20) / 4 + 3}, DType::Float32);  // 5 MB + 12 bytes
    CHECK(reinterpret_cast<uintptr_t>(big.data()) % (2 << 20) == 0);
    CHECK(cpu_allocator_stats().bytes_in_use - before == size_t(6) << 20);
    Tensor small = Tensor::empty({(3 << 20) / 4 + 3}, DType::Float32);  // 3 MB + 12 bytes -> 3.5 MB
    CHECK(cpu_allocator_stats().bytes_in_use - before == (size_t(6) << 20) + (size_t(7) << 19));
}
#endif

TEST_CASE("negative sizes are rejected", "[tensor][storage]") {
    CHECK_THROWS_WITH(zeros({2, -1}), Catch::Contains("Trying to create tensor with negative dimension -1"));
}

TEST_CASE("Python float and str repr", "[tensor][dtype]") {
    CHECK(py_float_repr(100.0) == "100.0");
    CHECK(py_float_repr(1e15) == "1000000000000000.0");
    CHECK(py_float_repr(1e16) == "1e+16");
    CHECK(py_float_repr(0.0001) == "0.0001");
    CHECK(py_float_repr(1e-05) == "1e-05");
    CHECK(py_float_repr(1.5e-07) == "1.5e-07");
    CHECK(py_float_repr(-0.0) == "-0.0");
    CHECK(py_float_repr(0.1 + 0.2) == "0.30000000000000004");
    CHECK(py_float_repr(123456789012345678.0) == "1.2345678901234568e+17");
    CHECK(Scalar(100.0).repr() == "100.0");
    CHECK(py_str_repr("it's") == "\"it's\"");
    CHECK(py_str_repr("a'b\"c") == "'a\\'b\"c'");
    CHECK(py_str_repr("tab\there\n\x01") == "'tab\\there\\n\\x01'");
}
