// The CPU and CUDA random generators and the random factories (rand, randn, randint, randperm,
// uniform_, normal_, bernoulli_, exponential_, random_, cauchy_, log_normal_, geometric_, poisson,
// multinomial).
//
// PyTorch's CPU generator is a standard 32-bit Mersenne Twister seeded with the low 32 bits of the
// seed, and its distributions are simple transforms of its output: U[0,1) for float32 keeps 24
// random bits of one draw (53 bits of two draws for float64; 11 / 8 bits of one for float16 /
// bfloat16); normal fills contiguous floating tensors of >= 16 elements with uniforms and then applies
// Box-Muller in blocks of 16 (recomputing the last 16 when the size is not a multiple), with PyTorch's
// arithmetic per dtype (rng_box_muller.cpp: float32 is the AVX2 kernel's polynomials), and smaller or
// strided tensors draw double pairs with a cached second value. Kiln follows the same recipes so
// torch.manual_seed(0); torch.randn(...) prints PyTorch's numbers bit for bit.
//
// CUDA tensors draw on the device from the CUDA generator (cuda/random.cu: Philox, a seed and an
// offset), as PyTorch's CUDA tensors do; their numbers are not the CPU's (nor PyTorch's CUDA ones).
#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <mutex>
#include <numeric>
#include <random>
#include <cstring>

#include "autograd/grad_mode.h"
#include "autograd/node.h"
#include "cuda/dispatch.h"
#include "ops/ops.h"
#include "ops/output_layout.h"
#include "ops/rng_box_muller.h"
#include "ops/rng_state.h"
#include "support/error.h"

namespace kiln {

namespace {

constexpr uint64_t kDefaultSeed = 67280421310721ull;  // PyTorch's default CPU seed
constexpr int kStateN = 624, kStateM = 397;

}  // namespace

// PyTorch's CPU generator (CPUGeneratorImpl): its own mt19937 (the standard 32-bit Mersenne Twister,
// with the seed, `left` and `next` fields PyTorch's get_state exposes) and the cached second value of
// the last double Box-Muller pair.
struct GeneratorImpl {
    // CUDA generators use only seed and philox_offset (cuda/random.cu's Philox counter).
    Device device = Device::CPU;
    uint64_t philox_offset = 0;
    uint64_t seed = 0;
    int left = 1;
    uint32_t next = 0;
    uint32_t state[kStateN] = {};
    bool has_next_normal = false;
    double next_normal = 0.0;
    std::mutex mutex;

