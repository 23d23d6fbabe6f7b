// cuDNN as a convolution candidate (see cudnn.h). Compiled in every build; the body exists only in a
// CUDA build that found cudnn.h, and the library itself is loaded with dlopen at the first
// convolution, so a Kiln binary runs unchanged where cuDNN is missing (its own kernels then run).
// The header's prototypes type the function pointers (decltype), so a mismatch fails the build.
//
// Through cuDNN's graph (backend) API, as PyTorch's Conv_v8.cpp: per geometry, direction, dtype,
// pointer alignment and flags, an execution plan is made once (a one-node operation graph, the
// instant heuristics' engine configurations in order, filtered as PyTorch filters them, the first
// that finalizes; under benchmark mode the fastest of up to 10, timed on the call's own buffers)
// and cached for the process; each call then binds its pointers in a variant pack and executes.
// The legacy API (cudnnConvolutionForward) builds that plan on every call: ~80-100 us of host time.
#include "cuda/cudnn.h"

#include <atomic>
#include <cstdlib>
#include <cstring>

#if defined(KILN_WITH_CUDA) && defined(__has_include)
#if __has_include(<cudnn_graph.h>)
#define KILN_HAVE_CUDNN_HEADER 1
#endif
#endif

#ifdef KILN_HAVE_CUDNN_HEADER
#include <cudnn_graph.h>  // the graph (backend) API is all Kiln calls
#include <dlfcn.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <utility>
#include <vector>

#include "cuda/cuda.h"
#include "cuda/stream.h"
#include "support/error.h"
#endif

