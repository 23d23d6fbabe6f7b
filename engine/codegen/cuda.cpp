// The CUDA code generator (see cuda.h): kernel::Plan -> one CUDA C++ source for NVRTC.
#include "codegen/cuda.h"

#include <algorithm>
#include <cstdio>
#include <functional>
#include <map>
#include <set>
#include <sstream>

#include "codegen/cpp.h"
#include "codegen/kernel_text.h"
#include "support/error.h"

namespace kiln::codegen {
namespace {

using detail::tmp;
using kernel::Code;
using kernel::Kernel;
using kernel::Plan;

constexpr int kPointwiseBlock = 256;
constexpr int kReductionBlock = 256;
// Grid-stride loops cover any size; past this many blocks a launch gains nothing on the GPUs Kiln
// targets (an H100 runs 132 SMs x 2048 threads at once) and each thread simply takes more elements.
constexpr int64_t kMaxGrid = 16384;
// Rows up to this long are reduced "persistently": each thread keeps its share of the row's loaded
// values in registers (at most kPersistSlots per load) across the phases, so softmax and layer_norm
// read their input once instead of once per phase. Longer rows stream through every phase.
constexpr int64_t kPersistMaxRow = 8192;
constexpr int kPersistMaxBlock = 1024;
constexpr int kPersistSlots = 8;

// The float4 form of a persistent reduction (cuda_vectorizable) gives each thread this many values
// of the row (kPersistVec4Values / 4 groups of 4): a 4096-long row takes 256 threads, so an SM holds
// several rows at once and the block reductions between phases span 8 warps, not 16.
constexpr int kPersistVec4Values = 16;

// Threads per block of a persistent reduction (a power of two, 32..1024) and register slots per
// thread; 0 slots when the row is too long to keep.
std::pair<int, int> persist_shape(const kernel::Kernel& k) {
    const int64_t r = k.r_numel();
    if (k.nr == 0 || r > kPersistMaxRow) return {0, 0};
    int64_t b = 32;
    while (b < kPersistMaxBlock && b * kPersistSlots < r) b *= 2;
    // Small rows: no more threads than elements.
    while (b > 32 && b / 2 >= r) b /= 2;
    return {int(b), int((r + b - 1) / b)};
}

// The same for the float4 form with `values` row elements per thread (kPersistVec4Values unless
// max-autotune tries another): threads per row and groups of 4 per thread.
std::pair<int, int> persist_vec4_shape(const kernel::Kernel& k, int values = kPersistVec4Values) {
    const int64_t r = k.r_numel();
    int64_t b = 32;
    while (b < kPersistMaxBlock && b * values < r) b *= 2;
    return {int(b), int((r + 4 * b - 1) / (4 * b))};
}

// Rows that one warp covers (up to 512 elements: attention's softmax over a 128-long sequence,
// layer_norm over a small model's width) go one row per warp, kWarpRows rows per block: a block of a
// single warp per row would leave the SM short of resident warps (it holds at most 32 blocks), and a
// warp's shuffles alone reduce its row, with no shared memory and no __syncthreads.
constexpr int kWarpRows = 8;
int persist_vec4_rows(const kernel::Kernel& k) { return persist_vec4_shape(k).first == 32 ? kWarpRows : 1; }

// max-autotune's warp-per-row candidates: rows of up to this many floats (8 groups of 4 per lane,
// as many values per thread as the largest block-per-row candidate keeps).
constexpr int64_t kWarpRowMaxRow = 1024;

int64_t round_up(int64_t v, int64_t m) { return (v + m - 1) / m * m; }

// The GEMM template (kernels with Kernel::gemm): a block computes a kGemmTile x kGemmTile tile of
// the product, one output per thread, from its rows of A and columns of B staged whole. Small
// tiles on purpose: the products it takes are tiny (passes/gemm_epilogue.cpp), so the point is many
// blocks and a short dependency chain per thread, not reuse.
constexpr int kGemmTile = 16;
int64_t gemm_tiles(const kernel::Gemm& g) { return ((g.m + kGemmTile - 1) / kGemmTile) * ((g.n + kGemmTile - 1) / kGemmTile); }

// A reduction whose rows lie across memory (the reduced dims are outer, the outputs consecutive: a
// bias gradient, sum over 4096 rows of a (4096, 512) tensor, or layer_norm's weight gradient): a
// block per row would read one float per 32-byte sector. The column form instead gives each block
// W consecutive outputs (column_width: 32, 16 or 8), thread t the output t % W, and splits the rows
// among the threads' row slots, so a warp's loads are 32 / W rows of W contiguous floats (whole
// sectors); the partial values meet in shared memory (kiln_column_reduce).
// Chosen when some load or store of the row loop runs along the last output dim and none walks a
// row contiguously for different outputs (a per-row vector, the same for every output, such as
// layer_norm's rstd in its weight gradient, is read by a warp's lanes at one address: fine).
bool column_kernel(const kernel::Kernel& k) {
    if (k.nr == 0 || k.nx == 0 || k.x_numel() < 32) return false;
    bool along_x = false;
    for (const kernel::Phase& ph : k.phases) {
        if (ph.kind != kernel::PhaseKind::Inner) continue;
        for (int id : ph.stmts) {
            const kernel::Stmt& s = k.stmts.at(size_t(id));
            if ((s.code != Code::Load && s.code != Code::Store) || s.index.strides.size() != size_t(k.nx + k.nr)) continue;
            bool varies_x = false;
            for (int d = 0; d < k.nx; ++d) varies_x = varies_x || s.index.strides[size_t(d)] != 0;
            if (s.index.strides.back() == 1 && varies_x) return false;
            along_x = along_x || s.index.strides[size_t(k.nx - 1)] == 1;
        }
    }
    return along_x;
}
// Outputs per block of the column form: 32 (a warp's lanes, one output each) when that still makes
// two blocks per SM of an H100, else 16 or 8: a warp then covers 2 or 4 rows of 16 or 8 outputs, each
// row's piece still whole 32-byte sectors, and the blocks 2x or 4x as many (512 outputs, a layer_norm
// weight gradient at d=512, were 16 blocks of 32 for 132 SMs).
int column_width(const kernel::Kernel& k) {
    const int64_t xn = k.x_numel();
    return xn / 32 >= 264 ? 32 : xn / 16 >= 264 ? 16 : 8;
}
// Warps per block of the column form: more of them (more loads in flight) when there are few blocks.
int column_warps(const kernel::Kernel& k) {
    const int w = column_width(k);
    return (k.x_numel() + w - 1) / w >= 264 ? 8 : 32;
}

// A config with its defaults filled in and its block capped as the launch caps it, so that two
// configs that generate the same function compare equal (and the default one is recognized).
CudaConfig normalized(const kernel::Kernel& k, const CudaConfig& c) {
    CudaConfig n;
    n.vec4 = c.vec4;
    if (!k.parts.empty()) {  // a combo: one block size for every part; vec4 or not is its only choice
        n.block = kPointwiseBlock;
        return n;
    }
    if (k.gemm) {  // the GEMM template has one configuration: a 16 x 16 tile per block of 256 threads
        n.vec4 = false;
        n.block = kGemmTile * kGemmTile;
        return n;
    }
    if (k.nr == 0) {
        // Whole warps, at most CUDA's 1024 threads per block.
        const int64_t asked = c.block > 0 ? round_up(std::min(c.block, kPersistMaxBlock), 32) : kPointwiseBlock;
        const int64_t items = c.vec4 ? std::max<int64_t>(k.x_numel() / 4, 1) : std::max<int64_t>(k.x_numel(), 1);
        n.block = int(std::min<int64_t>(asked, round_up(items, 32)));
        return n;
    }
    if (!c.vec4) return n;  // the scalar reduction has one configuration
    // A block holds at most 32 warps; values per thread come in groups of 4.
    n.warp_rows = c.warp_rows > 0 ? std::min(c.warp_rows, 32) : persist_vec4_rows(k);
    if (n.warp_rows == 1) n.row_values = c.row_values > 0 ? int(round_up(std::min(c.row_values, 64), 4)) : kPersistVec4Values;
    return n;
}

// Threads along a row and groups of 4 per thread of the float4 reduction in config `c` (normalized).
std::pair<int, int> vec4_row_shape(const kernel::Kernel& k, const CudaConfig& c) {
    if (c.warp_rows > 1) return {32, int((k.r_numel() + 127) / 128)};
    return persist_vec4_shape(k, c.row_values);
}

// What NVRTC needs in front of the kernels: it has no host headers, so the few standard names the
// embedded math and the statements use are provided here, over CUDA's built-in device math.
const char* const kStdShim = R"(// ---- what the embedded C++ expects from the standard library (NVRTC has no host headers) ----
typedef signed char int8_t;
typedef unsigned short uint16_t;
typedef int int32_t;
typedef unsigned int uint32_t;
typedef long long int64_t;
typedef unsigned long long uint64_t;
namespace std {
using ::atan2; using ::ceil; using ::copysign; using ::cos; using ::erf; using ::exp; using ::fabs; using ::floor; using ::fmod;
using ::log; using ::log1p; using ::expm1; using ::memcpy; using ::nearbyint; using ::pow; using ::sin; using ::sqrt; using ::tanh;
using ::trunc; using ::tan; using ::atan; using ::asin; using ::acos; using ::sinh; using ::cosh; using ::asinh;
using ::acosh; using ::atanh; using ::erfc; using ::lgamma; using ::hypot; using ::nextafter;
template <class A, class B> struct is_same { static constexpr bool value = false; };
template <class A> struct is_same<A, A> { static constexpr bool value = true; };
template <class A, class B> constexpr bool is_same_v = is_same<A, B>::value;
template <class A> constexpr bool is_floating_point_v = is_same_v<A, float> || is_same_v<A, double>;
template <class T> struct numeric_limits;
template <> struct numeric_limits<float> {
    static float quiet_NaN() { return __int_as_float(0x7fc00000); }
    static float infinity() { return __int_as_float(0x7f800000); }
    static float epsilon() { return __int_as_float(0x34000000); }
};
template <> struct numeric_limits<double> {
    static double quiet_NaN() { return __longlong_as_double(0x7ff8000000000000LL); }
    static double infinity() { return __longlong_as_double(0x7ff0000000000000LL); }
    static double epsilon() { return __longlong_as_double(0x3cb0000000000000LL); }
};
}  // namespace std
)";

const char* const kLane = R"(// ---- lane j of a 16-byte load (j is a constant once the lane loop is unrolled) ----
__device__ __forceinline__ float kiln_lane(float4 v, int j) { return j == 0 ? v.x : j == 1 ? v.y : j == 2 ? v.z : v.w; }
)";