    GeneratorImpl() { reseed(kDefaultSeed); }
    void reseed(uint64_t s) {
        seed = s;
        philox_offset = 0;
        state[0] = uint32_t(s & 0xffffffffu);
        for (uint32_t j = 1; j < kStateN; ++j) state[j] = 1812433253u * (state[j - 1] ^ (state[j - 1] >> 30)) + j;
        left = 1;
        next = 0;
        has_next_normal = false;
    }
    static uint32_t twist(uint32_t u, uint32_t v) {
        uint32_t mixed = (u & 0x80000000u) | (v & 0x7fffffffu);
        return (mixed >> 1) ^ ((v & 1u) ? 0x9908b0dfu : 0u);
    }
    void next_state() {
        uint32_t* p = state;
        left = kStateN;
        next = 0;
        for (int j = kStateN - kStateM + 1; --j; ++p) *p = p[kStateM] ^ twist(p[0], p[1]);
        for (int j = kStateM; --j; ++p) *p = p[kStateM - kStateN] ^ twist(p[0], p[1]);
        *p = p[kStateM - kStateN] ^ twist(p[0], state[0]);
    }
    uint32_t random() {
        if (--left == 0) next_state();
        uint32_t y = state[next++];
        y ^= (y >> 11);
        y ^= (y << 7) & 0x9d2c5680u;
        y ^= (y << 15) & 0xefc60000u;
        y ^= (y >> 18);
        return y;
    }
    // n successive random() values into out, as n calls would give them: the untempered words of a
    // state block are taken in runs and tempered in a loop the compiler vectorizes (the fills below
    // draw millions of words: one call each spent more time on its bookkeeping than on the twist).
    void random_block(uint32_t* out, int64_t n) {
        while (n > 0) {
            int64_t k;
            if (left == 1) {  // the next call twists: --left reaches 0, then state[0] is taken
                next_state();
                k = std::min<int64_t>(n, kStateN);
                left = int(kStateN - (k - 1));
            } else {
                k = std::min<int64_t>(n, left - 1);
                left -= int(k);
            }
            const uint32_t* src = state + next;
            for (int64_t i = 0; i < k; ++i) {
                uint32_t y = src[i];
                y ^= (y >> 11);
                y ^= (y << 7) & 0x9d2c5680u;
                y ^= (y << 15) & 0xefc60000u;
                y ^= (y >> 18);
                out[i] = y;
            }
            next += uint32_t(k);
            out += k;
            n -= k;
        }
    }
    uint64_t random64() {
        uint32_t hi = random();
        uint32_t lo = random();
        return (uint64_t(hi) << 32) | lo;
    }
    // U[from, to) in the precision of T, as at::uniform_real_distribution. PyTorch's x86 kernels
    // are compiled with FMA contraction, so x * (to - from) + from is one fused multiply-add there;
    // std::fma reproduces that rounding whatever this build's flags (and in WebAssembly).
    template <typename T>
    T uniform(T from, T to) {
        if constexpr (std::is_same_v<T, double>) {
            const uint32_t hi = random();
            return std::fma(unit_double(hi, random()), to - from, from);
        } else {
            return std::fma(unit_float(random()), to - from, from);
        }
    }
    // U[0, 1) from the words drawn: 53 bits of two (hi first) for float64, 24 bits of one for float32.
    static double unit_double(uint32_t hi, uint32_t lo) {
        const uint64_t r = (uint64_t(hi) << 32) | lo;
        return double(r & ((uint64_t(1) << 53) - 1)) * (1.0 / double(uint64_t(1) << 53));
    }
    static float unit_float(uint32_t w) { return float(w & ((1u << 24) - 1)) * (1.0f / float(1u << 24)); }
    double normal_double(double mean, double std) {
        // transformation::normal's val * std + mean is one fused multiply-add in PyTorch's x86 build
        if (has_next_normal) {
            has_next_normal = false;
            return std::fma(next_normal, std, mean);
        }
        double u1 = uniform<double>(0.0, 1.0);
        double u2 = uniform<double>(0.0, 1.0);
        double r = std::sqrt(-2.0 * std::log1p(-u2));
        double theta = 2.0 * M_PI * u1;
        next_normal = r * std::sin(theta);
        has_next_normal = true;
        const double ret = r * std::cos(theta);
        return std::fma(ret, std, mean);
    }
};

namespace {

using Generator = GeneratorImpl;
thread_local GeneratorImpl* t_scoped_generator = nullptr;

const GeneratorPtr& default_generator_ptr() {
    static GeneratorPtr g = std::make_shared<GeneratorImpl>();
    return g;
}

const GeneratorPtr& default_cuda_generator_ptr() {
    static GeneratorPtr g = [] {
        auto c = std::make_shared<GeneratorImpl>();
        c->device = Device::CUDA;
        return c;
    }();
    return g;
}

const char* device_type_name(Device d) { return d == Device::CUDA ? "cuda" : "cpu"; }

// The generator an op on device `d` draws from: a GeneratorScope's (generator= arguments), which
// must be of that device (PyTorch's check_generator), else the device's default one.
Generator& generator(Device d = Device::CPU) {
    if (t_scoped_generator) {
        KILN_CHECK(t_scoped_generator->device == d, RuntimeError, "Expected a '", device_type_name(d),
                   "' device type for generator but found '", device_type_name(t_scoped_generator->device), "'");
        return *t_scoped_generator;
    }
    return d == Device::CUDA ? *default_cuda_generator_ptr() : *default_generator_ptr();
}

// Each CUDA fill advances the generator's offset by 4 (PyTorch's increments are multiples of 4);
// element groups of a fill are counters below 2^64 under that one offset, so fills never overlap.
constexpr uint64_t kPhiloxIncrement = 4;

cuda::Philox next_philox() {
    Generator& g = generator(Device::CUDA);
    std::lock_guard<std::mutex> lock(g.mutex);
    if (cuda::recording()) {
        KILN_CHECK(&g == default_cuda_generator_ptr().get(), RuntimeError,
                   "a CUDA graph can record random numbers only from the default CUDA generator (a generator= "
                   "argument is not replayed)");
        return cuda::graph_philox(kPhiloxIncrement);
    }
    cuda::Philox p;
    p.seed = g.seed;
    p.offset = g.philox_offset;
    g.philox_offset += kPhiloxIncrement;
    return p;
}

// Fills CUDA tensor t on the device (a contiguous temporary first when t is a strided view).
Tensor& fill_on_gpu(Tensor& t, const cuda::RandomFill& f) {
    Tensor c = t.is_contiguous() ? t : Tensor::empty(t.sizes(), t.dtype(), Device::CUDA);
    cuda::random_fill(c.raw_data(), uint8_t(c.dtype()), c.numel(), f, next_philox());
    if (!c.is_same(t)) copy_(t, c);
    t.bump_version();
    return t;
}

cuda::RandomFill fill_of(cuda::RandomKind kind, double a, double b = 0) {
    cuda::RandomFill f;
    f.kind = kind;
    f.a = a;
    f.b = b;
    return f;
}

cuda::RandomFill range_fill(int64_t lo, uint64_t range) {
    cuda::RandomFill f;
    f.kind = cuda::RandomKind::Range;
    f.lo = lo;
    f.range = range;
    return f;
}

// Writes values produced by gen() into t in row-major order of the view it is given.
template <typename T, typename G>
void fill_rows(const Tensor& t, G&& gen) {
    Tensor c = t.is_contiguous() ? t : Tensor::empty(t.sizes(), t.dtype());
    T* p = c.data_ptr<T>();
    // numel hoisted: gen() touches the generator, so the compiler would recompute the product of the
    // sizes on every element (5% of a dropout-heavy training step went there)
    const int64_t n = c.numel();
    for (int64_t i = 0; i < n; ++i) p[i] = gen();
    if (!c.is_same(t)) {
        Tensor dst = t;
        copy_(dst, c);
    }
}

// Writes values produced by gen() into t in TensorIterator's order: memory order for a dense strided
// tensor (a transposed tensor is filled as its storage runs), row-major for a contiguous one.
template <typename T, typename G>
void fill_serial(Tensor& t, G&& gen) {
    const std::vector<int64_t> order = memory_dim_order(t);
    if (order.empty()) return fill_rows<T>(t, gen);
    fill_rows<T>(permuted_view(t, t.sizes(), order), gen);
}

// Draws in bulk, element for element what a loop of g.uniform<T> / bernoulli comparisons draws:
// each chunk's words come from random_block, then one vectorizable loop turns them into values
// (a float32 draw keeps 24 bits of one word, a float64 draw 53 bits of two: uniform() above).
constexpr int64_t kDrawChunk = 2048;

// out[i] = T(U[from, to)) for i < n, U drawn in the precision of D (float or double).
template <typename D, typename T>
void uniform_bulk(T* out, int64_t n, D from, D to, Generator& g) {
    constexpr int words = std::is_same_v<D, double> ? 2 : 1;
    uint32_t buf[kDrawChunk * 2];
    const D span = to - from;
    for (int64_t i0 = 0; i0 < n; i0 += kDrawChunk) {
        const int64_t m = std::min(kDrawChunk, n - i0);
        g.random_block(buf, m * words);
        for (int64_t i = 0; i < m; ++i) {
            D x;
            if constexpr (words == 2) x = Generator::unit_double(buf[2 * i], buf[2 * i + 1]);
            else x = Generator::unit_float(buf[i]);
            out[i0 + i] = T(std::fma(x, span, from));
        }
    }
}

// out[i] = 1 where a float64 U[0, 1) draw is below p (at::bernoulli_distribution<double>), else 0.
template <typename T>
void bernoulli_bulk(T* out, int64_t n, double p, Generator& g) {
    uint32_t buf[kDrawChunk * 2];
    for (int64_t i0 = 0; i0 < n; i0 += kDrawChunk) {
        const int64_t m = std::min(kDrawChunk, n - i0);
        g.random_block(buf, m * 2);
        for (int64_t i = 0; i < m; ++i) {
            out[i0 + i] = T(Generator::unit_double(buf[2 * i], buf[2 * i + 1]) < p ? 1 : 0);
        }
    }
}

// U[0, 1) of a 16-bit float type as at::uniform_real_distribution<Half / BFloat16> draws it: the low
// `digits` bits of one word (11 for float16, 8 for bfloat16) over 2^digits, in float.
template <typename T>
float unit_16bit(uint32_t w) {
    constexpr int digits = std::is_same_v<T, Half> ? 11 : 8;
    return float(w & ((1u << digits) - 1)) * (1.0f / float(1u << digits));
}

// at::uniform_real_distribution<T>(from, to) for a 16-bit float T: from and to rounded to T, their
// difference rounded to T (c10's 16-bit operators), then x * (to - from) + from fused, in float.
template <typename T>
T uniform_16bit(Generator& g, T from, T to) {
    const float span = float(T(float(to) - float(from)));
    return T(std::fma(unit_16bit<T>(g.random()), span, float(from)));
}

// normal_fill (ATen/native/cpu/DistributionTemplates.h): the whole tensor filled with U[0, 1) draws of
// its dtype, then Box-Muller over each block of 16 (rng_box_muller.cpp: PyTorch's arithmetic per
// dtype); a size that is not a multiple of 16 has its last 16 elements redrawn and transformed again.
template <typename T>
void normal_fill(T* data, int64_t size, T mean, T std, Generator& g) {
    auto fill_uniform = [&](T* out, int64_t n) {
        if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double>) uniform_bulk<T>(out, n, T(0), T(1), g);
        else for (int64_t i = 0; i < n; ++i) out[i] = T(unit_16bit<T>(g.random()));
    };
    fill_uniform(data, size);
    for (int64_t i = 0; i + 16 <= size; i += 16) rng::box_muller16(data + i, mean, std);
    if (size % 16 != 0) {
        T* tail = data + size - 16;
        fill_uniform(tail, 16);
        rng::box_muller16(tail, mean, std);
    }
}

void check_floating(const Tensor& t, const char* what) {
    KILN_CHECK(t.is_floating_point(), RuntimeError, what, " expects a floating point tensor, got ",
               dtype_short_name(t.dtype()));
}

}  // namespace

