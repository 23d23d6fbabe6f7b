// The scheduler (see schedule.h): classify, fuse, order, emit loop IR.
//
// Four steps, in this order:
//   1. classify  every node: view / pointwise / reduction / extern / fallback (lowering tables below)
//   2. fuse      greedy, in program order, into Groups; every rejected join records its reason
//   3. order     groups, extern calls and fallbacks topologically (groups run when their last
//                input is ready, which may be later than their first member's position)
//   4. emit      each group as a Kernel: phases, statements, affine indexes; stores for the values
//                someone outside the kernel reads
#include "passes/schedule.h"

#include "passes/emit.h"
#include "passes/passes.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <map>
#include <set>
#include <unordered_map>

#include "graph/ir.h"
#include "graph/op_registry.h"
#include "ops/output_layout.h"
#include "support/error.h"

namespace kiln::passes {

using graph::IValue;
using graph::Node;
using graph::Value;
using kernel::Code;
using kernel::Index;
using kernel::Plan;
using kernel::Stmt;

namespace {

std::string op_name(const Node* n) {  // "aten::add" -> "add"
    const auto& k = n->kind;
    auto p = k.find("::");
    return p == std::string::npos ? k : k.substr(p + 2);
}

// ---- constants -----------------------------------------------------------------------------------
bool is_constant(const Value* v) { return v->node->kind == "prim::Constant"; }
// (constant_value, from passes/emit.h: the value of a prim::Constant or of a list of constants)
bool is_tensor_value(const Value* v) { return v->type && v->type->is_tensor(); }
// Whether pow(x, e) by a number is computed without pow, as Inductor's lowering does: e = 0.5 (a
// square root) on floats, or an integer e with -32 < e < 32 (multiplications, and a reciprocal
// when negative; integers only e >= 0, whose negative powers have their own rules).
bool embedded_power(double e, DType dt) {
    if (!std::isfinite(e)) return false;
    if (e == 0.5) return dtype_is_floating(dt);
    if (e != std::floor(e) || e <= -32 || e >= 32) return false;
    return dtype_is_floating(dt) || e >= 0;
}
// A tensor-typed input that is really data flow (not a constant folded into the kernel).
bool is_dataflow_tensor(const Value* v) { return is_tensor_value(v) && !is_constant(v); }

// The values a node reads, with the pieces of a list input (torch.cat([a, b])) in place of the list:
// what dependencies, ordering and fusion notes follow.
std::vector<const Value*> read_values(const Node* n) {
    std::vector<const Value*> out;
    for (const Value* i : n->inputs) {
        if (i->node && i->node->kind == "prim::ListConstruct") out.insert(out.end(), i->node->inputs.begin(), i->node->inputs.end());
        else out.push_back(i);
    }
    return out;
}

double scalar_of(const std::optional<IValue>& c, double dflt) {
    if (!c || c->is_none()) return dflt;
    if (c->is_tensor()) return c->to_tensor().item_double();
    return c->to_double();
}

// ---- classification ------------------------------------------------------------------------------
enum class Class { Skip, View, Pointwise, Reduction, Extern, Fallback };

const std::set<std::string>& unary_ops() {
    static const std::set<std::string> s = {
#define KILN_UNARY_OP(name, grad_fn, kind, saves, expr, backward) #name,
#include "ops/pointwise.def"
    };
    return s;
}
const std::set<std::string>& binary_ops() {
    static const std::set<std::string> s = {
#define KILN_BINARY_OP(name, grad_fn, kind, expr) #name,
#include "ops/pointwise.def"
    };
    return s;
}

// aten ops that lower to one statement, beyond the rows whose names match an aten op directly.
const std::set<std::string>& pointwise_extra() {
    static const std::set<std::string> s = {"rsub",  "clamp_min", "clamp_max", "hardtanh", "relu6",  "square",
                                            "where", "masked_fill", "to",     "type_as",  "_to_copy", "clone",
                                            "addcmul", "addcdiv", "pow",     "div",     "__and__",  "__or__",   "__xor__",
                                            "floor_divide"};
    return s;
}
const std::set<std::string>& reduction_ops() {
    static const std::set<std::string> s = {"sum", "mean", "amax", "amin", "prod", "max", "min"};
    return s;
}
const std::set<std::string>& extern_ops() {
    static const std::set<std::string> s = {"mm",     "addmm",  "bmm",   "matmul",       "linear",
                                            "conv2d", "conv1d", "_convolution", "convolution", "_convolution_pointwise", "baddbmm",
                                            "scaled_dot_product_attention", "_scaled_dot_product_fused_attention",
                                            "_scaled_dot_product_fused_attention_backward",
                                            "_scaled_dot_product_fused_attention_backward_packed"};
    return s;
}
const std::set<std::string>& view_ops() {
    static const std::set<std::string> s = {"t",       "numpy_T", "transpose", "permute", "expand",   "expand_as",
                                            "unsqueeze", "squeeze", "slice",   "select",  "view",     "reshape",
                                            "_unsafe_view", "flatten", "detach", "alias", "contiguous", "view_as",
                                            "reshape_as", "unflatten", "as_strided"};
    return s;
}

// Kernels compute in float32, float64 or int64 (Kernel::compute). A node reading or writing an
// integer tensor computes in int64 when every integer tensor it touches is int64 (narrow integers
// would need the wrap of their type after each op) and its op is one of integer_ops(); any other
// integer node runs eagerly (a fallback step), as Inductor hands ops it cannot lower to aten. Complex
// tensors have no kernel type at all (they are (re, im) pairs in storage, ops/complex.cpp): every
// node touching one runs eagerly, as Inductor falls back to aten for complex operands.
bool fusible_dtype(DType d) { return !dtype_is_integral(d, false) && !dtype_is_complex(d); }

// The ops an int64 kernel computes: the rows whose kind keeps integers (pointwise.def's SAME,
// ROUNDING, COMPARE, LOGICAL) with the same expression eager instantiates for int64_t, plus the
// copies and selections. Not here: the integer divisions (integer_division_ops), clamp and pow
// (their bounds and exponents are floating parameters), and every FLOAT row (an integer input
// gives a floating result).
const std::set<std::string>& integer_ops() {
    static const std::set<std::string> s = {
        "neg", "abs", "relu", "sign", "sgn", "floor", "ceil", "round", "logical_not", "bitwise_not",
        "add", "sub", "rsub", "mul", "square", "maximum", "minimum", "fmax", "fmin", "heaviside",
        "eq", "ne", "lt", "le", "gt", "ge", "logical_and", "logical_or", "logical_xor",
        "bitwise_and", "bitwise_or", "bitwise_xor", "__and__", "__or__", "__xor__",
        "where", "masked_fill", "clone", "contiguous", "to", "_to_copy", "type_as"};
    return s;
}

// The integer divisions (aten::div with rounding_mode "trunc"/"floor", floor_divide (Python's `//`),
// remainder, fmod): int64
// kernels on CUDA only. On the CPU, eager raises ZeroDivisionError for a zero divisor, which a
// generated kernel cannot (Inductor's generated CPU integer division traps instead), so they stay
// eager fallback steps there. PyTorch's CUDA kernels never check the divisor (a zero gives the
// device's value, e.g. 4294967295 for int64 x // 0, pytorch/pytorch#89418 and #165650), and
// Kiln's eager CUDA follows them (ops/pointwise.cpp check_no_integer_zero), so a CUDA plan's
// kernel computes them with the same pointwise.def expression as the eager CUDA kernel (a zero
// divisor's value is the device's and may differ from eager's, as Inductor's Triton kernels' do:
// tests/cuda/test_cuda_inductor.cpp).
const std::set<std::string>& integer_division_ops() {
    static const std::set<std::string> s = {"div", "floor_divide", "remainder", "fmod"};
    return s;
}

// ---- layouts of realized values ----------------------------------------------------------------
struct Layout {
    int buffer = -1;
    Shape sizes, strides;
    int64_t offset = 0;
};

// The strides a kernel stores a pointwise value with: channels-last when its type (the layout eager
// gives the result: TensorIterator keeps a channels-last input's layout) is, else contiguous. A
// channels-last graph (conv_layout) then stays channels-last between its convolutions, and its
// kernels iterate in that memory order (emit_group).
Shape stored_strides(const Shape& sizes, const Shape& type_strides) {
    if (sizes.size() == 4) {
        Shape cl = strides_in_order(sizes, format_order(MemoryFormat::ChannelsLast, 4));
        if (type_strides == cl) return cl;
    }
    return contiguous_strides(sizes);
}

// PyTorch's rule for viewing (sizes, strides) as `target` without copying: every group of input
// dims that merges into or splits from target dims must be contiguous within itself. Returns
// nullopt when the view needs a copy (reshape then copies).
std::optional<Shape> view_strides(const Shape& sizes, const Shape& strides, const Shape& target) {
    if (shape_numel(sizes) == 0) return contiguous_strides(target);
    Shape out(target.size());
    int64_t view_d = int64_t(target.size()) - 1;
    int64_t chunk_base_stride = strides.empty() ? 1 : strides.back();
    int64_t tensor_numel = 1, view_numel = 1;
    for (int64_t d = int64_t(sizes.size()) - 1; d >= 0; --d) {
        tensor_numel *= sizes[size_t(d)];
        if (d == 0 || (sizes[size_t(d - 1)] != 1 && strides[size_t(d - 1)] != tensor_numel * chunk_base_stride)) {
            while (view_d >= 0 && (view_numel < tensor_numel || target[size_t(view_d)] == 1)) {
                out[size_t(view_d)] = view_numel * chunk_base_stride;
                view_numel *= target[size_t(view_d)];
                --view_d;
            }
            if (view_numel != tensor_numel) return std::nullopt;
            if (d > 0) {
                chunk_base_stride = strides[size_t(d - 1)];
                tensor_numel = 1;
                view_numel = 1;
            }
        }
    }
    if (view_d != -1) return std::nullopt;
    return out;
}

// The layout a view node gives its input's layout, or nullopt (a reshape that must copy).
std::optional<Layout> apply_view(const Node* n, const Layout& in, const Shape& out_sizes) {
    Layout o = in;
    const std::string op = op_name(n);
    const int64_t nd = int64_t(in.sizes.size());
    auto arg = [&](size_t i) { return i < n->inputs.size() ? constant_value(n->inputs[i]) : std::nullopt; };
    if (op == "detach" || op == "alias" || op == "contiguous") {
        if (op == "contiguous" && shape_numel(in.sizes) > 1) {
            // The memory format asked for (c10's numbering: channels_last 2); a layout already in it
            // (size-1 dims place no constraint) is returned as it is, anything else copies.
            auto format = arg(1);
            const bool cl = format && format->is_int() && format->to_int() == 2 && nd == 4;
            const Shape want = cl ? strides_in_order(in.sizes, format_order(MemoryFormat::ChannelsLast, 4))
                                  : contiguous_strides(in.sizes);
            for (int64_t d = 0; d < nd; ++d)
                if (in.sizes[size_t(d)] != 1 && in.strides[size_t(d)] != want[size_t(d)])
                    return std::nullopt;  // a real copy: a pointwise clone does it
        }
        return o;
    }
    if (op == "as_strided") {
        // Sizes and strides address the input's storage, whatever view the input is (Inductor's
        // lowering unwraps views the same way); the view starts at the input's own offset when no
        // storage_offset is given, else at that offset of the storage. A buffer's storage starts at
        // the buffer (a graph input's example is a fresh copy, so its traced storage_offset() is 0
        // and the compiled graph addresses the input from its first element, as its guards expect).
        auto size = arg(1), stride = arg(2), offset = arg(3);
        if (!size || !stride) return std::nullopt;
        if (offset && !offset->is_none()) {
            if (!offset->is_int()) return std::nullopt;
            o.offset = offset->to_int();
        }
        o.sizes = size->to_int_list();
        o.strides = stride->to_int_list();
        return o;
    }
    if (op == "t" || op == "numpy_T") {
        std::reverse(o.sizes.begin(), o.sizes.end());
        std::reverse(o.strides.begin(), o.strides.end());
        return o;
    }
    if (op == "transpose") {
        int64_t a = wrap_dim(arg(1)->to_int(), nd), b = wrap_dim(arg(2)->to_int(), nd);
        std::swap(o.sizes[size_t(a)], o.sizes[size_t(b)]);
        std::swap(o.strides[size_t(a)], o.strides[size_t(b)]);
        return o;
    }
    if (op == "permute") {
        auto dims = arg(1)->to_int_list();
        for (size_t i = 0; i < dims.size(); ++i) {
            int64_t d = wrap_dim(dims[i], nd);
            o.sizes[i] = in.sizes[size_t(d)];
            o.strides[i] = in.strides[size_t(d)];
        }
        return o;
    }
    if (op == "expand" || op == "expand_as") {
        o.sizes = out_sizes;
        o.strides = broadcast_strides(in.sizes, in.strides, out_sizes);
        return o;
    }
    if (op == "unsqueeze") {
        int64_t d = wrap_dim(arg(1)->to_int(), nd + 1);
        int64_t st = d < nd ? in.sizes[size_t(d)] * in.strides[size_t(d)] : 1;
        o.sizes.insert(o.sizes.begin() + d, 1);
        o.strides.insert(o.strides.begin() + d, st);
        return o;
    }
    if (op == "select") {
        int64_t d = wrap_dim(arg(1)->to_int(), nd);
        int64_t i = arg(2)->to_int();
        if (i < 0) i += in.sizes[size_t(d)];
        o.offset += i * in.strides[size_t(d)];
        o.sizes.erase(o.sizes.begin() + d);
        o.strides.erase(o.strides.begin() + d);
        return o;
    }
    if (op == "slice") {
        int64_t d = wrap_dim(arg(1) && !arg(1)->is_none() ? arg(1)->to_int() : 0, nd);
        int64_t size = in.sizes[size_t(d)];
        auto s_ = arg(2), e_ = arg(3), st_ = arg(4);
        int64_t start = s_ && !s_->is_none() ? s_->to_int() : 0;
        int64_t end = e_ && !e_->is_none() ? e_->to_int() : size;
        int64_t step = st_ && !st_->is_none() ? st_->to_int() : 1;
        if (start < 0) start += size;
        if (end < 0) end += size;
        start = std::clamp<int64_t>(start, 0, size);
        end = std::clamp<int64_t>(end, start, size);
        o.offset += start * in.strides[size_t(d)];
        o.sizes[size_t(d)] = (end - start + step - 1) / step;
        o.strides[size_t(d)] = in.strides[size_t(d)] * step;
        return o;
    }
    if (op == "squeeze") {
        // The traced output sizes say which dims went; drop size-1 dims until the ranks agree.
        Layout r;
        r.buffer = in.buffer;
        r.offset = in.offset;
        size_t j = 0;
        for (size_t i = 0; i < in.sizes.size(); ++i) {
            if (j < out_sizes.size() && in.sizes[i] == out_sizes[j] &&
                (in.sizes[i] != 1 || in.sizes.size() - i - 1 < out_sizes.size() - j)) {
                r.sizes.push_back(in.sizes[i]);
                r.strides.push_back(in.strides[i]);
                ++j;
            }
        }
        if (r.sizes != out_sizes) return std::nullopt;
        return r;
    }
    // view / reshape / flatten / unflatten / _unsafe_view / view_as / reshape_as
    auto st = view_strides(in.sizes, in.strides, out_sizes);
    if (!st) return std::nullopt;
    o.sizes = out_sizes;
    o.strides = *st;
    return o;
}

// chunk / split / unbind return a list that a prim::ListUnpack spreads into tensors: each of those
// is a slice (or a select) of the input, a view like any other.
bool is_list_view(const Node* n) {
    return n->kind == "aten::chunk" || n->kind == "aten::split" || n->kind == "aten::unbind" ||
           n->kind == "aten::split_with_sizes";
}
bool is_list_unpack_view(const Node* n) {
    return n->kind == "prim::ListUnpack" && !n->inputs.empty() && is_list_view(n->inputs[0]->node);
}
// The tensor a view node reads.
const Value* view_src(const Node* n) { return is_list_unpack_view(n) ? n->inputs[0]->node->inputs[0] : n->inputs[0]; }

// The layout of output `j` of view node `n` over its source's layout `in`.
std::optional<Layout> view_layout(const Node* n, size_t j, const Layout& in) {
    if (!is_list_unpack_view(n)) return apply_view(n, in, *n->outputs[j]->type->sizes);
    const Node* l = n->inputs[0]->node;
    const int64_t nd = int64_t(in.sizes.size());
    auto arg = [&](size_t i) { return i < l->inputs.size() ? constant_value(l->inputs[i]) : std::nullopt; };
    Layout o = in;
    if (l->kind == "aten::unbind") {
        int64_t d = wrap_dim(arg(1) ? arg(1)->to_int() : 0, nd);
        o.offset += int64_t(j) * in.strides[size_t(d)];
        o.sizes.erase(o.sizes.begin() + d);
        o.strides.erase(o.strides.begin() + d);
        return o;
    }
    int64_t d = wrap_dim(arg(2) ? arg(2)->to_int() : 0, nd);
    const int64_t size = in.sizes[size_t(d)];
    int64_t start = 0, len = 0;
    // split.sizes (a list of sizes) lays out as split_with_sizes.
    if (l->kind == "aten::split_with_sizes" || (arg(1) && arg(1)->is_list())) {
        auto sz = arg(1)->to_int_list();
        for (size_t i = 0; i < j; ++i) start += sz[i];
        len = sz[j];
    } else {
        int64_t each = l->kind == "aten::chunk" ? (size + arg(1)->to_int() - 1) / arg(1)->to_int() : arg(1)->to_int();
        start = int64_t(j) * each;
        len = std::min(each, size - start);
    }
    o.offset += start * in.strides[size_t(d)];
    o.sizes[size_t(d)] = len;
    if (o.sizes != *n->outputs[j]->type->sizes) return std::nullopt;
    return o;
}

// ---- fusion state ------------------------------------------------------------------------------
enum class Role { Full, Row };

struct Group {
    int id = 0;
    bool reduction = false;
    Shape full;                 // the iteration space in tensor dim order
    std::vector<int64_t> rdims;  // reduced dims of `full` (sorted)
    std::vector<const Node*> members;
    int precision = 0;           // Scheduler::precision: what its kernel computes in
    std::set<int> deps;          // groups this one reads (transitively) through other steps
    int first_node = 0;
};

struct Info {                 // per graph Value
    int group = -1;           // producer's group when a member of one
    Role role = Role::Full;
    std::set<int> deps;       // groups whose results this value needs
    bool view = false;        // produced by a view node (of `view_of`)
};

class Scheduler {
public:
    Scheduler(const std::shared_ptr<graph::Graph>& g, const ScheduleOptions& opt) : g_(g), opt_(opt) {}
    Plan run();

private:
    std::shared_ptr<graph::Graph> g_;
    ScheduleOptions opt_;
    Plan plan_;
    std::vector<const Node*> order_;  // top-level nodes, program order
    std::unordered_map<const Node*, int> pos_;
    std::unordered_map<const Node*, Class> cls_;
    std::unordered_map<const Value*, Info> info_;
    std::vector<Group> groups_;
    // The groups that hold (or held) a member reading each value: where horizontal fusion looks for
    // kernels reading the same data, instead of scanning every group's members per node (quadratic
    // in a training step's joint graph). Entries of groups emptied by a merge stay and are skipped.
    std::unordered_map<const Value*, std::vector<int>> readers_;
    // The latest kernel of 0-d values per precision (float32, float64, int64): where another 0-d
    // value that shares no data with it may still go (see fuse).
    int scalar_group_[3] = {-1, -1, -1};
    std::map<std::pair<const Node*, const Node*>, std::string> reasons_;  // (producer, consumer) -> why not fused
    std::unordered_map<const Value*, Layout> layout_;  // realized values
    std::unordered_map<const Value*, int> buffer_of_;  // value -> buffer it is stored in
    std::unordered_map<const Value*, std::string> names_;  // print_aten_graph's names
    // Reshapes no strides can express (a transposed tensor flattened): a pointwise copy that walks
    // the input's shape and writes the output's memory in order (Inductor's clone before a view).
    std::set<const Node*> reshape_copy_;
    // The shape a node reads its inputs at: a reshape copy's input shape, else its output's.
    const Shape& iter_shape(const Node* n) const {
        return reshape_copy_.count(n) ? *view_src(n)->type->sizes : *n->outputs[0]->type->sizes;
    }

