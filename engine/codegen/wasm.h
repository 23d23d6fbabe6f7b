// The WebAssembly code generator: a kernel::Plan's fused pointwise or row-reduction kernel rendered
// as a binary WebAssembly module, for the browser build to instantiate at run time (backends/wasm_jit).
//
// In the browser there is no C++ compiler, so until now compiled graphs ran on the kernel
// interpreter. Inductor's answer on the CPU is to generate C++ and compile it; Kiln's in the browser
// is to generate WebAssembly directly (the browser's engine is the compiler), from the same
// loop-level kernels that codegen/cpp and codegen/cuda render:
//
//   (module
//     (import "env" "memory" (memory 1))          ;; the engine's own linear memory
//     (func (export "kernel") (param in_ptr0 .. out_ptr0 i32) (param $n i32)
//       splat constants into v128 locals, once
//       for each row (the outer dims, if any):
//         broadcast loads: one v128.load32_splat per row
//         groups of 4 elements: v128.load / f32x4 statements / v128.store (a load strided along
//           the row, as a transposed view's, gathers its 4 lanes: v128.load32_zero + 3 load32_lane)
//         tail (0-3 elements): the same statements on splatted scalars, f32.store of lane 0
//
// Loop fission: a kernel with transcendentals (exp, sigmoid, silu, tanh, gelu_tanh) over rows of
// 64 elements or more is cut into stages where KernelText::fission_stages says (between each two
// transcendentals, and before the first where that leaves its loop fewer arrays to read); the
// groups of a row then run in blocks of 1024 elements, one loop per stage over each block, the
// values crossing a cut stored into and loaded back from an output buffer's elements (one the
// kernel stores once, never loads, and stores only after the value's last use); the tail runs
// unsplit. Where no output can hold the values, the kernel keeps its one loop.
//
// A pointwise kernel with such a gathered load walks its last two dims in tiles of 32 rows x 8
// columns instead of row after row, so the cache lines a row of the tile gathers from serve its
// next rows (x.t() + y [1024, 1024] in V8: 3.6 -> 0.95 ms; why only 8 columns: plan_tiles). Where
// the load is of a transposed view (stride 1 along the row dim) and both dims are multiples of 4,
// nothing is gathered: each 16 x 16 tile of it is first copied into a scratch area (passed as for
// column reductions) 4 x 4 blocks at a time, transposed by i8x16.shuffles, and the rows read that
// copy (0.95 -> 0.5 ms).
//
// A reduction kernel (softmax, layer_norm, sum/amax/mean over the last dim) has the same shape per
// row (its x dims merged into rows), once per phase: an Inner phase is the loop over the row in
// groups of 4 and a tail, its Reduce statements folding into 4-lane accumulators that are folded
// into one value after the loop (two i8x16.shuffles) and splatted for the phases after; an Outer
// phase runs once per row and stores lane 0. A transcendental that a later phase computes again
// the same way (softmax's exp(x - max)) is kept by the earlier phase in the row of an output the
// later phase stores, and loaded back there instead.
//
// A reduction along a strided dim (x.sum(0), softmax over dim 0, bias gradients, batch
// statistics: r moves S > 1 elements apart, x contiguously) runs in columns instead, as the
// interpreter and Inductor's C++ do: blocks of up to 1024 x points, r in the outer loop and the
// block's x points in the inner one, 4 x points per group (each lane its own column); the row
// values (Reduce accumulators, Outer values that later phases read) live in a scratch area of the
// engine's memory, one row of the block's width each, whose address the caller passes after the
// buffers (WasmModule::scratch_bytes > 0). In V8 a softmax over dim 0 of [1024, 1024] takes 0.88 ms
// this way, where the interpreter took 2.4 and the unfused kernels 0.95.
//
// Eligible kernels (wasm_ineligible_reason says why not): pointwise, or reductions over one r dim
// (sum, max, min) whose x dims merge into rows (none: a reduction of everything is one row) and
// whose Inner loads walk the row contiguously or once per row (or, in columns, every access that
// moves along r by the same stride and along x contiguously or not at all), float32 compute and
// float32 buffers, every store contiguous along the innermost dim (after merging dims every access
// walks contiguously, as the interpreter does) and, in reductions, every load contiguous or
// broadcast there (pointwise kernels gather strided loads), ops from the
// table in wasm.cpp: add sub mul div neg abs relu maximum minimum sqrt rsqrt reciprocal exp sigmoid
// silu tanh gelu_tanh erf gelu log leaky_relu clamp floor ceil round sign sgn frac deg2rad rad2deg
// div_trunc fmax fmin heaviside, comparisons, where, addcmul, addcdiv, casts to float/bool/int64. exp, tanh, erf and log are pw::exp / pw::tanh / pw::erf / pw::log of
// ops/pointwise_math.h ported op for op to f32x4 (same constants, same order of operations; sigmoid's and silu's exp(-x) folds the
// negation into the constants, bit for bit the same), so results equal the interpreter's in wasm
// and agree to float rounding natively (where the compiler may contract a * b + c). Ops that call
// libm (log1p, sin, cos, softplus, ...) have no port: their results would differ from eager's.
// Anything else returns no module: the interpreter runs that kernel (never a wrong result).
//
// The function's parameters are the kernel's buffers in Inductor's order (in_out_ptr0.., in_ptr0..,
// out_ptr0..) as byte addresses of element 0 in the memory, then (columns) the scratch area's, then the number of points of the
// x space (Kernel::x_numel()): the outermost dim's extent, or the number of rows, is derived from it.
// A reduction's sums fold in another order than the interpreter's (4 lanes, then across them):
// they agree to float rounding, not bit for bit.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "kernel/ir.h"