const char* const kBlockReduce = R"(// ---- one value per block from one per thread (blockDim.x is a multiple of 32) ----
// Warp shuffles combine each warp's 32 values; warp leaders meet in `smem`; every thread then
// combines the (at most 32) warp results, so all of them hold the block's value for later phases.
template <typename T, typename F>
__device__ T kiln_block_reduce(T v, F f, T* smem) {
    for (int o = 16; o > 0; o >>= 1) v = f(v, __shfl_xor_sync(0xffffffffu, v, o));
    const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5, nwarps = (blockDim.x + 31) >> 5;
    __syncthreads();  // readers of the previous reduction are done with smem
    if (lane == 0) smem[warp] = v;
    __syncthreads();
    T r = smem[0];
    for (int w = 1; w < nwarps; ++w) r = f(r, smem[w]);
    return r;
}

// ---- the column form: one value per output from the block's threads (thread t holds output t % W
// over its share of the rows): shuffles first combine the 32 / W lanes of a warp that share an
// output, then every thread combines its output's per-warp values in warp order, so each gets its
// output's value and the order (hence the rounding) is fixed ----
template <int W, typename T, typename F>
__device__ T kiln_column_reduce(T v, F f, T* smem) {
#pragma unroll
    for (int o = W; o < 32; o <<= 1) v = f(v, __shfl_xor_sync(0xffffffffu, v, o));
    const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5, nwarps = blockDim.x >> 5;
    __syncthreads();  // readers of the previous reduction are done with smem
    if (lane < W) smem[warp * W + lane] = v;
    __syncthreads();
    T r = smem[lane % W];
    for (int w = 1; w < nwarps; ++w) r = f(r, smem[w * W + lane % W]);
    return r;
}

// ---- one value per warp from one per lane (the warp-per-row form): every lane gets it ----
template <typename T, typename F>
__device__ __forceinline__ T kiln_warp_reduce(T v, F f) {
    for (int o = 16; o > 0; o >>= 1) v = f(v, __shfl_xor_sync(0xffffffffu, v, o));
    return v;
}
)";

std::string prelude() {
    std::string math;
    std::istringstream in(pointwise_math_text());
    for (std::string l; std::getline(in, l);)
        if (l.rfind("#include", 0) != 0) math += l + "\n";
    std::ostringstream os;
    os << kStdShim << "\n// ---- begin ops/pointwise_math.h ----\n" << math << "// ---- end ops/pointwise_math.h ----\n";
    os << "namespace pw = kiln::pw;\n\n" << detail::kHelperText << "\n" << kLane << "\n" << kBlockReduce;
    return os.str();
}

// `text` with every occurrence of `name` replaced by "@" (two kernels that differ only in their
// names compare equal). Built by appends: GCC 12's -Wrestrict misfires on an inlined replace().
std::string blank_name(const std::string& text, const std::string& name) {
    if (name.empty()) return text;
    std::string out;
    size_t from = 0;
    for (size_t at = text.find(name); at != std::string::npos; at = text.find(name, from)) {
        out.append(text, from, at - from);
        out += '@';
        from = at + name.size();
    }
    out.append(text, from, std::string::npos);
    return out;
}

// The statements that decompose a flat index over dims [first, first + n) of the kernel's sizes
// into the named dims (outermost first), as `const int64_t x0 = xindex / 16;` lines. When the flat
// range fits in 31 bits and some divisor is not a power of two, the arithmetic is 32-bit unsigned
// (`int64_t(uint32_t(xindex) / 576u % 64u)`): a 64-bit division by a constant is a multi-instruction
// sequence per element, enough to make a broadcasting kernel over a channels-last or NCHW tensor
// compute-bound (Inductor indexes in int32 whenever the sizes allow, for the same reason).
std::vector<std::string> decompose(const detail::KernelText& t, int first, int n, const std::string& flat) {
    std::vector<std::string> out;
    int64_t inner = 1;
    std::vector<int64_t> inner_of(size_t(n), 1);
    for (int d = n - 1; d >= 0; --d) {
        inner_of[size_t(d)] = inner;
        inner *= t.k.sizes[size_t(first + d)];
    }
    auto pow2 = [](int64_t v) { return (v & (v - 1)) == 0; };
    bool odd_divisor = false;
    for (int d = 0; d < n; ++d)
        odd_divisor = odd_divisor || !pow2(inner_of[size_t(d)]) || (d > 0 && !pow2(t.k.sizes[size_t(first + d)]));
    const bool narrow = odd_divisor && inner < (int64_t(1) << 31);
    const std::string u = narrow ? "u" : "";
    for (int d = 0; d < n; ++d) {
        std::string e = narrow ? "uint32_t(" + flat + ")" : flat;
        if (inner_of[size_t(d)] != 1) e = "(" + e + " / " + std::to_string(inner_of[size_t(d)]) + u + ")";
        if (d > 0) e += " % " + std::to_string(t.k.sizes[size_t(first + d)]) + u;
        if (e.front() == '(' && e.back() == ')') e = e.substr(1, e.size() - 2);
        if (narrow) e = "int64_t(" + e + ")";
        out.push_back("const int64_t " + t.dims[size_t(first + d)] + " = " + e + ";");
    }
    return out;
}

// (defined below) Whether a kernel has the float4 variant (cuda_vectorizable, for any kernel
// object: a combo's parts are not in the plan's list); the blocks a combo kernel gives each part.
bool vectorizable(const Plan& p, const kernel::Kernel& k);
std::vector<int64_t> combo_blocks(const Plan& p, const kernel::Kernel& k, bool vec4);
// The form a combo's part runs in: vec4 where the combo is launched as vec4 and the part has it.
bool combo_part_vec4(const Plan& p, const kernel::Kernel& part, bool combo_vec4) { return combo_vec4 && vectorizable(p, part); }

struct CudaKernelGen : detail::KernelText {
    std::ostringstream os;
    CudaConfig cfg;  // normalized
    CudaLaunch launch;
    std::string name;

    CudaKernelGen(const Plan& p, int ki, const CudaConfig& c = {})
        : KernelText(p, ki, "CUDA"),
          cfg(normalized(p.kernels.at(size_t(ki)), c)),
          launch(cuda_launch(p, ki, cfg)),
          name(cuda_config_name(p.kernels.at(size_t(ki)), cfg)) {}

    // A part of a combo kernel: a __device__ function over the block range the combo gives it
    // (kiln_block of kiln_blocks) instead of a grid of its own.
    CudaKernelGen(const Plan& p, const kernel::Kernel& part, const CudaConfig& c)
        : KernelText(p, part, "CUDA"), cfg(normalized(part, c)), launch(cuda_launch(part, cfg)), name(cuda_config_name(part, cfg)) {
        as_part = true;
        block_id = "kiln_block";
        grid_blocks = "kiln_blocks";
    }
    bool as_part = false;
    bool emit_parts = true;  // a combo: its parts' functions in front of it (the whole source has them once)
    std::string block_id = "blockIdx.x", grid_blocks = "gridDim.x";