    // step 1
    Class classify(const Node* n);
    // step 2
    void fuse();
    std::string can_join(const Node* n, const Group& g, Role& role);
    int precision(const Node* n) const;
    bool integer_kernel_node(const Node* n) const;
    void add_to_group(const Node* n, int gi, Role role);
    void merge_producer_groups(const Node* n, int gi);
    bool group_reaches(int from, int target) const;
    std::vector<int64_t> reduced_dims(const Node* n) const;
    // step 3-4
    void realize();
    int new_buffer(const std::string& name, kernel::BufferKind kind, const Shape& sizes, const Shape& strides,
                   DType dtype);
    std::optional<Layout> layout_of(const Value* v);
    void emit_group(const Group& g, int kernel_index);
    std::vector<size_t> cuda_pointwise_order(const Group& g, const std::vector<size_t>& x_order);
    void record_notes();

    const Shape& sizes_of(const Value* v) const { return *v->type->sizes; }
    DType dtype_of(const Value* v) const { return *v->type->dtype; }
    std::string name_of(const Value* v) const {
        auto it = names_.find(v);
        return it != names_.end() ? it->second : v->debug_name.empty() ? std::to_string(v->unique) : v->debug_name;
    }
};

Class Scheduler::classify(const Node* n) {
    const std::string& k = n->kind;
    if (k == "prim::Constant" || k == "prim::ListConstruct") return Class::Skip;
    if (is_list_unpack_view(n)) return Class::View;
    if (is_list_view(n) && std::all_of(n->outputs[0]->uses.begin(), n->outputs[0]->uses.end(),
                                       [](const auto& u) { return u.first->kind == "prim::ListUnpack"; }))
        return Class::Skip;  // its ListUnpack is the view
    if (k == "prim::TupleConstruct" && n->outputs[0]->uses.size() == 1 &&
        n->outputs[0]->uses[0].first == g_->block()->return_node)
        return Class::Skip;
    // aten ops, and the mkldnn:: ops the back end's own passes emit (fuse_conv_pointwise)
    if ((k.rfind("aten::", 0) != 0 && k.rfind("mkldnn::", 0) != 0) || !n->schema)
        KILN_FAIL(NotImplementedError, "the graph holds ", k, ", which Kiln's scheduler does not run");
    if (n->schema->is_inplace() || std::any_of(n->schema->args.begin(), n->schema->args.end(),
                                               [](const graph::SchemaArg& a) { return a.is_write; }))
        KILN_FAIL(NotImplementedError, "in-place op ", k,
                  " (Kiln's scheduler needs a functional graph; functionalization comes with AOT autograd)");
    for (const Value* o : n->outputs)
        if (!is_tensor_value(o) || !o->type->sizes)
            KILN_FAIL(NotImplementedError, k, " produces a non-tensor value (", o->type ? o->type->str() : "?",
                      "), which Kiln's scheduler does not pass between kernels");
    bool list_reader = false;
    for (const Value* i : n->inputs) {
        if (!is_constant(i) && !is_tensor_value(i) && i->node->kind != "prim::ListConstruct")
            KILN_FAIL(NotImplementedError, k, " reads a non-constant ", i->type ? i->type->str() : "value");
        // A list of computed tensors (torch.cat([a, b])): the op runs as a fallback step that reads
        // the pieces' buffers (Step::list_inputs). Inductor writes each piece straight into its slice
        // of the output instead (a ConcatKernel): one copy fewer, not done here yet.
        if (i->node->kind == "prim::ListConstruct" && !constant_value(i)) {
            // (None entries: a Tensor?[] list, aten::index's indices)
            for (const Value* e : i->node->inputs)
                if (!is_tensor_value(e) && !is_none_value(e))
                    KILN_FAIL(NotImplementedError, k, " reads a list mixing tensors and other values");
            list_reader = true;
        }
    }
    if (list_reader) return Class::Fallback;
    const std::string op = op_name(n);
    const Value* out = n->outputs[0];
    bool all_fusible = fusible_dtype(dtype_of(out));
    for (const Value* i : n->inputs)
        if (is_dataflow_tensor(i) && !fusible_dtype(dtype_of(i))) all_fusible = false;
    if (!all_fusible && n->outputs.size() == 1 && integer_kernel_node(n)) all_fusible = true;
    if (view_ops().count(op) && n->outputs.size() == 1) return Class::View;
    // clamp with tensor bounds (aten::clamp.Tensor) is not the unary clamp row of pointwise.def,
    // whose bounds are constants: the eager kernel runs it.
    if (op == "clamp" && n->schema->overload == "Tensor") return Class::Fallback;
    if (extern_ops().count(op)) return Class::Extern;
    // max/min over a dim return (values, indices); when nothing reads the indices, the values are
    // a plain amax/amin reduction (x.max(-1, keepdim=True).values in a hand-written softmax).
    const bool values_only = (op == "max" || op == "min") && n->outputs.size() == 2 && n->outputs[1]->uses.empty();
    // (an integer result, such as a sum of bools, computes exactly only in integers: eager kernel)
    if (!all_fusible || (n->outputs.size() != 1 && !values_only)) return Class::Fallback;
    if (reduction_ops().count(op)) {
        if ((op == "max" || op == "min") && n->inputs.size() > 1 && !values_only) return Class::Fallback;
        return Class::Reduction;
    }
    if (unary_ops().count(op) || binary_ops().count(op) || pointwise_extra().count(op)) return Class::Pointwise;
    // zeros_like/ones_like (the zero gradient of floor, round, sign...: AOT autograd's formulas write
    // it) with the default dtype, layout and device: a constant stored over the output, as Inductor's
    // lowering makes it; the input gives only the shape.
    if (op == "zeros_like" || op == "ones_like") {
        bool defaults = true;
        for (size_t i = 1; i < n->inputs.size(); ++i) defaults = defaults && is_none_value(n->inputs[i]);
        if (defaults) return Class::Pointwise;
    }
    // polygamma(n, x) with a constant n: the digamma row (n = 0), the trigamma row (n = 1: torch.special's
    // polygamma(1, x) is how trigamma is spelled) or the polygamma_n row with n as its parameter.
    if (op == "polygamma") {
        auto order = constant_value(n->inputs[0]);
        if (order && order->is_int() && order->to_int() >= 0) return Class::Pointwise;
    }
    return Class::Fallback;
}

std::vector<int64_t> Scheduler::reduced_dims(const Node* n) const {
    const Value* x = n->inputs[0];
    const int64_t nd = int64_t(sizes_of(x).size());
    std::vector<int64_t> dims;
    std::optional<IValue> d = n->inputs.size() > 1 ? constant_value(n->inputs[1]) : std::nullopt;
    if (n->schema->args.size() < 2 || n->schema->args[1].name != "dim") d.reset();  // sum(self, *, dtype): all dims
    if (!d || d->is_none() || (d->is_list() && d->to_int_list().empty())) {
        for (int64_t i = 0; i < nd; ++i) dims.push_back(i);
    } else if (d->is_int()) {
        dims.push_back(wrap_dim(d->to_int(), std::max<int64_t>(nd, 1)));
    } else {
        for (int64_t i : d->to_int_list()) dims.push_back(wrap_dim(i, std::max<int64_t>(nd, 1)));
    }
    std::sort(dims.begin(), dims.end());
    dims.erase(std::unique(dims.begin(), dims.end()), dims.end());
    if (nd == 0) dims.clear();
    return dims;
}

// Row shapes of a reduction group: `full` with the r dims at 1 (keepdim) or removed.
bool is_row_shape(const Group& g, const Shape& s) {
    if (s.size() == g.full.size()) {
        for (size_t d = 0; d < s.size(); ++d) {
            bool r = std::binary_search(g.rdims.begin(), g.rdims.end(), int64_t(d));
            if (r ? s[d] != 1 : s[d] != g.full[d]) return false;
        }
        return true;
    }
    if (s.size() + g.rdims.size() != g.full.size()) return false;
    size_t j = 0;
    for (size_t d = 0; d < g.full.size(); ++d)
        if (!std::binary_search(g.rdims.begin(), g.rdims.end(), int64_t(d)) && s[j++] != g.full[d]) return false;
    return true;
}

// Whether `n` computes in float64: when its result is float64, or when a float64 input feeds a
// result that is not floating point (a comparison must compare the float64 values). A float32
// result computes in float32, as eager's type promotion does: a float64 0-d operand (an optimizer's
// bias correction) is rounded to float32 first, not the float32 operand widened, so the kernel's
// values round as eager's.
// Returns the precision a node's kernel computes in: 0 float32, 1 float64, 2 int64 (a node that
// reads or writes an int64 tensor: classify lets only integer_kernel_node ones into kernels).
int Scheduler::precision(const Node* n) const {
    const DType out = dtype_of(n->outputs[0]);
    if (out == DType::Int64) return 2;
    for (const Value* i : n->inputs)
        if (is_dataflow_tensor(i) && dtype_of(i) == DType::Int64) return 2;
    if (out == DType::Float64) return 1;
    if (dtype_is_floating(out)) return 0;
    for (const Value* i : n->inputs)
        if (is_dataflow_tensor(i) && dtype_of(i) == DType::Float64) return 1;
    return 0;
}

// Whether `n`, a node touching integer tensors, computes exactly in an int64 kernel: a node of
// integer_ops() (on CUDA also of integer_division_ops()) whose tensors are all int64 or bool, whose
// result is int64 or bool (aten::div without a rounding mode gives a float: not here), and whose
// scalar arguments are integers an int64 kernel holds exactly (Stmt::value is a double: up to 2**53).
// Both generators emit int64 kernels (codegen/kernel_text: the values and arithmetic in int64_t, as
// Inductor's kernels compute integer tensors in their own type).
bool Scheduler::integer_kernel_node(const Node* n) const {
    const Value* out = n->outputs[0];
    if (!is_tensor_value(out) || !out->type) return false;
    const Device device = out->type->device.value_or(Device::CPU);
    if (device != Device::CPU && device != Device::CUDA) return false;
    const std::string op = op_name(n);
    if (!integer_ops().count(op) && !(device == Device::CUDA && integer_division_ops().count(op))) return false;
    auto int_or_bool = [](DType d) { return d == DType::Int64 || d == DType::Bool; };
    if (!int_or_bool(dtype_of(out))) return false;
    bool any_int = dtype_of(out) == DType::Int64;
    for (const Value* i : n->inputs) {
        if (is_dataflow_tensor(i)) {
            if (!int_or_bool(dtype_of(i))) return false;
            any_int = any_int || dtype_of(i) == DType::Int64;
            continue;
        }
        if (!is_constant(i)) continue;
        auto c = constant_value(i);
        if (!c || c->is_none() || c->is_string()) continue;
        if (c->is_tensor()) {
            const Tensor& t = c->to_tensor();
            if (t.numel() != 1 || !int_or_bool(t.dtype())) return false;
            continue;
        }
        if (c->is_double()) return false;
        if (c->is_int() && std::llabs(c->to_int()) > (int64_t(1) << 53)) return false;
    }
    return any_int;
}

// Why `n` may not join `g` ("" when it may), and the role its result would take there.
std::string Scheduler::can_join(const Node* n, const Group& g, Role& role) {
    if (int(g.members.size()) >= opt_.max_fusion_size)
        return "exceeds max fusion: the kernel already holds " + std::to_string(g.members.size()) + " nodes";
    const int pn = precision(n);
    if (pn != g.precision)
        return pn == 2 || g.precision == 2 ? "dtype: int64 values compute in int64 kernels of their own"
                                           : "dtype: float32 and float64 values compute in different kernels";
    // No input may need `g` through something outside it (that would make a cycle).
    for (const Value* i : n->inputs) {
        if (!is_dataflow_tensor(i)) continue;
        const Info& ii = info_[i];
        if (ii.group == g.id && !ii.view) continue;
        if (ii.deps.count(g.id))
            return ii.view && ii.group == g.id ? "layout change: a view of a value computed in the kernel needs it in memory first"
                                               : "will create cycle: an input needs this kernel's result through another kernel";
        // Kernels run whole: an input whose own producers do not need `g` may still come from a
        // kernel that some *other* member of it makes need `g` (horizontal fusion put a reader of
        // `g` there). Value deps miss that; follow the kernels' deps too. (Found by the random-graph
        // test: softmax over dim 0 + a mean over dim -1 of the same value, both read by one mul,
        // ended in "the fused kernels depend on each other in a cycle".)
        for (int h : ii.deps)
            if (h != g.id && group_reaches(h, g.id))
                return "will create cycle: an input comes from a kernel that needs this kernel's result";
    }
    const Class c = cls_[n];
    if (c == Class::Pointwise) {
        const Shape& so = iter_shape(n);
        if (so == g.full) {
            role = Role::Full;
            for (const Value* i : n->inputs) {
                if (!is_dataflow_tensor(i) || info_[i].group != g.id || info_[i].view) continue;
                const Shape& si = sizes_of(i);
                if (info_[i].role == Role::Full) {
                    if (si != so) return "broadcast of a computed value: " + shape_str(si) + " read as " + shape_str(so);
                    continue;
                }
                // a row value read by every point of its row: aligned dims must be its row dims
                size_t off = so.size() - si.size();
                for (size_t d = 0; d < so.size(); ++d) {
                    bool r = std::binary_search(g.rdims.begin(), g.rdims.end(), int64_t(d));
                    int64_t s = d < off ? 1 : si[d - off];
                    if (r ? s != 1 : s != so[d])
                        return "broadcast of a computed value: " + shape_str(si) + " read as " + shape_str(so);
                }
            }
            return "";
        }
        if (g.reduction && is_row_shape(g, so)) {
            role = Role::Row;
            for (const Value* i : n->inputs) {
                if (!is_dataflow_tensor(i) || info_[i].group != g.id || info_[i].view) continue;
                if (info_[i].role != Role::Row || sizes_of(i) != so)
                    return "broadcast of a computed value: " + shape_str(sizes_of(i)) + " read as " + shape_str(so);
            }
            return "";
        }
        return "iteration spaces differ: " + shape_str(so) + " vs the kernel's " + shape_str(g.full);
    }
    if (c == Class::Reduction) {
        const Value* x = n->inputs[0];
        const Shape& sx = sizes_of(x);
        auto rd = reduced_dims(n);
        if (sx != g.full) return "iteration spaces differ: reduction over " + shape_str(sx) + " vs the kernel's " + shape_str(g.full);
        if (g.reduction && rd != g.rdims) return "reduction boundary: the kernel reduces other dims";
        if (info_[x].group == g.id && (info_[x].role != Role::Full || info_[x].view))
            return "reduction boundary: the input is not a full-size value of the kernel";
        if (!g.reduction && shape_numel(sx) == 0) return "empty reduction";
        role = Role::Row;
        return "";
    }
    return "not a pointwise or reduction op";
}

// Does group `from` need group `target`'s results, directly or through other groups?
bool Scheduler::group_reaches(int from, int target) const {
    std::vector<int> stack = {from};
    std::set<int> seen = {from};
    while (!stack.empty()) {
        int x = stack.back();
        stack.pop_back();
        for (int y : groups_[size_t(x)].deps) {
            if (y == x) continue;
            if (y == target) return true;
            if (seen.insert(y).second) stack.push_back(y);
        }
    }
    return false;
}

void Scheduler::add_to_group(const Node* n, int gi, Role role) {
    Group& g = groups_[size_t(gi)];
    g.members.push_back(n);
    for (const Value* i : n->inputs) readers_[i].push_back(gi);
    if (cls_[n] == Class::Reduction && !g.reduction) {
        g.reduction = true;
        g.rdims = reduced_dims(n);
    }
    Info& o = info_[n->outputs[0]];
    o.group = gi;
    o.role = role;
    o.deps.insert(gi);
    for (const Value* i : n->inputs) {
        if (!is_dataflow_tensor(i)) continue;
        const Info& ii = info_[i];
        if (ii.group == gi && !ii.view) continue;
        g.deps.insert(ii.deps.begin(), ii.deps.end());
        o.deps.insert(ii.deps.begin(), ii.deps.end());
    }
}

void Scheduler::fuse() {
    for (const Node* n : order_) {
        const Class c = cls_[n];
        if (c == Class::Skip) continue;
        if (c == Class::View || c == Class::Extern || c == Class::Fallback) {
            for (const Value* o : n->outputs) {
                Info& oi = info_[o];
                oi.view = c == Class::View;
                for (const Value* i : read_values(n))  // a list's pieces too: cat depends on them
                    if (is_dataflow_tensor(i)) oi.deps.insert(info_[i].deps.begin(), info_[i].deps.end());
                if (c == Class::View) {
                    const Info& si = info_[view_src(n)];
                    oi.deps.insert(si.deps.begin(), si.deps.end());
                    oi.group = si.group;
                }
            }
            continue;
        }
        // Candidates, best first: the groups of the inputs (vertical fusion), then groups reading
        // the same data (horizontal fusion).
        std::vector<int> cands;
        auto add_cand = [&](int gi) {
            if (gi >= 0 && std::find(cands.begin(), cands.end(), gi) == cands.end()) cands.push_back(gi);
        };
        for (const Value* i : n->inputs)
            if (is_dataflow_tensor(i) && !info_[i].view) add_cand(info_[i].group);
        if (opt_.fuse) {
            std::set<const Value*> reads;
            for (const Value* i : n->inputs)
                if (is_dataflow_tensor(i)) reads.insert(i);
            // Latest group first; a group qualifies while a member of it reads one of n's inputs.
            std::vector<int> readers;
            for (const Value* i : reads) {
                auto it = readers_.find(i);
                if (it != readers_.end()) readers.insert(readers.end(), it->second.begin(), it->second.end());
            }
            std::sort(readers.begin(), readers.end(), std::greater<int>());
            readers.erase(std::unique(readers.begin(), readers.end()), readers.end());
            for (int gi : readers) {
                bool reads_one = false;
                for (const Node* m : groups_[size_t(gi)].members)
                    for (const Value* i : m->inputs) reads_one = reads_one || reads.count(i) > 0;
                if (reads_one) add_cand(gi);
            }
            // Then the groups of n's consumers' other producers: n will be read in the same place
            // as their results (optimizer updates: buf * momentum + grad * (1 - dampening), where
            // the grad term starts from inputs only). Inductor fuses such a producer into its
            // consumer's kernel, which already holds the other producer; greedily in graph order,
            // n joins that producer's kernel now and the consumer follows it there.
            for (const Value* o : n->outputs)
                for (const auto& use : o->uses)
                    for (const Value* i : use.first->inputs)
                        if (i != o && is_dataflow_tensor(i) && info_.count(i) && !info_[i].view) add_cand(info_[i].group);
            // Last, for a 0-d value, the latest kernel of 0-d values of its precision, though they
            // share no data: an optimizer step computes each parameter's bias corrections from that
            // parameter's step count, one scalar chain per parameter, which were a one-thread launch
            // each (72 of them in a 6-block transformer's AdamW step; Inductor's foreach lowering
            // computes them inside its few combined kernels). One kernel for all is one launch.
            if (c == Class::Pointwise && iter_shape(n).empty()) add_cand(scalar_group_[precision(n)]);
        }
        int chosen = -1;
        Role role = Role::Full;
        for (int gi : cands) {
            Role r;
            std::string why = opt_.fuse ? can_join(n, groups_[size_t(gi)], r) : "fusion is off";
            if (why.empty()) {
                chosen = gi;
                role = r;
                break;
            }
            for (const Value* i : n->inputs)
                if (is_dataflow_tensor(i) && info_[i].group == gi) {
                    const Node* p = i->node;
                    while (cls_[p] == Class::View) p = view_src(p)->node;
                    reasons_.emplace(std::make_pair(p, n), why);
                }
        }
        if (chosen < 0) {
            Group g;
            g.id = int(groups_.size());
            g.full = c == Class::Reduction ? sizes_of(n->inputs[0]) : iter_shape(n);
            g.precision = precision(n);
            g.first_node = pos_[n];
            groups_.push_back(g);
            chosen = g.id;
            role = c == Class::Reduction ? Role::Row : Role::Full;
        }
        add_to_group(n, chosen, role);
        if (opt_.fuse && c == Class::Pointwise && role == Role::Full) merge_producer_groups(n, chosen);
        if (c == Class::Pointwise && groups_[size_t(chosen)].full.empty() && !groups_[size_t(chosen)].reduction)
            scalar_group_[groups_[size_t(chosen)].precision] = chosen;
    }
}

// n just joined kernel `gi`; the other pointwise kernels it reads (same iteration space and
// precision) move into `gi` too, unless a third kernel lies between them. Inductor fuses a node
// with each of its producers in turn; greedily in graph order a node can join only one producer's
// kernel, so without this `exp_avg_sq * beta2 + grad * grad * (1 - beta2)` stayed two kernels
// (grad * grad had joined the kernel of the exp_avg update, which reads grad too).
void Scheduler::merge_producer_groups(const Node* n, int gi) {
    for (const Value* i : n->inputs) {
        if (!is_dataflow_tensor(i) || info_[i].view) continue;
        const int h = info_[i].group;
        if (h < 0 || h == gi) continue;
        Group& g = groups_[size_t(gi)];
        Group& hg = groups_[size_t(h)];
        if (hg.members.empty() || hg.reduction || g.reduction || hg.full != g.full || hg.precision != g.precision) continue;
        if (int(g.members.size() + hg.members.size()) > opt_.max_fusion_size) continue;
        bool all_full = true;
        for (const Node* m : hg.members) all_full = all_full && info_[m->outputs[0]].role == Role::Full;
        if (!all_full) continue;
        // A path between the two through another kernel, or through a step that is not a kernel
        // (a fallback such as stack, an extern, a view that needs the value in memory), would
        // become a cycle: only direct reads of each other's values may join them.
        auto through_other = [&](const Group& a, int target) {
            for (const Node* m : a.members)
                for (const Value* v : read_values(m)) {
                    if (!is_dataflow_tensor(v)) continue;
                    const Info& vi = info_[v];
                    if (vi.deps.count(target) && (vi.group != target || vi.view)) return true;
                }
            return false;
        };
        if (through_other(g, h) || through_other(hg, gi)) continue;
        bool cycle = false;
        for (int k : g.deps) cycle = cycle || (k != gi && k != h && group_reaches(k, h));
        for (int k : hg.deps) cycle = cycle || (k != gi && k != h && group_reaches(k, gi));
        if (cycle) continue;
        for (const Node* m : hg.members)
            for (const Value* i : m->inputs) readers_[i].push_back(gi);
        g.members.insert(g.members.end(), hg.members.begin(), hg.members.end());
        std::sort(g.members.begin(), g.members.end(), [&](const Node* a, const Node* b) { return pos_[a] < pos_[b]; });
        g.first_node = std::min(g.first_node, hg.first_node);
        g.deps.insert(hg.deps.begin(), hg.deps.end());
        hg.members.clear();
        hg.deps.clear();
        for (auto& [v, inf] : info_) {
            if (inf.group == h) inf.group = gi;
            if (inf.deps.erase(h)) inf.deps.insert(gi);
        }
        for (Group& other : groups_)
            if (other.deps.erase(h)) other.deps.insert(gi);
    }
}

int Scheduler::new_buffer(const std::string& name, kernel::BufferKind kind, const Shape& sizes, const Shape& strides,
                          DType dtype) {
    kernel::Buffer b;
    b.name = name;
    b.kind = kind;
    b.sizes = sizes;
    b.strides = strides;
    b.dtype = dtype;
    plan_.buffers.push_back(b);
    return int(plan_.buffers.size()) - 1;
}

std::optional<Layout> Scheduler::layout_of(const Value* v) {
    auto it = layout_.find(v);
    if (it != layout_.end()) return it->second;
    const Node* n = v->node;
    if (is_constant(v)) {
        auto c = constant_value(v);
        if (!c || !c->is_tensor()) return std::nullopt;
        const Tensor& t = c->to_tensor();
        int b = new_buffer("_tensor_constant" + std::to_string(plan_.constants.size()), kernel::BufferKind::Constant,
                           t.sizes(), t.strides(), t.dtype());
        plan_.buffers[size_t(b)].constant_index = int(plan_.constants.size());
        plan_.constants.push_back(t);
        Layout l{b, t.sizes(), t.strides(), 0};
        layout_[v] = l;
        return l;
    }
    if (cls_.count(n) && cls_[n] == Class::View) {
        auto in = layout_of(view_src(n));
        if (!in) return std::nullopt;
        size_t j = size_t(std::find(n->outputs.begin(), n->outputs.end(), v) - n->outputs.begin());
        auto l = view_layout(n, j, *in);
        if (l) layout_[v] = *l;
        return l;
    }
    return std::nullopt;
}

Plan Scheduler::run() {
    plan_.graph = g_;
    names_ = aten_value_names(*g_);
    for (Node* n : g_->block()->nodes) {
        if (!n->blocks.empty()) KILN_FAIL(NotImplementedError, "control flow (", n->kind, ") in a compiled graph");
        pos_[n] = int(order_.size());
        order_.push_back(n);
    }
    // Inputs: arg0_1, arg1_1, ... as Inductor names them.
    for (size_t i = 0; i < g_->inputs().size(); ++i) {
        const Value* v = g_->inputs()[i];
        if (!is_tensor_value(v) || !v->type->sizes)
            KILN_FAIL(NotImplementedError, "graph input ", i, " is not a tensor of known shape");
        int b = new_buffer("arg" + std::to_string(i) + "_1", kernel::BufferKind::Input, *v->type->sizes,
                           *v->type->strides, *v->type->dtype);
        plan_.buffers[size_t(b)].input_index = int(i);
        layout_[v] = Layout{b, *v->type->sizes, *v->type->strides, 0};
    }
    for (const Node* n : order_) cls_[n] = classify(n);
    // A view whose layout cannot be expressed in strides (a reshape of a transposed tensor) copies:
    // the eager kernel does that. Layouts of pending values are contiguous once stored, so this is
    // decided now, in program order.
    {
        std::unordered_map<const Value*, std::pair<Shape, Shape>> lay;  // sizes, strides when realized
        for (const Value* v : g_->inputs()) lay[v] = {*v->type->sizes, *v->type->strides};
        for (const Node* n : order_) {
            if (cls_[n] == Class::Skip) continue;
            const Value* o = n->outputs[0];
            if (cls_[n] == Class::View) {
                const Value* src = view_src(n);
                Layout in;
                if (lay.count(src)) {
                    in.sizes = lay[src].first;
                    in.strides = lay[src].second;
                } else if (is_constant(src) && constant_value(src) && constant_value(src)->is_tensor()) {
                    in.sizes = constant_value(src)->to_tensor().sizes();
                    in.strides = constant_value(src)->to_tensor().strides();
                } else {
                    cls_[n] = Class::Fallback;
                }
                if (cls_[n] == Class::View) {
                    std::vector<Layout> outs;
                    for (size_t j = 0; j < n->outputs.size(); ++j)
                        if (auto l = view_layout(n, j, in)) outs.push_back(*l);
                    if (outs.size() == n->outputs.size()) {
                        for (size_t j = 0; j < outs.size(); ++j) lay[n->outputs[j]] = {outs[j].sizes, outs[j].strides};
                        continue;
                    }
                    if (is_list_unpack_view(n))
                        KILN_FAIL(NotImplementedError, "a ", n->inputs[0]->node->kind, " whose pieces are not views");
                    // A reshape copies (walking its input's shape); an as_strided of symbolic sizes
                    // is no reshape: the eager op makes it.
                    const bool copy = fusible_dtype(dtype_of(o)) && n->outputs.size() == 1 && op_name(n) != "as_strided";
                    cls_[n] = copy ? Class::Pointwise : Class::Fallback;
                    if (copy && op_name(n) != "contiguous") reshape_copy_.insert(n);
                } else if (is_list_unpack_view(n)) {
                    KILN_FAIL(NotImplementedError, "a ", n->inputs[0]->node->kind, " of a value of unknown layout");
                }
            }
            for (const Value* out : n->outputs)
                lay[out] = {*out->type->sizes, cls_[n] == Class::Pointwise && !reshape_copy_.count(n)
                                                   ? stored_strides(*out->type->sizes, *out->type->strides)
                                               : cls_[n] == Class::Reduction ? contiguous_strides(*out->type->sizes)
                                                                             : *out->type->strides};
        }
    }
    fuse();
    realize();
    record_notes();
    return std::move(plan_);
}

// Orders groups, externs and fallbacks; makes buffers for every value read outside its kernel;
// emits kernels and steps.
void Scheduler::realize() {
    // Users of each value, looking through views (a view's reader reads its source's memory).
    const Node* ret = g_->block()->return_node;
    std::unordered_map<const Value*, bool> needed;  // stored: read outside its group, or returned
    std::function<void(const Value*, const Value*)> mark = [&](const Value* src, const Value* v) {
        for (const auto& [user, idx] : v->uses) {
            (void)idx;
            if (user == ret || (user->kind == "prim::TupleConstruct" && cls_[user] == Class::Skip) ||
                user->kind == "prim::ListConstruct") {  // a list's pieces are read by a step
                needed[src] = true;
            } else if (cls_[user] == Class::View) {
                needed[src] = true;  // the view reads memory
                for (const Value* o : user->outputs) mark(src, o);
            } else if (cls_[user] == Class::Extern || cls_[user] == Class::Fallback) {
                needed[src] = true;
            } else if (info_[user->outputs[0]].group != info_[src].group) {
                needed[src] = true;
            }
        }
    };
    for (const Node* n : order_)
        if (cls_[n] == Class::Pointwise || cls_[n] == Class::Reduction) mark(n->outputs[0], n->outputs[0]);

    // Units: ("g", group) or ("n", extern/fallback node). Kahn's order, ties by program position.
    struct Unit {
        int group = -1;
        const Node* node = nullptr;
        int pos = 0;
        std::set<int> preds;
    };
    std::vector<Unit> units;
    std::unordered_map<int, int> unit_of_group;
    std::unordered_map<const Node*, int> unit_of_node;
    for (const Group& g : groups_) {
        if (g.members.empty()) continue;  // merged into another kernel (merge_producer_groups)
        unit_of_group[g.id] = int(units.size());
        Unit u;
        u.group = g.id;
        u.pos = pos_[g.members.back()];
        units.push_back(u);
    }
    for (const Node* n : order_)
        if (cls_[n] == Class::Extern || cls_[n] == Class::Fallback) {
            unit_of_node[n] = int(units.size());
            Unit u;
            u.node = n;
            u.pos = pos_[n];
            units.push_back(u);
        }
    // The unit producing a value (looking through views); -1 for inputs and constants.
    std::function<int(const Value*)> producer = [&](const Value* v) -> int {
        const Node* n = v->node;
        if (!cls_.count(n) || cls_[n] == Class::Skip) return -1;
        if (cls_[n] == Class::View) return producer(view_src(n));
        if (cls_[n] == Class::Extern || cls_[n] == Class::Fallback) return unit_of_node[n];
        return unit_of_group[info_[v].group];
    };
    for (size_t ui = 0; ui < units.size(); ++ui) {
        std::vector<const Node*> nodes = units[ui].node ? std::vector<const Node*>{units[ui].node}
                                                        : groups_[size_t(units[ui].group)].members;
        for (const Node* n : nodes)
            for (const Value* i : read_values(n)) {
                if (!is_dataflow_tensor(i)) continue;
                int p = producer(i);
                if (p >= 0 && p != int(ui)) units[ui].preds.insert(p);
            }
    }
    std::vector<int> ordered;
    std::vector<bool> done(units.size(), false);
    while (ordered.size() < units.size()) {
        int best = -1;
        for (size_t ui = 0; ui < units.size(); ++ui) {
            if (done[ui]) continue;
            bool ready = std::all_of(units[ui].preds.begin(), units[ui].preds.end(), [&](int p) { return done[size_t(p)]; });
            if (ready && (best < 0 || units[ui].pos < units[size_t(best)].pos)) best = int(ui);
        }
        if (best < 0) KILN_FAIL(RuntimeError, "internal error: the fused kernels depend on each other in a cycle");
        done[size_t(best)] = true;
        ordered.push_back(best);
    }

    // Steps, buffers and kernels in execution order.
    int next_buf = 0;
    auto buf_name = [&] { return "buf" + std::to_string(next_buf++); };
    for (int ui : ordered) {
        const Unit& u = units[size_t(ui)];
        if (u.node) {
            const Node* n = u.node;
            kernel::Step s;
            s.kind = cls_[n] == Class::Extern ? kernel::StepKind::Extern : kernel::StepKind::Fallback;
            s.node = n;
            // A value's buffer and the view of it the node reads.
            auto buffer_view = [&](const Value* i) {
                auto l = layout_of(i);
                if (!l) KILN_FAIL(RuntimeError, "internal error: ", n->kind, " reads ", name_of(i), " before it is stored");
                kernel::Step::View vw;
                const kernel::Buffer& b = plan_.buffers[size_t(l->buffer)];
                if (l->sizes != b.sizes || l->strides != b.strides || l->offset != 0) {
                    vw.sizes = l->sizes;
                    vw.strides = l->strides;
                    vw.offset = l->offset;
                }
                return std::make_pair(l->buffer, vw);
            };
            for (const Value* i : n->inputs) {
                if (i->node->kind == "prim::ListConstruct" && !constant_value(i)) {
                    kernel::Step::ListInput li;
                    li.input = int(s.input_buffers.size());
                    for (const Value* e : i->node->inputs) {
                        if (is_none_value(e)) {  // a Tensor?[] list's None: buffer -1
                            li.buffers.push_back(-1);
                            li.views.push_back({});
                            continue;
                        }
                        auto [b, vw] = buffer_view(e);
                        li.buffers.push_back(b);
                        li.views.push_back(vw);
                    }
                    s.list_inputs.push_back(std::move(li));
                    s.input_buffers.push_back(-1);
                    s.input_views.push_back({});
                    continue;
                }
                if (!is_dataflow_tensor(i) && !(is_constant(i) && constant_value(i) && constant_value(i)->is_tensor() &&
                                                constant_value(i)->to_tensor().dim() > 0)) {
                    s.input_buffers.push_back(-1);
                    s.input_views.push_back({});
                    continue;
                }
                auto [b, vw] = buffer_view(i);
                s.input_buffers.push_back(b);
                s.input_views.push_back(vw);
            }
            for (const Value* o : n->outputs) {
                int b = new_buffer(buf_name(), kernel::BufferKind::Intermediate, sizes_of(o), *o->type->strides, dtype_of(o));
                layout_[o] = Layout{b, sizes_of(o), *o->type->strides, 0};
                s.output_buffers.push_back(b);
            }
            s.buffer = s.output_buffers[0];
            std::string args;
            for (const Value* i : n->inputs) args += (args.empty() ? "" : ", ") + name_of(i);
            s.source = name_of(n->outputs[0]);
            s.comment = "Source Nodes: [" + s.source + "], Original ATen: [aten." + op_name(n) + "]";
            plan_.steps.push_back(s);
            continue;
        }
        const Group& g = groups_[size_t(u.group)];
        // Buffers for the group's stored values (contiguous), made before emission so loads of
        // other kernels and the group's own stores agree.
        for (const Node* m : g.members) {
            const Value* o = m->outputs[0];
            if (!needed[o]) continue;
            const Shape strides = cls_[m] == Class::Pointwise && !reshape_copy_.count(m)
                                      ? stored_strides(sizes_of(o), *o->type->strides)
                                      : contiguous_strides(sizes_of(o));
            int b = new_buffer(buf_name(), kernel::BufferKind::Intermediate, sizes_of(o), strides, dtype_of(o));
            layout_[o] = Layout{b, sizes_of(o), strides, 0};
            buffer_of_[o] = b;
        }
        kernel::Step s;
        s.kind = kernel::StepKind::Kernel;
        s.kernel = int(plan_.kernels.size());
        emit_group(g, s.kernel);
        plan_.steps.push_back(s);
    }
    // Outputs.
    const Value* r = ret->inputs.empty() ? nullptr : ret->inputs[0];
    std::vector<const Value*> outs;
    if (r && r->node->kind == "prim::TupleConstruct")
        outs.assign(r->node->inputs.begin(), r->node->inputs.end());
    else
        for (const Value* v : ret->inputs) outs.push_back(v);
    for (const Value* v : outs) {
        if (!is_tensor_value(v)) KILN_FAIL(NotImplementedError, "the graph returns a non-tensor value");
        auto l = layout_of(v);
        if (!l) KILN_FAIL(RuntimeError, "internal error: output ", name_of(v), " was never stored");
        kernel::Output o;
        o.buffer = l->buffer;
        o.sizes = l->sizes;
        o.strides = l->strides;
        o.offset = l->offset;
        if (v->type && v->type->sizes && v->type->strides && *v->type->sizes == o.sizes &&
            *v->type->strides != o.strides)
            o.eager_strides = *v->type->strides;
        plan_.buffers[size_t(l->buffer)].is_output = true;
        plan_.outputs.push_back(o);
    }
}

// ---- emission ------------------------------------------------------------------------------------
// Merges neighbouring iteration dims that every load and store walks as one (a contiguous [64, 32]
// pointwise kernel is one loop of 2048), and drops dims of size 1: fewer, longer loops vectorize
// and split across threads better. x dims merge with x dims, r dims with r dims.
void collapse_dims(kernel::Kernel& k) {
    auto indexes = [&] {
        std::vector<Index*> v;
        for (Stmt& s : k.stmts)
            if (s.code == Code::Load || s.code == Code::Store) v.push_back(&s.index);
        return v;
    };
    auto erase_dim = [&](int d) {
        for (Index* ix : indexes()) ix->strides.erase(ix->strides.begin() + d);
        k.sizes.erase(k.sizes.begin() + d);
        if (d < k.nx) --k.nx;
        else --k.nr;
    };
    // A reduction kernel keeps one r dim even when it has size 1 (a sum over a size-1 dim, or of a
    // 0-dim tensor): with nr == 0 its Reduce statements would sit in a kernel without an r loop,
    // which the code generator rejects (such graphs fell back to the FX interpreter).
    for (int d = int(k.sizes.size()) - 1; d >= 0; --d)
        if (k.sizes[size_t(d)] == 1 && !(k.kind == kernel::KernelKind::Reduction && d >= k.nx && k.nr == 1)) erase_dim(d);
    for (int d = int(k.sizes.size()) - 2; d >= 0; --d) {
        if ((d < k.nx) != (d + 1 < k.nx)) continue;  // an x dim and an r dim never merge
        bool ok = true;
        for (Index* ix : indexes())
            if (ix->strides[size_t(d)] != ix->strides[size_t(d + 1)] * k.sizes[size_t(d + 1)]) ok = false;
        if (!ok) continue;
        k.sizes[size_t(d)] *= k.sizes[size_t(d + 1)];
        for (Index* ix : indexes()) ix->strides[size_t(d)] = ix->strides[size_t(d + 1)];
        erase_dim(d + 1);
    }
}

// The x-dim order of a CUDA pointwise kernel: the memory order that most of its bytes move in.
// Neighbouring threads take neighbouring points of the innermost dim, so the accesses in that
// order are coalesced and the others are strided: a strided read fetches a whole sector for 4 of
// its bytes every time, while strided writes of neighbouring blocks meet in L2 before a sector goes
// back to memory. emit_group's rule (the stored value's order, TensorIterator's output-first order)
// is kept unless the full-size accesses in another order move more bytes: max_pool2d's taps of a
// channels-last activation fused with the flatten behind them read 4 bytes in channels-last order
// for each byte written in NCHW order, and walk channels-last. (Inductor tiles such kernels in two
// dims so that both sides are coalesced; codegen/cuda has no tiled form.) Accesses are weighed by
// their bytes; broadcast reads (a bias) are ignored: they are a few cached lines.
std::vector<size_t> Scheduler::cuda_pointwise_order(const Group& g, const std::vector<size_t>& x_order) {
    // The order of an access with these strides over g.full: its dims of extent > 1 by decreasing
    // stride (ties in tensor order); empty when it broadcasts along one of them.
    auto order_of = [&](const Shape& st) {
        std::vector<size_t> o;
        for (size_t d = 0; d < g.full.size(); ++d) {
            if (g.full[d] == 1) continue;
            if (st[d] == 0) return std::vector<size_t>{};
            o.push_back(d);
        }
        std::stable_sort(o.begin(), o.end(), [&](size_t a, size_t b) { return st[a] > st[b]; });
        return o;
    };
    std::map<std::vector<size_t>, double> bytes;
    const double numel = double(shape_numel(g.full));
    auto weigh = [&](const Shape& st, DType dt) {
        if (st.size() != g.full.size()) return;
        std::vector<size_t> o = order_of(st);
        if (!o.empty()) bytes[o] += numel * double(dtype_size(dt));
    };
    std::set<const Value*> seen;
    for (const Node* m : g.members) {
        if (iter_shape(m) != g.full) continue;
        for (const Value* i : m->inputs) {
            if (!is_dataflow_tensor(i) || (info_.count(i) && info_[i].group == g.id && !info_[i].view)) continue;
            if (!seen.insert(i).second) continue;
            auto l = layout_of(i);
            if (l && l->sizes == g.full) weigh(l->strides, dtype_of(i));
        }
        const Value* o = m->outputs[0];
        if (!buffer_of_.count(o)) continue;
        if (reshape_copy_.count(m)) weigh(contiguous_strides(g.full), dtype_of(o));
        else if (layout_.count(o) && layout_[o].sizes == g.full) weigh(layout_[o].strides, dtype_of(o));
    }
    if (bytes.empty()) return x_order;
    std::vector<size_t> current;
    for (size_t d : x_order)
        if (g.full[d] != 1) current.push_back(d);
    auto best = std::max_element(bytes.begin(), bytes.end(), [](const auto& a, const auto& b) { return a.second < b.second; });
    const double kept = bytes.count(current) ? bytes[current] : 0.0;
    if (best->first == current || best->second <= kept) return x_order;
    std::vector<size_t> out;
    for (size_t d : x_order)
        if (g.full[d] == 1) out.push_back(d);  // extent 1: erased from the kernel later
    out.insert(out.end(), best->first.begin(), best->first.end());
    return out;
}

// Phases: Inner_k = 2k, Outer_k = 2k + 1. A full-size value may be (re)computed in any Inner phase
// from its earliest on; a reduction computed in Inner_k is readable from phase 2k + 1 on; a row
// value computed in Outer_k is readable from there on.
void Scheduler::emit_group(const Group& g, int kernel_index) {
    kernel::Kernel k;
    k.kind = g.reduction ? kernel::KernelKind::Reduction : kernel::KernelKind::Pointwise;
    k.compute = g.precision == 2 ? DType::Int64 : g.precision == 1 ? DType::Float64 : DType::Float32;
    // Iteration dims: x dims (tensor order; a pointwise kernel storing a full-size value in another
    // dense order, channels-last, iterates in that value's memory order, as Inductor's loop order
    // follows its output's strides), then r dims.
    std::vector<size_t> x_order;
    for (size_t d = 0; d < g.full.size(); ++d)
        if (!std::binary_search(g.rdims.begin(), g.rdims.end(), int64_t(d))) x_order.push_back(d);
    if (!g.reduction)
        for (const Node* m : g.members) {
            const Value* o = m->outputs[0];
            auto it = layout_.find(o);
            if (it == layout_.end() || buffer_of_.count(o) == 0 || it->second.sizes != g.full ||
                it->second.strides == contiguous_strides(g.full))
                continue;
            const Shape& st = it->second.strides;
            std::stable_sort(x_order.begin(), x_order.end(), [&](size_t a, size_t b) { return st[a] > st[b]; });
            break;
        }
    if (!g.reduction && !g.members.empty() &&
        g.members.front()->outputs[0]->type->device.value_or(Device::CPU) == Device::CUDA)
        x_order = cuda_pointwise_order(g, x_order);
    std::vector<int> iter_pos(g.full.size());
    {
        int p = 0;
        for (size_t d : x_order) {
            iter_pos[d] = p++;
            k.sizes.push_back(g.full[d]);
        }
        k.nx = p;
        for (int64_t d : g.rdims) {
            iter_pos[size_t(d)] = p++;
            k.sizes.push_back(g.full[size_t(d)]);
        }
        k.nr = int(g.rdims.size());
        if (g.reduction && k.nr == 0) {  // a reduction of a 0-dim tensor: an r space of one point
            k.sizes.push_back(1);
            k.nr = 1;
        }
    }
    const int ndims = k.nx + k.nr;
    std::set<const Node*> members(g.members.begin(), g.members.end());
    auto in_group = [&](const Value* v) { return members.count(v->node) > 0; };

    // The index of a layout read (or written) by an op whose output shape is `so` with `role`.
    auto index_for = [&](const Layout& l, const Shape& so, Role role) {
        Index ix;
        ix.offset = l.offset;
        ix.strides.assign(size_t(ndims), 0);
        Shape st = broadcast_strides(l.sizes, l.strides, so);
        if (role == Role::Full) {
            for (size_t d = 0; d < so.size(); ++d) ix.strides[size_t(iter_pos[d])] = st[d];
        } else if (so.size() == g.full.size()) {  // keepdim row form
            for (size_t d = 0; d < so.size(); ++d)
                if (!std::binary_search(g.rdims.begin(), g.rdims.end(), int64_t(d))) ix.strides[size_t(iter_pos[d])] = st[d];
        } else {  // dropped row form: the j-th dim is the j-th x dim
            for (size_t d = 0; d < so.size(); ++d) ix.strides[d] = st[d];
        }
        return ix;
    };

    // Phase bookkeeping.
    std::unordered_map<const Value*, int> phase;  // where a member value is computed (earliest)
    std::function<int(const Value*)> ready = [&](const Value* v) -> int {
        if (!in_group(v) || info_[v].view) return 0;
        const Node* n = v->node;
        auto it = phase.find(v);
        if (it == phase.end()) {
            int r = 0;
            for (const Value* i : n->inputs)
                if (is_dataflow_tensor(i)) r = std::max(r, ready(i));
            const Class c = cls_[n];
            int p;
            if (c == Class::Reduction) p = r % 2 ? r + 1 : r;                     // an Inner phase
            else if (info_[v].role == Role::Full) p = r % 2 ? r + 1 : r;          // an Inner phase
            else p = r % 2 ? r : r + 1;                                           // an Outer phase
            it = phase.emplace(v, p).first;
        }
        const Class c = cls_[n];
        return c == Class::Reduction ? it->second + 1 : it->second;
    };
    int max_phase = 0;
    for (const Node* m : g.members) {
        ready(m->outputs[0]);
        max_phase = std::max(max_phase, phase[m->outputs[0]]);
    }
    // Stores: full values in their phase, reductions in the Outer phase after theirs, rows in theirs.
    std::map<int, std::vector<const Value*>> stores, reduces, rows;
    for (const Node* m : g.members) {
        const Value* o = m->outputs[0];
        int p = phase[o];
        if (cls_[m] == Class::Reduction) {
            reduces[p].push_back(o);
            if (buffer_of_.count(o)) {
                stores[p + 1].push_back(o);
                max_phase = std::max(max_phase, p + 1);
            }
        } else if (info_[o].role == Role::Row) {
            rows[p].push_back(o);
            if (buffer_of_.count(o)) stores[p].push_back(o);
        } else if (buffer_of_.count(o)) {
            stores[p].push_back(o);
        }
    }

    std::unordered_map<const Value*, int> persistent;  // reductions and row values: per x point
    std::unordered_map<const Value*, int> local;       // full values of the current phase
    std::map<std::pair<int, std::vector<int64_t>>, int> loads;  // (buffer, offset+strides) -> stmt
    kernel::Phase* cur = nullptr;
    auto add = [&](Stmt s) {
        k.stmts.push_back(std::move(s));
        int id = int(k.stmts.size()) - 1;
        cur->stmts.push_back(id);
        return id;
    };
    auto constant = [&](double v, DType dt) {
        Stmt s;
        s.code = Code::Constant;
        s.value = v;
        s.dtype = dt;
        return add(s);
    };
    std::function<int(const Value*, const Value*)> operand;  // (value, reading op's output)
    auto load = [&](const Layout& l, const Shape& so, Role role, DType dt) {
        Index ix = index_for(l, so, role);
        std::vector<int64_t> key = ix.strides;
        key.push_back(ix.offset);
        auto it = loads.find({l.buffer, key});
        if (it != loads.end()) return it->second;
        Stmt s;
        s.code = Code::Load;
        s.buffer = l.buffer;
        s.index = ix;
        s.dtype = dt;
        int id = add(s);
        loads[{l.buffer, key}] = id;
        return id;
    };
    std::function<int(const Value*)> compute;  // a member value's statement in the current phase
    operand = [&](const Value* v, const Value* reader) -> int {
        if (is_constant(v) || !is_tensor_value(v)) {
            auto c = constant_value(v);
            if (c && c->is_tensor() && c->to_tensor().numel() != 1) {
                auto l = layout_of(v);
                return load(*l, iter_shape(reader->node), info_[reader].role, c->to_tensor().dtype());
            }
            // Only now read the scalar: item() of a tensor constant with several elements throws
            // (a graph with a [2, 6] _tensor_constant0 fell back to the FX interpreter).
            double x = scalar_of(c, 0);
            return constant(x, c && c->is_tensor() ? c->to_tensor().dtype() : (c && c->is_double() ? DType::Float64 : DType::Int64));
        }
        if (in_group(v) && !info_[v].view) return compute(v);
        auto l = layout_of(v);
        if (!l) KILN_FAIL(RuntimeError, "internal error: ", name_of(v), " read before it is stored");
        // The role is the reader's in *this* kernel. A reduction reads its input as itself (reader
        // == v), and v from another kernel carries that kernel's role: a row value there (a
        // softplus of an amax) was indexed as a row here, with r stride 0, so mean(softplus(amax))
        // summed one element r times (found by the random-graph test). A reduction input is full-size.
        const Role role = in_group(reader) ? info_[reader].role : Role::Full;
        return load(*l, reader == v ? sizes_of(reader) : iter_shape(reader->node), role, dtype_of(v));
    };
    compute = [&](const Value* v) -> int {
        if (persistent.count(v)) return persistent[v];
        if (local.count(v)) return local[v];
        const Node* n = v->node;
        const std::string op = op_name(n);
        const DType dt = dtype_of(v);
        auto in = [&](size_t i) { return operand(n->inputs[i], v); };
        auto cst = [&](size_t i) { return i < n->inputs.size() ? constant_value(n->inputs[i]) : std::nullopt; };
        Stmt s;
        s.dtype = dt;
        int id;
        if (cls_[n] == Class::Reduction) {
            int x = operand(n->inputs[0], n->inputs[0]);
            s.code = Code::Reduce;
            s.op = op == "amax" || op == "max" ? "max" : op == "amin" || op == "min" ? "min" : op == "prod" ? "prod" : "sum";
            s.args = {x};
            id = add(s);
            persistent[v] = id;
            return id;  // mean's division happens in the Outer phase (below, via `rows`)
        }
        if (reshape_copy_.count(n)) {
            id = operand(view_src(n), v);
        } else if (op == "clone" || op == "contiguous" || ((op == "to" || op == "_to_copy" || op == "type_as") &&
                                                    dtype_of(n->inputs[0]) == dt) ||
                   // floor/ceil/round return an integer input unchanged (the ROUNDING kind)
                   (k.compute == DType::Int64 && (op == "floor" || op == "ceil" || op == "round") && n->inputs.size() == 1)) {
            id = in(0);
        } else if (op == "to" || op == "_to_copy" || op == "type_as") {
            s.code = Code::Cast;
            s.args = {in(0)};
            id = add(s);
        } else if (op == "rsub") {
            s.code = Code::Binary;
            s.op = "sub";
            s.args = {in(1), in(0)};
            s.alpha = scalar_of(cst(2), 1);
            id = add(s);
        } else if (op == "div" && n->inputs.size() > 2) {
            auto mode = cst(2);
            s.code = Code::Binary;
            s.op = !mode || mode->is_none() ? "div" : mode->to_string() == "trunc" ? "div_trunc" : "div_floor";
            s.args = {in(0), in(1)};
            id = add(s);
        } else if (op == "floor_divide") {  // div(rounding_mode="floor"), as Inductor decomposes it
            s.code = Code::Binary;
            s.op = "div_floor";
            s.args = {in(0), in(1)};
            id = add(s);
        } else if (op == "square") {
            int x = in(0);
            s.code = Code::Binary;
            s.op = "mul";
            s.args = {x, x};
            id = add(s);
        } else if (op == "where") {
            s.code = Code::Ternary;
            s.op = "where";
            s.args = {in(0), in(1), in(2)};
            id = add(s);
        } else if (op == "masked_fill") {
            s.code = Code::Ternary;
            s.op = "where";
            s.args = {in(1), in(2), in(0)};
            id = add(s);
        } else if (op == "addcmul" || op == "addcdiv") {  // (decompose.cpp keeps them for 16-bit floats)
            s.code = Code::Ternary;
            s.op = op;
            s.args = {in(0), in(1), in(2)};
            s.alpha = scalar_of(cst(3), 1);
            id = add(s);
        } else if (op == "pow" && !is_tensor_value(n->inputs[1]) && embedded_power(scalar_of(cst(1), 1), dt)) {
            // As Inductor lowers it: a power by a small integer is multiplications (squaring), a
            // negative one the reciprocal of that, 0.5 a square root; no pow per element (gelu's
            // tanh form cubes its input, and the interpreter's scalar pow made that compiled gelu
            // 30x slower than eager's).
            const double e = scalar_of(cst(1), 1);
            const int x = in(0);
            if (e == 0.5) {
                s.code = Code::Unary;
                s.op = "sqrt";
                s.args = {x};
                id = add(s);
            } else {
                std::function<int(int64_t)> power = [&](int64_t k) -> int {
                    Stmt st;
                    st.dtype = dt;
                    if (k < 0) {
                        st.code = Code::Unary;
                        st.op = "reciprocal";
                        st.args = {power(-k)};
                        return add(st);
                    }
                    if (k == 0) return constant(1, dt);
                    if (k == 1) return x;
                    const int half = power(k / 2);
                    st.code = Code::Binary;
                    st.op = "mul";
                    st.args = {half, half};
                    int r = add(st);
                    if (k % 2) {
                        st.args = {r, x};
                        r = add(st);
                    }
                    return r;
                };
                id = power(int64_t(e));
            }
        } else if (op == "pow" && !is_tensor_value(n->inputs[1])) {
            s.code = Code::Unary;
            s.op = "pow_scalar";
            s.args = {in(0)};
            s.p0 = scalar_of(cst(1), 1);
            id = add(s);
        } else if (op == "clamp" || op == "clamp_min" || op == "clamp_max" || op == "hardtanh" || op == "relu6") {
            const double inf = std::numeric_limits<double>::infinity();
            s.code = Code::Unary;
            s.op = "clamp";
            s.args = {in(0)};
            if (op == "clamp") { s.p0 = scalar_of(cst(1), -inf); s.p1 = scalar_of(cst(2), inf); }
            else if (op == "clamp_min") { s.p0 = scalar_of(cst(1), -inf); s.p1 = inf; }
            else if (op == "clamp_max") { s.p0 = -inf; s.p1 = scalar_of(cst(1), inf); }
            else if (op == "hardtanh") { s.p0 = scalar_of(cst(1), -1); s.p1 = scalar_of(cst(2), 1); }
            else { s.p0 = 0; s.p1 = 6; }
            id = add(s);
        } else if (op == "zeros_like" || op == "ones_like") {  // (classify: default dtype and layout)
            id = constant(op == "zeros_like" ? 0.0 : 1.0, dt);
        } else if (op == "polygamma") {  // n >= 0 is a constant (classify)
            const int64_t order = cst(0)->to_int();
            s.code = Code::Unary;
            s.op = order == 0 ? "digamma" : order == 1 ? "trigamma" : "polygamma_n";
            s.p0 = double(order);
            s.args = {in(1)};
            id = add(s);
        } else if (unary_ops().count(op) || op == "gelu") {
            s.code = Code::Unary;
            s.op = op;
            s.args = {in(0)};
            if (op == "gelu") {
                auto a = cst(1);
                if (a && a->is_string() && a->to_string() == "tanh") s.op = "gelu_tanh";
            } else if (op == "leaky_relu") {
                s.p0 = scalar_of(cst(1), 0.01);
            } else if (op == "logit") {
                s.p0 = scalar_of(cst(1), -1);  // eps=None: no clamping (pw::logit)
            } else if (op == "softplus") {
                s.p0 = scalar_of(cst(1), 1);
                s.p1 = scalar_of(cst(2), 20);
            }
            id = add(s);
        } else if (binary_ops().count(op) || op == "__and__" || op == "__or__" || op == "__xor__") {
            s.code = Code::Binary;
            s.op = op == "__and__" ? "bitwise_and" : op == "__or__" ? "bitwise_or" : op == "__xor__" ? "bitwise_xor" : op;
            s.args = {in(0), in(1)};
            if (op == "add" || op == "sub") s.alpha = scalar_of(cst(2), 1);
            id = add(s);
        } else {
            KILN_FAIL(RuntimeError, "internal error: no lowering for ", n->kind);
        }
        if (info_[v].role == Role::Row) persistent[v] = id;
        else local[v] = id;
        return id;
    };
    auto store = [&](const Value* v, int val) {
        Stmt s;
        s.code = Code::Store;
        s.buffer = buffer_of_[v];
        s.index = reshape_copy_.count(v->node)
                      ? index_for(Layout{s.buffer, g.full, contiguous_strides(g.full), 0}, g.full, Role::Full)
                      : index_for(layout_[v], sizes_of(v), info_[v].role);
        s.args = {val};
        s.dtype = dtype_of(v);
        add(s);
    };

    for (int p = 0; p <= max_phase; ++p) {
        kernel::Phase ph;
        ph.kind = p % 2 == 0 ? kernel::PhaseKind::Inner : kernel::PhaseKind::Outer;
        k.phases.push_back(ph);
        cur = &k.phases.back();
        local.clear();
        loads.clear();
        if (ph.kind == kernel::PhaseKind::Inner) {
            for (const Value* v : reduces[p]) compute(v);
        } else {
            // mean = sum / count, once per x point
            for (const Value* v : reduces[p - 1]) {
                if (op_name(v->node) != "mean") continue;
                int64_t count = 1;
                for (int64_t d : g.rdims) count *= g.full[size_t(d)];
                Stmt s;
                s.code = Code::Binary;
                s.op = "div";
                s.args = {persistent[v], constant(double(count), DType::Int64)};
                s.dtype = dtype_of(v);
                persistent[v] = add(s);
            }
            for (const Value* v : rows[p]) compute(v);
        }
        for (const Value* v : stores[p]) store(v, compute(v));
        if (cur->stmts.empty()) k.phases.pop_back();
    }
    // Provenance and arguments.
    std::set<int> read, written;
    for (const Stmt& s : k.stmts) {
        if (s.code == Code::Load) read.insert(s.buffer);
        if (s.code == Code::Store) written.insert(s.buffer);
    }
    for (int b : read)
        if (!written.count(b)) k.inputs.push_back(b);
    for (int b : written) {
        if (read.count(b)) k.in_out.push_back(b);
        else k.outputs.push_back(b);
    }
    std::set<std::string> ops;
    for (const Node* m : g.members) {
        // A reshape that copies is aten.clone + a view in PyTorch's graphs.
        const std::string origin = reshape_copy_.count(m) ? "clone" : m->origin.empty() ? op_name(m) : m->origin;
        k.origins.push_back(name_of(m->outputs[0]));
        if (std::find(k.origin_ops.begin(), k.origin_ops.end(), "aten." + origin) == k.origin_ops.end())
            k.origin_ops.push_back("aten." + origin);
        ops.insert(origin);
    }
    collapse_dims(k);
    k.name = opt_.prefix + "_fused";
    int count = 0;
    for (const std::string& o : ops)
        if (count++ < 10) k.name += "_" + o;
    k.name += "_" + std::to_string(kernel_index);
    plan_.kernels.push_back(std::move(k));
}

void Scheduler::record_notes() {
    // Every producer -> consumer edge between different kernels or calls, with why.
    std::set<std::pair<const Node*, const Node*>> seen;
    for (const Node* c : order_) {
        if (cls_[c] == Class::Skip || cls_[c] == Class::View) continue;
        for (const Value* i : read_values(c)) {
            if (!is_dataflow_tensor(i)) continue;
            const Node* p = i->node;
            bool through_view = false;
            while (cls_.count(p) && cls_[p] == Class::View) {
                through_view = true;
                p = view_src(p)->node;
            }
            if (!cls_.count(p) || cls_[p] == Class::Skip) continue;
            bool same = (cls_[p] == Class::Pointwise || cls_[p] == Class::Reduction) &&
                        (cls_[c] == Class::Pointwise || cls_[c] == Class::Reduction) &&
                        info_[p->outputs[0]].group == info_[c->outputs[0]].group && !through_view;
            if (same || !seen.insert({p, c}).second) continue;
            std::string why;
            auto it = reasons_.find({p, c});
            if (cls_[p] == Class::Extern || cls_[c] == Class::Extern)
                why = "extern kernel: aten." + op_name(cls_[p] == Class::Extern ? p : c) +
                      " runs as a library call (extern kernels never fuse in default mode)";
            else if (cls_[p] == Class::Fallback || cls_[c] == Class::Fallback)
                why = "fallback: aten." + op_name(cls_[p] == Class::Fallback ? p : c) +
                      " has no lowering and runs through its eager kernel";
            else if (it != reasons_.end())
                why = it->second;
            else if (through_view)
                why = "layout change: read through a view, so the value is stored first";
            else
                why = "no shared iteration space with the consumer's kernel";
            plan_.not_fused.push_back({name_of(p->outputs[0]), name_of(c->outputs[0]), why});
        }
    }
}

}  // namespace

kernel::Plan schedule(const std::shared_ptr<graph::Graph>& g, const ScheduleOptions& opt) {
    Scheduler s(g, opt);
    return s.run();
}

}  // namespace kiln::passes
