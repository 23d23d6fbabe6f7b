// What the C++ and the CUDA code generators share: one fused kernel's statements as C++ text.
//
// A kernel::Kernel's statements are the same scalar code on every target: loads and stores with
// affine indices over the iteration dims (x0.., r0..), pointwise.def rows with their operands
// substituted, casts, and the accumulator updates of reductions. Only the loops around them differ
// (OpenMP loops in codegen/cpp, a grid of thread blocks in codegen/cuda), so KernelText renders the
// statements once and each generator arranges them. Values are `tmpN` of the compute type (float or
// double); buffers are the kernel's arguments in Inductor's order and names (in_out_ptr0, in_ptr0,
// ..., out_ptr0, ...). The text needs, in front of it, ops/pointwise_math.h and the helpers of
// kHelperText (float16/bfloat16 conversions, NaN-propagating max/min).
#pragma once
#include <functional>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "kernel/ir.h"

namespace kiln::codegen::detail {

const char* compute_type(DType t);  // "float" or "double"
// The shortest literal that reads back as exactly `v` in the compute type (NaN and infinities as
// std::numeric_limits expressions).
std::string literal(double v, DType compute);
std::string tmp(int id);  // "tmp3"
std::string list_str(const std::vector<std::string>& v);  // "[a, b]"

// A buffer's name (arg0_1, buf3), checking the id; an extern or fallback step as Inductor's wrapper
// writes it ("buf1 = extern_kernels.mm(buf0, reinterpret_tensor(arg1_1, (16, 16), (1, 16), 0))").
std::string buffer_name(const kernel::Plan& p, int b);
std::string extern_comment(const kernel::Plan& p, const kernel::Step& s);
// "// return (buf2, reinterpret_tensor(buf0, (4, 8), (1, 4), 0), )": the graph's outputs.
std::string return_line(const kernel::Plan& p);

// float16/bfloat16 storage conversions and NaN-propagating kiln_max/kiln_min, as C++ that compiles
// for the host and, with NVRTC's -default-device, for the GPU.
extern const char* const kHelperText;

// A reduction's accumulator: its initial value, the update line of the r loop, the OpenMP
// reduction clause, and the expression combining two partial results (for trees of partials).
struct ReduceText {
    std::string init, update, omp_clause;
    // max/min only: the update as a plain select plus a NaN flag `<acc>_nan` (codegen/cpp's
    // vectorizable form, reduced by its kiln_fmax/kiln_fmin); empty for the other ops.
    std::string flagged_update;
    std::string combine(const std::string& a, const std::string& b) const;
    std::string op;
};

class KernelText {
  public:
    // `target` names the generator in error messages: "C++", "CUDA".
    KernelText(const kernel::Plan& p, int kernel_index, std::string target);
    // A kernel that is not in p.kernels itself: a part of a combo kernel (index -1).
    KernelText(const kernel::Plan& p, const kernel::Kernel& k, std::string target);

    const kernel::Plan& plan;
    const kernel::Kernel& k;
    int index = -1;
    const char* T;                     // the compute type
    std::vector<std::string> dims;     // x0.., r0..

    // "const float* in_ptr0, float* out_ptr0": the arguments in order; `qualifier` follows each `*`
    // ("__restrict__" for CUDA; empty for C++), `prefix` precedes each name (a combo kernel's
    // "p1_in_ptr0" for its part 1).
    std::string params(const std::string& qualifier = "", const std::string& prefix = "") const;
    // The argument names in order (in_out_ptr0.., in_ptr0.., out_ptr0..) with their buffer ids.
    std::vector<std::pair<std::string, int>> args() const;
    std::string index_expr(const kernel::Index& idx) const;
    // A non-Reduce statement as one line of code (no indentation).
    std::string statement(int id) const;
    // Whether statement `id` evaluates one of pointwise_math.h's polynomial helpers (pw::exp,
    // pw::tanh, pw::erf: exp, sigmoid, silu, tanh, gelu, erf): tens of dependent float operations.
    bool transcendental(int id) const;
    ReduceText reduce(int id) const;

    // ---- loop fission (codegen/cpp, codegen/wasm) ----
    // The stages of a pointwise body `all` (its statements in order): one cut between each two
    // consecutive transcendental statements, placed where the fewest values cross it, and with
    // `cut_prologue` one more before the first transcendental when arithmetic precedes it. A value
    // crosses a cut unless emitted_again. One stage: nothing to split. The generators decide
    // whether a kernel is split at all (float32 compute, a long enough innermost dim).
    std::vector<std::vector<int>> fission_stages(const std::vector<int>& all, bool cut_prologue) const;
    // Whether a later stage emits statement `id` again rather than receiving it from an earlier
    // one: a constant, or a load of a buffer that no statement of `stmts` stores (same value).
    bool emitted_again(int id, const std::vector<int>& stmts) const;
    const kernel::Stmt& stmt(int id) const;

    // ---- values kept across the phases of a row reduction (codegen/cpp, codegen/wasm) ----
    // A softmax's last phase computes exp(x - max) again, as Inductor's kernels do; where exp costs
    // more than the memory traffic (the browser, one core) that made the fused softmax trail one
    // kernel per op. So a transcendental value of a later Inner phase that an earlier Inner phase
    // computes the same way (the same statements on the same loads) is stored by the earlier phase
    // into the elements of an output that the later phase stores (once, never loaded: its store
    // overwrites it) and loaded back there; what only fed it is not computed again. The row is in
    // the cache between the phases. `slot_ok(store)` says which Store statements can hold a value
    // (they must walk the row as the loop's counter does). One value per phase.
    struct RowStaging {
        std::map<int, int> keep_in;    // statement -> the Store whose elements keep it for a later phase
        std::map<int, int> read_from;  // statement -> the Store whose elements it is read back from
        std::set<int> skipped;         // statements a later phase no longer computes
    };
    template <typename SlotOk>
    RowStaging row_staging(const SlotOk& slot_ok) const {
        return row_staging_impl([&](int id) { return bool(slot_ok(id)); });
    }
    // C-like text for a kept value: the line storing value `id` into Store `store`'s element at the
    // current point, and the line loading it back as tmp(id) (the buffer's dtype is the compute
    // type: no conversion either way).
    std::string keep_line(int id, int store) const;
    std::string read_back_line(int id, int store) const;
    // "// Topologically Sorted Source Nodes: [...], Original ATen: [...]" and the kernel's shape line.
    std::string comment_block() const;
    [[noreturn]] void fail(const std::string& msg) const;
    const kernel::Buffer& buffer(int b) const;
    // The parameter name of buffer b (in_ptr0 ...); fails where the kernel does not take it.
    const std::string& ptr(int b, bool store) const;

  private:
    RowStaging row_staging_impl(const std::function<bool(int)>& slot_ok) const;
    std::string target_;
    std::map<int, std::string> param_;  // buffer id -> in_ptr0 / out_ptr0 / in_out_ptr0
    std::string element(int b, const std::string& p, bool store) const;
    std::string load_conv(DType bt, const std::string& ref) const;
    std::string store_conv(DType bt, const std::string& v) const;
    std::string arg(const kernel::Stmt& s, size_t i, int id) const;
};

}  // namespace kiln::codegen::detail