    // The function of the configuration: the scalar form (with the kernel's comment block) or vec4.
    std::string generate() {
        if (!k.parts.empty()) return generate_combo();
        return k.gemm ? generate_gemm() : cfg.vec4 ? generate_vec4() : generate_scalar();
    }

    // A pointwise kernel's function header: a __global__ function, or a part's __device__ one.
    std::string pointwise_header() {
        if (as_part)
            return "__device__ __forceinline__ void " + name + "(" + params("__restrict__") +
                   ", const int64_t kiln_block, const int64_t kiln_blocks)\n{\n";
        return "extern \"C\" __global__ void __launch_bounds__(" + std::to_string(launch.block) + ") " + name + "(" +
               params("__restrict__") + ")\n{\n";
    }

    // Combo kernels (Kernel::parts): each part a __device__ function in the configuration's form
    // (vec4 where the part has it and the combo is launched as vec4), then one __global__ function
    // taking every part's arguments in turn (p0_in_ptr0, ..., p1_in_ptr0, ...) whose blocks go to
    // the parts in order, combo_blocks(plan, k, vec4)[i] to part i.
    std::string generate_combo() {
        const std::vector<int64_t> blocks = combo_blocks(plan, k, cfg.vec4);
        int64_t total = 0;
        for (int64_t b : blocks) total += b;
        os << "// combo of " << k.parts.size() << " kernels, launch: grid=(" << total << ",), block=(" << launch.block
           << ",); blocks per part:";
        for (int64_t b : blocks) os << " " << b;
        os << "\n";
        std::string sig, body;
        for (size_t i = 0; i < k.parts.size(); ++i) {
            const kernel::Kernel& part = k.parts[i];
            CudaKernelGen g(plan, part, CudaConfig{combo_part_vec4(plan, part, cfg.vec4)});
            if (emit_parts) os << g.generate() << "\n";
            const std::string pre = "p" + std::to_string(i) + "_";
            sig += (sig.empty() ? "" : ", ") + g.params("__restrict__", pre);
            std::string call;
            for (const auto& [arg, b] : g.args()) call += pre + arg + ", ";
            body += "    if (kiln_block < " + std::to_string(blocks[i]) + ") return " + g.name + "(" + call + "kiln_block, " +
                    std::to_string(blocks[i]) + ");\n";
            if (i + 1 < k.parts.size()) body += "    kiln_block -= " + std::to_string(blocks[i]) + ";\n";
        }
        os << "extern \"C\" __global__ void __launch_bounds__(" << launch.block << ") " << name << "(" << sig << ")\n{\n";
        os << "    int64_t kiln_block = blockIdx.x;\n" << body << "}\n";
        return os.str();
    }

    // An operand's block (rows x cols, one of them the whole k) into shared memory `smem` (its row
    // length padded by one), in one pass of independent loads: consecutive threads take consecutive
    // elements along the operand's contiguous dim, so a warp's loads are coalesced whether a weight
    // is read as is or transposed. Elements past the matrix edge are 0.
    void gemm_stage(int depth, const std::string& smem, int buffer, const kernel::Index& ix, const std::string& row0,
                    const std::string& col0, int64_t rows, int64_t cols, int64_t mat_rows, int64_t mat_cols) {
        const bool rows_fast = ix.strides.size() == 2 && ix.strides[0] == 1 && ix.strides[1] != 1;
        const std::string r = "kiln_r", c = "kiln_c";
        line(depth, "#pragma unroll");
        line(depth, "for (int e = threadIdx.x; e < " + std::to_string(rows * cols) + "; e += " + std::to_string(launch.block) + ")");
        line(depth, "{");
        if (rows_fast)
            line(depth + 1, "const int " + c + " = e / " + std::to_string(rows) + ", " + r + " = e % " + std::to_string(rows) + ";");
        else
            line(depth + 1, "const int " + r + " = e / " + std::to_string(cols) + ", " + c + " = e % " + std::to_string(cols) + ";");
        const std::string gr = "(" + row0 + " + " + r + ")", gc = "(" + col0 + " + " + c + ")";
        const std::string at = std::to_string(ix.offset) + " + " + gr + " * " + std::to_string(ix.strides[0]) + " + " + gc +
                               " * " + std::to_string(ix.strides[1]);
        line(depth + 1, smem + "[" + r + "][" + c + "] = " + gr + " < " + std::to_string(mat_rows) + " && " + gc + " < " +
                            std::to_string(mat_cols) + " ? " + arg_name(buffer) + "[" + at + "] : 0.0f;");
        line(depth, "}");
    }

    // Kernels with Kernel::gemm: each block stages its rows of A and columns of B whole (k is small:
    // passes/gemm_epilogue.cpp), so a thread waits for one round of loads, not one per step of k;
    // then the kernel's statements run as the epilogue, each thread on its own output (the flat x
    // index i * n + j), where Loads of the product read the accumulated value.
    std::string generate_gemm() {
        const kernel::Gemm& g = *k.gemm;
        const int t = kGemmTile;
        const std::string ts = std::to_string(t), tiles_n = std::to_string((g.n + t - 1) / t), ks = std::to_string(g.k);
        os << comment_block();
        os << "// GEMM template (" << g.op << " " << g.node << " computed here, m=" << g.m << " n=" << g.n << " k=" << g.k
           << "): " << ts << " x " << ts << " outputs per block, its rows of A and columns of B staged whole in shared memory, "
           << "then the fused statements; launch: grid=(" << launch.grid << ",), block=(" << launch.block << ",)\n";
        os << "extern \"C\" __global__ void __launch_bounds__(" << launch.block << ") " << name << "(" << params("__restrict__")
           << ")\n{\n";
        line(1, "__shared__ float kiln_a[" + ts + "][" + std::to_string(g.k + 1) + "];");
        line(1, "__shared__ float kiln_b[" + ks + "][" + std::to_string(t + 1) + "];");
        line(1, "const int ty = threadIdx.x / " + ts + ", tx = threadIdx.x % " + ts + ";");
        line(1, "for (int64_t tile = blockIdx.x; tile < " + std::to_string(gemm_tiles(g)) + "; tile += gridDim.x)");
        line(1, "{");
        line(2, "const int64_t i0 = (tile / " + tiles_n + ") * " + ts + ", j0 = (tile % " + tiles_n + ") * " + ts + ";");
        line(2, "__syncthreads();  // the previous tile's readers are done with the staged operands");
        gemm_stage(2, "kiln_a", g.a, g.a_index, "i0", "0", t, g.k, g.m, g.k);
        gemm_stage(2, "kiln_b", g.b, g.b_index, "0", "j0", g.k, t, g.k, g.n);
        line(2, "__syncthreads();");
        line(2, "float acc = 0.0f;");
        line(2, "#pragma unroll 16");
        line(2, "for (int kk = 0; kk < " + ks + "; ++kk) acc = fmaf(kiln_a[ty][kk], kiln_b[kk][tx], acc);");
        line(2, "const int64_t i = i0 + ty, j = j0 + tx;");
        line(2, "if (i < " + std::to_string(g.m) + " && j < " + std::to_string(g.n) + ")");
        line(2, "{");
        std::string value = g.alpha == 1 ? "acc" : detail::literal(g.alpha, DType::Float32) + " * acc";
        if (g.bias >= 0) {
            const kernel::Index& bi = g.bias_index;
            const std::string at = std::to_string(bi.offset) + " + i * " + std::to_string(bi.strides[0]) + " + j * " +
                                   std::to_string(bi.strides[1]);
            value += " + " + (g.beta == 1 ? std::string() : detail::literal(g.beta, DType::Float32) + " * ") + arg_name(g.bias) +
                     "[" + at + "]";
        }
        line(3, "const float kiln_gemm = " + value + ";");
        line(3, "const int64_t xindex = i * " + std::to_string(g.n) + " + j;");
        for (const std::string& d : decompose(*this, 0, k.nx, "xindex")) line(3, d);
        for (const kernel::Phase& ph : k.phases)
            for (int id : ph.stmts) {
                const kernel::Stmt& st = stmt(id);
                if (st.code == Code::Load && st.buffer == g.product) line(3, "auto " + tmp(id) + " = kiln_gemm;");
                else line(3, statement(id));
            }
        line(2, "}");
        line(1, "}");
        os << "}\n";
        return os.str();
    }

    void line(int depth, const std::string& text) { os << std::string(size_t(depth) * 4, ' ') << text << "\n"; }

    void statements(int depth, const std::vector<int>& ids, bool outer_phase) {
        for (int id : ids) {
            const kernel::Stmt& s = stmt(id);
            if (s.code == Code::Reduce)
                fail("kernel " + k.name + ": " + tmp(id) + " is a Reduce outside an Inner phase of a reduction kernel");
            // One value per row: thread 0 stores it (the others computed it too, for later phases).
            if (outer_phase && s.code == Code::Store) line(depth, "if (" + rthread + " == 0) " + statement(id));
            else line(depth, statement(id));
        }
    }