// torch.manual_seed seeds the CPU generator and the CUDA one (PyTorch's seeds every device's).
void manual_seed(uint64_t seed) {
    manual_seed(*default_generator_ptr(), seed);
    manual_seed(*default_cuda_generator_ptr(), seed);
}
uint64_t initial_seed() { return default_generator_ptr()->seed; }

GeneratorPtr make_generator(Device device) {
    auto g = std::make_shared<GeneratorImpl>();
    g->device = device;
    return g;
}
const GeneratorPtr& default_generator() { return default_generator_ptr(); }
const GeneratorPtr& default_cuda_generator() { return default_cuda_generator_ptr(); }
Device generator_device(const GeneratorImpl& g) { return g.device; }

std::pair<uint64_t, uint64_t> reserve_cuda_philox(uint64_t increment) {
    GeneratorImpl& g = *default_cuda_generator_ptr();
    std::lock_guard<std::mutex> lock(g.mutex);
    std::pair<uint64_t, uint64_t> at{g.seed, g.philox_offset};
    g.philox_offset += increment;
    return at;
}

void manual_seed(GeneratorImpl& g, uint64_t seed) {
    std::lock_guard<std::mutex> lock(g.mutex);
    g.reseed(seed);
}

uint64_t initial_seed(const GeneratorImpl& g) { return g.seed; }

uint64_t nondeterministic_seed(GeneratorImpl& g) {
    std::random_device rd;
    uint64_t s = (uint64_t(rd()) << 32) | rd();
    manual_seed(g, s);
    return s;
}

GeneratorScope::GeneratorScope(GeneratorImpl* g) : prev_(t_scoped_generator) {
    if (g) t_scoped_generator = g;
}
GeneratorScope::~GeneratorScope() { t_scoped_generator = prev_; }

// PyTorch's CPUGeneratorImplState (5056 bytes, little-endian as on the machines PyTorch runs on):
//   int64 the_initial_seed; int32 left; int32 seeded; uint64 next; uint64 state[624];
//   double normal_x, normal_y, normal_rho; int32 normal_is_valid; (4 bytes padding)
//   float next_float_normal_sample; bool is_next_float_normal_sample_valid; (3 bytes padding)
namespace {
constexpr size_t kStateBytes = 5056;
template <typename T>
void put(std::vector<uint8_t>& b, size_t at, T v) {
    std::memcpy(b.data() + at, &v, sizeof v);
}
template <typename T>
T take(const std::vector<uint8_t>& b, size_t at) {
    T v;
    std::memcpy(&v, b.data() + at, sizeof v);
    return v;
}
}  // namespace

// A CUDA generator's state is PyTorch's CUDAGeneratorImpl one: 16 bytes, the seed and the Philox offset.
constexpr size_t kCudaStateBytes = 16;

std::vector<uint8_t> generator_state(GeneratorImpl& g) {
    std::lock_guard<std::mutex> lock(g.mutex);
    if (g.device == Device::CUDA) {
        std::vector<uint8_t> b(kCudaStateBytes, 0);
        put<uint64_t>(b, 0, g.seed);
        put<int64_t>(b, 8, int64_t(g.philox_offset));
        return b;
    }
    std::vector<uint8_t> b(kStateBytes, 0);
    put<int64_t>(b, 0, int64_t(g.seed));
    put<int32_t>(b, 8, g.left);
    put<int32_t>(b, 12, 1);
    put<uint64_t>(b, 16, g.next);
    for (int i = 0; i < kStateN; ++i) put<uint64_t>(b, 24 + 8 * size_t(i), g.state[i]);
    const size_t normal = 24 + 8 * kStateN;  // 5016
    put<double>(b, normal + 8, g.has_next_normal ? g.next_normal : 0.0);
    put<int32_t>(b, normal + 24, g.has_next_normal ? 1 : 0);
    return b;
}

void set_generator_state(GeneratorImpl& g, const std::vector<uint8_t>& b) {
    if (g.device == Device::CUDA) {
        // PyTorch also takes the older 8-byte state (the seed alone; the offset starts at 0).
        KILN_CHECK(b.size() == kCudaStateBytes || b.size() == kCudaStateBytes - 8, RuntimeError, "RNG state is wrong size");
        std::lock_guard<std::mutex> lock(g.mutex);
        g.seed = take<uint64_t>(b, 0);
        g.philox_offset = b.size() == kCudaStateBytes ? uint64_t(take<int64_t>(b, 8)) : 0;
        return;
    }
    KILN_CHECK(b.size() == kStateBytes, RuntimeError, "Expected either a THGeneratorState of size 5048 or a "
               "CPUGeneratorImplState of size 5056 but found the input RNG state size to be ", b.size());
    std::lock_guard<std::mutex> lock(g.mutex);
    g.seed = uint64_t(take<int64_t>(b, 0));
    int32_t left = take<int32_t>(b, 8);
    uint64_t next = take<uint64_t>(b, 16);
    KILN_CHECK(left >= 1 && left <= kStateN && next <= uint64_t(kStateN), RuntimeError,
               "The RNG state is invalid (left=", left, ", next=", next, ")");
    g.left = left;
    g.next = uint32_t(next);
    for (int i = 0; i < kStateN; ++i) g.state[i] = uint32_t(take<uint64_t>(b, 24 + 8 * size_t(i)));
    const size_t normal = 24 + 8 * kStateN;
    g.has_next_normal = take<int32_t>(b, normal + 24) != 0;
    g.next_normal = take<double>(b, normal + 8);
}

struct RngStateGuard::State {
    GeneratorImpl* gen;
    std::vector<uint8_t> bytes;  // generator_state()'s layout: engine, seed and cached normal
};

RngStateGuard::RngStateGuard() {
    Generator& g = generator();
    state_.reset(new State{&g, generator_state(g)});
}

RngStateGuard::~RngStateGuard() { set_generator_state(*state_->gen, state_->bytes); }

