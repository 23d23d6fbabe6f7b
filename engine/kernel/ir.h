// The loop-level kernel IR and the plan of a compiled graph: what Inductor's scheduler hands to
// its code generators, in miniature.
//
// A compiled graph is a Plan: the buffers it touches (graph inputs, constants, intermediates,
// outputs) and an ordered list of steps (allocate or reuse a buffer, run a fused kernel, call an
// extern kernel such as mm or convolution, run an op Kiln does not fuse through the eager engine,
// free a buffer). Every backend runs the same Plan: the kernel interpreter (backends/interp), the
// native C++ JIT (codegen/cpp + backends/cpu_jit), later CUDA.
//
// A Kernel is one fused loop nest over an iteration space of rank nx + nr: the first nx dims are
// the parallel "x" dims (Inductor's xindex), the last nr dims are reduced ("r" dims, r0_index);
// a pointwise kernel has nr == 0. Its body is a sequence of Phases run for every point of the x
// space, in order:
//   Inner  - runs for every point of the r space (every point of the x space when nr == 0);
//            may hold Reduce statements, whose per-x-point results later phases read.
//   Outer  - runs once per x point (no r dims): row-level math on reduction results and stores of
//            per-row values (layer_norm's mean, a sum's output).
// Softmax over the last dim is one kernel: Inner {load x; reduce max} -> Inner {load x; sub max;
// exp; reduce sum} -> Inner {load x; sub max; exp; div sum; store}: loads are recomputed per phase
// instead of keeping a temporary buffer, which is what makes the fused kernel move fewer bytes.
//
// Statements are SSA, numbered by their position in Kernel::stmts (printed tmp0, tmp1, ...). A
// statement may read statements of its own phase (earlier in it) and Reduce statements (or Outer
// statements) of earlier phases. Every value is computed in the kernel's compute type (float for
// float32 kernels, double for float64); Stmt::dtype is the dtype the aten graph gives the value,
// which matters for Cast and for Store's conversion into the buffer's dtype (bool stores v != 0).
//
// Indexing is affine: a Load or Store reads element offset + sum_d strides[d] * i_d of its buffer,
// over the kernel's iteration dims (stride 0 broadcasts along a dim; in an Outer phase every r
// stride is 0). Views (transpose, expand, slicing, unsqueeze) never make a kernel of their own:
// they are folded into these strides.
#pragma once
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "tensor/dtype.h"
#include "tensor/shape.h"
#include "tensor/tensor.h"

namespace kiln::graph {
struct Node;
struct Graph;
}  // namespace kiln::graph