    // The vec4 variant (cuda_vectorizable(k)): a grid-stride loop over groups of 4 consecutive
    // innermost elements. Contiguous loads are one float4 each before the lanes; the lanes run the
    // statements (unrolled), contiguous stores collect into a float4 written after them.
    std::string generate_vec4() {
        if (k.nr != 0) return generate_persistent_vec4();
        const int last = k.nx - 1;
        const std::string xl = dims[size_t(last)];
        const CudaLaunch& l = launch;
        if (as_part) os << "// " << k.name << ": " << k.x_numel() / 4 << " groups of 4 contiguous elements\n";
        else os << "// " << k.x_numel() / 4 << " groups of 4 contiguous elements; launch: grid=(" << l.grid << ",), block=(" << l.block << ",)\n";
        os << pointwise_header();
        std::vector<int> all;
        for (const kernel::Phase& ph : k.phases) all.insert(all.end(), ph.stmts.begin(), ph.stmts.end());
        line(1, "for (int64_t vindex = int64_t(" + block_id + ") * blockDim.x + threadIdx.x; vindex < " + std::to_string(k.x_numel() / 4) +
                    "; vindex += int64_t(" + grid_blocks + ") * blockDim.x)");
        line(1, "{");
        line(2, "const int64_t xindex = vindex * 4;");
        // Lane 0's dims: the innermost one named <x>b, so lane j's is <x>b + j.
        std::vector<std::string> lane_dims = dims;
        dims[size_t(last)] = xl + "b";
        for (const std::string& d : decompose(*this, 0, k.nx, "xindex")) line(2, d);
        for (int id : all) {
            const kernel::Stmt& s = stmt(id);
            if (s.code == Code::Load && s.index.strides[size_t(last)] == 1)
                line(2, "const float4 ld" + std::to_string(id) + " = *reinterpret_cast<const float4*>(" + arg_name(s.buffer) + " + (" +
                            index_expr(s.index) + "));");
            if (s.code == Code::Store) line(2, "float st" + std::to_string(id) + "[4];");
        }
        std::vector<int> stores;
        line(2, "#pragma unroll");
        line(2, "for (int j = 0; j < 4; ++j)");
        line(2, "{");
        line(3, "const int64_t " + xl + " = " + xl + "b + j;");
        dims = lane_dims;
        for (int id : all) {
            const kernel::Stmt& s = stmt(id);
            if (s.code == Code::Load && s.index.strides[size_t(last)] == 1)
                line(3, "auto " + tmp(id) + " = kiln_lane(ld" + std::to_string(id) + ", j);");
            else if (s.code == Code::Store) {
                line(3, "st" + std::to_string(id) + "[j] = " + tmp(s.args.at(0)) + ";");
                stores.push_back(id);
            } else
                line(3, statement(id));
        }
        line(2, "}");
        dims[size_t(last)] = xl + "b";
        for (int id : stores) {
            const kernel::Stmt& s = stmt(id);
            std::string st = "st" + std::to_string(id);
            line(2, "*reinterpret_cast<float4*>(" + arg_name(s.buffer) + " + (" + index_expr(s.index) + ")) = make_float4(" + st +
                        "[0], " + st + "[1], " + st + "[2], " + st + "[3]);");
        }
        dims = lane_dims;
        line(1, "}");
        os << "}\n";
        return os.str();
    }

    // Persistent reductions: the Inner-phase loads worth keeping (a buffer no statement stores to),
    // keyed by buffer and index; the first phase that loads one fills its slots, later ones read them.
    int slots = 0;
    std::map<std::string, int> cache_of;  // load key -> cache number
    std::map<int, std::string> cached;    // load statement id -> "c<n>"
    std::map<int, bool> fills;            // load statement id -> it loads (else reads the slots)

    static std::string load_key(const kernel::Stmt& s) {
        std::string key = std::to_string(s.buffer) + "@" + std::to_string(s.index.offset);
        for (int64_t st : s.index.strides) key += "," + std::to_string(st);
        return key;
    }

    void plan_cache() {
        std::set<int> stored;
        for (const kernel::Stmt& s : k.stmts)
            if (s.code == Code::Store) stored.insert(s.buffer);
        for (const kernel::Phase& ph : k.phases) {
            if (ph.kind != kernel::PhaseKind::Inner) continue;
            for (int id : ph.stmts) {
                const kernel::Stmt& s = stmt(id);
                if (s.code != Code::Load || stored.count(s.buffer)) continue;
                auto [it, fresh] = cache_of.emplace(load_key(s), int(cache_of.size()));
                cached[id] = "c" + std::to_string(it->second);
                fills[id] = fresh;
            }
        }
        for (size_t n = 0; n < cache_of.size(); ++n)
            line(1, std::string(T) + " c" + std::to_string(n) + "[" + std::to_string(slots) + "];  // this thread's share of a row, per slot");
    }

    // Values kept across phases (both persistent forms): a later phase that computes the same
    // expensive value of the same row element as an earlier phase (softmax's exp(x - max): summed in
    // one phase, divided by the sum in the next) reads it from registers the earlier phase filled,
    // instead of computing it again. Values are equal when their statements are: same code, op,
    // parameters and equal operands, down to loads of the same unwritten buffer at the same index,
    // constants and per-row values. Only values that feed a statement not itself recomputed are kept
    // (the frontier), and only expensive ones (a transcendental or a division somewhere below): a
    // kept value costs registers, and recomputing x - mean is cheaper than keeping it.
    std::map<int, int> keep_of;     // statement id -> kept value number (kv<n>)
    std::set<int> keep_fills;       // the statements (earlier phase) that fill a kept value
    int keeps = 0;
    std::map<int, std::string> key_memo;

    std::string value_key(int id, const std::set<int>& stored) {
        auto m = key_memo.find(id);
        if (m != key_memo.end()) return m->second;
        const kernel::Stmt& s = stmt(id);
        std::string key;
        char num[64];
        switch (s.code) {
            case Code::Load: key = stored.count(s.buffer) ? "S" + std::to_string(id) : "L" + load_key(s); break;
            case Code::Constant: std::snprintf(num, sizeof num, "K%a:", s.value); key = num + std::string(dtype_name(s.dtype)); break;
            case Code::Unary:
            case Code::Binary:
            case Code::Ternary:
            case Code::Cast: {
                std::snprintf(num, sizeof num, "%a,%a,%a", s.p0, s.p1, s.alpha);
                key = std::string(kernel::code_name(s.code)) + ":" + s.op + ":" + num + ":" + dtype_name(s.dtype) + "(";
                for (int a : s.args) key += value_key(a, stored) + ";";
                key += ")";
                break;
            }
            default: key = "#" + std::to_string(id);  // Reduce (a per-row value), Store: itself only
        }
        return key_memo[id] = key;
    }

    std::set<int> per_element;  // statements of Inner phases (one value per row element)

    // Whether computing `id` per element costs a transcendental or a division. Per-row values
    // (Outer phases, reductions) are computed once per row: they cost nothing here.
    bool expensive(int id) {
        const kernel::Stmt& s = stmt(id);
        if (!per_element.count(id)) return false;
        if (s.code == Code::Reduce || s.code == Code::Load || s.code == Code::Constant) return false;
        static const std::set<std::string> cheap = {"neg", "abs", "relu", "sign", "floor", "ceil", "round", "leaky_relu", "clamp",
                                                    "logical_not", "add", "sub", "mul", "maximum", "minimum", "eq", "ne", "lt",
                                                    "le", "gt", "ge", "logical_and", "logical_or", "logical_xor", "where"};
        if (s.code != Code::Cast && !cheap.count(s.op)) return true;
        for (int a : s.args)
            if (expensive(a)) return true;
        return false;
    }

    void plan_keeps() {
        std::set<int> stored;
        for (const kernel::Stmt& s : k.stmts)
            if (s.code == Code::Store) stored.insert(s.buffer);
        std::map<std::string, int> first;  // value key -> the statement that computes it first
        std::map<int, int> phase_of, same_as;
        for (size_t p = 0; p < k.phases.size(); ++p) {
            if (k.phases[p].kind != kernel::PhaseKind::Inner) continue;
            for (int id : k.phases[p].stmts) {
                phase_of[id] = int(p);
                per_element.insert(id);
                const Code c = stmt(id).code;
                if (c != Code::Unary && c != Code::Binary && c != Code::Ternary && c != Code::Cast) continue;
                auto [it, fresh] = first.emplace(value_key(id, stored), id);
                if (!fresh && phase_of[it->second] < int(p)) same_as[id] = it->second;
            }
        }
        std::map<int, int> number_of;  // filling statement -> kv number
        for (const kernel::Phase& ph : k.phases) {
            if (ph.kind != kernel::PhaseKind::Inner) continue;
            for (int id : ph.stmts) {
                if (same_as.count(id)) continue;  // itself recomputed (or kept)
                for (int a : stmt(id).args) {
                    auto src = same_as.find(a);
                    if (src == same_as.end() || keep_of.count(a) || !expensive(a)) continue;
                    auto [n, fresh] = number_of.emplace(src->second, keeps);
                    if (fresh) ++keeps;
                    keep_of[src->second] = n->second;
                    keep_fills.insert(src->second);
                    keep_of[a] = n->second;
                }
            }
        }
    }