Tensor& uniform_(Tensor& t, double from, double to) {
    if (t.is_complex()) {  // PyTorch's uniform_impl_: both parts of the real view
        Tensor r = complex_as_real_raw(t);
        uniform_(r, from, to);
        return t;
    }
    // uniform_impl_'s first step, check_from_to_in_range, is an AT_DISPATCH over the floating types:
    // an integer tensor is its NotImplementedError, named after that dispatch
    KILN_CHECK(t.is_floating_point(), NotImplementedError, "\"check_uniform_bounds\" not implemented for '",
               dtype_scalar_type_name(t.dtype()), "'");
    // uniform_impl_'s bounds checks ("check_uniform_bounds"): both ends finite in the tensor's dtype
    // (NaN and infinities fail), ordered, and a range the dtype can hold; otherwise every draw is NaN.
    const double max = t.dtype() == DType::Float16    ? 65504.0
                       : t.dtype() == DType::BFloat16 ? 3.3895313892515355e38
                       : t.dtype() == DType::Float32  ? double(std::numeric_limits<float>::max())
                                                      : std::numeric_limits<double>::max();
    KILN_CHECK(from >= -max && from <= max, RuntimeError, "from is out of bounds for ", dtype_type_meta_name(t.dtype()));
    KILN_CHECK(to >= -max && to <= max, RuntimeError, "to is out of bounds for ", dtype_type_meta_name(t.dtype()));
    KILN_CHECK(from <= to, RuntimeError, "uniform_ expects to return a [from, to) range, but found from=", from,
               " > to=", to);
    KILN_CHECK(to - from <= max, RuntimeError, "uniform_ expects to-from <= std::numeric_limits<",
               dtype_scalar_type_name(t.dtype()), ">::max(), but found to=", to, " and from=", from,
               " which result in to-from to exceed the limit");
    if (t.is_meta()) return t;  // the meta device: no values to draw (and no draws taken, as in PyTorch)
    if (t.device() == Device::CUDA) return fill_on_gpu(t, fill_of(cuda::RandomKind::Uniform, from, to));
    Generator& g = generator();
    std::lock_guard<std::mutex> lock(g.mutex);
    dispatch_dtype(t.dtype(), [&](auto tag) {
        using T = typename decltype(tag)::type;
        if constexpr (std::is_same_v<T, double>) {
            if (t.is_contiguous()) uniform_bulk<double>(t.data_ptr<T>(), t.numel(), from, to, g);
            else fill_serial<T>(t, [&] { return g.uniform<double>(from, to); });
        } else if constexpr (std::is_same_v<T, float>) {
            if (t.is_contiguous()) uniform_bulk<float>(t.data_ptr<T>(), t.numel(), float(from), float(to), g);
            else fill_serial<T>(t, [&] { return g.uniform<float>(float(from), float(to)); });
        } else if constexpr (std::is_same_v<T, Half> || std::is_same_v<T, BFloat16>) {
            const T lo = T(float(from)), hi = T(float(to));
            fill_serial<T>(t, [&] { return uniform_16bit<T>(g, lo, hi); });
        }
    });
    t.bump_version();
    return t;
}

Tensor& normal_(Tensor& t, double mean, double std) {
    if (t.is_complex()) {  // PyTorch's normal_impl_: the real view, std / sqrt(2) for each part
        Tensor r = complex_as_real_raw(t);
        normal_(r, mean, std / std::sqrt(2.0));
        return t;
    }
    // normal_impl_: CHECK_NORMAL_STD, then the kernel's AT_DISPATCH over the floating types
    KILN_CHECK(std >= 0.0, RuntimeError, "normal expects std >= 0.0, but found std ", std);
    KILN_CHECK(t.is_floating_point(), NotImplementedError, "\"", t.device() == Device::CUDA ? "normal_kernel_cuda" : "normal_kernel_cpu",
               "\" not implemented for '", dtype_scalar_type_name(t.dtype()), "'");
    if (t.is_meta()) return t;
    if (t.device() == Device::CUDA) return fill_on_gpu(t, fill_of(cuda::RandomKind::Normal, mean, std));
    Generator& g = generator();
    std::lock_guard<std::mutex> lock(g.mutex);
    const int64_t n = t.numel();
    if (n >= 16 && t.is_contiguous() && dtype_is_floating(t.dtype())) {
        // normal_kernel: mean and std cast to the tensor's dtype (double -> float -> 16-bit for halves)
        dispatch_dtype(t.dtype(), [&](auto tag) {
            using T = typename decltype(tag)::type;
            if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double> || std::is_same_v<T, Half> ||
                          std::is_same_v<T, BFloat16>) {
                T m, sd;
                if constexpr (std::is_same_v<T, double>) m = mean, sd = std;
                else m = T(float(mean)), sd = T(float(std));
                normal_fill<T>(t.data_ptr<T>(), n, m, sd, g);
            }
        });
    } else {
        dispatch_dtype(t.dtype(), [&](auto tag) {
            using T = typename decltype(tag)::type;
            if constexpr (std::is_same_v<T, double>)
                fill_serial<T>(t, [&] { return g.normal_double(mean, std); });
            else if constexpr (!std::is_integral_v<T>)
                fill_serial<T>(t, [&] { return T(static_cast<float>(g.normal_double(mean, std))); });
        });
    }
    t.bump_version();
    return t;
}

Tensor& bernoulli_(Tensor& t, double p) {
    KILN_CHECK(p >= 0.0 && p <= 1.0, RuntimeError, "bernoulli_ expects p to be in [0, 1], but got p=", p);
    if (t.is_meta()) return t;
    if (t.device() == Device::CUDA) return fill_on_gpu(t, fill_of(cuda::RandomKind::Bernoulli, p));
    Generator& g = generator();
    std::lock_guard<std::mutex> lock(g.mutex);
    dispatch_dtype(t.dtype(), [&](auto tag) {
        using T = typename decltype(tag)::type;
        if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double>) {
            if (t.is_contiguous()) return bernoulli_bulk<T>(t.data_ptr<T>(), t.numel(), p, g);
        }
        fill_serial<T>(t, [&] {
            bool one = g.uniform<double>(0.0, 1.0) < p;
            if constexpr (std::is_same_v<T, bool>) return one;
            else if constexpr (std::is_integral_v<T>) return T(one);
            else return T(one ? 1.0f : 0.0f);
        });
    });
    t.bump_version();
    return t;
}

