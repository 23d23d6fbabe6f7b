// The CPU random generator and the random factories (rand, randn, randint, randperm, uniform_,
// normal_, bernoulli_).
//
// PyTorch's CPU generator is a standard 32-bit Mersenne Twister seeded with the low 32 bits of the
// seed, and its distributions are simple transforms of its output: U[0,1) for float32 keeps 24
// random bits of one draw (53 bits of two draws for float64); normal fills contiguous float tensors
// of >= 16 elements with uniforms and then applies Box-Muller in blocks of 16 (recomputing the last
// 16 when the size is not a multiple), and smaller tensors draw pairs with a cached second value.
// Kiln follows the same recipes so torch.manual_seed(0); torch.randn(3) prints PyTorch's numbers.
#include <cmath>
#include <functional>
#include <mutex>
#include <numeric>
#include <random>

#include "cuda/dispatch.h"
#include "ops/ops.h"
#include "ops/rng_state.h"
#include "support/error.h"

namespace kiln {

namespace {

constexpr uint64_t kDefaultSeed = 67280421310721ull;  // PyTorch's default CPU seed

struct Generator {
    std::mt19937 engine{uint32_t(kDefaultSeed & 0xffffffffu)};
    uint64_t seed = kDefaultSeed;
    bool has_next_normal = false;
    double next_normal = 0.0;
    std::mutex mutex;