    // Statement `id` with kept values: the filling statement also stores its value at `slot`; a
    // later one reads it.
    std::string kept_statement(int id, const std::string& slot) {
        auto it = keep_of.find(id);
        const std::string kv = "kv" + std::to_string(it->second) + "[" + slot + "]";
        if (keep_fills.count(id)) return statement(id) + " " + kv + " = " + tmp(id) + ";";
        return "auto " + tmp(id) + " = " + kv + ";";
    }

    std::string persistent_statement(int id) {
        const kernel::Stmt& s = stmt(id);
        if (s.code == Code::Reduce) return reduce(id).update;
        if (keep_of.count(id)) return kept_statement(id, "i");
        auto it = cached.find(id);
        if (it == cached.end()) return statement(id);
        if (fills[id]) return statement(id) + " " + it->second + "[i] = " + tmp(id) + ";";
        return "auto " + tmp(id) + " = " + it->second + "[i];";
    }

    // A reduction kernel's body: a block per row (grid-stride over the x elements), each phase in
    // order: an Outer phase's statements once per row; an Inner phase's accumulators, its loop over
    // the row (`inner_loop`, which differs between the forms), then the block-wide combination.
    // How rows map to threads: a block per row (the defaults), or a warp per row (warp_rows > 1:
    // row blockIdx.x * warp_rows + warp, lanes along the row, warp-shuffle reductions).
    std::string rthread = "threadIdx.x";  // this thread's position along its row
    int warp_rows = 1;

    void row_loop(const std::function<void(const kernel::Phase&)>& inner_loop) {
        if (warp_rows > 1)
            line(1, "for (int64_t xindex = int64_t(blockIdx.x) * " + std::to_string(warp_rows) + " + (threadIdx.x >> 5); xindex < " +
                        std::to_string(k.x_numel()) + "; xindex += int64_t(gridDim.x) * " + std::to_string(warp_rows) + ")");
        else
            line(1, "for (int64_t xindex = blockIdx.x; xindex < " + std::to_string(k.x_numel()) + "; xindex += gridDim.x)");
        line(1, "{");
        for (const std::string& l : decompose(*this, 0, k.nx, "xindex")) line(2, l);
        if (warp_rows > 1) emit_phases(inner_loop, "kiln_warp_reduce", false);
        else emit_phases(inner_loop, "kiln_block_reduce", true);
        line(1, "}");
    }

    // A reduction kernel's phases in order: an Outer phase's statements (one value per row); an
    // Inner phase's reductions initialized, its loop over the row (inner_loop), then each reduction
    // combined across the threads that share the row by `combine` (kiln_block_reduce,
    // kiln_warp_reduce, kiln_column_reduce: called as combine(value, lambda[, kiln_smem])).
    void emit_phases(const std::function<void(const kernel::Phase&)>& inner_loop, const std::string& combine, bool smem) {
        for (const kernel::Phase& ph : k.phases) {
            if (ph.kind == kernel::PhaseKind::Outer) {
                statements(2, ph.stmts, true);
                continue;
            }
            std::vector<int> reduces;
            for (int id : ph.stmts)
                if (stmt(id).code == Code::Reduce) {
                    reduces.push_back(id);
                    line(2, std::string(T) + " " + tmp(id) + " = " + reduce(id).init + ";");
                }
            inner_loop(ph);
            for (int id : reduces) {
                std::string lambda = std::string("[](") + T + " a, " + T + " b) { return " + reduce(id).combine("a", "b") + "; }";
                line(2, tmp(id) + " = " + combine + "(" + tmp(id) + ", " + lambda + (smem ? ", kiln_smem" : "") + ");");
            }
        }
    }

    // The float4 form of a persistent reduction over one contiguous r dim (cuda_vectorizable): slot
    // group i of a thread holds row elements 4 * (threadIdx.x + i * blockDim.x) + 0..3. Loads that run
    // along the row are one float4 per group (cached loads keep the float4 in registers across the
    // phases); the lanes run the statements unrolled; stores along the row collect into one float4.
    // Loads broadcast along the row (stride 0) stay scalar.
    std::string generate_persistent_vec4() {
        const std::pair<int, int> shape = vec4_row_shape(k, cfg);
        const int groups = shape.second;  // a plain int: lambdas capture it
        const std::string rl = dims[size_t(k.nx)];  // the r dim's name; lane 0's is <r>b
        const int64_t rn = k.r_numel();
        const CudaLaunch launch4 = launch;
        warp_rows = cfg.warp_rows;
        if (warp_rows > 1) rthread = "(threadIdx.x & 31)";
        const std::string row_threads = warp_rows > 1 ? "32" : "blockDim.x";
        os << "// float4 form: " << groups << " group(s) of 4 row elements per thread"
           << (warp_rows > 1 ? ", one row per warp, " + std::to_string(warp_rows) + " rows per block" : std::string())
           << "; launch: grid=(" << launch4.grid << ",), block=(" << launch4.block << ",)\n";
        os << "extern \"C\" __global__ void __launch_bounds__(" << launch4.block << ") " << name << "("
           << params("__restrict__") << ")\n{\n";
        if (warp_rows == 1) line(1, std::string("__shared__ ") + T + " kiln_smem[32];");
        auto along_row = [&](const kernel::Stmt& s) {
            return (s.code == Code::Load || s.code == Code::Store) && s.index.strides.back() == 1;
        };
        // Cached row loads: the first phase that loads one fills c<n>[i]; later phases read it.
        std::set<int> stored;
        for (const kernel::Stmt& s : k.stmts)
            if (s.code == Code::Store) stored.insert(s.buffer);
        std::map<std::string, int> cache_no;
        std::map<int, int> cache_of_stmt;
        std::map<int, bool> fills_of;
        for (const kernel::Phase& ph : k.phases) {
            if (ph.kind != kernel::PhaseKind::Inner) continue;
            for (int id : ph.stmts) {
                const kernel::Stmt& s = stmt(id);
                if (s.code != Code::Load || !along_row(s) || stored.count(s.buffer)) continue;
                auto [it, fresh] = cache_no.emplace(load_key(s), int(cache_no.size()));
                cache_of_stmt[id] = it->second;
                fills_of[id] = fresh;
            }
        }
        for (size_t n = 0; n < cache_no.size(); ++n)
            line(1, "float4 c" + std::to_string(n) + "[" + std::to_string(groups) + "];  // this thread's share of a row, per group");
        plan_keeps();
        for (int n = 0; n < keeps; ++n)
            line(1, "float kv" + std::to_string(n) + "[" + std::to_string(groups * 4) + "];  // a value kept for a later phase, per element");
        row_loop([&](const kernel::Phase& ph) {
            line(2, "#pragma unroll");
            line(2, "for (int i = 0; i < " + std::to_string(groups) + "; ++i)");
            line(2, "{");
            line(3, "const int64_t " + rl + "b = (" + rthread + " + int64_t(i) * " + row_threads + ") * 4;");
            line(3, "if (" + rl + "b < " + std::to_string(rn) + ")");
            line(3, "{");
            // Group-level loads and store buffers, indexed at lane 0.
            dims[size_t(k.nx)] = rl + "b";
            std::vector<int> stores;
            for (int id : ph.stmts) {
                const kernel::Stmt& s = stmt(id);
                if (!along_row(s)) continue;
                if (s.code == Code::Store) {
                    line(4, "float st" + std::to_string(id) + "[4];");
                    stores.push_back(id);
                    continue;
                }
                auto c = cache_of_stmt.find(id);
                const std::string ld = "*reinterpret_cast<const float4*>(" + arg_name(s.buffer) + " + (" + index_expr(s.index) + "))";
                if (c == cache_of_stmt.end()) line(4, "const float4 ld" + std::to_string(id) + " = " + ld + ";");
                else if (fills_of[id]) line(4, "c" + std::to_string(c->second) + "[i] = " + ld + ";");
            }
            dims[size_t(k.nx)] = rl;
            line(4, "#pragma unroll");
            line(4, "for (int j = 0; j < 4; ++j)");
            line(4, "{");
            line(5, "const int64_t " + rl + " = " + rl + "b + j;");
            for (int id : ph.stmts) {
                const kernel::Stmt& s = stmt(id);
                if (s.code == Code::Reduce) line(5, reduce(id).update);
                else if (keep_of.count(id)) line(5, kept_statement(id, "i * 4 + j"));
                else if (!along_row(s)) line(5, statement(id));
                else if (s.code == Code::Store) line(5, "st" + std::to_string(id) + "[j] = " + tmp(s.args.at(0)) + ";");
                else {
                    auto c = cache_of_stmt.find(id);
                    const std::string v = c == cache_of_stmt.end() ? "ld" + std::to_string(id) : "c" + std::to_string(c->second) + "[i]";
                    line(5, "auto " + tmp(id) + " = kiln_lane(" + v + ", j);");
                }
            }
            line(4, "}");
            dims[size_t(k.nx)] = rl + "b";
            for (int id : stores) {
                const kernel::Stmt& s = stmt(id);
                const std::string st = "st" + std::to_string(id);
                line(4, "*reinterpret_cast<float4*>(" + arg_name(s.buffer) + " + (" + index_expr(s.index) + ")) = make_float4(" + st +
                            "[0], " + st + "[1], " + st + "[2], " + st + "[3]);");
            }
            dims[size_t(k.nx)] = rl;
            line(3, "}");
            line(2, "}");
        });
        os << "}\n";
        return os.str();
    }