// bernoulli_(self, p_tensor): PyTorch's CPU bernoulli_tensor kernel: p broadcast to self, elements in
// order, each one uniform draw compared with its p (a double draw for float64 p, else a float one).
Tensor& bernoulli_(Tensor& t, const Tensor& p) {
    const bool dbl = p.dtype() == DType::Float64;
    if (t.is_meta()) return t;
    if (t.device() == Device::CUDA) {
        Tensor dp = p.device() == Device::CUDA ? p : to_device(p, Device::CUDA);
        Tensor pv = contiguous(to_dtype(expand(dp, t.sizes()), dbl ? DType::Float64 : DType::Float32));
        cuda::RandomFill f = fill_of(cuda::RandomKind::BernoulliTensor, 0);
        f.p = pv.raw_data();
        f.p_dtype = uint8_t(pv.dtype());
        return fill_on_gpu(t, f);
    }
    Tensor host = p.device() == Device::CPU ? p : to_device(p, Device::CPU);
    if (const std::vector<int64_t> order = memory_dim_order(t); !order.empty()) {
        // drawn in t's memory order, each element with its own p (see fill_serial)
        Tensor tv = permuted_view(t, t.sizes(), order);
        bernoulli_(tv, permuted_view(host, t.sizes(), order));
        t.bump_version();
        return t;
    }
    Tensor pv = contiguous(to_dtype(expand(host, t.sizes()), DType::Float64));
    const double* pp = pv.data_ptr<double>();
    // at::bernoulli_distribution's TORCH_CHECK_IF_NOT_ON_CUDA(p_in >= 0 && p_in <= 1), per element on
    // the CPU (NaN fails it too): checked before any draw here, where PyTorch stops at the first bad p.
    for (int64_t k = 0, n = pv.numel(); k < n; ++k)
        KILN_CHECK(pp[k] >= 0 && pp[k] <= 1, RuntimeError,
                   "Expected p_in >= 0 && p_in <= 1 to be true, but got false.  (Could this error message be improved?  "
                   "If so, please report an enhancement request to PyTorch.)");
    Generator& g = generator();
    std::lock_guard<std::mutex> lock(g.mutex);
    int64_t i = 0;
    dispatch_dtype(t.dtype(), [&](auto tag) {
        using T = typename decltype(tag)::type;
        if (t.is_contiguous()) {  // in bulk: one word per draw for a float p, two for a float64 one
            T* out = t.data_ptr<T>();
            const int64_t n = t.numel(), words = dbl ? 2 : 1;
            uint32_t buf[kDrawChunk * 2];
            for (int64_t i0 = 0; i0 < n; i0 += kDrawChunk) {
                const int64_t m = std::min(kDrawChunk, n - i0);
                g.random_block(buf, m * words);
                for (int64_t k = 0; k < m; ++k) {
                    const bool one = dbl ? Generator::unit_double(buf[2 * k], buf[2 * k + 1]) < pp[i0 + k]
                                         : Generator::unit_float(buf[k]) < float(pp[i0 + k]);
                    if constexpr (std::is_same_v<T, bool>) out[i0 + k] = one;
                    else if constexpr (std::is_integral_v<T>) out[i0 + k] = T(one);
                    else out[i0 + k] = T(one ? 1.0f : 0.0f);
                }
            }
            return;
        }
        fill_serial<T>(t, [&] {
            const double q = pp[i++];
            bool one = dbl ? g.uniform<double>(0.0, 1.0) < q : g.uniform<float>(0.0f, 1.0f) < float(q);
            if constexpr (std::is_same_v<T, bool>) return one;
            else if constexpr (std::is_integral_v<T>) return T(one);
            else return T(one ? 1.0f : 0.0f);
        });
    });
    t.bump_version();
    return t;
}

Tensor rand(const Shape& shape, const TensorOptions& opts) {
    Tensor t = empty(shape, {opts.dtype, opts.device, false});
    uniform_(t, 0.0, 1.0);
    if (opts.requires_grad) t.requires_grad_(true);
    return t;
}

Tensor randn(const Shape& shape, const TensorOptions& opts) {
    Tensor t = empty(shape, {opts.dtype, opts.device, false});
    normal_(t, 0.0, 1.0);
    if (opts.requires_grad) t.requires_grad_(true);
    return t;
}

Tensor randint(int64_t low, int64_t high, const Shape& shape, const TensorOptions& opts) {
    KILN_CHECK(low < high, RuntimeError, "random_ expects 'from' to be less than 'to', but got from=", low,
               " >= to=", high);
    if (opts.device == Device::CUDA) {
        Tensor t = Tensor::empty(shape, opts.dtype.value_or(DType::Int64), Device::CUDA);
        return fill_on_gpu(t, range_fill(low, uint64_t(high) - uint64_t(low)));
    }
    Tensor t = Tensor::empty(shape, opts.dtype.value_or(DType::Int64), opts.device);
    if (t.is_meta()) return t;
    Generator& g = generator();
    std::lock_guard<std::mutex> lock(g.mutex);
    uint64_t range = uint64_t(high - low);
    dispatch_dtype(t.dtype(), [&](auto tag) {
        using T = typename decltype(tag)::type;
        fill_serial<T>(t, [&] {
            int64_t v = range >= (uint64_t(1) << 32) ? int64_t(g.random64() % range) + low
                                                      : int64_t(g.random() % uint32_t(range)) + low;
            if constexpr (std::is_same_v<T, bool>) return v != 0;
            else if constexpr (std::is_same_v<T, Half> || std::is_same_v<T, BFloat16>) return T(float(v));
            else return T(v);
        });
    });
    return t;
}

Tensor rand_like(const Tensor& t) { return rand(t.sizes(), {t.dtype(), t.device()}); }
Tensor randn_like(const Tensor& t) { return randn(t.sizes(), {t.dtype(), t.device()}); }

Tensor randperm(int64_t n) {
    KILN_CHECK(n >= 0, RuntimeError, "n must be non-negative, got", n);
    Tensor t = Tensor::empty({n}, DType::Int64);
    int64_t* p = t.data_ptr<int64_t>();
    std::iota(p, p + n, int64_t(0));
    Generator& g = generator();
    std::lock_guard<std::mutex> lock(g.mutex);
    // Fisher-Yates, drawing like PyTorch's CPU randperm for small n.
    for (int64_t i = 0; i < n - 1; ++i) {
        int64_t z = int64_t(g.random() % uint32_t(n - i));
        std::swap(p[i], p[z + i]);
    }
    return t;
}

Tensor& exponential_(Tensor& t, double lambd) {
    check_floating(t, "exponential_");
    // ATen's exponential_impl_ checks lambda > 0.0 only: NaN fails it, inf passes and draws zeros
    KILN_CHECK(lambd > 0.0, RuntimeError, "exponential_ expects lambda > 0.0, but found lambda=", lambd);
    if (t.is_meta()) return t;
    if (t.device() == Device::CUDA) return fill_on_gpu(t, fill_of(cuda::RandomKind::Exponential, lambd));
    Generator& g = generator();
    std::lock_guard<std::mutex> lock(g.mutex);
    dispatch_dtype(t.dtype(), [&](auto tag) {
        using T = typename decltype(tag)::type;
        if constexpr (!std::is_integral_v<T>)
            fill_serial<T>(t, [&] { return T(-1.0 / lambd * std::log1p(-g.uniform<double>(0.0, 1.0))); });
    });
    t.bump_version();
    return t;
}

namespace {

// The double U[0, 1) draws of the scalar samplers below (cauchy_, log_normal_, geometric_, poisson):
// for CPU tensors the CPU generator's, one at a time as at::uniform_real_distribution<double> takes
// them; for CUDA tensors a buffer drawn on the device from the CUDA generator (Philox, so a generator=
// and manual_seed apply as for the device's other fills), refilled when a sampler uses it up. The
// samplers then run on the host and the result is copied to the device.
struct UniformSource {
    Generator* cpu = nullptr;  // held locked by the caller
    int64_t chunk = 0;
    std::vector<double> buf;
    size_t pos = 0;
    bool has_next_normal = false;
    double next_normal = 0.0;