namespace kiln::codegen {

// A module takes at most this many buffers (backends/wasm_jit calls it through a function
// pointer of one of these arities).
inline constexpr int kWasmMaxBuffers = 8;

// WebAssembly features beyond SIMD that a module may use (the browser says which it has:
// backends::wasm_jit_features).
struct WasmFeatures {
    // Relaxed SIMD (Chromium 114+): pw::exp's multiply-adds (range reduction and polynomial) as
    // f32x4.relaxed_madd, one fused instruction where the hardware has FMA (x86-64 with FMA3, ARM64)
    // and exactly the plain module's multiply then add elsewhere (the instruction may do either).
    // The Emscripten that builds the engine (3.1.6) does not emit it, so eager cannot use it: in the
    // browser this is the generated kernels' own advantage, as -march=native is the C++ JIT's.
    bool relaxed_simd = false;
};

struct WasmModule {
    std::vector<uint8_t> bytes;  // the binary module (magic, version, type/import/function/export/code)
    std::string text;            // WAT-like text, one instruction per line (output_code, the code panel)
    std::vector<int> buffers;    // plan buffer ids in parameter order
    // Bytes of scratch memory the kernel needs (column reductions' row values), 16-byte aligned:
    // when > 0 the function takes its address as one more parameter after the buffers, before n.
    int64_t scratch_bytes = 0;
};

// "" when kernel `kernel_index` of `p` can be generated; otherwise why not ("op erf", "a strided
// store", ...), for the inductor log and the tests.
std::string wasm_ineligible_reason(const kernel::Plan& p, int kernel_index);

// The module of an eligible kernel; nullopt (and `why`, when given) for any other. Never throws.
std::optional<WasmModule> generate_wasm(const kernel::Plan& p, int kernel_index, std::string* why = nullptr,
                                        const WasmFeatures& features = {});

// Every kernel's module text (or the reason it stays on the interpreter), for TORCH_LOGS=output_code.
std::string wasm_output_code_text(const kernel::Plan& p, const WasmFeatures& features = {});

}  // namespace kiln::codegen