    uint32_t random() { return engine(); }
    uint64_t random64() {
        uint32_t hi = engine();
        uint32_t lo = engine();
        return (uint64_t(hi) << 32) | lo;
    }
    // U[from, to) in the precision of T, as at::uniform_real_distribution. PyTorch's x86 kernels
    // are compiled with FMA contraction, so x * (to - from) + from is one fused multiply-add there;
    // std::fma reproduces that rounding whatever this build's flags (and in WebAssembly).
    template <typename T>
    T uniform(T from, T to) {
        if constexpr (std::is_same_v<T, double>) {
            double x = double(random64() & ((uint64_t(1) << 53) - 1)) * (1.0 / double(uint64_t(1) << 53));
            return std::fma(x, to - from, from);
        } else {
            float x = float(random() & ((1u << 24) - 1)) * (1.0f / float(1u << 24));
            return std::fma(x, to - from, from);
        }
    }
    double normal_double(double mean, double std) {
        if (has_next_normal) {
            has_next_normal = false;
            return next_normal * std + mean;
        }
        double u1 = uniform<double>(0.0, 1.0);
        double u2 = uniform<double>(0.0, 1.0);
        double r = std::sqrt(-2.0 * std::log1p(-u2));
        double theta = 2.0 * M_PI * u1;
        next_normal = r * std::sin(theta);
        has_next_normal = true;
        return r * std::cos(theta) * std + mean;
    }
};

Generator& generator() {
    static Generator g;
    return g;
}

// Writes values produced by gen() into t in row-major order (any layout).
template <typename T, typename G>
void fill_serial(Tensor& t, G&& gen) {
    Tensor c = t.is_contiguous() ? t : Tensor::empty(t.sizes(), t.dtype());
    T* p = c.data_ptr<T>();
    for (int64_t i = 0; i < c.numel(); ++i) p[i] = gen();
    if (!c.is_same(t)) copy_(t, c);
}

template <typename T>
void normal_fill_16(T* data, T mean, T std) {
    for (int j = 0; j < 8; ++j) {
        const T u1 = 1 - data[j];
        const T u2 = data[j + 8];
        const T radius = std::sqrt(-2 * std::log(u1));
        const T theta = T(2.0f * M_PI) * u2;
        data[j] = radius * std::cos(theta) * std + mean;
        data[j + 8] = radius * std::sin(theta) * std + mean;
    }
}

template <typename T>
void normal_fill(T* data, int64_t size, T mean, T std, Generator& g) {
    for (int64_t i = 0; i < size; ++i) data[i] = g.uniform<T>(0, 1);
    for (int64_t i = 0; i + 16 <= size; i += 16) normal_fill_16(data + i, mean, std);
    if (size % 16 != 0) {
        T* tail = data + size - 16;
        for (int i = 0; i < 16; ++i) tail[i] = g.uniform<T>(0, 1);
        normal_fill_16(tail, mean, std);
    }
}

void check_floating(const Tensor& t, const char* what) {
    KILN_CHECK(t.is_floating_point(), RuntimeError, what, " expects a floating point tensor, got ",
               dtype_short_name(t.dtype()));
}

}  // namespace

void manual_seed(uint64_t seed) {
    Generator& g = generator();
    std::lock_guard<std::mutex> lock(g.mutex);
    g.engine.seed(uint32_t(seed & 0xffffffffu));
    g.seed = seed;
    g.has_next_normal = false;
}

uint64_t initial_seed() { return generator().seed; }

struct RngStateGuard::State {
    std::mt19937 engine;
    uint64_t seed;
    bool has_next_normal;
    double next_normal;
};

RngStateGuard::RngStateGuard() {
    Generator& g = generator();
    std::lock_guard<std::mutex> lock(g.mutex);
    state_.reset(new State{g.engine, g.seed, g.has_next_normal, g.next_normal});
}

RngStateGuard::~RngStateGuard() {
    Generator& g = generator();
    std::lock_guard<std::mutex> lock(g.mutex);
    g.engine = state_->engine;
    g.seed = state_->seed;
    g.has_next_normal = state_->has_next_normal;
    g.next_normal = state_->next_normal;
}

// CUDA tensors draw from the CPU generator (the same numbers as on the CPU) and get one copy.
Tensor& on_host_then_copy(Tensor& t, const std::function<void(Tensor&)>& fill) {
    Tensor host = Tensor::empty(t.sizes(), t.dtype(), Device::CPU);
    fill(host);
    cuda::copy_tensor(t, host);
    t.bump_version();
    return t;
}

Tensor& uniform_(Tensor& t, double from, double to) {
    if (t.device() == Device::CUDA) return on_host_then_copy(t, [&](Tensor& h) { uniform_(h, from, to); });
    check_floating(t, "uniform_");
    KILN_CHECK(from <= to, RuntimeError, "uniform_ expects to return a [from, to) range, but found from=", from,
               " > to=", to);
    Generator& g = generator();
    std::lock_guard<std::mutex> lock(g.mutex);
    dispatch_dtype(t.dtype(), [&](auto tag) {
        using T = typename decltype(tag)::type;
        if constexpr (std::is_same_v<T, double>) {
            fill_serial<T>(t, [&] { return g.uniform<double>(from, to); });
        } else if constexpr (!std::is_same_v<T, bool> && !std::is_same_v<T, int64_t>) {
            fill_serial<T>(t, [&] { return T(g.uniform<float>(float(from), float(to))); });
        }
    });
    t.bump_version();
    return t;
}

Tensor& normal_(Tensor& t, double mean, double std) {
    if (t.device() == Device::CUDA) return on_host_then_copy(t, [&](Tensor& h) { normal_(h, mean, std); });
    check_floating(t, "normal_");
    KILN_CHECK(std >= 0.0, RuntimeError, "normal expects std >= 0.0, but found std ", std);
    Generator& g = generator();
    std::lock_guard<std::mutex> lock(g.mutex);
    const int64_t n = t.numel();
    if (n >= 16 && t.is_contiguous() && (t.dtype() == DType::Float32 || t.dtype() == DType::Float64)) {
        if (t.dtype() == DType::Float32)
            normal_fill<float>(t.data_ptr<float>(), n, float(mean), float(std), g);
        else
            normal_fill<double>(t.data_ptr<double>(), n, mean, std, g);
    } else {
        dispatch_dtype(t.dtype(), [&](auto tag) {
            using T = typename decltype(tag)::type;
            if constexpr (std::is_same_v<T, double>)
                fill_serial<T>(t, [&] { return g.normal_double(mean, std); });
            else if constexpr (!std::is_same_v<T, bool> && !std::is_same_v<T, int64_t>)
                fill_serial<T>(t, [&] { return T(static_cast<float>(g.normal_double(mean, std))); });
        });
    }
    t.bump_version();
    return t;
}

Tensor& bernoulli_(Tensor& t, double p) {
    if (t.device() == Device::CUDA) return on_host_then_copy(t, [&](Tensor& h) { bernoulli_(h, p); });
    KILN_CHECK(p >= 0.0 && p <= 1.0, RuntimeError, "bernoulli_ expects p to be in [0, 1], but got p=", p);
    Generator& g = generator();
    std::lock_guard<std::mutex> lock(g.mutex);
    dispatch_dtype(t.dtype(), [&](auto tag) {
        using T = typename decltype(tag)::type;
        fill_serial<T>(t, [&] {
            bool one = g.uniform<double>(0.0, 1.0) < p;
            if constexpr (std::is_same_v<T, bool>) return one;
            else if constexpr (std::is_same_v<T, int64_t>) return int64_t(one);
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
    if (opts.device == Device::CUDA)
        return cuda::to_device(randint(low, high, shape, {opts.dtype, Device::CPU, false}), Device::CUDA);
    Tensor t = Tensor::empty(shape, opts.dtype.value_or(DType::Int64), opts.device);
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

}  // namespace kiln