    double next() {
        if (cpu) return cpu->uniform<double>(0.0, 1.0);
        if (pos == buf.size()) {
            Tensor u = Tensor::empty({std::max<int64_t>(chunk, 64)}, DType::Float64, Device::CUDA);
            uniform_(u, 0.0, 1.0);
            Tensor h = to_device(u, Device::CPU);
            const double* d = h.data_ptr<double>();
            buf.assign(d, d + h.numel());
            pos = 0;
        }
        return buf[pos++];
    }
    // at::normal_distribution<double>: Box-Muller over two draws, the sine half cached for the next call.
    double normal(double mean, double std) {
        if (cpu) return cpu->normal_double(mean, std);
        if (has_next_normal) {
            has_next_normal = false;
            return next_normal * std + mean;
        }
        const double u1 = next(), u2 = next();
        const double r = std::sqrt(-2.0 * std::log1p(-u2)), theta = 2.0 * M_PI * u1;
        next_normal = r * std::sin(theta);
        has_next_normal = true;
        return r * std::cos(theta) * std + mean;
    }
};

// Fills t element by element in TensorIterator's order with draw(src) (cpu_serial_kernel's loop),
// on the host for CUDA tensors.
template <typename F>
Tensor& sample_fill(Tensor& t, F&& draw) {
    if (t.is_meta() || t.numel() == 0) return t;
    const bool gpu = t.device() == Device::CUDA;
    Generator* g = gpu ? nullptr : &generator();
    std::unique_lock<std::mutex> lock;
    if (g) lock = std::unique_lock<std::mutex>(g->mutex);
    UniformSource src{g, gpu ? t.numel() * 2 : 0};
    Tensor host = gpu ? Tensor::empty(t.sizes(), t.dtype(), Device::CPU) : t;
    dispatch_dtype(t.dtype(), [&](auto tag) {
        using T = typename decltype(tag)::type;
        fill_serial<T>(host, [&]() -> T {
            const double v = draw(src);
            if constexpr (std::is_same_v<T, bool>) return v != 0;
            else if constexpr (std::is_same_v<T, Half> || std::is_same_v<T, BFloat16>) return T(float(v));
            else return T(v);
        });
    });
    if (gpu) copy_(t, host);
    t.bump_version();
    return t;
}

// ATen's AT_DISPATCH_FLOATING_TYPES_AND2(Half, BFloat16) refusal, named after the CPU kernel.
void check_float_kernel(const Tensor& t, const char* kernel) {
    KILN_CHECK(dtype_is_floating(t.dtype()), NotImplementedError, "\"", kernel, "\" not implemented for '",
               dtype_scalar_type_name(t.dtype()), "'");
}

}  // namespace

// cauchy_impl_: sigma > 0, a floating tensor; each element median + sigma * tan(pi * (U - 1/2)).
Tensor& cauchy_(Tensor& t, double median, double sigma) {
    KILN_CHECK(sigma > 0.0, RuntimeError, "cauchy_ expects sigma > 0.0, but found sigma=", sigma);
    KILN_CHECK(dtype_is_floating(t.dtype()), RuntimeError,
               "Cauchy distribution is a continuous probability distribution. dtype must be a floating point but you "
               "specified ", dtype_type_meta_name(t.dtype()));
    return sample_fill(t, [&](UniformSource& s) { return median + sigma * std::tan(M_PI * (s.next() - 0.5)); });
}

// log_normal_impl_: std > 0; exp of a double normal draw (the generator's cached Box-Muller pair).
Tensor& log_normal_(Tensor& t, double mean, double std) {
    KILN_CHECK(std > 0.0, RuntimeError, "log_normal_ expects std > 0.0, but found std=", std);
    if (t.numel() == 0) return t;
    check_float_kernel(t, t.device() == Device::CUDA ? "log_normal_cuda" : "log_normal_cpu");
    return sample_fill(t, [&](UniformSource& s) { return std::exp(s.normal(mean, std)); });
}

// geometric_impl_: p in (0, 1); ceil(log(U) / log1p(-p)) as an int (geometric_distribution's result
// type), any real dtype but bool.
Tensor& geometric_(Tensor& t, double p) {
    KILN_CHECK(0 < p && p < 1, RuntimeError, "geometric_ expects p to be in (0, 1), but got p=", p);
    if (t.numel() == 0) return t;
    KILN_CHECK(t.dtype() != DType::Bool && !dtype_is_complex(t.dtype()), NotImplementedError, "\"",
               t.device() == Device::CUDA ? "geometric_cuda" : "geometric_cpu", "\" not implemented for '",
               dtype_scalar_type_name(t.dtype()), "'");
    const double denom = std::log1p(-p);
    return sample_fill(t, [&](UniformSource& s) {
        const double k = std::ceil(std::log(s.next()) / denom);
        // an int as ATen's sampler returns (clamped: a draw of exactly 0 would give +inf)
        return double(int(std::min(k, double(std::numeric_limits<int>::max()))));
    });
}

namespace {
// at::native's sample_poisson: Hoermann's transformed rejection for rates >= 10, Knuth's product of
// uniforms below; U and V drawn as doubles in that order.
int64_t sample_poisson(double lambda, UniformSource& s) {
    KILN_CHECK(lambda >= 0, RuntimeError, "invalid Poisson rate, expected rate to be non-negative");
    if (lambda >= 10) {
        const double slam = std::sqrt(lambda), loglam = std::log(lambda);
        const double b = 0.931 + 2.53 * slam, a = -0.059 + 0.02483 * b;
        const double invalpha = 1.1239 + 1.1328 / (b - 3.4), vr = 0.9277 - 3.6224 / (b - 2);
        while (true) {
            const double U = s.next() - 0.5, V = s.next();
            const double us = 0.5 - std::fabs(U);
            const int64_t k = int64_t(std::floor((2 * a / us + b) * U + lambda + 0.43));
            if (us >= 0.07 && V <= vr) return k;
            if (k < 0 || (us < 0.013 && V > us)) continue;
            if (std::log(V) + std::log(invalpha) - std::log(a / (us * us) + b) <=
                -lambda + double(k) * loglam - std::lgamma(double(k) + 1))
                return k;
        }
    }
    if (lambda == 0) return 0;
    const double enlam = std::exp(-lambda);
    int64_t x = 0;
    double prod = 1.0;
    while (true) {
        prod *= s.next();
        if (prod > enlam) ++x;
        else return x;
    }
}
}  // namespace

// torch.poisson (_s_poisson_cpu): one sample per rate, in the rates' dtype and TensorIterator order;
// its gradient is zero (derivatives.yaml: self: zeros_like(self)).
Tensor poisson(const Tensor& rates) {
    check_float_kernel(rates, rates.device() == Device::CUDA ? "poisson_cuda" : "poisson_cpu");
    Tensor out = zeros(rates.sizes(), {rates.dtype(), rates.device()});
    if (!out.is_meta() && out.numel() > 0) {
        Tensor r = contiguous(to_device(rates.detach(), Device::CPU, DType::Float64));
        const double* rp = r.data_ptr<double>();
        // the output is fresh and contiguous: serial order is the rates' row-major order
        int64_t i = 0;
        sample_fill(out, [&](UniformSource& s) { return double(sample_poisson(rp[i++], s)); });
    }
    if (autograd::needs_grad({rates}))
        autograd::record("PoissonBackward0", {rates}, {out}, [](const autograd::Grads& g) { return autograd::Grads{zeros_like(g[0])}; });
    return out;
}