    std::string arg_name(int b) const {
        for (const auto& [name, id] : args())
            if (id == b) return name;
        fail("kernel " + k.name + ": buffer " + std::to_string(b) + " is not an argument");
    }

    // The column form (column_kernel): lane = output within the block's tile of 32, warp = its share
    // of the rows. Lanes past the last output repeat it (the same values, the same stores: no
    // guards needed).
    std::string generate_column() {
        const int64_t xn = k.x_numel(), rn = k.r_numel();
        const int w = column_width(k);
        const std::string ws = std::to_string(w), slots = std::to_string(launch.block / w);
        os << comment_block();
        os << "// column form: " << w << " consecutive outputs per block (thread t: output t % " << w << ", rows t / " << w
           << " + k * " << slots << "); launch: grid=(" << launch.grid << ",), block=(" << launch.block << ",)\n";
        os << "extern \"C\" __global__ void __launch_bounds__(" << launch.block << ") " << name << "("
           << params("__restrict__") << ")\n{\n";
        line(1, std::string("__shared__ ") + T + " kiln_smem[" + std::to_string(launch.block / 32 * w) + "];  // per warp, one value per output");
        line(1, "for (int64_t xtile = int64_t(blockIdx.x) * " + ws + "; xtile < " + std::to_string(xn) +
                    "; xtile += int64_t(gridDim.x) * " + ws + ")");
        line(1, "{");
        line(2, "const int64_t xlane = xtile + (threadIdx.x % " + ws + ");");
        line(2, "const int64_t xindex = xlane < " + std::to_string(xn) + " ? xlane : " + std::to_string(xn - 1) + ";");
        for (const std::string& l : decompose(*this, 0, k.nx, "xindex")) line(2, l);
        rthread = "(threadIdx.x / " + ws + ")";  // the first row slot stores an output's per-row value
        emit_phases(
            [&](const kernel::Phase& ph) {
                line(2, "#pragma unroll 4");
                line(2, "for (int64_t rindex = threadIdx.x / " + ws + "; rindex < " + std::to_string(rn) + "; rindex += " +
                            slots + ")");
                line(2, "{");
                for (const std::string& l : decompose(*this, k.nx, k.nr, "rindex")) line(3, l);
                for (int id : ph.stmts) line(3, stmt(id).code == Code::Reduce ? reduce(id).update : statement(id));
                line(2, "}");
            },
            "kiln_column_reduce<" + ws + ">", true);
        line(1, "}");
        os << "}\n";
        return os.str();
    }

    std::string generate_scalar() {
        if (column_kernel(k)) return generate_column();
        os << comment_block();
        if (!as_part) os << "// launch: grid=(" << launch.grid << ",), block=(" << launch.block << ",)\n";
        if (k.nr == 0) os << pointwise_header();
        else
            os << "extern \"C\" __global__ void __launch_bounds__(" << launch.block << ") " << name << "("
               << params("__restrict__") << ")\n{\n";
        const int64_t xn = k.x_numel(), rn = k.r_numel();
        if (k.nr == 0) {
            std::vector<int> all;
            for (const kernel::Phase& ph : k.phases) all.insert(all.end(), ph.stmts.begin(), ph.stmts.end());
            line(1, "for (int64_t xindex = int64_t(" + block_id + ") * blockDim.x + threadIdx.x; xindex < " + std::to_string(xn) +
                        "; xindex += int64_t(" + grid_blocks + ") * blockDim.x)");
            line(1, "{");
            for (const std::string& l : decompose(*this, 0, k.nx, "xindex")) line(2, l);
            statements(2, all, false);
            line(1, "}");
        } else {
            line(1, std::string("__shared__ ") + T + " kiln_smem[32];");
            slots = persist_shape(k).second;
            if (slots > 0) {
                plan_cache();
                plan_keeps();
                for (int n = 0; n < keeps; ++n)
                    line(1, std::string(T) + " kv" + std::to_string(n) + "[" + std::to_string(slots) + "];  // a value kept for a later phase, per slot");
            }
            row_loop([&](const kernel::Phase& ph) {
                if (slots > 0) {
                    // Persistent: slot i of this thread is rindex = threadIdx.x + i * blockDim.x.
                    line(2, "#pragma unroll");
                    line(2, "for (int i = 0; i < " + std::to_string(slots) + "; ++i)");
                    line(2, "{");
                    line(3, "const int64_t rindex = threadIdx.x + int64_t(i) * blockDim.x;");
                    line(3, "if (rindex < " + std::to_string(rn) + ")");
                    line(3, "{");
                    for (const std::string& l : decompose(*this, k.nx, k.nr, "rindex")) line(4, l);
                    for (int id : ph.stmts) line(4, persistent_statement(id));
                    line(3, "}");
                    line(2, "}");
                } else {
                    line(2, "for (int64_t rindex = threadIdx.x; rindex < " + std::to_string(rn) + "; rindex += blockDim.x)");
                    line(2, "{");
                    for (const std::string& l : decompose(*this, k.nx, k.nr, "rindex")) line(3, l);
                    for (int id : ph.stmts) line(3, stmt(id).code == Code::Reduce ? reduce(id).update : statement(id));
                    line(2, "}");
                }
            });
        }
        os << "}\n";
        return os.str();
    }
};

}  // namespace

CudaLaunch cuda_launch(const kernel::Kernel& k) { return cuda_launch(k, CudaConfig{}); }

CudaLaunch cuda_launch(const kernel::Plan& p, int kernel_index, const CudaConfig& config) {
    const kernel::Kernel& k = p.kernels.at(size_t(kernel_index));
    if (k.parts.empty()) return cuda_launch(k, config);
    CudaLaunch l;
    l.block = kPointwiseBlock;
    l.grid = 0;
    for (int64_t b : combo_blocks(p, k, normalized(k, config).vec4)) l.grid += b;
    return l;
}

CudaLaunch cuda_launch(const kernel::Kernel& k, const CudaConfig& config) {
    if (!k.parts.empty())
        throw Error(ErrorKind::RuntimeError, "codegen (CUDA): the launch of combo kernel " + k.name + " depends on its plan's buffers");
    const CudaConfig c = normalized(k, config);
    CudaLaunch l;
    const int64_t xn = std::max<int64_t>(k.x_numel(), 1);
    if (k.gemm) {
        l.block = c.block;
        l.grid = std::min<int64_t>(gemm_tiles(*k.gemm), kMaxGrid);
        return l;
    }
    if (k.nr == 0) {
        // One thread per element (per group of 4 for vec4), the config's block capped to the work.
        const int64_t items = c.vec4 ? std::max<int64_t>(k.x_numel() / 4, 1) : xn;
        l.block = c.block;
        l.grid = std::min<int64_t>((items + l.block - 1) / l.block, kMaxGrid);
    } else if (c.vec4) {
        const int rows = c.warp_rows;
        l.block = vec4_row_shape(k, c).first * rows;
        l.grid = std::min<int64_t>((xn + rows - 1) / rows, kMaxGrid);
    } else if (column_kernel(k)) {
        const int w = column_width(k);
        l.block = 32 * column_warps(k);
        l.grid = std::min<int64_t>((xn + w - 1) / w, kMaxGrid);
    } else {
        auto [pb, slots] = persist_shape(k);
        if (slots > 0) {
            l.block = pb;
            l.grid = std::min<int64_t>(xn, kMaxGrid);
            return l;
        }
        // Threads stride over the row: no more threads than elements (rounded to whole warps).
        int64_t b = 32;
        while (b < kReductionBlock && b < k.r_numel()) b *= 2;
        l.block = int(b);
        l.grid = std::min<int64_t>(xn, kMaxGrid);
    }
    return l;
}

