// Autocast state, casts and the weight-cast cache (see autocast.h).
#include "ops/autocast.h"

#include <unordered_map>

#include "ops/ops.h"

namespace kiln::amp {

namespace {

struct DeviceState {
    bool enabled = false;
    DType dtype;
};

// Thread-local, as PyTorch's autocast state: each thread has its own regions.
struct State {
    DeviceState cpu{false, DType::BFloat16};
    DeviceState cuda{false, DType::Float16};
    bool cache = true;
    bool excluded = false;
    int depth = 0;
    // float32 leaf -> its cast: keyed by the source's TensorImpl, which the cached pair keeps alive,
    // so an address can never be reused by another tensor while its entry exists.
    std::unordered_map<const TensorImpl*, std::pair<Tensor, Tensor>> casts;
};

State& state() {
    thread_local State s;
    return s;
}

DeviceState& of(Device d) { return d == Device::CUDA ? state().cuda : state().cpu; }

bool eligible(const Tensor& t) {
    return t.defined() && t.is_floating_point() && t.dtype() != DType::Float64 && of(t.device()).enabled;
}

thread_local CastLog* g_log = nullptr;

Tensor cast(const Tensor& t, DType to) {
    if (!eligible(t) || t.dtype() == to) return t;
    State& s = state();
    // Only parameters-like leaves are cached: their casts are reused across the ops of a region.
    const bool cacheable = s.cache && t.is_leaf() && t.requires_grad() && to != DType::Float32;
    if (cacheable) {
        auto it = s.casts.find(t.impl());
        if (it != s.casts.end() && it->second.second.dtype() == to) {
            if (g_log) g_log->casts.push_back({t, it->second.second});
            return it->second.second;
        }
    }
    Tensor c = to_dtype(t, to);
    if (cacheable) s.casts[t.impl()] = {t, c};
    if (g_log) g_log->casts.push_back({t, c});
    return c;
}

}  // namespace

bool enabled(Device d) { return of(d).enabled; }
DType dtype(Device d) { return of(d).dtype; }
void set_enabled(Device d, bool on) { of(d).enabled = on; }
void set_dtype(Device d, DType dt) { of(d).dtype = dt; }
bool cache_enabled() { return state().cache; }
void set_cache_enabled(bool on) { state().cache = on; }

void enter_region() { ++state().depth; }
void exit_region() {
    State& s = state();
    if (s.depth > 0 && --s.depth == 0) s.casts.clear();
}
size_t cached_casts() { return state().casts.size(); }
void reset_regions() {
    State& s = state();
    s.depth = 0;
    s.casts.clear();
}

bool active(const Tensor& t) { return t.defined() && !state().excluded && of(t.device()).enabled; }
bool active_cuda(const Tensor& t) { return active(t) && t.device() == Device::CUDA; }

Tensor lower(const Tensor& t) { return t.defined() ? cast(t, of(t.device()).dtype) : t; }
Tensor fp32(const Tensor& t) { return cast(t, DType::Float32); }

std::optional<DType> fp32_opt_dtype(const Tensor& t, std::optional<DType> given) {
    if (given || !eligible(t) || t.dtype() == DType::Float32) return given;
    return DType::Float32;
}

CastLog::CastLog() : prev_(g_log) { g_log = this; }
CastLog::~CastLog() { g_log = prev_; }

Exclude::Exclude() : prev_(state().excluded) { state().excluded = true; }
Exclude::~Exclude() { state().excluded = prev_; }

}  // namespace kiln::amp