namespace {
// ATen's sample_binomial and its helpers (native/Distributions.h), templated on the tensor's type S
// (scalar_t) with double accumulation (accscalar_t) exactly where ATen has them: products of count and
// prob are rounded to S, so float32 tensors draw what PyTorch's float32 kernel draws.
double stirling_approx_tail(double k) {
    static const double kTailValues[] = {0.0810614667953272,  0.0413406959554092,  0.0276779256849983,
                                         0.02079067210376509, 0.0166446911898211,  0.0138761288230707,
                                         0.0118967099458917,  0.0104112652619720,  0.00925546218271273,
                                         0.00833056343336287};
    if (k <= 9) return kTailValues[size_t(k)];
    const double kp1sq = (k + 1) * (k + 1);
    return (1.0 / 12 - (1.0 / 360 - 1.0 / 1260 / kp1sq) / kp1sq) / (k + 1);
}

template <typename S>
S binomial_inversion(S count, S prob, UniformSource& s) {
    double geom_sum = 0;
    S num_geom = 0;
    const double logprob = std::log1p(-prob);
    while (true) {
        const double U = s.next();
        const double geom = std::ceil(std::log(U) / logprob);
        geom_sum += geom;
        if (geom_sum > count) break;
        num_geom = num_geom + 1;
    }
    return num_geom;
}

template <typename S>
S btrs(S count, S prob, UniformSource& s) {
    const double stddev = std::sqrt(count * prob * (1 - prob));
    const double b = 1.15 + 2.53 * stddev;
    const double a = -0.0873 + 0.0248 * b + 0.01 * prob;
    const double c = count * prob + 0.5;
    const double v_r = 0.92 - 4.2 / b;
    const double r = prob / (1 - prob);
    const double alpha = (2.83 + 5.1 / b) * stddev;
    const double m = std::floor((count + 1) * prob);
    while (true) {
        const double U = s.next() - 0.5;
        double V = s.next();
        const double us = 0.5 - std::abs(U);
        const S k = static_cast<S>(std::floor((2 * a / us + b) * U + c));
        if (k < 0 || k > count) continue;  // reject nonsensical answers
        if (us >= 0.07 && V <= v_r) return k;
        V = std::log(V * alpha / (a / (us * us) + b));
        const double upperbound =
            ((m + 0.5) * std::log((m + 1) / (r * (count - m + 1))) +
             (count + 1) * std::log((count - m + 1) / (count - k + 1)) +
             (k + 0.5) * std::log(r * (count - k + 1) / (k + 1)) + stirling_approx_tail(m) +
             stirling_approx_tail(count - m) - stirling_approx_tail(k) - stirling_approx_tail(count - k));
        if (V <= upperbound) return k;
    }
}

template <typename S>
S sample_binomial(S count, S prob, UniformSource& s) {
    if (count <= 0.0 || prob <= 0.0) return 0;
    if (prob >= 1.0) return count;
    if (prob <= 0.5) return count * prob >= 10.0 ? btrs<S>(count, prob, s) : binomial_inversion<S>(count, prob, s);
    if (prob > 0.5) {
        const S qprob = 1.0 - prob;
        return count * qprob >= 10.0 ? count - btrs<S>(count, qprob, s) : count - binomial_inversion<S>(count, qprob, s);
    }
    return static_cast<S>(NAN);  // prob is NaN
}
}  // namespace

Tensor binomial(const Tensor& count, const Tensor& prob) {
    const char* kernel = count.device() == Device::CUDA ? "binomial_cuda" : "binomial_cpu";
    // _s_binomial_cpu's TORCH_CHECK_VALUEs, before the dispatch's own refusal of half types
    KILN_CHECK(dtype_is_floating(count.dtype()), ValueError, "binomial only supports floating-point dtypes for count, got: ",
               dtype_scalar_type_name(count.dtype()));
    KILN_CHECK(dtype_is_floating(prob.dtype()), ValueError, "binomial only supports floating-point dtypes for prob, got: ",
               dtype_scalar_type_name(prob.dtype()));
    KILN_CHECK(count.dtype() == DType::Float32 || count.dtype() == DType::Float64, NotImplementedError, "\"", kernel,
               "\" not implemented for '", dtype_scalar_type_name(count.dtype()), "'");
    Tensor out = zeros(count.sizes(), {count.dtype(), count.device()});
    if (!out.is_meta() && out.numel() > 0) {
        // the output is fresh and contiguous: cpu_serial_kernel's order is its row-major order
        Tensor c = contiguous(to_device(count.detach(), Device::CPU, DType::Float64));
        Tensor p = contiguous(to_device(expand(prob.detach(), count.sizes()), Device::CPU, DType::Float64));
        const double* cp = c.data_ptr<double>();
        const double* pp = p.data_ptr<double>();
        int64_t i = 0;
        const bool f32 = count.dtype() == DType::Float32;
        sample_fill(out, [&](UniformSource& s) {
            const int64_t j = i++;
            return f32 ? double(sample_binomial<float>(float(cp[j]), float(pp[j]), s))
                       : sample_binomial<double>(cp[j], pp[j], s);
        });
    }
    // derivatives.yaml lists binomial's gradients as not_implemented: a NotImplemented node that
    // raises when the backward reaches it
    if (autograd::needs_grad({count, prob}))
        autograd::record("NotImplemented", {count, prob}, {out}, [](const autograd::Grads&) -> autograd::Grads {
            KILN_FAIL(RuntimeError, "the derivative for 'binomial' is not implemented.");
        });
    return out;
}

Tensor& random_(Tensor& t) {
    // On the GPU: the same ranges as random_(0, None) ([0, 2^63) for int64, [0, 2^digits] for floats).
    if (t.is_meta()) return t;
    if (t.device() == Device::CUDA) return random_(t, 0, std::nullopt);
    Generator& g = generator();
    std::lock_guard<std::mutex> lock(g.mutex);
    // transformation::uniform_int: 64-bit draws for double/int64, 32-bit otherwise, reduced modulo
    // (2^digits + 1) for floats (digits: 24 float, 53 double, 11 half, 8 bfloat16).
    dispatch_dtype(t.dtype(), [&](auto tag) {
        using T = typename decltype(tag)::type;
        fill_serial<T>(t, [&]() -> T {
            if constexpr (std::is_same_v<T, bool>) return (g.random() & 1u) != 0;
            else if constexpr (std::is_same_v<T, int64_t>) return int64_t(g.random64() & 0x7fffffffffffffffull);
            // The narrow integers: a 32-bit draw modulo (max + 1), as PyTorch's uniform_int.
            else if constexpr (std::is_integral_v<T>) return T(g.random() % (uint64_t(std::numeric_limits<T>::max()) + 1));
            else if constexpr (std::is_same_v<T, double>) return double(g.random64() % ((uint64_t(1) << 53) + 1));
            else if constexpr (std::is_same_v<T, float>) return float(g.random() % ((uint64_t(1) << 24) + 1));
            else if constexpr (std::is_same_v<T, Half>) return T(float(g.random() % ((uint64_t(1) << 11) + 1)));
            else return T(float(g.random() % ((uint64_t(1) << 8) + 1)));
        });
    });
    t.bump_version();
    return t;
}