std::string cuda_kernel_name(const kernel::Kernel& k) {
    const std::string& n = k.name;
    return n.rfind("cpp_", 0) == 0 ? "cuda_" + n.substr(4) : n;
}

std::string generate_cuda_kernel(const kernel::Plan& p, int kernel_index) {
    if (kernel_index < 0 || size_t(kernel_index) >= p.kernels.size())
        throw Error(ErrorKind::RuntimeError, "codegen (CUDA): kernel index " + std::to_string(kernel_index) + " out of range");
    const kernel::Kernel& k = p.kernels[size_t(kernel_index)];
    const bool vec4 = cuda_vectorizable(p, kernel_index);
    if (!k.parts.empty()) {
        // Each part's functions once (both forms share the scalar ones), then the two combos.
        std::string out;
        for (const kernel::Kernel& part : k.parts) {
            out += CudaKernelGen(p, part, CudaConfig{}).generate() + "\n";
            if (combo_part_vec4(p, part, vec4)) out += CudaKernelGen(p, part, CudaConfig{true}).generate() + "\n";
        }
        for (bool v : {false, true}) {
            if (v && !vec4) continue;
            CudaKernelGen g(p, kernel_index, CudaConfig{v});
            g.emit_parts = false;
            out += (v ? "\n" : "") + g.generate();
        }
        return out;
    }
    std::string out = CudaKernelGen(p, kernel_index).generate();
    if (vec4) out += "\n" + CudaKernelGen(p, kernel_index, CudaConfig{true}).generate();
    return out;
}

std::string generate_cuda_function(const kernel::Plan& p, int kernel_index, const CudaConfig& c) {
    if (kernel_index < 0 || size_t(kernel_index) >= p.kernels.size())
        throw Error(ErrorKind::RuntimeError, "codegen (CUDA): kernel index " + std::to_string(kernel_index) + " out of range");
    if (c.vec4 && !cuda_vectorizable(p, kernel_index))
        throw Error(ErrorKind::RuntimeError, "codegen (CUDA): kernel " + p.kernels[size_t(kernel_index)].name + " has no vec4 variant");
    return CudaKernelGen(p, kernel_index, c).generate();
}

std::vector<CudaConfig> cuda_candidates(const kernel::Plan& p, int kernel_index) {
    const kernel::Kernel& k = p.kernels.at(size_t(kernel_index));
    const bool vec4 = cuda_vectorizable(p, kernel_index);
    std::vector<CudaConfig> tries = {CudaConfig{}};
    if (vec4) tries.push_back(CudaConfig{true});
    if (!k.parts.empty()) {  // a combo: its scalar and vec4 forms, nothing else
        std::vector<CudaConfig> out = {normalized(k, CudaConfig{})};
        if (vec4) out.push_back(normalized(k, CudaConfig{true}));
        return out;
    }
    if (k.gemm) {
        // one configuration (normalized gives every config the template's)
    } else if (k.nr == 0) {
        for (bool v : {false, true}) {
            if (v && !vec4) continue;
            for (int b : {128, 256, 512, 1024}) {
                CudaConfig c;
                c.vec4 = v;
                c.block = b;
                tries.push_back(c);
            }
        }
    } else if (vec4) {
        for (int values : {8, 16, 32}) {
            CudaConfig c;
            c.vec4 = true;
            c.warp_rows = 1;
            c.row_values = values;
            tries.push_back(c);
        }
        if (k.r_numel() <= kWarpRowMaxRow)
            for (int rows : {2, 4, 8, 16}) {
                CudaConfig c;
                c.vec4 = true;
                c.warp_rows = rows;
                tries.push_back(c);
            }
    }
    // Distinct functions only: two configs may generate the same text (a block capped to a small
    // kernel, a row too short for more threads); the name is blanked for the comparison.
    std::vector<CudaConfig> out;
    std::set<std::string> seen;
    for (const CudaConfig& c : tries) {
        const CudaConfig n = normalized(k, c);
        if (seen.insert(blank_name(CudaKernelGen(p, kernel_index, n).generate(), cuda_config_name(k, n))).second) out.push_back(n);
    }
    return out;
}

namespace {

// A persistent reduction over one r dim that every row access walks contiguously (or not at all),
// in float32 buffers with 16-byte-aligned rows: the float4 form of generate_persistent_vec4.
bool persistent_vec4(const kernel::Plan& p, const kernel::Kernel& k) {
    if (k.nr != 1 || k.compute != DType::Float32 || persist_shape(k).second == 0 || k.r_numel() % 4 != 0) return false;
    for (const kernel::Phase& ph : k.phases)
        for (int id : ph.stmts) {
            const kernel::Stmt& s = k.stmts.at(size_t(id));
            if (s.code != Code::Load && s.code != Code::Store) continue;
            if (s.index.strides.size() != size_t(k.nx + k.nr)) return false;
            if (s.buffer < 0 || size_t(s.buffer) >= p.buffers.size() || p.buffers[size_t(s.buffer)].dtype != DType::Float32)
                return false;
            if (ph.kind == kernel::PhaseKind::Outer) continue;  // one value per row: scalar
            const int64_t inner = s.index.strides.back();
            if (inner == 0 && s.code == Code::Load) continue;  // broadcast along the row
            if (inner != 1 || s.index.offset % 4 != 0) return false;
            for (int d = 0; d < k.nx; ++d)
                if (s.index.strides[size_t(d)] % 4 != 0) return false;
        }
    return true;
}

bool vectorizable(const Plan& p, const kernel::Kernel& k) {
    if (!k.parts.empty()) {  // a combo: where any part has the float4 form
        for (const kernel::Kernel& part : k.parts)
            if (vectorizable(p, part)) return true;
        return false;
    }
    if (k.gemm) return false;  // the GEMM template has one form
    if (k.nr != 0) return !column_kernel(k) && persistent_vec4(p, k);
    if (k.nx == 0 || k.compute != DType::Float32) return false;
    const int last = k.nx - 1;
    if (k.sizes[size_t(last)] % 4 != 0) return false;
    bool any_store = false;
    for (const kernel::Stmt& s : k.stmts) {
        if (s.code != Code::Load && s.code != Code::Store) continue;
        if (s.index.strides.size() != size_t(k.nx)) return false;
        if (s.buffer < 0 || size_t(s.buffer) >= p.buffers.size()) return false;
        const int64_t inner = s.index.strides[size_t(last)];
        // Contiguous accesses move as float4; a load broadcast along the lanes stays a scalar load of
        // any dtype (an optimizer update reads its float64 bias corrections so).
        if (p.buffers[size_t(s.buffer)].dtype != DType::Float32 && (s.code == Code::Store || inner != 0)) return false;
        if (s.code == Code::Store) {
            any_store = true;
            if (inner != 1) return false;
        }
        if (inner == 0) continue;  // broadcast along the lanes: a scalar load
        if (inner != 1 || s.index.offset % 4 != 0) return false;
        for (int d = 0; d < last; ++d)
            if (s.index.strides[size_t(d)] % 4 != 0) return false;
    }
    return any_store;
}

// Part i of a combo gets blocks[i] blocks of kPointwiseBlock threads: one per element (per group of
// 4 in its vec4 form), at most kMaxGrid (the part's grid-stride loop covers the rest).
std::vector<int64_t> combo_blocks(const Plan& p, const kernel::Kernel& k, bool vec4) {
    std::vector<int64_t> blocks;
    for (const kernel::Kernel& part : k.parts) {
        const bool v = combo_part_vec4(p, part, vec4);
        const int64_t items = v ? std::max<int64_t>(part.x_numel() / 4, 1) : std::max<int64_t>(part.x_numel(), 1);
        blocks.push_back(std::min<int64_t>((items + kPointwiseBlock - 1) / kPointwiseBlock, kMaxGrid));
    }
    return blocks;
}

}  // namespace

bool cuda_vectorizable(const kernel::Plan& p, int kernel_index) { return vectorizable(p, p.kernels.at(size_t(kernel_index))); }

std::string cuda_vec4_kernel_name(const kernel::Kernel& k) { return cuda_kernel_name(k) + "_vec4"; }

CudaLaunch cuda_vec4_launch(const kernel::Kernel& k) {
    CudaConfig c;
    c.vec4 = true;
    return cuda_launch(k, c);
}

bool operator==(const CudaConfig& a, const CudaConfig& b) {
    return a.vec4 == b.vec4 && a.block == b.block && a.row_values == b.row_values && a.warp_rows == b.warp_rows;
}