namespace kiln::cuda::cudnn {

namespace {
std::atomic<bool> g_enabled{true}, g_benchmark{false}, g_deterministic{false}, g_deterministic_algorithms{false};
}  // namespace

void set_enabled(bool on) { g_enabled = on; }
bool enabled() { return g_enabled; }
void set_benchmark(bool on) { g_benchmark = on; }
bool benchmark() { return g_benchmark; }
void set_deterministic(bool on) { g_deterministic = on; }
bool deterministic() { return g_deterministic; }
void set_deterministic_algorithms(bool on) { g_deterministic_algorithms = on; }

#ifndef KILN_HAVE_CUDNN_HEADER

bool available() { return false; }
int64_t version() { return 0; }
bool forward(const ConvShape&, const void*, const void*, void*) { return false; }
bool backward_data(const ConvShape&, const void*, const void*, void*) { return false; }
bool backward_filter(const ConvShape&, const void*, const void*, void*) { return false; }

#else

namespace {

// ---- the library, loaded once ----------------------------------------------------------------------

struct Api {
#define KILN_CUDNN_FUNCTIONS(X)                                                                              \
    X(cudnnGetVersion) X(cudnnCreate) X(cudnnSetStream) X(cudnnGetErrorString) X(cudnnBackendCreateDescriptor) \
    X(cudnnBackendDestroyDescriptor) X(cudnnBackendFinalize) X(cudnnBackendSetAttribute)                       \
    X(cudnnBackendGetAttribute) X(cudnnBackendExecute)
#define KILN_CUDNN_POINTER(name) decltype(&::name) name = nullptr;
    KILN_CUDNN_FUNCTIONS(KILN_CUDNN_POINTER)
#undef KILN_CUDNN_POINTER
    cudnnHandle_t handle = nullptr;
    cudaStream_t bound = nullptr;
    bool ok = false;
};

// dlopen + dlsym of every function, then a handle (which needs a device: cuda::is_available()).
// KILN_CUDNN=0 leaves cuDNN out (A/B runs of Kiln's own kernels).
Api& api() {
    static Api a = [] {
        Api r;
        const char* env = std::getenv("KILN_CUDNN");
        if ((env && std::strcmp(env, "0") == 0) || !cuda::is_available()) return r;
        void* lib = nullptr;
        for (const char* name : {"libcudnn.so.9", "libcudnn.so"})
            if ((lib = dlopen(name, RTLD_NOW | RTLD_LOCAL))) break;
        if (!lib) return r;
        bool all = true;
#define KILN_CUDNN_LOAD(name)                                        \
    r.name = reinterpret_cast<decltype(&::name)>(dlsym(lib, #name)); \
    all = all && r.name;
        KILN_CUDNN_FUNCTIONS(KILN_CUDNN_LOAD)
#undef KILN_CUDNN_LOAD
        // Only the major version the header describes: the attribute names and enums are cuDNN 9's.
        if (!all || r.cudnnGetVersion() / 10000 != CUDNN_MAJOR) return r;
        r.ok = r.cudnnCreate(&r.handle) == CUDNN_STATUS_SUCCESS;
        return r;
    }();
    return a;
}

void check(cudnnStatus_t st, const char* what) {
    if (st != CUDNN_STATUS_SUCCESS)
        KILN_FAIL(RuntimeError, "cuDNN error: ", api().cudnnGetErrorString(st), " (", what, ")");
}

// The handle on the stream work goes to now (the default stream, or a CUDA graph's capture stream).
cudnnHandle_t handle() {
    Api& a = api();
    if (a.bound != current_stream()) {
        a.bound = current_stream();
        check(a.cudnnSetStream(a.handle, a.bound), "cudnnSetStream");
    }
    return a.handle;
}

cudnnDataType_t data_type(uint8_t dtype) {
    switch (dtype) {
        case 2: return CUDNN_DATA_HALF;
        case 3: return CUDNN_DATA_BFLOAT16;
        case 5: return CUDNN_DATA_DOUBLE;
        default: return CUDNN_DATA_FLOAT;
    }
}

// ---- backend descriptors ----------------------------------------------------------------------------

// An owned backend descriptor (destroyed with its owner).
struct Desc {
    cudnnBackendDescriptor_t d = nullptr;
    Desc() = default;
    explicit Desc(cudnnBackendDescriptorType_t t) { check(api().cudnnBackendCreateDescriptor(t, &d), "cudnnBackendCreateDescriptor"); }
    Desc(Desc&& o) noexcept : d(o.d) { o.d = nullptr; }
    Desc& operator=(Desc&& o) noexcept {
        std::swap(d, o.d);
        return *this;
    }
    Desc(const Desc&) = delete;
    ~Desc() {
        if (d) api().cudnnBackendDestroyDescriptor(d);
    }
    Desc& set(cudnnBackendAttributeName_t name, cudnnBackendAttributeType_t type, int64_t count, const void* value) {
        check(api().cudnnBackendSetAttribute(d, name, type, count, value), "cudnnBackendSetAttribute");
        return *this;
    }
    Desc& set_desc(cudnnBackendAttributeName_t name, const Desc& v) {
        return set(name, CUDNN_TYPE_BACKEND_DESCRIPTOR, 1, &v.d);
    }
    Desc& set_ints(cudnnBackendAttributeName_t name, const std::vector<int64_t>& v) {
        return set(name, CUDNN_TYPE_INT64, int64_t(v.size()), v.data());
    }
    void finalize() { check(api().cudnnBackendFinalize(d), "cudnnBackendFinalize"); }
};

enum Direction { kForward, kBackwardData, kBackwardFilter };
// The unique ids the variant pack binds pointers to.
constexpr int64_t kUidX = 'x', kUidW = 'w', kUidY = 'y';

// A tensor of dims (N, C, [D,] H, W) whose data pointer is `align`-byte aligned, dense in row-major
// NC(D)HW order, or with channels_last in N(D)HWC order (channel stride 1).
Desc tensor(int64_t uid, cudnnDataType_t dt, const std::vector<int64_t>& dims, int64_t align, bool channels_last) {
    std::vector<int64_t> strides(dims.size());
    int64_t st = 1;
    if (channels_last) {
        strides[1] = 1;
        st = dims[1];
        for (size_t i = dims.size(); i-- > 2;) {
            strides[i] = st;
            st *= dims[i];
        }
        strides[0] = st;
    } else {
        for (size_t i = dims.size(); i-- > 0;) {
            strides[i] = st;
            st *= dims[i];
        }
    }
    Desc t(CUDNN_BACKEND_TENSOR_DESCRIPTOR);
    t.set(CUDNN_ATTR_TENSOR_DATA_TYPE, CUDNN_TYPE_DATA_TYPE, 1, &dt)
        .set_ints(CUDNN_ATTR_TENSOR_DIMENSIONS, dims)
        .set_ints(CUDNN_ATTR_TENSOR_STRIDES, strides)
        .set(CUDNN_ATTR_TENSOR_UNIQUE_ID, CUDNN_TYPE_INT64, 1, &uid)
        .set(CUDNN_ATTR_TENSOR_BYTE_ALIGNMENT, CUDNN_TYPE_INT64, 1, &align);
    t.finalize();
    return t;
}

// The largest power of two up to 16 that divides a pointer (PyTorch's getAlignment): plans are
// made for an alignment, so a view at an odd offset gets its own.
int64_t alignment(const void* p) {
    const auto v = reinterpret_cast<uintptr_t>(p);
    int64_t a = 1;
    while (a < 16 && v % uintptr_t(a * 2) == 0) a *= 2;
    return a;
}

// The operation graph of one convolution (one node) and the descriptors it was made of, kept alive
// with every plan made from it (as cudnn_frontend's objects keep theirs).
struct Graph {
    Desc x, w, y, conv, op, graph;
};

// The operation graph of one convolution in direction d.
std::shared_ptr<Graph> op_graph(const ConvShape& s, Direction d, const std::array<int64_t, 3>& align) {
    const cudnnDataType_t dt = data_type(s.dtype);
    const bool d3 = s.spatial == 3;
    auto sp = [&](int64_t depth, int64_t h, int64_t w) {
        return d3 ? std::vector<int64_t>{depth, h, w} : std::vector<int64_t>{h, w};
    };
    std::vector<int64_t> xd{s.N, s.C}, yd{s.N, s.Cout}, wd{s.Cout, s.C / s.groups};
    for (int64_t v : sp(s.D, s.H, s.W)) xd.push_back(v);
    for (int64_t v : sp(s.OD, s.OH, s.OW)) yd.push_back(v);
    for (int64_t v : sp(s.kd, s.kh, s.kw)) wd.push_back(v);
    auto g = std::make_shared<Graph>();
    g->x = tensor(kUidX, dt, xd, align[0], s.channels_last);
    g->w = tensor(kUidW, dt, wd, align[1], s.channels_last);
    g->y = tensor(kUidY, dt, yd, align[2], s.channels_last);
    const Desc &x = g->x, &w = g->w, &y = g->y;
    // Half and bfloat16 accumulate in float, as PyTorch's descriptors ask.
    const cudnnDataType_t compute = dt == CUDNN_DATA_DOUBLE ? CUDNN_DATA_DOUBLE : CUDNN_DATA_FLOAT;
    const cudnnConvolutionMode_t mode = CUDNN_CROSS_CORRELATION;
    const int64_t nd = s.spatial;
    const std::vector<int64_t> pad = sp(s.pd, s.ph, s.pw);
    g->conv = Desc(CUDNN_BACKEND_CONVOLUTION_DESCRIPTOR);
    Desc& conv = g->conv;
    conv.set(CUDNN_ATTR_CONVOLUTION_COMP_TYPE, CUDNN_TYPE_DATA_TYPE, 1, &compute)
        .set(CUDNN_ATTR_CONVOLUTION_CONV_MODE, CUDNN_TYPE_CONVOLUTION_MODE, 1, &mode)
        .set(CUDNN_ATTR_CONVOLUTION_SPATIAL_DIMS, CUDNN_TYPE_INT64, 1, &nd)
        .set_ints(CUDNN_ATTR_CONVOLUTION_DILATIONS, sp(s.dd, s.dh, s.dw))
        .set_ints(CUDNN_ATTR_CONVOLUTION_FILTER_STRIDES, sp(s.sd, s.sh, s.sw))
        .set_ints(CUDNN_ATTR_CONVOLUTION_PRE_PADDINGS, pad)
        .set_ints(CUDNN_ATTR_CONVOLUTION_POST_PADDINGS, pad);
    conv.finalize();
    const double one_d = 1.0, zero_d = 0.0;
    const float one_f = 1.0f, zero_f = 0.0f;
    const bool dbl = dt == CUDNN_DATA_DOUBLE;
    const cudnnBackendAttributeType_t st = dbl ? CUDNN_TYPE_DOUBLE : CUDNN_TYPE_FLOAT;
    const void* one = dbl ? static_cast<const void*>(&one_d) : &one_f;
    const void* zero = dbl ? static_cast<const void*>(&zero_d) : &zero_f;
    // Each direction's operation and the attributes naming its three tensors (by role: the input
    // side x, the filter w, the output side y), its descriptor and its scaling.
    struct OpAttributes {
        cudnnBackendDescriptorType_t type;
        cudnnBackendAttributeName_t x, w, y, conv, alpha, beta;
    };
    static constexpr OpAttributes kOps[] = {
        {CUDNN_BACKEND_OPERATION_CONVOLUTION_FORWARD_DESCRIPTOR, CUDNN_ATTR_OPERATION_CONVOLUTION_FORWARD_X,
         CUDNN_ATTR_OPERATION_CONVOLUTION_FORWARD_W, CUDNN_ATTR_OPERATION_CONVOLUTION_FORWARD_Y,
         CUDNN_ATTR_OPERATION_CONVOLUTION_FORWARD_CONV_DESC, CUDNN_ATTR_OPERATION_CONVOLUTION_FORWARD_ALPHA,
         CUDNN_ATTR_OPERATION_CONVOLUTION_FORWARD_BETA},
        {CUDNN_BACKEND_OPERATION_CONVOLUTION_BACKWARD_DATA_DESCRIPTOR, CUDNN_ATTR_OPERATION_CONVOLUTION_BWD_DATA_DX,
         CUDNN_ATTR_OPERATION_CONVOLUTION_BWD_DATA_W, CUDNN_ATTR_OPERATION_CONVOLUTION_BWD_DATA_DY,
         CUDNN_ATTR_OPERATION_CONVOLUTION_BWD_DATA_CONV_DESC, CUDNN_ATTR_OPERATION_CONVOLUTION_BWD_DATA_ALPHA,
         CUDNN_ATTR_OPERATION_CONVOLUTION_BWD_DATA_BETA},
        {CUDNN_BACKEND_OPERATION_CONVOLUTION_BACKWARD_FILTER_DESCRIPTOR, CUDNN_ATTR_OPERATION_CONVOLUTION_BWD_FILTER_X,
         CUDNN_ATTR_OPERATION_CONVOLUTION_BWD_FILTER_DW, CUDNN_ATTR_OPERATION_CONVOLUTION_BWD_FILTER_DY,
         CUDNN_ATTR_OPERATION_CONVOLUTION_BWD_FILTER_CONV_DESC, CUDNN_ATTR_OPERATION_CONVOLUTION_BWD_FILTER_ALPHA,
         CUDNN_ATTR_OPERATION_CONVOLUTION_BWD_FILTER_BETA},
    };
    const OpAttributes& at = kOps[d];
    Desc& op = g->op;
    op = Desc(at.type);
    op.set_desc(at.x, x).set_desc(at.w, w).set_desc(at.y, y).set_desc(at.conv, conv).set(at.alpha, st, 1, one).set(at.beta, st, 1, zero);
    op.finalize();
    g->graph = Desc(CUDNN_BACKEND_OPERATIONGRAPH_DESCRIPTOR);
    cudnnHandle_t h = handle();
    g->graph.set(CUDNN_ATTR_OPERATIONGRAPH_HANDLE, CUDNN_TYPE_HANDLE, 1, &h)
        .set(CUDNN_ATTR_OPERATIONGRAPH_OPS, CUDNN_TYPE_BACKEND_DESCRIPTOR, 1, &op.d);
    g->graph.finalize();
    return g;
}

// The engine configurations heuristics `mode` proposes for a graph, best first.
std::vector<Desc> engine_configs(const Desc& graph, cudnnBackendHeurMode_t mode) {
    Api& a = api();
    std::vector<Desc> cfgs;
    Desc heur(CUDNN_BACKEND_ENGINEHEUR_DESCRIPTOR);
    heur.set(CUDNN_ATTR_ENGINEHEUR_OPERATION_GRAPH, CUDNN_TYPE_BACKEND_DESCRIPTOR, 1, &graph.d)
        .set(CUDNN_ATTR_ENGINEHEUR_MODE, CUDNN_TYPE_HEUR_MODE, 1, &mode);
    if (a.cudnnBackendFinalize(heur.d) != CUDNN_STATUS_SUCCESS) return cfgs;
    int64_t n = 0;
    if (a.cudnnBackendGetAttribute(heur.d, CUDNN_ATTR_ENGINEHEUR_RESULTS, CUDNN_TYPE_BACKEND_DESCRIPTOR, 0, &n, nullptr) !=
            CUDNN_STATUS_SUCCESS || n <= 0)
        return cfgs;
    for (int64_t i = 0; i < n; ++i) cfgs.emplace_back(CUDNN_BACKEND_ENGINECFG_DESCRIPTOR);
    std::vector<cudnnBackendDescriptor_t> raw;
    for (Desc& c : cfgs) raw.push_back(c.d);
    int64_t got = 0;
    if (a.cudnnBackendGetAttribute(heur.d, CUDNN_ATTR_ENGINEHEUR_RESULTS, CUDNN_TYPE_BACKEND_DESCRIPTOR, n, &got, raw.data()) !=
        CUDNN_STATUS_SUCCESS)
        return {};
    cfgs.resize(size_t(std::max<int64_t>(got, 0)));
    return cfgs;
}

// Whether a configuration may run: PyTorch's filter (Conv_v8.cpp) drops engines that down-convert
// their inputs, tensor-core (TF32) engines for float32 when TF32 is off, and nondeterministic ones
// when deterministic algorithms are asked for.
bool acceptable(const Desc& cfg, bool float32, bool tf32, bool det) {
    Api& a = api();
    Desc engine(CUDNN_BACKEND_ENGINE_DESCRIPTOR);
    int64_t n = 0;
    if (a.cudnnBackendGetAttribute(cfg.d, CUDNN_ATTR_ENGINECFG_ENGINE, CUDNN_TYPE_BACKEND_DESCRIPTOR, 1, &n, &engine.d) !=
        CUDNN_STATUS_SUCCESS)
        return false;
    cudnnBackendNumericalNote_t notes[CUDNN_NUMERICAL_NOTE_TYPE_COUNT];
    if (a.cudnnBackendGetAttribute(engine.d, CUDNN_ATTR_ENGINE_NUMERICAL_NOTE, CUDNN_TYPE_NUMERICAL_NOTE,
                                   CUDNN_NUMERICAL_NOTE_TYPE_COUNT, &n, notes) != CUDNN_STATUS_SUCCESS)
        return false;
    for (int64_t i = 0; i < n; ++i) {
        if (notes[i] == CUDNN_NUMERICAL_NOTE_DOWN_CONVERT_INPUTS) return false;
        if (float32 && !tf32 && notes[i] == CUDNN_NUMERICAL_NOTE_TENSOR_CORE) return false;
        if (det && notes[i] == CUDNN_NUMERICAL_NOTE_NONDETERMINISTIC) return false;
    }
    return true;
}

// An execution plan, the workspace it needs, and what it was made from.
struct Plan {
    std::shared_ptr<Graph> graph;
    Desc cfg, plan;
    int64_t workspace = 0;
};

bool make_plan(Desc& cfg, const std::shared_ptr<Graph>& graph, Plan* out) {
    Api& a = api();
    Desc plan(CUDNN_BACKEND_EXECUTION_PLAN_DESCRIPTOR);
    cudnnHandle_t h = handle();
    plan.set(CUDNN_ATTR_EXECUTION_PLAN_HANDLE, CUDNN_TYPE_HANDLE, 1, &h)
        .set(CUDNN_ATTR_EXECUTION_PLAN_ENGINE_CONFIG, CUDNN_TYPE_BACKEND_DESCRIPTOR, 1, &cfg.d);
    if (a.cudnnBackendFinalize(plan.d) != CUDNN_STATUS_SUCCESS) return false;
    int64_t ws = 0, n = 0;
    if (a.cudnnBackendGetAttribute(plan.d, CUDNN_ATTR_EXECUTION_PLAN_WORKSPACE_SIZE, CUDNN_TYPE_INT64, 1, &n, &ws) !=
        CUDNN_STATUS_SUCCESS)
        return false;
    out->plan = std::move(plan);
    out->cfg = std::move(cfg);
    out->graph = graph;
    out->workspace = ws;
    return true;
}

// A device buffer for the duration of one call, from Kiln's caching allocator (stream-ordered: the
// next user of the block runs after this call's kernels on the same stream).
struct Workspace {
    void* ptr = nullptr;
    size_t bytes = 0;
    explicit Workspace(int64_t n) : bytes(size_t(n)) {
        if (n > 0) ptr = cuda::allocate(bytes);
    }
    ~Workspace() {
        if (ptr) cuda::release(ptr, bytes);
    }
    Workspace(const Workspace&) = delete;
    Workspace& operator=(const Workspace&) = delete;
};

// Runs plan p on the three buffers (x, w, y by role: for the backward directions the gradients).
void execute(const Plan& p, void* x, void* w, void* y) {
    Workspace ws(p.workspace);
    const int64_t uids[3] = {kUidX, kUidW, kUidY};
    void* ptrs[3] = {x, w, y};
    Desc pack(CUDNN_BACKEND_VARIANT_PACK_DESCRIPTOR);
    pack.set(CUDNN_ATTR_VARIANT_PACK_UNIQUE_IDS, CUDNN_TYPE_INT64, 3, uids)
        .set(CUDNN_ATTR_VARIANT_PACK_DATA_POINTERS, CUDNN_TYPE_VOID_PTR, 3, ptrs)
        .set(CUDNN_ATTR_VARIANT_PACK_WORKSPACE, CUDNN_TYPE_VOID_PTR, 1, &ws.ptr);
    pack.finalize();
    check(api().cudnnBackendExecute(handle(), p.plan.d, pack.d), "cudnnBackendExecute");
}

// Benchmark mode times at most this many candidates per shape (torch.backends.cudnn.benchmark_limit's default).
constexpr size_t kBenchmarkLimit = 10;

// The plan for direction d: the first acceptable configuration the instant heuristics propose that
// finalizes (then the fallback list's); under benchmark mode, the fastest of the acceptable ones,
// each timed on the call's own buffers (outputs only written). false: none.
bool choose(const ConvShape& s, Direction d, bool tf32, bool det, bool bench, const std::array<int64_t, 3>& align, void* x,
            void* w, void* y, Plan* out) {
    std::shared_ptr<Graph> graph = op_graph(s, d, align);
    const bool float32 = s.dtype == 4;
    std::vector<Plan> candidates;
    const bool timed = bench && !cuda::recording();  // nothing may run while a CUDA graph records
    for (cudnnBackendHeurMode_t mode : {CUDNN_HEUR_MODE_INSTANT, CUDNN_HEUR_MODE_FALLBACK}) {
        for (Desc& cfg : engine_configs(graph->graph, mode)) {
            if (!acceptable(cfg, float32, tf32, det)) continue;
            Plan p;
            if (!make_plan(cfg, graph, &p)) continue;
            candidates.push_back(std::move(p));
            if (!timed || candidates.size() >= kBenchmarkLimit) break;
        }
        if (!candidates.empty()) break;
    }
    if (candidates.empty()) return false;
    size_t best = 0;
    if (timed && candidates.size() > 1) {
        double best_ms = 0;
        for (size_t i = 0; i < candidates.size(); ++i) {
            double ms;
            try {
                ms = cuda::benchmark_ms([&] { execute(candidates[i], x, w, y); }, 3);
            } catch (const Error&) {
                continue;  // a candidate that fails to run (its workspace, say) is not chosen
            }
            if (i == 0 || ms < best_ms) best = i, best_ms = ms;
        }
    }
    *out = std::move(candidates[best]);
    return true;
}

// ---- plans per geometry -------------------------------------------------------------------------------

using Key = std::array<int64_t, 32>;

Key key_of(const ConvShape& s, Direction d, bool tf32, bool det, bool bench, const std::array<int64_t, 3>& al) {
    return {s.spatial, s.N,  s.C,  s.D,  s.H,  s.W,  s.Cout, s.groups, s.kd, s.kh, s.kw,  s.sd,  s.sh,  s.sw,  s.pd, s.ph,
            s.pw,      s.dd, s.dh, s.dw, s.OD, s.OH, s.OW,   s.dtype,  d,    tf32, det,   bench, al[0], al[1], al[2],
            s.channels_last};
}

// Every size and element count in int32, as cuDNN's convolution engines index.
bool fits(const ConvShape& s) {
    constexpr int64_t kMax = (int64_t(1) << 31) - 1;
    const int64_t in = s.N * s.C * s.D * s.H * s.W, out = s.N * s.Cout * s.OD * s.OH * s.OW;
    const int64_t wn = s.Cout * (s.C / std::max<int64_t>(s.groups, 1)) * s.kd * s.kh * s.kw;
    return in <= kMax && out <= kMax && wn <= kMax && s.N > 0 && in > 0 && out > 0;
}

std::mutex g_mutex;
// A Plan with no descriptor records "no plan" for its key, so the search is not repeated.
std::map<Key, Plan>& plans() {
    static std::map<Key, Plan> m;
    return m;
}

// Runs direction d on (x, w, y) by their roles; false where cuDNN is not used.
bool run(const ConvShape& s, Direction d, const void* x, const void* w, const void* y) {
    if (!g_enabled || !api().ok || !fits(s) || (s.spatial != 2 && s.spatial != 3)) return false;
    const bool tf32 = cuda::conv_allow_tf32(), det = g_deterministic || g_deterministic_algorithms, bench = g_benchmark;
    const std::array<int64_t, 3> al{alignment(x), alignment(w), alignment(y)};
    void* px = const_cast<void*>(x);
    void* pw = const_cast<void*>(w);
    void* py = const_cast<void*>(y);
    std::lock_guard<std::mutex> lock(g_mutex);
    const Key key = key_of(s, d, tf32, det, bench, al);
    auto it = plans().find(key);
    if (it == plans().end()) {
        Plan p;
        if (!choose(s, d, tf32, det, bench, al, px, pw, py, &p)) p = Plan{};
        it = plans().emplace(key, std::move(p)).first;
    }
    if (!it->second.plan.d) return false;  // no engine for this shape: Kiln's kernels run
    execute(it->second, px, pw, py);
    return true;
}

}  // namespace

bool available() { return api().ok; }
int64_t version() { return api().ok ? int64_t(api().cudnnGetVersion()) : 0; }

bool forward(const ConvShape& s, const void* x, const void* w, void* y) { return run(s, kForward, x, w, y); }
bool backward_data(const ConvShape& s, const void* gy, const void* w, void* gx) { return run(s, kBackwardData, gx, w, gy); }
bool backward_filter(const ConvShape& s, const void* x, const void* gy, void* gw) { return run(s, kBackwardFilter, x, gw, gy); }

#endif  // KILN_HAVE_CUDNN_HEADER

}  // namespace kiln::cuda::cudnn