Tensor& random_(Tensor& t, int64_t from, std::optional<int64_t> to) {
    uint64_t range;  // 0 stands for 2^64 (from = INT64_MIN to the int64 maximum)
    if (to) {
        KILN_CHECK(from < *to, RuntimeError, "random_ expects 'from' to be less than 'to', but got from=", from,
                   " >= to=", *to);
        range = uint64_t(*to) - uint64_t(from);
    } else {
        // to=None: up to the largest value the dtype holds exactly (inclusive).
        int64_t top = dtype_is_integral(t.dtype(), true) ? dtype_int_max(t.dtype())
                      : t.dtype() == DType::Float64 ? (int64_t(1) << 53)
                      : t.dtype() == DType::Float16 ? (1 << 11)
                      : t.dtype() == DType::BFloat16 ? (1 << 8)
                                                    : (1 << 24);
        KILN_CHECK(from <= top, RuntimeError, "random_ expects 'from' casted to dtype to be less than or equal to "
                   "'to_inc' casted to dtype, but got from=", from, " > to_inc=", top);
        range = uint64_t(top) - uint64_t(from) + 1;
    }
    if (t.is_meta()) return t;
    if (t.device() == Device::CUDA) return fill_on_gpu(t, range_fill(from, range));
    Generator& g = generator();
    std::lock_guard<std::mutex> lock(g.mutex);
    dispatch_dtype(t.dtype(), [&](auto tag) {
        using T = typename decltype(tag)::type;
        fill_serial<T>(t, [&]() -> T {
            int64_t v = range == 0 ? int64_t(g.random64())
                        : range >= (uint64_t(1) << 32) ? int64_t(g.random64() % range + uint64_t(from))
                                                       : int64_t(g.random() % uint32_t(range) + uint64_t(from));
            if constexpr (std::is_same_v<T, bool>) return v != 0;
            else if constexpr (std::is_same_v<T, Half> || std::is_same_v<T, BFloat16>) return T(float(v));
            else return T(v);
        });
    });
    t.bump_version();
    return t;
}

namespace {
// One row of torch.multinomial with replacement (multinomial_with_replacement_apply): the running
// sum and the normalized cumulative distribution in the input's precision (float for half types).
template <typename Acc, typename T>
void multinomial_row(const T* p, int64_t stride, int64_t n, int64_t samples, int64_t* out, Generator& g) {
    std::vector<Acc> cum(static_cast<size_t>(n), Acc(0));
    Acc sum = 0;
    for (int64_t j = 0; j < n; ++j) {
        Acc v = Acc(p[j * stride]);
        KILN_CHECK(v >= 0, RuntimeError, "invalid multinomial distribution (encountering probability entry < 0)");
        KILN_CHECK(std::isfinite(double(v)), RuntimeError,
                   "invalid multinomial distribution (encountering probability entry = infinity or NaN)");
        sum += v;
        cum[size_t(j)] = sum;
    }
    KILN_CHECK(sum > 0, RuntimeError, "invalid multinomial distribution (sum of probabilities <= 0)");
    for (auto& c : cum) c /= sum;
    for (int64_t s = 0; s < samples; ++s) {
        double u = g.uniform<double>(0.0, 1.0);
        cum[size_t(n - 1)] = 1;
        int64_t left = 0, right = n;
        while (right - left > 0) {
            int64_t mid = left + (right - left) / 2;
            if (double(cum[size_t(mid)]) < u) left = mid + 1;
            else right = mid;
        }
        out[s] = left;
    }
}
}  // namespace

Tensor multinomial(const Tensor& probs, int64_t num_samples, bool replacement) {
    KILN_CHECK(probs.dim() > 0 && probs.dim() <= 2, RuntimeError, "prob_dist must be 1 or 2 dim");
    KILN_CHECK(probs.is_floating_point(), RuntimeError, "multinomial only supports floating-point dtypes for input, got: ",
               dtype_scalar_type_name(probs.dtype()));
    KILN_CHECK(num_samples > 0, RuntimeError, "cannot sample n_sample <= 0 samples");
    const int64_t n = probs.size(-1);
    KILN_CHECK(replacement || num_samples <= n, RuntimeError,
               "cannot sample n_sample > prob_dist.size(-1) samples without replacement");
    KILN_CHECK(n <= (int64_t(1) << 24), RuntimeError, "number of categories cannot exceed 2^24");
    if (probs.is_meta()) {  // the meta device: the samples' sizes only
        Shape out = probs.sizes();
        out.back() = num_samples;
        return Tensor::empty(out, DType::Int64, Device::Meta);
    }
    // With replacement, rows draw sequentially on the host; the Gumbel-max path below runs on the device.
    if (probs.device() == Device::CUDA && replacement && num_samples > 1)
        return to_device(multinomial(to_device(probs, Device::CPU), num_samples, replacement), Device::CUDA);
    Tensor p = probs.detach();
    if (!replacement || num_samples == 1) {
        // Gumbel-max: argmax/topk over p / q with q ~ Exp(1), q drawn in p's dtype and layout order.
        Tensor mx = amax(p, {}, false), mn = amin(p, {}, false);
        KILN_CHECK(mx.item().to_double() < HUGE_VAL && mn.item().to_double() >= 0 && !std::isnan(mx.item().to_double()) &&
                       !std::isnan(mn.item().to_double()),
                   RuntimeError, "probability tensor contains either `inf`, `nan` or element < 0");
        Tensor sums = p.dim() == 1 ? sum(p, {}, false) : sum(p, {1}, false);
        KILN_CHECK(!any(eq(sums, Scalar(0.0))).item().to_bool(), RuntimeError,
                   "invalid multinomial distribution (sum of probabilities <= 0)");
        Tensor q = empty_like(p);
        exponential_(q, 1.0);
        Tensor r = div(p, q);
        if (num_samples == 1) return argmax(r, int64_t(-1), true);
        return topk(r, num_samples, -1, true, true).second;
    }
    Tensor c = contiguous(p);
    const int64_t rows = c.dim() == 2 ? c.size(0) : 1;
    Tensor out = Tensor::empty(c.dim() == 2 ? Shape{rows, num_samples} : Shape{num_samples}, DType::Int64);
    Generator& g = generator();
    std::lock_guard<std::mutex> lock(g.mutex);
    int64_t* o = out.data_ptr<int64_t>();
    dispatch_dtype(c.dtype(), [&](auto tag) {
        using T = typename decltype(tag)::type;
        if constexpr (std::is_same_v<T, double> || std::is_same_v<T, float>) {
            for (int64_t r = 0; r < rows; ++r) multinomial_row<T>(c.data_ptr<T>() + r * n, 1, n, num_samples, o + r * num_samples, g);
        } else if constexpr (std::is_same_v<T, Half> || std::is_same_v<T, BFloat16>) {
            for (int64_t r = 0; r < rows; ++r)
                multinomial_row<float>(c.data_ptr<T>() + r * n, 1, n, num_samples, o + r * num_samples, g);
        }
    });
    return out;
}

}  // namespace kiln