std::string cuda_config_name(const kernel::Kernel& k, const CudaConfig& config) {
    const CudaConfig c = normalized(k, config);
    CudaConfig def;
    def.vec4 = c.vec4;
    if (c == normalized(k, def)) return c.vec4 ? cuda_vec4_kernel_name(k) : cuda_kernel_name(k);
    const std::string base = c.vec4 ? cuda_vec4_kernel_name(k) : cuda_kernel_name(k);
    if (k.nr == 0) return base + "_b" + std::to_string(c.block);
    return c.warp_rows > 1 ? base + "_w" + std::to_string(c.warp_rows) : base + "_v" + std::to_string(c.row_values);
}

std::string cuda_config_label(const kernel::Kernel& k, const CudaConfig& config) {
    const CudaConfig c = normalized(k, config);
    const std::string form = c.vec4 ? "vec4" : "scalar";
    if (!k.parts.empty()) return form + " combo of " + std::to_string(k.parts.size()) + ", block=" + std::to_string(c.block);
    const CudaLaunch l = cuda_launch(k, c);
    if (k.nr == 0 || !c.vec4) return form + " block=" + std::to_string(l.block);
    if (c.warp_rows > 1) return form + " warp per row, " + std::to_string(c.warp_rows) + " rows/block, block=" + std::to_string(l.block);
    return form + " block per row, " + std::to_string(c.row_values) + " values/thread, block=" + std::to_string(l.block);
}

std::vector<int> cuda_kernel_reuse(const kernel::Plan& p) {
    // The key: the kernel's text without its comment lines (they name the graph nodes it came from)
    // and with its own name blanked.
    std::map<std::string, int> first_of;
    std::vector<int> reuse;
    for (size_t i = 0; i < p.kernels.size(); ++i) {
        const std::string name = cuda_kernel_name(p.kernels[i]);
        std::istringstream text(generate_cuda_kernel(p, int(i)));
        std::string key, l;
        while (std::getline(text, l)) {
            if (l.rfind("//", 0) == 0) continue;
            key += blank_name(l, name) + "\n";
        }
        reuse.push_back(first_of.emplace(key, int(i)).first->second);
    }
    return reuse;
}

std::vector<std::string> cuda_kernel_names(const kernel::Plan& p) {
    std::vector<std::string> names;
    const std::vector<int> reuse = cuda_kernel_reuse(p);
    for (size_t i = 0; i < p.kernels.size(); ++i) {
        if (reuse[i] != int(i)) continue;
        names.push_back(cuda_kernel_name(p.kernels[i]));
        if (cuda_vectorizable(p, int(i))) names.push_back(cuda_vec4_kernel_name(p.kernels[i]));
    }
    return names;
}

std::vector<CudaUnit> cuda_units(const kernel::Plan& p) {
    std::vector<CudaUnit> units;
    const std::string pre = prelude();
    const std::vector<int> reuse = cuda_kernel_reuse(p);
    for (size_t i = 0; i < p.kernels.size(); ++i) {
        if (reuse[i] != int(i)) continue;
        const bool vec4 = cuda_vectorizable(p, int(i));
        units.push_back({cuda_kernel_name(p.kernels[i]), pre + "\n\n" + CudaKernelGen(p, int(i)).generate(), !vec4});
        if (vec4) units.push_back({cuda_vec4_kernel_name(p.kernels[i]), pre + "\n\n" + CudaKernelGen(p, int(i), CudaConfig{true}).generate(), true});
    }
    return units;
}

std::vector<CudaUnit> cuda_autotune_units(const kernel::Plan& p) {
    std::vector<CudaUnit> units;
    const std::string pre = prelude();
    const std::vector<int> reuse = cuda_kernel_reuse(p);
    for (size_t i = 0; i < p.kernels.size(); ++i) {
        if (reuse[i] != int(i)) continue;
        for (const CudaConfig& c : cuda_candidates(p, int(i)))
            units.push_back({cuda_config_name(p.kernels[i], c), pre + "\n\n" + CudaKernelGen(p, int(i), c).generate(), true});
    }
    return units;
}

namespace {
// The launch code given the plan's kernel reuse (generate_cuda computes it once for both uses).
std::string launch_code(const kernel::Plan& p, const std::vector<int>& reuse) {
    using detail::buffer_name;
    std::ostringstream os;
    os << "// ---- launch code (the host runs Plan::steps in this order on the current stream) ----\n";
    for (const kernel::Buffer& b : p.buffers) {
        if (b.kind == kernel::BufferKind::Input)
            os << "// " << b.name << ": graph input " << b.input_index << ", " << dtype_abbrev(b.dtype) << shape_str(b.sizes)
               << " strides " << shape_tuple_str(b.strides) << "\n";
        else if (b.kind == kernel::BufferKind::Constant)
            os << "// " << b.name << ": constant " << b.constant_index << ", " << dtype_abbrev(b.dtype) << shape_str(b.sizes) << "\n";
    }
    for (const kernel::Step& s : p.steps) {
        switch (s.kind) {
            case kernel::StepKind::Alloc: {
                const kernel::Buffer& b = p.buffers.at(size_t(s.buffer));
                os << "// " << buffer_name(p, s.buffer) << " = empty_strided_cuda(" << shape_tuple_str(b.sizes) << ", "
                   << shape_tuple_str(b.strides) << ", " << dtype_name(b.dtype) << ")\n";
                break;
            }
            case kernel::StepKind::Reuse:
                os << "// " << buffer_name(p, s.buffer) << " = " << buffer_name(p, s.from) << "; del " << buffer_name(p, s.from)
                   << "  # reuse\n";
                break;
            case kernel::StepKind::Kernel: {
                if (s.kernel < 0 || size_t(s.kernel) >= p.kernels.size())
                    throw Error(ErrorKind::RuntimeError, "codegen (CUDA): a step names kernel " + std::to_string(s.kernel) + ", out of range");
                // A kernel identical to an earlier one launches that one's function.
                const int rep = reuse[size_t(s.kernel)];
                const Kernel& k = p.kernels[size_t(rep)];
                std::string args;
                for (int b : kernel::arg_buffers(p.kernels[size_t(s.kernel)])) args += (args.empty() ? "" : ", ") + buffer_name(p, b);
                CudaLaunch l = cuda_launch(p, rep, CudaConfig{});
                if (cuda_vectorizable(p, s.kernel)) {
                    CudaLaunch v = cuda_launch(p, rep, CudaConfig{true});
                    os << "// " << cuda_vec4_kernel_name(k) << "<<<" << v.grid << ", " << v.block << ">>>(" << args
                       << ")  # every address 16-byte aligned, else:\n";
                }
                os << "// " << cuda_kernel_name(k) << "<<<" << l.grid << ", " << l.block << ">>>(" << args << ")\n";
                break;
            }
            case kernel::StepKind::Extern:
            case kernel::StepKind::Fallback: os << "// " << detail::extern_comment(p, s) << "\n"; break;
            case kernel::StepKind::Free: os << "// del " << buffer_name(p, s.buffer) << "\n"; break;
        }
    }
    os << detail::return_line(p) << "\n";
    return os.str();
}
}  // namespace

std::string cuda_launch_code(const kernel::Plan& p) { return launch_code(p, cuda_kernel_reuse(p)); }

std::string generate_cuda(const kernel::Plan& p) {
    std::ostringstream os;
    os << "// Kiln compiled graph: CUDA C++ generated by codegen/cuda from a kernel::Plan (compiled by NVRTC).\n";
    os << "// " << p.kernels.size() << " kernel" << (p.kernels.size() == 1 ? "" : "s") << ", " << p.steps.size() << " step"
       << (p.steps.size() == 1 ? "" : "s") << "\n";
    os << prelude();
    const std::vector<int> reuse = cuda_kernel_reuse(p);
    for (size_t i = 0; i < p.kernels.size(); ++i)
        if (reuse[i] == int(i)) os << "\n\n" << generate_cuda_kernel(p, int(i));
    os << "\n\n" << launch_code(p, reuse);
    return os.str();
}

std::vector<std::string> nvrtc_options(int arch) {
    // -default-device: the embedded math and helpers carry no __device__ annotations.
    // --fmad=true (NVRTC's default, stated): a * b + c may fuse, as the CPU JIT's -ffp-contract=fast.
    // --prec-div=false: division to within 2 ulp instead of IEEE round-to-nearest; the exact one is a
    // long instruction sequence that made the anchors' pointwise chain compute-bound on the H100
    // (0.28 -> 0.21 ms at 2^26 elements). Denormals are kept (no --ftz).
    // -Ofc=min (--Ofast-compile, NVRTC 12.8+): the least of NVRTC's compile-time savings, documented
    // as having minimal impact on the code: a layer_norm + gelu kernel compiles in ~0.75 of the
    // time, and the first call of a compiled graph waits for NVRTC.
    return {"--gpu-architecture=sm_" + std::to_string(arch), "-std=c++17", "-default-device", "--fmad=true", "--prec-div=false",
            "-Ofc=min"};
}

}  // namespace kiln::codegen
