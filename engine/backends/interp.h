// The kernel interpreter: runs a kernel::Kernel of a Plan without generating code.
//
// It is the back end every build has (the browser's WebAssembly build included), so it is written
// to be fast rather than simple: a kernel is compiled once into a flat program (one instruction per
// statement, the op already resolved to a function pointer instantiated from ops/pointwise.def, so
// the math is eager Kiln's), and the program evaluates statements over tiles of up to 1024 (float)
// or 512 (double) consecutive points of the iteration space (4 KiB a slot by default; InterpConfig
// picks another tile size and a thread count at prepare time, which mode="max-autotune" tunes) into small per-statement arrays in the
// compute type. Each instruction is one tight loop the compiler vectorizes; loads and stores move
// whole runs along the innermost dim (contiguous, broadcast or strided) with the conversion from or
// to the buffer's dtype. Adjacent dims that every index walks contiguously are merged first, and a
// reduction whose r space is small takes several x points per tile, so softmax over 16 elements
// still runs 1024-wide instructions. The x space is split across threads with OpenMP (native
// builds only; the wasm build runs one thread).
//
//   auto prog = kiln::backends::prepare(kernel, plan);  // verify + compile, microseconds
//   prog->run(buffer_data);                             // as often as you like
//   kiln::backends::run_kernel(kernel, plan, buffer_data);  // prepare + run, for one-off calls
//   kiln::backends::prepare(kernel, plan, {8192, 1});   // 8 KiB tiles, one thread
//
// buffer_data[b] is element 0 of plan buffer b (indexed by buffer id); Index strides and offsets
// are in elements relative to it, and the element type is the buffer's dtype (float32, float64,
// float16, bfloat16, int64, bool). Buffers a kernel does not name may be null.
#pragma once
#include <memory>

#include "kernel/ir.h"

namespace kiln::backends {

// How a kernel is run, chosen at prepare(). Results do not depend on `threads`. They do not depend
// on `tile_bytes` either, except for sums and products over an r space of more points than a tile
// holds: such a reduction walks r in tile-sized chunks, so the chunk size changes the summation
// order (results equal within float rounding; max, min and any are exact). Pointwise kernels, and
// reductions whose r space fits both tiles, are bit-identical across configs.
struct InterpConfig {
    int tile_bytes = 4096;  // bytes per tile slot (power of two, 256 B .. 1 MiB): 1024 floats by default
    int threads = 0;        // 0: tensor/parallel.h's rule (threads for kernels of more than 32K points);
                            // n > 0: at most n threads whatever the size (WebAssembly: one thread)
    bool operator==(const InterpConfig& o) const { return tile_bytes == o.tile_bytes && threads == o.threads; }
};

// A kernel compiled for the interpreter. Immutable after prepare(): run() may be called from
// several threads at once (each call uses thread-local scratch). It copies what it needs from the
// Kernel and the Plan (buffer dtypes), so it stays valid after both are gone.
class InterpKernel {
public:
    virtual ~InterpKernel() = default;
    virtual void run(void* const* buffer_data) const = 0;
    // Tile geometry chosen at prepare() (for tests and TORCH_LOGS): points per tile, x points per
    // tile (> 1 when the r space is small), and the merged iteration space's dims.
    virtual int tile() const = 0;
    virtual int64_t rows_per_tile() const = 0;
    virtual int merged_x_dims() const = 0;
    virtual int merged_r_dims() const = 0;
    // Whether a tile holds x points at one r point (a reduction along a strided dim, walked as
    // columns: x.sum(0)) rather than rows of r points.
    virtual bool columns() const = 0;
    // Whether a pointwise kernel runs in 2-D tiles of its last two merged dims (a load or store of a
    // transposed view: x.t() + y) rather than runs of points in order.
    virtual bool tiles_2d() const = 0;
    virtual InterpConfig config() const = 0;  // as prepared
};

// Verifies the kernel against the plan (kernel::verify, throws kiln::Error) and compiles it.
std::shared_ptr<const InterpKernel> prepare(const kernel::Kernel& k, const kernel::Plan& p);
// The same with a config (throws kiln::Error for a tile size out of range or threads < 0).
std::shared_ptr<const InterpKernel> prepare(const kernel::Kernel& k, const kernel::Plan& p, const InterpConfig& cfg);

// prepare(k, p)->run(buffer_data).
void run_kernel(const kernel::Kernel& k, const kernel::Plan& p, void* const* buffer_data);

// Whether run() splits the x space across threads (OpenMP native builds); the interpreter stays
// single-threaded below about 32K iteration points per kernel (with the default threads = 0)
// whatever this says.
bool interp_threads_available();
// How many threads run() may use (num_threads(): torch.get_num_threads()).
int interp_max_threads();

}  // namespace kiln::backends