namespace kiln::kernel {

// ---- buffers ------------------------------------------------------------------------------------
enum class BufferKind {
    Input,         // a graph input (arg0_1, arg1_1, ... in placeholder order)
    Constant,      // a tensor constant of the graph (_tensor_constant0): owned by the Plan
    Intermediate,  // made by a step (buf0, buf1, ...): allocated and freed by the plan
};

struct Buffer {
    std::string name;    // arg0_1 / _tensor_constant0 / buf3
    BufferKind kind = BufferKind::Intermediate;
    Shape sizes;         // as allocated (intermediates are contiguous unless an extern says otherwise)
    Shape strides;       // in elements
    DType dtype = DType::Float32;
    int input_index = -1;   // Input: which graph input
    int constant_index = -1;  // Constant: index into Plan::constants
    bool is_output = false;   // returned by the graph: never reused or freed
    // An output that is the new value of input buffer `updates_input` (a functionalized in-place
    // update, e.g. an optimizer's parameter): plan_memory stores it straight into that input's
    // memory when the kernel that computes it is the input's last reader, elementwise.
    int updates_input = -1;
    int64_t numel() const;
    int64_t nbytes() const;   // the storage the buffer needs (its extent from its strides)
};

// ---- statements ---------------------------------------------------------------------------------
enum class Code {
    Load,      // buffer[index]                                  (buffer, index)
    Constant,  // a literal                                      (value)
    Unary,     // op(args[0]) with params p0, p1                 (op: a KILN_UNARY_OP row of ops/pointwise.def)
    Binary,    // op(args[0], args[1]) with alpha                (op: a KILN_BINARY_OP row)
    Ternary,   // op(args[0], args[1], args[2]) with alpha       (op: a KILN_TERNARY_OP row: where, addcmul)
    Cast,      // args[0] converted to `dtype` (float -> int64 truncates, -> bool is v != 0, float64->float32 rounds)
    Reduce,    // op over the r space of args[0]: "sum", "max", "min", "prod", "any"  (Inner phases only)
    Store,     // buffer[index] = args[0] (converted to the buffer's dtype)
};
const char* code_name(Code c);

struct Index {
    int64_t offset = 0;
    std::vector<int64_t> strides;  // one per iteration dim (nx + nr)
};

struct Stmt {
    Code code = Code::Constant;
    std::string op;          // Unary/Binary/Ternary: pointwise.def row name; Reduce: reduction kind
    std::vector<int> args;   // operand statement ids
    int buffer = -1;         // Load/Store: index into Plan::buffers
    Index index;             // Load/Store
    double value = 0;        // Constant
    double p0 = 0, p1 = 0;   // Unary parameters (leaky_relu slope, clamp bounds, pow exponent, ...)
    double alpha = 1;        // Binary/Ternary: add/sub's alpha, addcmul's value
    DType dtype = DType::Float32;  // the value's dtype in the aten graph (Store: the stored value's)
};

enum class PhaseKind { Inner, Outer };
struct Phase {
    PhaseKind kind = PhaseKind::Inner;
    std::vector<int> stmts;  // ids into Kernel::stmts, in execution order
};

enum class KernelKind { Pointwise, Reduction };

// A small matrix product that a pointwise kernel computes itself (CUDA plans only; passes/
// gemm_epilogue.cpp): what an extern mm/addmm step would have written into `product`, fused with
// the kernel that was that buffer's only reader, so a Linear + activation is one launch (Inductor's
// GEMM templates with epilogue fusion). `product` is never allocated: the kernel's Loads of it read
//   alpha * sum_k A[i, k] * B[k, j] + beta * bias[i, j]
// at the iteration point whose flat x index is i * n + j. Operands are read through affine indexes
// (offset, strides) over (i, k), (k, j) and (i, j), so a transposed weight or a broadcast bias is
// just strides.
struct Gemm {
    std::string op;                 // the extern node's op: "aten::addmm" or "aten::mm"
    std::string node;               // its output's name in the aten graph ("addmm_1"), for printouts
    int product = -1;               // the buffer the extern would have written
    int a = -1, b = -1, bias = -1;  // operand buffers, among Kernel::inputs; bias -1 for mm
    Index a_index, b_index, bias_index;  // two strides each
    int64_t m = 0, n = 0, k = 0;
    double alpha = 1, beta = 1;
};

struct Kernel {
    std::string name;          // cpp_fused_add_relu_0 (Inductor's naming: sorted unique origin ops)
    KernelKind kind = KernelKind::Pointwise;
    Shape sizes;               // the iteration space: x dims, then r dims
    int nx = 0, nr = 0;        // sizes.size() == nx + nr
    DType compute = DType::Float32;  // float32 or float64
    std::vector<Stmt> stmts;
    std::vector<Phase> phases;
    // Arguments in Inductor's order: buffers only read (in_ptr0, in_ptr1, ...), then buffers written
    // (out_ptr0, ...); a buffer both read and written (an in-place epilogue) is in_out_ptr0.
    std::vector<int> inputs;      // buffer ids read
    std::vector<int> outputs;     // buffer ids written
    std::vector<int> in_out;      // buffer ids read and written
    // Provenance, for the printouts and the playground.
    std::vector<std::string> origins;     // the aten nodes' output names, in topological order ("add", "relu")
    std::vector<std::string> origin_ops;  // their aten ops ("aten.add", "aten.relu")
    std::optional<Gemm> gemm;             // a matrix product computed in front of the statements
    // A combo kernel (CUDA plans only; passes/combo_kernels.cpp): no statements of its own, one launch
    // that runs each of `parts` (pointwise kernels none of which reads or writes what another writes)
    // over its own range of the grid's blocks, as Inductor's combo kernels run an optimizer's
    // per-parameter updates. Its inputs / outputs / in_out are the parts' together; the generated
    // function takes each part's arguments in turn (combo_arg_buffers).
    std::vector<Kernel> parts;
    int64_t x_numel() const;
    int64_t r_numel() const;
};

// ---- the plan -----------------------------------------------------------------------------------
enum class StepKind {
    Alloc,     // buffers[buffer] = empty_strided(...)
    Reuse,     // buffers[buffer] takes the storage of buffers[from] (dead, same size and dtype)
    Kernel,    // kernels[kernel](its argument buffers)
    Extern,    // an extern kernel (mm, addmm, bmm, convolution): runs `node` with the eager engine,
               // result written into buffers[buffer]
    Fallback,  // an op Kiln does not lower: runs `node` with the eager engine (op registry kernel),
               // result becomes buffers[buffer]
    Free,      // del buffers[buffer]
};

struct Step {
    StepKind kind = StepKind::Kernel;
    int kernel = -1;
    int buffer = -1;
    int from = -1;
    // Extern/Fallback: the aten node it runs (owned by Plan::graph) and which buffers hold its
    // tensor inputs (one per node input; -1 for non-tensor inputs, which are constants of the node).
    const graph::Node* node = nullptr;
    std::vector<int> input_buffers;
    // Extern/Fallback: one buffer per tensor output of the node (output_buffers[0] == buffer).
    std::vector<int> output_buffers;
    // Extern/Fallback input views: a node input may be a view of a buffer (a transposed weight).
    struct View {
        Shape sizes, strides;
        int64_t offset = 0;
    };
    std::vector<View> input_views;  // parallel to input_buffers (empty sizes = the buffer as is)
    // Extern/Fallback: node inputs that are lists of computed tensors (torch.cat([a, b]) reads one):
    // their buffers and views, by node input index (input_buffers holds -1 there).
    struct ListInput {
        int input = -1;
        std::vector<int> buffers;
        std::vector<View> views;  // parallel to buffers
    };
    std::vector<ListInput> list_inputs;
    // Every buffer the step reads: input_buffers' and the lists'.
    std::vector<int> read_buffers() const;
    std::string comment;            // "# reuse", "# Topologically Sorted Source Nodes: [...]"
    std::string source;             // Extern/Fallback: the node's output name in the aten graph ("addmm_1")
};

// A graph output: a buffer, possibly seen through a view (reinterpret_tensor in Inductor's wrapper).
struct Output {
    int buffer = -1;
    Shape sizes, strides;
    int64_t offset = 0;
    // The strides eager gives this output where the plan's differ (a transposed input makes a
    // transposed result): the run copies the result into them, as Inductor keeps output strides.
    std::optional<Shape> eager_strides;
};

// Why two adjacent ops ended up in different kernels (the playground's "why not fused").
struct FusionNote {
    std::string producer, consumer;  // aten node names
    std::string reason;              // "reduction boundary: ...", "extern kernel: mm", ...
};

struct Plan {
    // Where the buffers live and the kernels run: CPU (interpreter or C++ JIT) or CUDA (codegen/cuda
    // through backends/cuda_jit). Extern and fallback steps run eager ops, which follow their inputs.
    Device device = Device::CPU;
    std::vector<Buffer> buffers;
    std::vector<Kernel> kernels;
    std::vector<Step> steps;
    std::vector<Output> outputs;
    std::shared_ptr<graph::Graph> graph;  // the optimized aten graph the steps' nodes belong to
    std::vector<Tensor> constants;        // the data of Constant buffers (Buffer::constant_index)
    std::vector<FusionNote> not_fused;
    int64_t peak_bytes_eager = 0;     // every aten op's result materialized, freed after last use
    int64_t peak_bytes_compiled = 0;  // the plan's buffers with reuse
};

// Textual forms (golden tests, TORCH_LOGS=schedule/fusion, the playground's kernel view).
// A kernel in Inductor's loop-level style:
//   cpp_fused__softmax_0: reduction, x=[8], r=[16], compute float32
//     in_ptr0: arg0_1 f32[8, 16], out_ptr0: buf2 f32[8, 16]
//     for x0 in 8:
//       for r0 in 16: tmp0 = load in_ptr0[16*x0 + r0]; tmp1 = reduce max(tmp0)
//       ...
std::string str(const Kernel& k, const Plan& p);
std::string str(const Plan& p);  // every buffer, kernel and step

// The buffers a Kernel, Extern or Fallback step of `p` reads (a kernel's inputs and in_out) and
// writes (its outputs and in_out; an extern's or fallback's output buffers).
std::vector<int> reads_of(const Plan& p, const Step& s);
std::vector<int> writes_of(const Plan& p, const Step& s);
// The buffers a kernel's generated function takes, in order: in_out, inputs, outputs; for a combo
// kernel, each part's in turn (a buffer two parts read is passed twice).
std::vector<int> arg_buffers(const Kernel& k);

// Structural checks (statement operands defined before use and visible from the phase, index
// ranks, r strides 0 in Outer phases, loads/stores in bounds of their buffers); throws kiln::Error.
void verify(const Kernel& k, const Plan& p);
void verify(const Plan& p);

}  // namespace kiln::kernel
