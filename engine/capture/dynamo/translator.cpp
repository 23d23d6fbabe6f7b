// The instruction translator (see translator.h): one handler per opcode over a symbolic frame.
#include "capture/dynamo/translator.h"
#include "support/hash.h"
#include "capture/dynamo/codegen.h"  // live_locals (which locals a break rebuilds)
#include "capture/dynamo/dynamo.h"  // DynamoState::disabled_msg (a disable()d wrapper's reason)

#include <algorithm>
#include <cmath>
#include <regex>
#include <set>
#include <functional>
#include <cctype>
#include <cstring>
#include <map>
#include <unordered_map>
#include <unordered_set>
#include <utility>

#include "autograd/grad_mode.h"
#include "bytecode/opcode.h"
#include "nn/modules.h"
#include "ops/ops.h"
#include "support/error.h"
#include "support/function.h"
#include "tensor/meta.h"
#include "vm/ops.h"
#include "vm/patma.h"

namespace kiln::vm::bind {
void note_optimizer_step(const Value& optimizer);  // bindings/optim.cpp
bool module_has_call_hooks(const Value& module);   // bindings/nn.cpp
}  // namespace kiln::vm::bind

namespace kiln::capture::dynamo {

using bytecode::Opcode;
using vm::Kind;
using vm::Value;

// ---- Var constructors ------------------------------------------------------------------------------

namespace {
thread_local VarArena* g_var_arena = nullptr;
}

VarArenaScope::VarArenaScope(VarArena* arena) : prev_(g_var_arena) { g_var_arena = arena; }
VarArenaScope::~VarArenaScope() { g_var_arena = prev_; }

void VarArena::add(const VarP& v) {
    vars_.push_back(v);
    if (vars_.size() + cells_.size() >= compact_at_) compact();
}
void VarArena::add(const CellP& c) {
    cells_.push_back(c);
    if (vars_.size() + cells_.size() >= compact_at_) compact();
}
void VarArena::compact() {
    std::erase_if(vars_, [](const std::weak_ptr<Var>& w) { return w.expired(); });
    std::erase_if(cells_, [](const std::weak_ptr<CellBox>& w) { return w.expired(); });
    compact_at_ = std::max<size_t>(4096, 2 * (vars_.size() + cells_.size()));
}

VarArena::~VarArena() {
    // Each live Var's references are moved out and dropped while the Var itself is held: what they
    // free may be other entries of the list, whose weak references then simply expire.
    for (const auto& w : vars_) {
        VarP v = w.lock();
        if (!v) continue;
        std::vector<VarP> items = std::move(v->items), sym_sizes = std::move(v->sym_sizes);
        std::vector<CellP> closure = std::move(v->closure);
        VarP self = std::move(v->self), annotations = std::move(v->annotations), tensor_of = std::move(v->tensor_of),
             dict_part = std::move(v->dict_part);
        CellP cell = std::move(v->cell);
        std::shared_ptr<void> gen = std::move(v->gen);
    }
    for (const auto& w : cells_) {
        CellP c = w.lock();
        if (c) VarP value = std::move(c->value);
    }
}

VarP Var::make() {
    auto v = std::make_shared<Var>();
    if (g_var_arena) g_var_arena->add(v);
    return v;
}
CellP new_cell() {
    auto c = std::make_shared<CellBox>();
    if (g_var_arena) g_var_arena->add(c);
    return c;
}

VarP Var::null() {
    auto v = Var::make();
    v->kind = K::Null;
    return v;
}
VarP Var::constant(Value val, SourceP source) {
    auto v = Var::make();
    v->kind = K::Constant;
    v->value = std::move(val);
    v->source = std::move(source);
    return v;
}
VarP Var::tensor(FxNode* node, Value example) {
    auto v = Var::make();
    v->kind = K::Tensor;
    v->node = node;
    v->example = std::move(example);
    return v;
}
VarP Var::tuple(std::vector<VarP> items, vm::Type* type) {
    auto v = Var::make();
    v->kind = K::Tuple;
    v->items = std::move(items);
    v->seq_type = type ? type : vm::types().tuple;
    return v;
}
VarP Var::list(std::vector<VarP> items) {
    auto v = Var::make();
    v->kind = K::List;
    v->items = std::move(items);
    return v;
}
VarP Var::of_kind(K kind, Value val, SourceP source) {
    auto v = Var::make();
    v->kind = kind;
    v->value = std::move(val);
    v->source = std::move(source);
    return v;
}

// PyTorch's format_graph_break_message ends the message with a newline after the debug context;
// unimplemented_v2 then appends "\n For more details ...: URL" with none after it, so a reason with a
// graph-break-site link ends at the link (explain()'s reason, the fullgraph error's "\n\nfrom user
// code:" and the graph_breaks log all rely on that).
// What a Dynamo error raised to the program adds after its reason: the user frames, then the pointer
// to the verbose trace (PyTorch's format_error_msg_verbose off).
static std::string user_code_trailer(const std::vector<UserFrame>& stack) {
    std::string msg = "\n\nfrom user code:\n";
    for (const auto& uf : stack)
        msg += "   File \"" + uf.filename + "\", line " + std::to_string(uf.line) + ", in " + uf.function + "\n    " + uf.code + "\n";
    msg += "\nSet TORCHDYNAMO_VERBOSE=1 for the internal stack trace (please do this especially if you're reporting a bug to "
           "PyTorch). For even more developer context, set TORCH_LOGS=\"+dynamo\"\n";
    return msg;
}

std::string BreakReason::str() const {
    if (step) return "step_unsupported";
    std::string s = title + "\n  Explanation: " + explanation + "\n";
    for (const auto& h : hints) s += "  Hint: " + h + "\n";
    s += "\n  Developer debug context: " + context + "\n";
    if (gb != "gb0000" && !gb.empty())
        s += "\n For more details about this graph break, please visit: https://meta-pytorch.github.io/compile-graph-break-site/gb/" +
             gb + ".html";
    return s;
}

namespace {

using vm::T;

// A graph break: unwinds the translation to the outermost frame.
struct Unsupported {
    BreakReason reason;
    bool skip = false;  // the frame cannot be split here: run it eagerly
};

// PyTorch's speculation log: a break found while translating (often deep inside inlined calls,
// after they changed trackers, cells and containers) restarts the translation from the first
// instruction, and the restarted one stops before the instruction that broke, so the state handed to
// codegen is exactly what the instructions before it produced, with nothing half-recorded.
struct Speculation {
    long step = -1;  // the top frame's instruction count at the break
    Unsupported u;
};
struct RestartAnalysis {
    Speculation spec;
};

vm::Type* g_unsupported = nullptr;

// ---- the native callables the translator knows -------------------------------------------------------

}  // namespace

struct KnownCallables {
    std::unordered_map<const vm::Object*, std::string> names;  // torch.relu -> "torch.relu"
    std::unordered_map<const vm::Object*, std::string> functional;  // F.softmax -> "softmax"
    std::unordered_map<std::string, Value> ops;  // "operator.add" -> a callable
    std::unordered_map<const vm::Object*, std::string> legacy_ctors;  // torch.LongTensor -> "torch.LongTensor"
    std::vector<Value> rnn_modules;  // nn.RNN, nn.GRU, nn.LSTM: graph breaks unless config.allow_rnn
    Value print, graph_break, skip_frame, is_compiling, disable, len, isinstance, getattr_fn, hasattr_fn, setattr_fn, range, enumerate, zip, map,
        reversed, list, tuple, dict, int_, float_, bool_, str_, min, max, abs, sum, sorted, any, all, set_grad_enabled,
        no_grad, enable_grad, is_grad_enabled, is_autocast_enabled, super_, type_, is_compiling2, is_compiling3;
    // torch.autocast (the class) and torch.amp.autocast_mode's _enter_autocast / _exit_autocast, the
    // functions the graph calls for an autocast block.
    Value autocast, enter_autocast, exit_autocast;
    // torch._C._set_grad_enabled, the target of grad-mode nodes: looked up at the first such node,
    // since torch._C's Python half is a deferred stdlib group in the browser (engine/CMakeLists.txt)
    // that a compile without grad-mode changes must not fetch.
    Value c_set_grad_enabled;
    // torch.nn.attention: sdpa_kernel (a context manager Dynamo enters, as PyTorch's
    // SDPAKernelVariable), SDPBackend, and the functions that read and set the backend flags.
    Value sdpa_kernel, sdp_backend, cur_sdpa_backends, set_sdpa_backends;
    Value nullcontext;  // contextlib.nullcontext, once the program has imported contextlib
    // Python functions of Kiln's torch that PyTorch's trace_rules list as in-graph
    // (torch_non_c_binding_in_graph_functions): recorded as one call_function node, never inlined
    // (PyTorch's graph shows torch.nn.functional.interpolate, not the ops inside it).
    std::unordered_map<const vm::Object*, std::string> in_graph_python;
    // Whether torch.linalg's decompositions are in `names` (added once that module is loaded).
    bool linalg_named = false;
};

namespace {

using Known = KnownCallables;

Value builtin_op(const std::string& name, int nb) {
    return vm::new_builtin(name, [nb](vm::Interpreter& in, const vm::CallArgs& a) {
        if (a.nargs != 2) vm::raise(T().TypeError, "expected 2 arguments");
        return vm::binary_op(in, nb, a.args[0], a.args[1]);
    });
}

Value compare_op(const std::string& name, int cmp) {
    return vm::new_builtin(name, [cmp](vm::Interpreter& in, const vm::CallArgs& a) {
        if (a.nargs != 2) vm::raise(T().TypeError, "expected 2 arguments");
        return vm::compare(in, cmp, a.args[0], a.args[1]);
    });
}

}  // namespace

std::shared_ptr<KnownCallables> make_known_callables(vm::Interpreter& in) {
    auto k = std::make_shared<Known>();
    auto torch = in.import_module("torch");
    auto F = in.import_module("torch.nn.functional");
    // The functions PyTorch writes in Python in torch/functional.py (its __all__) are recorded as
    // that module's functions: `torch.functional.broadcast_tensors(x, y)` in graph code.
    static const std::unordered_set<std::string> torch_functional = {
        "align_tensors", "atleast_1d", "atleast_2d", "atleast_3d", "block_diag", "broadcast_shapes",
        "broadcast_tensors", "cartesian_prod", "cdist", "chain_matmul", "einsum", "lu", "meshgrid", "norm",
        "split", "stft", "istft", "tensordot", "unique", "unique_consecutive", "unravel_index"};
    torch->dict.for_each([&](const std::string& name, const Value& v) {
        if (v.is(Kind::Builtin)) k->names[v.obj()] = (torch_functional.count(name) ? "torch.functional." : "torch.") + name;
        // The legacy typed constructors (torch.FloatTensor, torch.LongTensor, ...): PyTorch's Dynamo
        // records a call of one as a graph node (UserDefinedClassVariable's _in_graph_classes).
        if (v.is(Kind::Type) && name != "Tensor" && name.size() > 6 && name.compare(name.size() - 6, 6, "Tensor") == 0 &&
            v.get<vm::Type>()->module == "torch")
            k->legacy_ctors[v.obj()] = k->names[v.obj()] = "torch." + name;
    });
    F->dict.for_each([&](const std::string& name, const Value& v) {
        if (v.is(Kind::Builtin) && !k->names.count(v.obj())) {
            k->names[v.obj()] = "torch.nn.functional." + name;
            k->functional[v.obj()] = name;
        }
    });
    using namespace bytecode;
    const std::pair<const char*, int> binops[] = {
        {"add", NB_ADD}, {"sub", NB_SUBTRACT}, {"mul", NB_MULTIPLY}, {"truediv", NB_TRUE_DIVIDE},
        {"floordiv", NB_FLOOR_DIVIDE}, {"mod", NB_REMAINDER}, {"pow", NB_POWER}, {"matmul", NB_MATRIX_MULTIPLY},
        {"and_", NB_AND}, {"or_", NB_OR}, {"xor", NB_XOR}, {"lshift", NB_LSHIFT}, {"rshift", NB_RSHIFT}};
    for (auto [n, nb] : binops) {
        k->ops[std::string("operator.") + n] = builtin_op(n, nb);
        std::string in_name = std::string("i") + (n[std::string(n).size() - 1] == '_' ? std::string(n).substr(0, std::string(n).size() - 1) : n);
        k->ops["operator." + in_name] = builtin_op(in_name, nb + NB_INPLACE_ADD);
    }
    const std::pair<const char*, int> cmps[] = {{"lt", CMP_LT}, {"le", CMP_LE}, {"eq", CMP_EQ},
                                                {"ne", CMP_NE}, {"gt", CMP_GT}, {"ge", CMP_GE}};
    for (auto [n, c] : cmps) k->ops[std::string("operator.") + n] = compare_op(n, c);
    k->ops["operator.neg"] = vm::new_builtin("neg", [](vm::Interpreter& in, const vm::CallArgs& a) {
        return vm::unary_negative(in, a.args[0]);
    });
    k->ops["operator.pos"] = vm::new_builtin("pos", [](vm::Interpreter& in, const vm::CallArgs& a) {
        return vm::unary_positive(in, a.args[0]);
    });
    k->ops["operator.invert"] = vm::new_builtin("invert", [](vm::Interpreter& in, const vm::CallArgs& a) {
        return vm::unary_invert(in, a.args[0]);
    });
    k->ops["operator.getitem"] = vm::new_builtin("getitem", [](vm::Interpreter& in, const vm::CallArgs& a) {
        return vm::getitem(in, a.args[0], a.args[1]);
    });
    // torch.sym_sum(seq): the n-ary add Dynamo records for sum() over symbolic ints.
    k->ops["torch.sym_sum"] = vm::new_builtin("sym_sum", [](vm::Interpreter& in, const vm::CallArgs& a) {
        Value acc = Value::integer(0);
        if (a.nargs == 1 && (a.args[0].is(Kind::Tuple) || a.args[0].is(Kind::List))) {
            const auto& items = a.args[0].is(Kind::Tuple) ? a.args[0].get<vm::Tuple>()->items : a.args[0].get<vm::List>()->items;
            for (const Value& x : items) acc = vm::binary_op(in, bytecode::NB_ADD, acc, x);
        } else {
            for (size_t i = 0; i < a.nargs; ++i) acc = vm::binary_op(in, bytecode::NB_ADD, acc, a.args[i]);
        }
        return acc;
    });
    k->ops["operator.setitem"] = vm::new_builtin("setitem", [](vm::Interpreter& in, const vm::CallArgs& a) {
        vm::setitem(in, a.args[0], a.args[1], a.args[2]);
        return Value::none();
    });
    // x.data: PyTorch's Dynamo records torch._C._autograd._get_data_attr(x) (TensorVariable.method_attr_data),
    // the tensor's data without its autograd history; re-traced it is aten::detach.
    k->ops["torch._C._autograd._get_data_attr"] =
        vm::new_builtin("_get_data_attr", [](vm::Interpreter& in, const vm::CallArgs& a) {
            return vm::getattr(in, a.args[0], "data");
        });
    auto& b = in.builtins();
    k->ops["builtins.getattr"] = *b.find("getattr");
    for (auto& [name, fn] : k->ops) k->names[fn.obj()] = name;
    auto get = [&](vm::StrMap& m, const char* n) {
        const Value* v = m.find(n);
        return v ? *v : Value();
    };
    k->print = get(b, "print");
    k->len = get(b, "len");
    k->isinstance = get(b, "isinstance");
    k->getattr_fn = get(b, "getattr");
    k->hasattr_fn = get(b, "hasattr");
    k->setattr_fn = get(b, "setattr");
    k->range = get(b, "range");
    k->enumerate = get(b, "enumerate");
    k->zip = get(b, "zip");
    k->map = get(b, "map");
    k->reversed = get(b, "reversed");
    k->list = get(b, "list");
    k->tuple = get(b, "tuple");
    k->dict = get(b, "dict");
    k->int_ = get(b, "int");
    k->float_ = get(b, "float");
    k->bool_ = get(b, "bool");
    k->str_ = get(b, "str");
    k->min = get(b, "min");
    k->max = get(b, "max");
    k->abs = get(b, "abs");
    k->sum = get(b, "sum");
    k->sorted = get(b, "sorted");
    k->any = get(b, "any");
    k->all = get(b, "all");
    k->super_ = get(b, "super");
    k->type_ = get(b, "type");
    auto nn = in.import_module("torch.nn");
    for (const char* n : {"RNN", "GRU", "LSTM"})  // torch.nn loads its rnn module on first use
        if (Value t = vm::getattr_or_null(in, Value(nn.get()), n); t.is(Kind::Type)) k->rnn_modules.push_back(t);
    k->set_grad_enabled = get(torch->dict, "set_grad_enabled");
    // The torch.nn.functional functions of that list which Kiln writes in Python. Left out, and so
    // still inlined: gaussian_nll_loss (its data-dependent `torch.any(var < 0)` check cannot run
    // on meta example values), ctc_loss and embedding_bag (native kernels behind Python checks of
    // their index arguments), rrelu (a training-mode random draw per element).
    static const char* const kInGraphFunctional[] = {
        "multi_head_attention_forward", "affine_grid", "celu", "cosine_embedding_loss", "fold", "grid_sample",
        "gumbel_softmax", "hinge_embedding_loss", "instance_norm", "interpolate", "local_response_norm", "lp_pool1d",
        "lp_pool2d", "margin_ranking_loss", "max_pool1d", "max_unpool1d", "max_unpool2d", "multi_margin_loss",
        "multilabel_margin_loss", "multilabel_soft_margin_loss", "normalize", "poisson_nll_loss", "soft_margin_loss",
        "softsign", "tanhshrink", "triplet_margin_loss", "unfold", "upsample_bilinear", "upsample_nearest", "upsample"};
    for (const char* n : kInGraphFunctional) {
        Value f = vm::getattr(in, Value(F), n);
        if (f.is(Kind::Function)) k->in_graph_python[f.obj()] = std::string("torch.nn.functional.") + n;
    }
    // PyTorch's F.conv_transpose1d/2d/3d are the C functions torch.conv_transpose1d/2d/3d: one node
    // in its graphs, which lowers to aten::_convolution (transposed) and runs the transposed
    // convolution's own kernels (ops/conv.cpp conv_transpose_direct). Kiln writes them in Python
    // (the checks and, where the kernels do not apply, a composition of zero insertion, padding
    // and a convolution); inlined, a compiled DCGAN generator did stride^2 times the products.
    for (const char* n : {"conv_transpose1d", "conv_transpose2d", "conv_transpose3d"}) {
        Value f = vm::getattr(in, Value(F), n);
        if (f.is(Kind::Function)) k->in_graph_python[f.obj()] = std::string("torch.") + n;
    }
    // torch.fft's functions are C functions in PyTorch (torch._C._fft.fft_rfft, ...): one node each in its
    // graphs. Kiln writes them in Python (stdlib/torch/fft.py, a DFT of ~25 tensor ops); the back ends
    // re-trace through them.
    auto fft = in.import_module("torch.fft");
    for (const char* n : {"fft", "ifft", "rfft", "irfft", "hfft", "ihfft", "fft2", "ifft2", "fftn", "ifftn", "rfft2", "irfft2",
                          "rfftn", "irfftn", "fftshift", "ifftshift"}) {
        Value f = vm::getattr(in, Value(fft.get()), n);
        if (f.is(Kind::Function)) k->in_graph_python[f.obj()] = std::string("torch._C._fft.fft_") + n;
    }
    k->ops["torch.sym_float"] = get(torch->dict, "sym_float");
    k->ops["torch.sym_int"] = get(torch->dict, "sym_int");
    k->no_grad = get(torch->dict, "no_grad");
    k->enable_grad = get(torch->dict, "enable_grad");
    k->is_grad_enabled = get(torch->dict, "is_grad_enabled");
    k->is_autocast_enabled = get(torch->dict, "is_autocast_enabled");
    k->autocast = get(torch->dict, "autocast");
    auto autocast_mode = in.import_module("torch.amp.autocast_mode");
    k->enter_autocast = get(autocast_mode->dict, "_enter_autocast");
    k->exit_autocast = get(autocast_mode->dict, "_exit_autocast");
    auto dyn = in.import_module("torch._dynamo");
    k->graph_break = get(dyn->dict, "graph_break");
    k->skip_frame = get(dyn->dict, "skip_frame");
    k->is_compiling = get(in.import_module("torch.compiler")->dict, "is_compiling");
    k->is_compiling2 = get(dyn->dict, "is_compiling");
    k->is_compiling3 = get(in.import_module("torch.compiler")->dict, "is_dynamo_compiling");
    return k;
}

namespace {

bool same(const Value& a, const Value& b) { return a.is_obj() && b.is_obj() && a.obj() == b.obj(); }

// Floats read from object attributes (self.scale) stay specialized, and an RNN reached as a module
// attribute breaks at its call: the source has an attribute step.
bool has_attr_step(const Source& s) {
    for (const Source* p = &s; p; p = p->base.get())
        if (p->kind == Source::Kind::Attr) return true;
    return false;
}

// What PyTorch's Python implementation of torch.nn.functional.<name> records in a Dynamo graph:
// a call_function of a torch / torch._C._nn callable, or a method call on the input.
struct FunctionalRecord {
    bool method = false;
    const char* target = nullptr;  // qualified name printed for the node
};
// torch.nn.functional keeps most functions in the graph as themselves (PyTorch 2.11 treats them as
// in-graph torch functions); a few are C functions under other names.
const std::map<std::string, FunctionalRecord>& functional_records() {
    static const std::map<std::string, FunctionalRecord> m = {
        {"linear", {false, "torch._C._nn.linear"}},
        {"conv1d", {false, "torch.conv1d"}},
        {"conv2d", {false, "torch.conv2d"}},
        {"conv3d", {false, "torch.conv3d"}},
        {"avg_pool3d", {false, "torch._C._nn.avg_pool3d"}},
        {"avg_pool2d", {false, "torch._C._nn.avg_pool2d"}},
        // F.scaled_dot_product_attention is the C function itself (its __module__ is torch._C._nn).
        {"scaled_dot_product_attention", {false, "torch._C._nn.scaled_dot_product_attention"}},
    };
    return m;
}

// Tensor methods and functions whose result is read from tensor data, not metadata.
bool data_dependent_method(const std::string& m) {
    static const char* const names[] = {"item", "tolist", "numpy", "__bool__", "__int__", "__float__", "__index__",
                                        "equal", "allclose", "is_nonzero", "backward", "data_ptr"};
    return std::find_if(std::begin(names), std::end(names), [&](const char* n) { return m == n; }) != std::end(names);
}
bool dynamic_shape_op(const std::string& m) {
    static const char* const names[] = {"nonzero", "unique", "masked_select", "argwhere"};
    return std::find_if(std::begin(names), std::end(names), [&](const char* n) { return m == n; }) != std::end(names);
}
// repeat_interleave's output shape depends on tensor data only when its repeats are a tensor and no
// output_size is given (aten.repeat_interleave.Tensor); with an int (aten.repeat_interleave.self_int,
// gpt-fast's grouped-query `k.repeat_interleave(n_head // n_local_heads, dim=1)`) it is static.
// `repeats`: the repeats argument (null in the repeats-only form torch.repeat_interleave(t)).
bool repeat_interleave_is_dynamic(const VarP& repeats, bool repeats_only_form,
                                  const std::vector<std::pair<std::string, VarP>>& kwargs) {
    for (const auto& [k, v] : kwargs)
        if (k == "output_size" && v && !(v->is_constant() && v->value.is_none())) return false;
    return repeats_only_form || (repeats && repeats->is_tensor());
}
// Metadata queries: their results are Python constants of the (static) example.
bool metadata_method(const std::string& m) {
    static const char* const names[] = {"size", "dim", "ndimension", "numel", "nelement", "stride", "is_contiguous",
                                        "is_floating_point", "element_size", "get_device", "is_complex", "type"};
    return std::find_if(std::begin(names), std::end(names), [&](const char* n) { return m == n; }) != std::end(names);
}
bool metadata_attr(const std::string& m) {
    static const char* const names[] = {"shape", "dtype", "device", "ndim", "requires_grad", "is_leaf", "is_cuda",
                                        "layout", "is_sparse", "is_quantized", "is_meta"};
    return std::find_if(std::begin(names), std::end(names), [&](const char* n) { return m == n; }) != std::end(names);
}

bool is_plain_constant(const Value& v) {
    if (v.is_null()) return false;
    if (v.is_none() || v.is_bool() || v.is_int() || v.is_float()) return true;
    if (v.is(Kind::Str) || v.is(Kind::Range) || v.is(Kind::Code)) return true;
    if (auto* t = v.as<vm::Tuple>()) {
        for (const Value& x : t->items)
            if (!is_plain_constant(x)) return false;
        return true;
    }
    if (auto* s = v.as<vm::Slice>()) return is_plain_constant(s->start) && is_plain_constant(s->stop) && is_plain_constant(s->step);
    const std::string& tn = vm::type_of(v)->name;
    // Dynamo's common_constant_types: torch.dtype, torch.device, torch.memory_format, torch.layout,
    // torch.finfo, torch.iinfo (so `torch.finfo(x.dtype).min`, Hugging Face's mask value, folds at
    // trace time instead of breaking the graph), ...
    return tn == "dtype" || tn == "device" || tn == "Size" || tn == "ellipsis" || tn == "layout" || tn == "memory_format" ||
           tn == "finfo" || tn == "iinfo";
}

// A native Kiln optimizer (torch.optim.SGD, Adam, ...; a program's own torch.optim.Optimizer
// subclass is Python, traced as Python).
bool is_optimizer(vm::Interpreter& in, const Value& v) {
    if (!v.is_obj()) return false;
    const Value* t = in.import_module("torch.optim")->dict.find("_NativeOptimizer");
    return t && t->is(Kind::Type) && vm::isinstance(v, t->get<vm::Type>());
}

// ---- the translator ------------------------------------------------------------------------------------

struct SymFrame {
    const bytecode::CodeObject* co = nullptr;
    vm::Code* code = nullptr;
    vm::ModuleObj* globals = nullptr;
    std::vector<VarP> locals;
    std::vector<CellP> cells;
    std::vector<VarP> stack;
    // Active SETUP_FINALLY blocks, innermost last. A `with` block keeps its manager (PyTorch's
    // BlockStackEntry.with_context), the stack depth its SETUP_FINALLY saw (the manager's __exit__ is
    // the item below it) and its handler; a try block has no manager.
    struct Block {
        VarP ctx;
        int depth = 0;
        int handler = 0;
    };
    std::vector<Block> blocks;
    VarP entering;  // the manager BEFORE_WITH entered, until the block's SETUP_FINALLY
    int pc = 0;
    int lasti = 0;
    VarP kwnames;
    VarP return_value;
    bool done = false;
    std::string module;  // UserFrame::module
    std::vector<VarP> yielded;  // an inlined generator: the values it yielded, in order
    // A generator run step by step (a @contextmanager's, Var::K::GenContext): YIELD_VALUE stops
    // the frame with the value in `yielded_value`; resuming pushes the sent value (None).
    bool suspend_at_yield = false;
    bool suspended = false;
    VarP yielded_value;
};

// A `with` block a graph break can resume inside (PyTorch's ContextWrappingVariable, whose
// supports_graph_breaks is True): grad mode, autocast, and contextlib.nullcontext() without an
// enter_result; the graph leaves it, the transformed code and the resume function enter it again.
bool reenterable_block(const SymFrame::Block& b) {
    if (!b.ctx) return false;
    if (b.ctx->kind == Var::K::GradMode || b.ctx->kind == Var::K::Autocast) return true;
    return b.ctx->kind == Var::K::NullContext && !b.ctx->items.empty() && b.ctx->items[0]->is_constant() &&
           b.ctx->items[0]->value.is_none();
}

class Translator {
public:
    Translator(vm::Interpreter& in, const TranslateOptions& opt, Capture& out, const Speculation* spec)
        : in_(in), opt_(opt), out_(out), k_(*opt.known), spec_(spec) {}

    void run_top(const vm::Frame& frame);

private:
    vm::Interpreter& in_;
    const TranslateOptions& opt_;
    Capture& out_;
    Known& k_;
    const Speculation* spec_;  // set in a restarted translation
    std::vector<SymFrame*> frames_;
    const vm::Frame* real_ = nullptr;
    std::unordered_map<const TensorImpl*, VarP> inputs_by_impl_;
    std::map<std::string, VarP> by_source_;
    // Lists and dicts of the frame by identity: one object reached through two sources (`l = [d, d]`
    // passed in with `d`) is one Var, so a mutation through either is seen through both; the
    // aliasing is guarded (DUPLICATE_INPUT), as PyTorch's VariableBuilder keeps one tracker per object.
    std::unordered_map<const vm::Object*, VarP> by_object_;
    std::vector<std::pair<const vm::Object*, VarP>> pending_attrs_;  // STORE_ATTR results read back
    std::vector<Value> pending_;  // top frame locals not loaded yet (wrapped on first LOAD_FAST)
    std::unordered_map<const FxNode*, vm::Ref<FxNode>> lazy_nodes_;  // placeholders made, maybe not yet in the graph
    std::vector<VarP> realized_;  // tensor inputs in placeholder order
    // Constant items of a list or tuple from the frame not yet read (PyTorch's LazyVariableTracker
    // items of wrap_listlike): the sequence's length is guarded when it is wrapped, an item only when
    // an instruction reads it (realize_lazy_item), so `len(xs)` or `xs[0]` alone does not specialize
    // the code on every item's value. The count skips the walk in `pop` while there are none.
    int lazy_items_ = 0;
    struct Symbol {
        std::string name;  // s0, or the placeholder name of a dynamic int (l_n_)
        SourceP source;    // L['x'].size()[0] or L['n']
        int64_t hint;      // the value this compile sees
        VarP var;
        bool marked = false;  // made by torch._dynamo.mark_dynamic
    };
    std::vector<Symbol> symbols_;
    std::string pending_module_;  // call_module_forward -> the frame inline_code makes (SymFrame::module)
    // The compiled frame's real cells and their symbolic boxes: a function the frame calls that closes
    // over one of them (a closure made before the frame, a resume function's `apply`) reads and writes
    // the symbolic value, so a store the graph has not replayed yet is seen (and a tensor there is
    // the frame's, not a captured constant).
    std::unordered_map<const vm::Cell*, CellP> root_cells_;
    // PyTorch's speculation checkpoint (InstructionTranslator.step): taken at an instruction of the
    // compiled frame whose stack is empty once the graph holds a call. An Unsupported in an
    // instruction that cannot break the graph itself (wrapping an RNN module at its LOAD_ATTR) resumes
    // at the checkpoint; with none ("empty checkpoint") the whole frame runs eagerly, silently.
    bool checkpoint_ = false;
    // The same checkpoint as InstructionTranslator.step takes it for a break it cannot resume from (one
    // inside a try block): the top frame's latest instruction with an empty stack, outside any block,
    // once the graph holds more than one call (is_non_empty_graph). -1: none yet ("empty checkpoint").
    long step_checkpoint_ = -1;
    UserFrame step_checkpoint_where_;
    bool two_calls_ = false;
    static constexpr long kMaxSteps = 200000;
    static constexpr long kNodeCost = 8;  // extra steps charged per recorded graph node
    long steps_ = 0;

    // Autocast blocks entered while tracing, innermost last: their regions are really entered (as
    // PyTorch's AutocastModeVariable.enter calls torch.amp._enter_autocast), so example values get
    // the block's dtypes and torch.is_autocast_enabled() folds to the block's state; whatever is
    // still entered when the translation ends (an error, a skipped frame) is left again, as
    // PyTorch's cleanup hooks do.
    std::vector<VarP> autocast_entered_;

public:
    ~Translator() {
        while (!autocast_entered_.empty()) leave_autocast_region();
    }

private:
    void leave_autocast_region() {
        VarP m = autocast_entered_.back();
        autocast_entered_.pop_back();
        try {
            in_.call(k_.exit_autocast, {m->value});
        } catch (vm::PyError&) {
        }
    }
    // `with torch.autocast(...)` entered (AutocastModeVariable.enter): the region is entered and the
    // graph records `_enter_autocast(device_type, dtype, enabled, cache_enabled)`.
    void enter_autocast(const VarP& mgr) {
        std::vector<Value> vals;
        for (const VarP& v : mgr->items) vals.push_back(v->value);
        Value mode = in_.call(k_.enter_autocast, vals);
        mgr->value = mode;
        autocast_entered_.push_back(mgr);
        steps_ += kNodeCost;
        FxNode* n = out_.graph->add(FxOp::CallFunction, "_enter_autocast");
        n->target = k_.enter_autocast;
        n->target_name = "torch.amp.autocast_mode._enter_autocast";
        n->args = vm::new_tuple(vals);
        n->example = Value::none();  // create_node: no example_value, as PyTorch's
        n->stack = user_stack();
        mgr->node = n;
    }
    // Its exit (AutocastModeVariable.exit): `_exit_autocast(_enter_autocast)`, and the region left.
    void exit_autocast(const VarP& mgr) {
        steps_ += kNodeCost;
        FxNode* n = out_.graph->add(FxOp::CallFunction, "_exit_autocast");
        n->target = k_.exit_autocast;
        n->target_name = "torch.amp.autocast_mode._exit_autocast";
        n->args = vm::new_tuple({Value(mgr->node)});
        n->example = Value::none();
        n->stack = user_stack();
        auto it = std::find(autocast_entered_.begin(), autocast_entered_.end(), mgr);
        if (it == autocast_entered_.end()) return;
        // Blocks leave innermost first; anything entered after this one (an inner block left by a
        // break elsewhere) is left with it.
        while (autocast_entered_.size() > size_t(it - autocast_entered_.begin())) leave_autocast_region();
    }
    // torch.autocast(device_type, dtype=None, enabled=True, cache_enabled=None) with arguments known
    // while tracing (AutocastModeVariable.create binds them with their defaults).
    VarP autocast_context(const std::vector<VarP>& args, const std::vector<std::pair<std::string, VarP>>& kwargs) {
        static const char* const names[] = {"device_type", "dtype", "enabled", "cache_enabled"};
        std::vector<VarP> vals = {nullptr, Var::constant(Value::none()), Var::constant(Value::boolean(true)),
                                  Var::constant(Value::none())};
        if (args.size() > 4)
            vm::raise(T().TypeError, "autocast.__init__() takes from 2 to 5 positional arguments but " +
                                         std::to_string(args.size() + 1) + " were given");
        for (size_t i = 0; i < args.size(); ++i) vals[i] = args[i];
        for (const auto& kw : kwargs) {
            const std::string& n = kw.first;
            auto at = std::find_if(std::begin(names), std::end(names), [&](const char* x) { return n == x; });
            if (at == std::end(names)) vm::raise(T().TypeError, "autocast.__init__() got an unexpected keyword argument '" + n + "'");
            vals[size_t(at - std::begin(names))] = kw.second;
        }
        if (!vals[0])
            vm::raise(T().TypeError, "autocast.__init__() missing 1 required positional argument: 'device_type'");
        for (const VarP& v : vals)
            if (!v->is_constant())
                unsupported("Unsupported context manager",
                            "Dynamo (Kiln) enters `torch.autocast` with arguments known while tracing.",
                            {"Pass the autocast arguments as constants."}, "gb0000");
        auto m = Var::of_kind(Var::K::Autocast, Value());
        m->items = std::move(vals);
        return m;
    }

    // ---- helpers ----
    // A grad-mode change as PyTorch's GradModeVariable._call_func makes it: a
    // torch._C._set_grad_enabled node only when the mode changes (mutations are coalesced).
    void set_grad_mode(bool mode) {
        if (autograd::grad_enabled() == mode) return;
        if (k_.c_set_grad_enabled.is_null())
            k_.c_set_grad_enabled = vm::getattr(in_, Value(in_.import_module("torch._C").get()), "_set_grad_enabled");
        record(FxOp::CallFunction, k_.c_set_grad_enabled, "torch._C._set_grad_enabled", "_set_grad_enabled",
               {Var::constant(Value::boolean(mode))}, {}, [&] {
                   autograd::set_grad_enabled(mode);
                   return Value::none();
               });
    }
    [[noreturn]] void unsupported(std::string title, std::string explanation, std::vector<std::string> hints,
                                  std::string gb, std::string context = "") {
        Unsupported u;
        u.reason.title = std::move(title);
        u.reason.explanation = std::move(explanation);
        u.reason.hints = std::move(hints);
        u.reason.gb = std::move(gb);
        u.reason.context = std::move(context);
        u.reason.user_stack = user_stack();
        throw u;
    }
    // A call of a torch._dynamo.disallow_in_graph'd callable: PyTorch's SkipFunctionVariable.call_function,
    // a graph break whose call runs eagerly; its explanation names a Python function's file, or a
    // builtin's module and qualname.
    [[noreturn]] void disallowed_call(const Value& f) {
        auto text_attr = [&](const char* name, const std::string& dflt) {
            Value v = vm::getattr_or_null(in_, f, name);
            return v.is(Kind::Str) ? vm::str_of(v) : dflt;
        };
        const std::string qual = text_attr("__qualname__", "<unknown qualname>");
        const std::string module = text_attr("__module__", "<unknown module>");
        std::string explanation;
        std::vector<std::string> hints;
        if (f.is(Kind::Function)) {
            const std::string path = f.get<vm::Function>()->code->code->filename;
            explanation = "Dynamo developers have intentionally marked that the function `" + qual + "` in file `" + path +
                          "` should not be traced.";
            hints = {"Avoid calling the function `" + qual + "`."};
            if (path.find("_dynamo") == std::string::npos) {
                hints.push_back("Apply `@torch._dynamo.dont_skip_tracing` to the function `" + qual +
                                "` to force tracing into the function. More graph breaks may occur as a result of "
                                "attempting to trace into the function.");
                hints.push_back("Please file an issue to PyTorch.");
            }
        } else {
            explanation = "Dynamo does not know how to trace the builtin `" + module + "." + qual +
                          ".` This function is either a Python builtin (e.g. _warnings.warn) or a third-party C/C++ "
                          "Python extension (perhaps created with pybind).";
            hints = {"If it is a Python builtin, please file an issue on GitHub so the PyTorch team can add support for "
                     "it and see the next case for a workaround.",
                     "If it is a third-party C/C++ Python extension, please either wrap it into a PyTorch-understood "
                     "custom operator (see https://pytorch.org/tutorials/advanced/custom_ops_landing_page.html for more "
                     "details) or, if it is traceable, use `torch.compiler.allow_in_graph`."};
        }
        unsupported("Attempted to call function marked as skipped", explanation, hints, "gb0007",
                    "module: " + module + ", qualname: " + qual + ", skip reason: <missing reason>");
    }
    [[noreturn]] void data_dependent_jump() {
        try {
            unsupported("Data-dependent branching",
                        "Detected data-dependent branching (e.g. `if my_tensor.sum() > 0:`). Dynamo does not support "
                        "tracing dynamic control flow.",
                        {"This graph break is fundamental - it is unlikely that Dynamo will ever be able to trace through your code. Consider finding a workaround.",
                         "Use `torch.cond` to express dynamic control flow."},
                        "gb0170", "attempted to jump with TensorVariable()");
        } catch (Unsupported& u) {
            u.reason.jump = true;
            throw;
        }
    }
    [[noreturn]] void skip(std::string why) {
        Unsupported u;
        u.skip = true;
        u.reason.title = std::move(why);
        u.reason.user_stack = user_stack();
        throw u;
    }

    std::vector<UserFrame> user_stack() const {
        std::vector<UserFrame> s;
        for (const SymFrame* f : frames_) s.push_back(where(*f));
        return s;
    }
    UserFrame where(const SymFrame& f) const {
        UserFrame u;
        u.filename = f.co->filename;
        u.function = f.co->name;
        if (f.lasti >= 0 && f.lasti < int(f.co->code.size())) u.line = f.co->code[size_t(f.lasti)].span.line;
        u.code = in_.source_line(u.filename, u.line);
        u.module = f.module;
        return u;
    }
    Guard& guard(Guard::Kind kind, const SourceP& source) {
        Guard g;
        g.kind = kind;
        g.source = source;
        if (!frames_.empty()) g.where = where(*frames_.back());
        out_.guards.guards.push_back(std::move(g));
        return out_.guards.guards.back();
    }

    // ---- wrapping real values (VariableBuilder) ----
    VarP wrap(const Value& v, const SourceP& source);
    VarP wrap_tensor_input(const Value& v, const SourceP& source);
    void realize(const VarP& var);
    // A lazy list/tuple item: wrapped now (its guard, or an automatic-dynamic symbol), in place, so
    // every reference to the Var sees the realized value.
    void realize_lazy_item(const VarP& var);
    // Realizes the lazy items `v` is or holds (containers, iterators, slices, a method's receiver):
    // what an instruction that reads a value does before using it. Moves (stores, loads, building a
    // container, unpacking, passing to an inlined function) leave them lazy.
    void realize_items(const VarP& v, int depth = 0);
    // The lazy items a call reads: none when the callee is Python code Dynamo inlines (its own
    // instructions read what they use) or a list method that only moves values; the arguments
    // themselves for len/isinstance/type and list()/tuple() (a sequence's length and type, not
    // its items); everything they hold for any other callable (torch ops, builtins, tensor methods).
    void realize_call_args(const VarP& callable, std::vector<VarP>& args);
    // What the side effects replay after the graph (a mutated list's items, stored values) is
    // rebuilt from Vars, constants by value: lazy items there are read (guarded).
    void realize_replayed_items() {
        if (!lazy_items_) return;
        for (const VarP& l : out_.mutated_lists) realize_items(l);
        for (const SideEffect& e : out_.side_effects) {
            realize_items(e.value);
            if (e.object && e.object->kind != Var::K::Dict) realize_items(e.object);
        }
        for (const auto& pa : pending_attrs_) realize_items(pa.second);
    }
    void insert_placeholder(const vm::Ref<FxNode>& n, const SourceP& source);
    VarP new_symbol(const std::string& name, const SourceP& source, int64_t hint, bool lazy);
    // ShapeEnv's symbol ids (PyTorch 2.11): sha256 of the source's name modulo 100, the next free
    // one where that is taken in this compile, so L['x'].size()[0] is s77 whatever else the
    // frame holds.
    int64_t symbol_id(const std::string& source_name) {
        support::HashState h;
        h.init("sha256");
        h.update(source_name);
        int64_t id = 0;
        for (unsigned char c : h.digest()) id = (id * 256 + c) % 100;
        while (symbol_ids_.count(id)) ++id;
        symbol_ids_.insert(id);
        return id;
    }
    std::set<int64_t> symbol_ids_;
    std::vector<bool> dynamic_dims(const Tensor& t, const SourceP& source, const Value& obj, std::vector<bool>* marked = nullptr);
    std::vector<VarP> sizes_of(const VarP& t);
    void guard_view_sizes(const VarP& self, const std::vector<VarP>& args, bool reshape);
    VarP shape_of(const VarP& t);
    bool frame_state_float_changed(const SourceP& source, double v);
    bool int_specialization_case(const SourceP& source) const;
    bool float_specialization_case(double v) const;
    SourceP foreign_global_source(vm::ModuleObj* globals, const std::string& name, const Value& v);
    SourceP foreign_module_source(vm::ModuleObj* globals);
    VarP call_tensor_method_item(const VarP& t);
    VarP wrap_result(const Value& v, FxNode* node);

    // ---- graph building ----
    Value example_of(const VarP& v);  // the real/example value a Var stands for (constants, tensors, containers)
    Value example_args(const std::vector<VarP>& vs);
    Value node_args(const std::vector<VarP>& vs);
    Value arg_value(const VarP& v);
    VarP record(FxOp op, const Value& target, const std::string& target_name, const std::string& base,
                const std::vector<VarP>& args, const std::vector<std::pair<std::string, VarP>>& kwargs,
                const kiln::Function<Value()>& compute);
    bool unchecked_dtype_example(FxOp op, const Value& target, const std::string& target_name, const std::vector<VarP>& args,
                                 const std::vector<std::pair<std::string, VarP>>& kwargs, vm::PyError& e, Value& result);
    [[noreturn]] void fake_call_failed(FxOp op, const Value& target, const std::string& target_name,
                                       const std::vector<VarP>& args,
                                       const std::vector<std::pair<std::string, VarP>>& kwargs, vm::PyError& e,
                                       const kiln::Function<Value()>& compute);
    VarP call_torch(const Value& fn, const std::string& qualified, const std::vector<VarP>& args,
                    const std::vector<std::pair<std::string, VarP>>& kwargs);
    VarP call_allowed_in_graph(const Value& fn, const std::vector<VarP>& args,
                               const std::vector<std::pair<std::string, VarP>>& kwargs);
    VarP call_torch_op(const Value& fn, const std::string& qualified, const std::vector<VarP>& args,
                       const std::vector<std::pair<std::string, VarP>>& kwargs);
    void pad_sizes(const VarP& out, const std::vector<VarP>& args, const std::vector<std::pair<std::string, VarP>>& kwargs);
    VarP call_tensor_method(const VarP& self, const std::string& name, const std::vector<VarP>& args,
                            const std::vector<std::pair<std::string, VarP>>& kwargs);
    VarP binary(int nb, const VarP& a, const VarP& b);
    VarP unary(Opcode op, const VarP& a);
    VarP operator_call(const Value& f, const std::vector<VarP>& args);
    VarP compare(int cmp, const VarP& a, const VarP& b);

    // ---- Python semantics on Vars ----
    VarP load_attr(const VarP& obj, const std::string& name);
    void store_attr(const VarP& obj, const std::string& name, const VarP& value, bool raw = false);
    VarP getitem(const VarP& c, const VarP& key);
    VarP call(const VarP& fn, std::vector<VarP> args, std::vector<std::pair<std::string, VarP>> kwargs);
    VarP call_builtin(const VarP& fn, std::vector<VarP>& args, std::vector<std::pair<std::string, VarP>>& kwargs);
    VarP call_operator_object(const VarP& fn, const std::vector<VarP>& args,
                              const std::vector<std::pair<std::string, VarP>>& kwargs);
    VarP call_type(const VarP& obj);
    VarP new_user_object(vm::Type* cls, std::vector<VarP>& args, std::vector<std::pair<std::string, VarP>>& kwargs);
    const VarP* new_object_attr(const VarP& obj, const std::string& name);
    const vm::Function* user_dunder(const VarP& obj, const char* name);
    VarP dict_items_of(const VarP& v, const char* dunder);
    VarP new_object_builtin_method(const VarP& obj, vm::Type* owner, const std::string& name);
    void store_item(const VarP& c, const VarP& key, const VarP& v);
    Value dataclasses_fields_;  // dataclasses.fields, once the program has imported dataclasses
    bool is_dataclasses_fields(const Value& f);
    VarP call_layer(const VarP& module, std::vector<VarP>& args, std::vector<std::pair<std::string, VarP>>& kwargs);
    VarP call_module(const VarP& module, std::vector<VarP> args, std::vector<std::pair<std::string, VarP>> kwargs);
    VarP call_module_with_hooks(const VarP& module, std::vector<VarP> args, std::vector<std::pair<std::string, VarP>> kwargs);
    VarP call_module_forward(const VarP& module, std::vector<VarP> args, std::vector<std::pair<std::string, VarP>> kwargs);
    bool batch_norm_inlinable(const VarP& module, const VarP& x);
    VarP sdpa_kernel_context(std::vector<VarP>& args, std::vector<std::pair<std::string, VarP>>& kwargs);
    bool is_sdpa_kernel(const Value& f);
    bool is_nullcontext_class(const Value& cls);

    // ---- torch.cond (PyTorch's CondHigherOrderVariable) ----
    // The graphs of the higher-order-op branches being speculated enclose the current one: while a
    // branch is traced, out_.graph is its subgraph and these are the graphs around it, outermost
    // (the frame's graph) first.
    std::vector<std::shared_ptr<FxGraph>> outer_graphs_;
    FxGraph& root_graph() { return outer_graphs_.empty() ? *out_.graph : *outer_graphs_.front(); }
    // OutputGraph.install_subgraph's numbering: cond_true_0, cond_true_1, ... per compiled frame.
    std::map<std::string, int> subgraph_ids_;
    Value hop_cond_fn_, hop_cond_op_, torch_cond_;
    bool hop_looked_up_ = false;
    bool is_cond_callable(const Value& f);
    VarP call_cond(std::vector<VarP> args, std::vector<std::pair<std::string, VarP>> kwargs);
    // One branch traced into a graph of its own (speculate_subgraph with set_subgraph_inputs
    // "automatic"): the values it used from outside are lifted to placeholders, in the order first used.
    struct Speculated {
        std::shared_ptr<FxGraph> graph;
        std::vector<FxNode*> lifted;                           // outer nodes, in lift order
        std::unordered_map<const FxNode*, FxNode*> placeholder;  // outer node -> its placeholder
        VarP result;
        std::vector<VarP> leaves;  // the flattened outputs
        std::string spec;          // the output structure ("*", "(*,*)", "[*]")
        size_t manual = 0;         // placeholders made up front (the first ones)
    };
    // `manual`: set_subgraph_inputs="flatten_manual": each argument (a tensor) is a placeholder of
    // the graph made up front, named as given, ahead of anything lifted (while_loop's carries).
    // `flatten_outputs` false: the graph returns the one value itself (while_loop's cond_fn).
    // `restructure`: makes the call's arguments from the manual placeholders' Vars (map's slices
    // rebuilt into the structure of xs).
    Speculated speculate_branch(const VarP& fn, const std::vector<VarP>& args, const std::string& fn_name,
                                const std::vector<std::string>* manual = nullptr, bool flatten_outputs = true,
                                const kiln::Function<std::vector<VarP>(std::vector<VarP>)>* restructure = nullptr);
    Value hop_map_fn_;
    VarP call_map(std::vector<VarP> args, std::vector<std::pair<std::string, VarP>> kwargs);
    // _merge_graph_inputs: both graphs take the same inputs (manual ones first, then those both
    // lifted sorted by name, then `<name>_<l_name>` and `<name>_<r_name>`); returns the outer values
    // they are, in that order.
    std::vector<FxNode*> merge_graph_inputs(Speculated& l, const std::string& l_name, Speculated& r,
                                            const std::string& r_name);
    FxNode* install_subgraph(const std::string& prefix, const std::shared_ptr<FxGraph>& g);
    Value hop_while_fn_, hop_while_op_;
    int while_loop_kind(const Value& f);  // 1: the Python while_loop, 2: while_loop_op, 0: neither
    VarP call_while_loop(std::vector<VarP> args, std::vector<std::pair<std::string, VarP>> kwargs, bool user_api);
    [[noreturn]] void hop_hard_error(const std::string& hop, const std::string& got);
    VarP inline_call(const vm::Function* fn, std::vector<VarP> args, std::vector<std::pair<std::string, VarP>> kwargs,
                     const VarP& self, const SourceP& fn_source = nullptr);
    VarP inline_code(vm::Code* code, vm::ModuleObj* globals, const std::vector<Value>& defaults, vm::Dict* kwdefaults,
                     std::vector<CellP> closure, std::vector<VarP> args, std::vector<std::pair<std::string, VarP>> kwargs);
    void bind_frame(SymFrame& f, vm::Code* code, vm::ModuleObj* globals, const std::vector<Value>& defaults,
                    vm::Dict* kwdefaults, std::vector<CellP> closure, std::vector<VarP> args,
                    std::vector<std::pair<std::string, VarP>> kwargs);
    std::vector<CellP> closure_of(const vm::Function* fn, const SourceP& fn_source = nullptr);
    VarP generator_context(const vm::Function* gen_fn, std::vector<VarP> args,
                           std::vector<std::pair<std::string, VarP>> kwargs);
    VarP resume_generator_context(const VarP& cm, bool entering);
    bool truth(const VarP& v, bool& known);
    std::vector<VarP> unpack(const VarP& v);
    VarP iter(const VarP& v);

    // ---- the instruction loop ----
    void run(SymFrame& f);
    void step(SymFrame& f, const bytecode::Instruction& ins);

    friend Capture translate(vm::Interpreter&, const vm::Frame&, const TranslateOptions&);

public:
    // Vars of inputs never used still point at their placeholder nodes: the capture keeps them.
    void keep_placeholders() {
        for (auto& [p, n] : lazy_nodes_) out_.unused_inputs.push_back(n);
    }
};

// ---- wrapping ----------------------------------------------------------------------------------------------

// A placeholder for an input reached through `source`: target L_x_ (the source's name), node name
// l_x_, or `name` for both when given.
vm::Ref<FxNode> placeholder_for(const Source& source, const std::string& name = "") {
    auto n = vm::make<FxNode>();
    n->op = FxOp::Placeholder;
    std::string target = name.empty() ? source.placeholder_name() : name;
    n->name = target;
    if (name.empty())
        for (char& c : n->name) c = char(std::tolower(static_cast<unsigned char>(c)));
    n->name_set = true;
    n->args = vm::new_tuple({});
    n->target = vm::new_str(target);
    n->target_name = target;
    return n;
}

VarP Translator::wrap_tensor_input(const Value& v, const SourceP& source) {
    const Tensor& t = v.get<vm::TensorObj>()->tensor;
    // A torch.Tensor subclass whose __torch_function__ is live (its own, or the default one that
    // re-wraps results into the subclass): PyTorch's Dynamo traces it as a TensorWithTFOverrideVariable,
    // inlining the handler; Kiln's translator does not, so the frame runs eagerly, which computes what
    // the compiled frame would. A Parameter subclass keeps Parameter's disabled handler and compiles.
    if (vm::Type* cls = vm::type_of(v); !cls->builtin) {
        const Value* h = cls->lookup("__torch_function__");
        const Value* off = vm::types().parameter->dict.find("__torch_function__");
        if (h && !(off && h->identical(*off)))
            skip("a tensor subclass with __torch_function__ (" + cls->name +
                 ") as an input: Kiln's Dynamo does not trace through it, so the frame runs eagerly");
    }
    auto seen = inputs_by_impl_.find(t.impl());
    if (seen != inputs_by_impl_.end()) {
        // The same tensor reached through a second source: one placeholder, and a guard that the
        // two sources stay the same object.
        Guard& g = guard(Guard::Kind::DuplicateInput, source);
        g.other = seen->second->source;
        return seen->second;
    }
    vm::Ref<FxNode> n = placeholder_for(*source);
    // node.type is the input's class (VariableBuilder.wrap_tensor passes type(value)).
    if (vm::Type* cls = vm::type_of(v); cls != vm::types().tensor) n->type = vm::Value(cls);
    // The example is a copy, so in-place ops while translating never touch the program's tensors;
    // a transposed input's copy keeps its strides (the order of its dims in memory).
    Tensor copy = kiln::clone(t.detach());
    if (!t.is_contiguous() && t.dim() > 1) {
        std::vector<int64_t> perm(size_t(t.dim()));
        for (size_t d = 0; d < perm.size(); ++d) perm[d] = int64_t(d);
        std::stable_sort(perm.begin(), perm.end(), [&](int64_t a, int64_t b) { return t.stride(a) > t.stride(b); });
        std::vector<int64_t> inverse(perm.size());
        for (size_t d = 0; d < perm.size(); ++d) inverse[size_t(perm[d])] = int64_t(d);
        copy = kiln::permute(kiln::contiguous(kiln::clone(kiln::permute(t.detach(), perm))), inverse);
    }
    // Strides of size-1 dims address nothing, so a tensor may carry any there (a Linear weight's
    // (1, 4) gradient made by a transpose has strides (1, 1)); contiguous copies reset them to
    // (4, 1). PyTorch's fake tensor keeps the input's strides, and its TENSOR_MATCH guard checks
    // them: a guard built from the copy failed on every later call (a recompile per optimizer step).
    if (copy.sizes() == t.sizes() && copy.strides() != t.strides()) {
        bool same_layout = true;
        for (int64_t d = 0; d < t.dim(); ++d)
            if (t.size(d) != 1 && t.stride(d) != copy.stride(d)) same_layout = false;
        if (same_layout) copy = kiln::as_strided(copy, t.sizes(), t.strides(), 0);
    }
    if (t.requires_grad()) copy.requires_grad_(true);
    // A parameter's copy is a Parameter too: the backend's example inputs are the frame's values in
    // PyTorch (GraphArg.example), so their classes show (['Parameter', 'Tensor', ...]).
    n->example = vm::type_of(v) == vm::types().parameter ? vm::Value(vm::make<vm::TensorObj>(vm::types().parameter, copy).get())
                                                          : vm::wrap_tensor(copy);
    VarP var = Var::tensor(n.get(), n->example);
    var->source = source;
    var->value = v;  // the program's tensor (mark_dynamic reads its attributes)
    var->lazy = true;
    lazy_nodes_[n.get()] = n;
    inputs_by_impl_[t.impl()] = var;
    // Module parameters and buffers become inputs when read; frame locals (and what hangs off
    // them) when an operation first uses them, which orders placeholders as PyTorch does.
    if (source->kind == Source::Kind::Attr) realize(var);
    return var;
}

void Translator::insert_placeholder(const vm::Ref<FxNode>& n, const SourceP& source) {
    // An input first used inside a torch.cond branch is still an input of the frame's graph (the
    // branch lifts it from there).
    FxGraph& gr = root_graph();
    size_t at = 0;
    while (at < gr.nodes.size() && gr.nodes[at]->op == FxOp::Placeholder) ++at;
    gr.nodes.insert(gr.nodes.begin() + long(at), n);
    out_.inputs.push_back({n.get(), source});
}

namespace {
vm::Type* symint_type() {
    static vm::Type* t = [] {
        vm::Type* t = vm::make_builtin_type("SymInt", vm::types().object, Kind::Instance, "torch");
        auto name = [](vm::Interpreter&, const vm::CallArgs& a) { return *vm::as_instance(a.args[0])->dict.find("name"); };
        auto hint = [](vm::Interpreter&, const vm::CallArgs& a) { return *vm::as_instance(a.args[0])->dict.find("hint"); };
        vm::def_method(t, "__repr__", name);
        vm::def_method(t, "__str__", name);
        vm::def_method(t, "__int__", hint);
        vm::def_method(t, "__index__", hint);
        return t;
    }();
    return t;
}

Value symint_object(const std::string& name, int64_t hint) {
    auto o = vm::make<vm::Instance>(symint_type());
    o->dict.set("name", vm::new_str(name));
    o->dict.set("hint", Value::integer(hint));
    return Value(o.get());
}

// The (id, hook) entries of one of a module's hook dicts (torch/nn/modules/module.py), in order.
std::vector<std::pair<Value, Value>> module_hooks(vm::Interpreter& in, const Value& module, const char* name) {
    std::vector<std::pair<Value, Value>> out;
    Value d = vm::getattr_or_null(in, module, name);
    if (!d.is_null() && d.is(Kind::Dict)) d.get<vm::Dict>()->for_each([&](const Value& k, const Value& v) { out.push_back({k, v}); });
    return out;
}
}  // namespace

VarP Translator::new_symbol(const std::string& name, const SourceP& source, int64_t hint, bool lazy) {
    // A size symbol is its own input (s0); a dynamic int input is named after its source (L_n_).
    vm::Ref<FxNode> n = placeholder_for(*source, source->kind == Source::Kind::Size ? name : "");
    n->is_symint = true;
    n->example = symint_object(n->name, hint);
    auto var = Var::of_kind(Var::K::SymInt, Value::integer(hint), source);
    var->node = n.get();
    var->symbol = int(symbols_.size());
    symbols_.push_back({n->name, source, hint, var});
    lazy_nodes_[n.get()] = n;
    var->lazy = true;
    if (!lazy) realize(var);
    return var;
}

// Which dims of an input become symbolic in this compile: the ones automatic dynamic shapes saw
// change (or all, with dynamic=True, or those marked with torch._dynamo.mark_dynamic), except the
// sizes 0 and 1, which are always specialized.
std::vector<bool> Translator::dynamic_dims(const Tensor& t, const SourceP& source, const Value& obj, std::vector<bool>* marked_out) {
    const size_t rank = size_t(t.dim());
    std::vector<bool> dyn(rank, false);
    if (marked_out) marked_out->assign(rank, false);
    if (opt_.dynamic == "False" || !opt_.frame_state || source->is_global_rooted()) return dyn;
    auto& state = opt_.frame_state->tensors;
    const std::string key = source->str();
    auto it = state.find(key);
    if (opt_.dynamic == "True") {
        std::fill(dyn.begin(), dyn.end(), true);
    } else if (opt_.frame_state->ints.count(key) || opt_.frame_state->floats.count(key)) {
        // The source held a number on an earlier compile: PyTorch's frame-state entry of a scalar
        // has size=auto_dynamic, so a tensor there after it is dynamic in every dim.
        std::fill(dyn.begin(), dyn.end(), true);
        opt_.frame_state->ints.erase(key);
        opt_.frame_state->floats.erase(key);
    } else if (it != state.end()) {
        if (it->second.size() != rank) std::fill(dyn.begin(), dyn.end(), true);
        else
            for (size_t d = 0; d < rank; ++d) dyn[d] = !it->second[d] || *it->second[d] != t.size(int64_t(d));
    }
    if (auto* o = obj.as<vm::TensorObj>())
        if (const Value* marked = o->attrs.find("_dynamo_dynamic_indices"))
            if (auto* l = marked->as<vm::List>())
                for (const Value& d : l->items)
                    if (d.is_int() && d.as_int() >= 0 && size_t(d.as_int()) < rank) {
                        dyn[size_t(d.as_int())] = true;
                        if (marked_out) (*marked_out)[size_t(d.as_int())] = true;
                    }
    if (auto* o = obj.as<vm::TensorObj>())
        if (const Value* marked = o->attrs.find("_dynamo_static_indices"))
            if (auto* l = marked->as<vm::List>())
                for (const Value& d : l->items)
                    if (d.is_int() && d.as_int() >= 0 && size_t(d.as_int()) < rank) dyn[size_t(d.as_int())] = false;
    std::vector<std::optional<int64_t>> rec(rank);
    for (size_t d = 0; d < rank; ++d)
        if (!dyn[d]) rec[d] = t.size(int64_t(d));
    state[key] = rec;
    for (size_t d = 0; d < rank; ++d) dyn[d] = dyn[d] && t.size(int64_t(d)) >= 2;
    return dyn;
}

void Translator::realize_lazy_item(const VarP& var) {
    var->lazy = false;
    --lazy_items_;
    const SourceP source = var->source;
    const Value v = var->value;
    by_source_.erase(source->str());
    VarP w = wrap(v, source);
    if (w.get() != var.get()) {
        *var = *w;
        if (var->symbol >= 0 && size_t(var->symbol) < symbols_.size()) symbols_[size_t(var->symbol)].var = var;
    }
    by_source_[source->str()] = var;
}

void Translator::realize_items(const VarP& v, int depth) {
    if (!v || lazy_items_ == 0 || depth > 8) return;
    if (v->kind == Var::K::Constant) {
        if (v->lazy) realize_lazy_item(v);
        return;
    }
    switch (v->kind) {
        case Var::K::Tuple:
        case Var::K::List:
        case Var::K::Dict:
        case Var::K::Iterator:
        case Var::K::Slice:
            for (size_t k = 0; k < v->items.size(); ++k) realize_items(v->items[k], depth + 1);
            break;
        case Var::K::Method: realize_items(v->self, depth + 1); break;
        default: break;
    }
    if (v->dict_part) realize_items(v->dict_part, depth + 1);
}

void Translator::realize_call_args(const VarP& callable, std::vector<VarP>& args) {
    enum { None, Shallow, Deep } mode = Deep;
    switch (callable->kind) {
        case Var::K::Function:
        case Var::K::Nested: mode = None; break;
        case Var::K::Type: {
            auto* t = callable->value.as<vm::Type>();
            if (t && !t->builtin) mode = None;
            else if (same(callable->value, Value(T().list)) || same(callable->value, Value(T().tuple))) mode = Shallow;
            break;
        }
        case Var::K::Builtin: {
            const Value* len = in_.builtins().find("len");
            const Value* isinst = in_.builtins().find("isinstance");
            const Value* type = in_.builtins().find("type");
            for (const Value* b : {len, isinst, type})
                if (b && same(callable->value, *b)) mode = Shallow;
            break;
        }
        case Var::K::Method: {
            if (callable->value.is(Kind::Function)) mode = None;  // a user method, inlined
            else if (callable->self && callable->self->kind == Var::K::List &&
                     (callable->method == "append" || callable->method == "insert" || callable->method == "extend" ||
                      callable->method == "copy" || callable->method == "pop"))
                mode = None;
            if (mode != None) realize_items(callable->self);
            break;
        }
        default: break;
    }
    if (mode == None) return;
    for (VarP& x : args) {
        if (mode == Shallow) {
            if (x->lazy && x->is_constant()) realize(x);
        } else {
            realize_items(x);
        }
    }
}

void Translator::realize(const VarP& var) {
    if (!var->lazy) return;
    if (var->kind == Var::K::Constant) {
        realize_lazy_item(var);
        return;
    }
    var->lazy = false;
    if (var->is_symint() && var->tensor_of) {
        insert_placeholder(lazy_nodes_[var->tensor_of->node], var->tensor_of->source);
        var->node = call_tensor_method_item(var->tensor_of)->node;
        return;
    }
    if (var->is_symint()) {
        if (var->source->kind != Source::Kind::Size) guard(Guard::Kind::TypeMatch, var->source).value = Value(T().int_);
        insert_placeholder(lazy_nodes_[var->node], var->source);
        realized_.push_back(var);
        return;
    }
    const Tensor& t = var->example.get<vm::TensorObj>()->tensor;
    std::vector<bool> marked;
    std::vector<bool> dyn = dynamic_dims(t, var->source, var->value, &marked);
    var->sym_sizes.assign(size_t(t.dim()), nullptr);
    for (size_t d = 0; d < dyn.size(); ++d) {
        if (!dyn[d]) continue;
        SourceP ss = Source::size(var->source, int64_t(d));
        int64_t size = t.size(int64_t(d));
        // Duck sizing: a size equal to an existing size symbol's shares it (and is guarded equal).
        // (Only with dynamic=True: automatic dynamic and mark_dynamic give each dim its own symbol.)
        const Symbol* shared = nullptr;
        if (opt_.dynamic == "True")
            for (const Symbol& sym : symbols_)
                if (sym.source->kind == Source::Kind::Size && sym.hint == size) shared = &sym;
        if (shared) {
            Guard& g = guard(Guard::Kind::SymSize, ss);
            g.other = shared->source;
            var->sym_sizes[d] = shared->var;
        } else {
            guard(Guard::Kind::SymSize, ss);
            var->sym_sizes[d] = new_symbol("s" + std::to_string(symbol_id(ss->str())), ss, size, false);
            symbols_.back().marked = marked[d];
        }
    }
    Guard& g = guard(Guard::Kind::TensorMatch, var->source);
    g.value = Value(vm::type_of(var->value.is(Kind::Tensor) ? var->value : var->example));
    g.dtype = t.dtype();
    g.device = t.device();
    g.requires_grad = t.requires_grad();
    g.sizes = t.sizes();
    g.strides = t.strides();
    g.dynamic = dyn;
    g.contiguous = t.is_contiguous();
    for (const VarP& other : realized_) {
        if (other->is_tensor() && other->source->kind != Source::Kind::Attr && var->source->kind != Source::Kind::Attr) {
            Guard& a = guard(Guard::Kind::NoAliasing, other->source);
            a.other = var->source;
        }
    }
    insert_placeholder(lazy_nodes_[var->node], var->source);
    realized_.push_back(var);
}

// PyTorch 2.11's is_int_specialization_case (torch/_dynamo/utils.py): an int read from a global,
// or reached through an nn.Module (its attributes, its submodules' attributes, plain objects the
// module holds: the guard source of every such chain is the module's, and
// allow_unspec_int_on_nn_module is off by default), is a constant guarded by value. Other ints from
// the frame (a local, an item of a local list or dict, an attribute of a plain object passed in) go
// through wrap_symint: static first, a SymInt once a recompile sees the value change.
// A global of another module read by an inlined callee (a helper of an imported module, torch's own
// Python: torch.backends.mha.get_fastpath_enabled reading _is_fastpath_enabled). PyTorch's
// get_global_source reaches it through the module, which import_source puts in the compiled
// frame's globals as `__import_<name with . as _dot_>`: G['__import_torch_dot_backends_dot_mha']._is_fastpath_enabled.
// Kiln gives such a source to the plain constants (None, bool, int, float, str) the trace
// specializes on, so that a changed flag or constant fails a guard and recompiles instead of
// running a stale graph; functions, classes and modules of other modules stay specialized without
// a source (Kiln inlines many torch functions PyTorch keeps in C++, whose module reads would add
// guards PyTorch does not have). A module without a __name__ has no source either. Lists and dicts get
// one too: a mutation of one (a hook of another module appending to its module's list) is replayed on
// the real object after the graph, which needs the source to reach it (PyTorch's side effects do the same).
SourceP Translator::foreign_global_source(vm::ModuleObj* globals, const std::string& name, const Value& v) {
    if (!real_ || !globals ||
        !(v.is_none() || v.is_bool() || v.is_int() || v.is_float() || v.is(Kind::Str) ||
          (v.is(Kind::List) && vm::type_of(v) == T().list) || (v.is(Kind::Dict) && vm::type_of(v) == T().dict)))
        return nullptr;
    SourceP m = foreign_module_source(globals);
    return m ? Source::attr(m, name) : nullptr;
}

// The module `globals` belongs to as a global of the compiled frame: import_source's
// `__import_<name with . as _dot_>`, put into the frame's globals on first use.
SourceP Translator::foreign_module_source(vm::ModuleObj* globals) {
    if (!real_ || !globals) return nullptr;
    const Value* mod_name = globals->dict.find("__name__");
    if (!mod_name || !mod_name->is(Kind::Str)) return nullptr;
    std::string alias = "__import_";
    for (char c : mod_name->get<vm::Str>()->s) alias += c == '.' ? std::string("_dot_") : std::string(1, c);
    Value* have = real_->globals->dict.find(alias);
    if (have && !(have->is_obj() && have->obj() == globals)) return nullptr;  // the name is the program's own
    if (!have) real_->globals->dict.set(alias, Value(globals));
    return Source::global(alias);
}

// PyTorch 2.11's wrap_symfloat (specialize_float=False): a float from the frame is a constant
// until a recompile sees it change, then a 0-d float64 input, wherever it comes from: a local, a
// global, a plain object's or an nn.Module's attribute (unlike ints, which stay constants on
// modules: allow_unspec_int_on_nn_module is off). NaN and infinities stay specialized (the shape
// environment's guards cannot express them).
bool Translator::float_specialization_case(double v) const { return std::isnan(v) || std::isinf(v); }

bool Translator::int_specialization_case(const SourceP& source) const {
    if (source->is_global_rooted()) return true;
    for (const Source* p = source->base.get(); p; p = p->base.get()) {
        if (p->kind == Source::Kind::Attr && !p->via.empty()) return true;  // _modules/_parameters/_buffers
        auto it = by_source_.find(p->str());
        if (it != by_source_.end() && it->second->kind == Var::K::NNModule) return true;
    }
    return false;
}

bool Translator::frame_state_float_changed(const SourceP& source, double v) {
    auto& state = opt_.frame_state->floats;
    auto it = state.find(source->str());
    bool dyn = (it != state.end() && (!it->second || *it->second != v)) ||
               opt_.frame_state->scalar_after_other(source->str(), v, /*is_float=*/true);
    state[source->str()] = dyn ? std::nullopt : std::optional<double>(v);
    return dyn;
}

// x.item() recorded in the graph, its result a symbolic (float) value.
VarP Translator::call_tensor_method_item(const VarP& t) {
    Value r = vm::getattr(in_, t->example, "item");
    Value val = in_.call(r, {});
    FxNode* node = out_.graph->add(FxOp::CallMethod, "item");
    node->target = vm::new_str("item");
    node->target_name = "item";
    node->args = vm::new_tuple({Value(t->node)});
    node->example = val;
    node->stack = user_stack();
    auto v = Var::of_kind(Var::K::SymInt, val);
    v->node = node;
    return v;
}

std::vector<VarP> Translator::sizes_of(const VarP& t) {
    realize(t);
    const Tensor& x = t->example.get<vm::TensorObj>()->tensor;
    std::vector<VarP> out;
    for (int64_t d = 0; d < x.dim(); ++d) {
        if (size_t(d) < t->sym_sizes.size() && t->sym_sizes[size_t(d)]) {
            out.push_back(t->sym_sizes[size_t(d)]);
            continue;
        }
        // A computed tensor's size is the symbol whose value it has (Kiln's simplification of
        // symbolic shape propagation: sizes are matched by value, sizes 0 and 1 stay static).
        VarP v;
        if (t->sym_sizes.empty() && x.size(d) >= 2)
            for (const Symbol& sym : symbols_)
                if (sym.source->kind == Source::Kind::Size && sym.hint == x.size(d)) v = sym.var;
        out.push_back(v ? v : Var::constant(Value::integer(x.size(d))));
    }
    return out;
}

VarP Translator::shape_of(const VarP& t) {
    auto sizes = sizes_of(t);
    if (std::all_of(sizes.begin(), sizes.end(), [](const VarP& v) { return v->is_constant(); }))
        return Var::constant(vm::getattr(in_, t->example, "shape"));
    // PyTorch records a `size` call_method here and drops it as dead code once the sizes are read
    // from its symbols: the name is used up all the same (the next size node is size_1).
    out_.graph->take_name("size");
    return Var::tuple(sizes, T().size);
}

VarP Translator::wrap(const Value& v, const SourceP& source) {
    if (source) {
        auto it = by_source_.find(source->str());
        if (it != by_source_.end()) return it->second;
    }
    VarP out;
    if (v.is(Kind::Tensor)) {
        out = wrap_tensor_input(v, source);
    } else if (v.is_none()) {
        out = Var::constant(v, source);
        if (source) guard(Guard::Kind::NoneMatch, source);
    } else if (v.is_int() && source && !int_specialization_case(source) && opt_.dynamic != "False" && opt_.frame_state) {
        // Automatic dynamic ints: specialized until the value changes, then a SymInt input.
        auto& state = opt_.frame_state->ints;
        const std::string key = source->str();
        auto it = state.find(key);
        bool dyn = opt_.dynamic == "True" || (it != state.end() && (!it->second || *it->second != v.as_int())) ||
                   opt_.frame_state->scalar_after_other(key, double(v.as_int()), /*is_float=*/false);
        state[key] = dyn ? std::nullopt : std::optional<int64_t>(v.as_int());
        if (dyn) {
            out = new_symbol("", source, v.as_int(), true);
        } else {
            out = Var::constant(v, source);
            guard(Guard::Kind::EqualsMatch, source).value = v;
        }
    } else if (v.is_float() && source && !float_specialization_case(v.as_float()) && opt_.dynamic != "False" &&
               opt_.frame_state && frame_state_float_changed(source, v.as_float())) {
        // A float input that changed (PyTorch 2.11, specialize_float=False): the graph takes it
        // as a 0-d float64 tensor and reads it back with .item(). A global's attribute or item
        // (an LR scheduler's `sched.lr`, `cfg["lr"]`) too: G_sched_lr.
        guard(Guard::Kind::TypeMatch, source).value = Value(T().float_);
        vm::Ref<FxNode> n = placeholder_for(*source);
        n->example = vm::wrap_tensor(kiln::scalar_tensor(Scalar(v.as_float()), DType::Float64));
        lazy_nodes_[n.get()] = n;
        VarP t = Var::tensor(n.get(), n->example);
        t->source = Source::tensorify(source);
        // The placeholder and its .item() enter the graph only if an operation uses the value
        // (a branch on it is decided and guarded without it).
        out = Var::of_kind(Var::K::SymInt, v, source);
        out->tensor_of = t;
        out->lazy = true;
    } else if (is_plain_constant(v) && !(source && v.is(Kind::Tuple) && vm::type_of(v) == T().tuple)) {
        out = Var::constant(v, source);
        if (source && (v.is_bool() || v.is_int() || v.is_float() || v.is(Kind::Str) || v.is(Kind::Tuple))) {
            guard(Guard::Kind::EqualsMatch, source).value = v;
        }
    } else if ((v.is(Kind::List) || v.is(Kind::Dict)) && source && by_object_.count(v.obj())) {
        out = by_object_[v.obj()];
        if (out->source) guard(Guard::Kind::DuplicateInput, source).other = out->source;
        by_source_[source->str()] = out;  // one guard however often this source is read
        return out;
    } else if (v.is(Kind::List) || (v.is(Kind::Tuple) && (vm::type_of(v) == T().tuple ||
                                                          vm::type_of(v)->module == "torch.return_types"))) {
        // torch.return_types.* (an op run eagerly at a graph break, such as torch.linalg.eigh, hands
        // its namedtuple to the resume function) are tuples whose fields name their items.
        const auto& items = v.is(Kind::List) ? v.get<vm::List>()->items : v.get<vm::Tuple>()->items;
        if (source) {
            Guard& g = guard(Guard::Kind::SequenceLength, source);
            g.length = int64_t(items.size());
            g.value = Value(vm::type_of(v));
        }
        std::vector<VarP> vs;
        for (size_t i = 0; i < items.size(); ++i) {
            SourceP is = source ? Source::item(source, Value::integer(int64_t(i))) : nullptr;
            const Value& x = items[i];
            // wrap_listlike's items are LazyVariableTrackers: a scalar constant (or a plain tuple of
            // them) is guarded only when read. Tensors are lazy already (wrap_tensor_input); other
            // objects are wrapped now.
            if (is && (x.is_none() || x.is_bool() || x.is_int() || x.is_float() || x.is(Kind::Str) ||
                       (x.is(Kind::Tuple) && vm::type_of(x) == T().tuple && is_plain_constant(x))) &&
                !by_source_.count(is->str())) {
                VarP lv = Var::constant(x, is);
                lv->lazy = true;
                ++lazy_items_;
                by_source_[is->str()] = lv;
                vs.push_back(lv);
                continue;
            }
            vs.push_back(wrap(x, is));
        }
        out = v.is(Kind::List) ? Var::list(std::move(vs)) : Var::tuple(std::move(vs));
        if (v.is(Kind::Tuple) && vm::type_of(v) != T().tuple) out->seq_type = vm::type_of(v);
        out->source = source;
    } else if (auto* d = v.as<vm::Dict>()) {
        out = Var::make();
        out->kind = Var::K::Dict;
        out->source = source;
        if (source) guard(Guard::Kind::DictKeys, source).keys = d->keys();
        d->for_each([&](const Value& key, const Value& val) {
            out->keys.push_back(key);
            SourceP s = source && (key.is(Kind::Str) || key.is_int()) ? Source::item(source, key) : nullptr;
            out->items.push_back(wrap(val, s));
        });
    } else if (v.is(Kind::Function)) {
        out = Var::of_kind(Var::K::Function, v, source);
        if (source) guard(Guard::Kind::IdMatch, source).value = v;
    } else if (v.is(Kind::Builtin) || v.is(Kind::BoundMethod)) {
        out = Var::of_kind(Var::K::Builtin, v, source);
        // A method taken earlier from an object Kiln's Dynamo does not model (`opt_step = opt.step`,
        // called in the frame) is that object's method call, as `opt.step()` is (PyTorch wraps it as
        // the bound method of a user object): inlined or run eagerly at a break, never called while
        // tracing as a constant (which stepped the optimizer one extra time per compiled call).
        Value self;
        std::string name;
        if (auto* b = v.as<vm::Builtin>()) {
            self = b->self;
            name = b->name;
        } else if (auto* bm = v.as<vm::BoundMethod>()) {
            self = bm->self;
            if (auto* f = bm->func.as<vm::Function>()) name = f->name;
            else if (auto* fb = bm->func.as<vm::Builtin>()) name = fb->name;
        }
        if (self.is_obj() && !name.empty()) {
            VarP owner = wrap(self, source ? Source::attr(source, "__self__") : nullptr);
            auto* bm = v.as<vm::BoundMethod>();
            if (bm && bm->func.is(Kind::Function) &&
                (owner->kind == Var::K::NNModule || (owner->kind == Var::K::Object && !owner->opaque))) {
                // The bound method of a module or user object (a hook registered as `self.note`):
                // PyTorch's UserMethodVariable, inlined with its receiver reached through `__self__`.
                out = Var::of_kind(Var::K::Method, bm->func, source);
                out->self = owner;
                out->method = name;
                if (source) by_source_[source->str()] = out;
                return out;
            }
            if ((owner->kind == Var::K::List || owner->kind == Var::K::Dict) && (self.is(Kind::List) || self.is(Kind::Dict))) {
                // `xs.append` saved on the stack at a graph break (the resume function gets the bound
                // method): a method of the list's tracker, so the call mutates the tracker and is
                // replayed, never run on the real list while tracing.
                out = Var::of_kind(Var::K::Method, Value());
                out->self = owner;
                out->method = name.substr(name.rfind('.') == std::string::npos ? 0 : name.rfind('.') + 1);
            } else if (owner->opaque) {
                out->opaque = true;
                out->self = owner;
                out->method = vm::type_name(self) + "." + name;
            }
        }
    } else if (v.is(Kind::Type)) {
        out = Var::of_kind(Var::K::Type, v, source);
        if (source && !v.get<vm::Type>()->builtin) guard(Guard::Kind::IdMatch, source).value = v;
    } else if (v.is(Kind::Module)) {
        out = Var::of_kind(Var::K::PyModule, v, source);
    } else if (vm::isinstance(v, T().nn_module)) {
        out = Var::of_kind(Var::K::NNModule, v, source);
        if (source) guard(Guard::Kind::TypeMatch, source).value = Value(vm::type_of(v));
    } else if (v.is(Kind::Instance) && is_nullcontext_class(Value(vm::type_of(v))) &&
               vm::getattr(in_, v, "enter_result").is_none()) {
        // A nullcontext made outside the frame with no enter_result: entered as one made inside
        // (guarded by type). VariableBuilder makes a NullContextVariable only for that form; one
        // carrying an enter_result is an ordinary user object, as below.
        out = Var::of_kind(Var::K::NullContext, Value(), source);
        out->items.push_back(Var::constant(Value::none()));
        if (source) guard(Guard::Kind::TypeMatch, source).value = Value(vm::type_of(v));
    } else if (v.is(Kind::Instance) || v.is(Kind::Exception)) {
        out = Var::of_kind(Var::K::Object, v, source);
        if (source) guard(Guard::Kind::TypeMatch, source).value = Value(vm::type_of(v));
    } else if (same(Value(vm::type_of(v)), k_.autocast)) {
        // An autocast object made outside the frame (VariableBuilder's AutocastModeVariable): its
        // device, resolved dtype and flags are the target values; the object is guarded by identity.
        out = Var::of_kind(Var::K::Autocast, Value(), source);
        for (const char* a : {"device", "fast_dtype", "_enabled", "_cache_enabled"})
            out->items.push_back(Var::constant(vm::getattr(in_, v, a)));
        if (source) guard(Guard::Kind::IdMatch, source).value = v;
    } else if (vm::type_name(v) == "no_grad" || vm::type_name(v) == "enable_grad" || vm::type_name(v) == "autocast") {
        out = Var::of_kind(Var::K::Object, v, source);
    } else if (v.is_obj() && !v.is(Kind::Tensor) && !v.is(Kind::Tuple) && !v.is(Kind::List)) {
        // Any other object (an optimizer, a GradScaler...) is opaque, as PyTorch's
        // UserDefinedObjectVariable: the graph breaks where the frame uses it (calls a method), and
        // that call runs eagerly. Breaking where it is merely loaded would make the resume
        // function start with the same load and break there again, forever.
        out = Var::of_kind(Var::K::Object, v, source);
        out->opaque = true;
        if (source) guard(Guard::Kind::TypeMatch, source).value = Value(vm::type_of(v));
    } else {
        unsupported("Unsupported Python value", "Dynamo (Kiln) does not know how to trace a value of type '" +
                                                    vm::type_name(v) + "' in the captured region.",
                    {"Move this value out of the compiled function, or compute it outside."}, "gb0000",
                    "type: " + vm::type_name(v));
    }
    if (source && out->kind != Var::K::Tensor) by_source_[source->str()] = out;
    if (source && (v.is(Kind::List) || v.is(Kind::Dict)) && (out->kind == Var::K::List || out->kind == Var::K::Dict))
        by_object_[v.obj()] = out;
    return out;
}

VarP Translator::wrap_result(const Value& v, FxNode* node) {
    if (v.is(Kind::Tensor)) return Var::tensor(node, v);
    if (auto* t = v.as<vm::Tuple>()) {
        // Tensors, and Nones for outputs not asked for (MultiheadAttention's weights).
        bool tensors = std::any_of(t->items.begin(), t->items.end(), [](const Value& x) { return x.is(Kind::Tensor); }) &&
                       std::all_of(t->items.begin(), t->items.end(),
                                   [](const Value& x) { return x.is(Kind::Tensor) || x.is_none(); });
        if (tensors) {
            // One getitem node per tensor element, as Dynamo unpacks multi-output ops.
            std::vector<VarP> items;
            for (size_t i = 0; i < t->items.size(); ++i) {
                if (t->items[i].is_none()) {
                    items.push_back(Var::constant(t->items[i]));
                    continue;
                }
                FxNode* g = out_.graph->add(FxOp::CallFunction, "getitem");
                g->target = k_.ops["operator.getitem"];
                g->target_name = "operator.getitem";
                g->args = vm::new_tuple({Value(node), Value::integer(int64_t(i))});
                g->example = t->items[i];
                g->stack = user_stack();
                items.push_back(Var::tensor(g, t->items[i]));
            }
            return Var::tuple(std::move(items), vm::type_of(v));
        }
    }
    if (is_plain_constant(v)) return Var::constant(v);
    unsupported("Unsupported output of a tensor operation",
                "The operation returned a value of type '" + vm::type_name(v) + "' that Kiln's Dynamo cannot track.",
                {"Return tensors from operations inside the compiled region."}, "gb0000");
}

// ---- graph building -----------------------------------------------------------------------------------------

Value Translator::example_of(const VarP& v) {
    switch (v->kind) {
        case Var::K::Tensor: realize(v); return v->example;
        case Var::K::SymInt: realize(v); return v->value;
        case Var::K::Tuple:
        case Var::K::List: {
            std::vector<Value> items;
            for (const VarP& x : v->items) items.push_back(example_of(x));
            if (v->kind == Var::K::List) return vm::new_list(std::move(items));
            if (v->seq_type && v->seq_type != T().tuple) return Value(vm::make<vm::Tuple>(v->seq_type, std::move(items)).get());
            return vm::new_tuple(std::move(items));
        }
        case Var::K::Slice:
            return Value(vm::make<vm::Slice>(example_of(v->items[0]), example_of(v->items[1]), example_of(v->items[2])).get());
        case Var::K::Dict: {
            auto d = vm::make<vm::Dict>();
            for (size_t i = 0; i < v->keys.size(); ++i) d->set(v->keys[i], example_of(v->items[i]));
            return Value(d.get());
        }
        case Var::K::Null: return Value();
        case Var::K::NewObject:
            // There is no real object to hand to native code while tracing.
            unsupported("Unsupported use of a new object",
                        "Kiln's Dynamo cannot pass an object made in the compiled region to native code while tracing.",
                        {"Create the object outside the compiled function and pass it in."}, "gb0000",
                        "class: " + v->value.get<vm::Type>()->name);
        default: return v->value;
    }
}

Value Translator::example_args(const std::vector<VarP>& vs) {
    std::vector<Value> out;
    for (const VarP& v : vs) out.push_back(example_of(v));
    return vm::new_tuple(std::move(out));
}

Value Translator::arg_value(const VarP& v) {
    switch (v->kind) {
        case Var::K::Tensor: realize(v); return Value(v->node);
        case Var::K::SymInt: realize(v); return Value(v->node);
        case Var::K::Tuple:
        case Var::K::List: {
            std::vector<Value> items;
            for (const VarP& x : v->items) items.push_back(arg_value(x));
            if (v->kind == Var::K::List) return vm::new_list(std::move(items));
            if (v->seq_type == T().size) {
                // A size with symbolic items is a node of its own, `size = torch.Size([2, s87, 48])`, as
                // SizeVariable.as_proxy makes one (torch.Size holds no proxies); constant sizes are
                // plain tuples in the graph.
                if (std::all_of(v->items.begin(), v->items.end(), [](const VarP& x) { return x->is_constant(); }))
                    return vm::new_tuple(std::move(items));
                std::vector<Value> ex;
                for (const VarP& x : v->items) ex.push_back(example_of(x));
                FxNode* node = out_.graph->add(FxOp::CallFunction, "size");
                node->target = Value(T().size);
                node->target_name = "torch.Size";
                node->args = vm::new_tuple({vm::new_list(std::move(items))});
                node->example = Value(vm::make<vm::Tuple>(T().size, std::move(ex)).get());
                node->stack = user_stack();
                return Value(node);
            }
            if (v->seq_type && v->seq_type != T().tuple) return Value(vm::make<vm::Tuple>(v->seq_type, std::move(items)).get());
            return vm::new_tuple(std::move(items));
        }
        case Var::K::Slice:
            return Value(vm::make<vm::Slice>(arg_value(v->items[0]), arg_value(v->items[1]), arg_value(v->items[2])).get());
        case Var::K::Constant:
            // A constant torch.Size is a plain tuple in the graph: `x.view((2, 5, 48))`.
            if (v->value.as<vm::Tuple>() && vm::type_of(v->value) == T().size)
                return vm::new_tuple(v->value.as<vm::Tuple>()->items);
            return v->value;
        case Var::K::Builtin:
        case Var::K::Type:
        case Var::K::PyModule: return v->value;
        default:
            unsupported("Unsupported argument to a tensor operation",
                        "A value Kiln's Dynamo tracks as an object was passed to a tensor operation.",
                        {"Pass tensors or Python constants to tensor operations."}, "gb0000");
    }
}

Value Translator::node_args(const std::vector<VarP>& vs) {
    std::vector<Value> out;
    for (const VarP& v : vs) out.push_back(arg_value(v));
    return vm::new_tuple(std::move(out));
}

VarP Translator::record(FxOp op, const Value& target, const std::string& target_name, const std::string& base,
                        const std::vector<VarP>& args, const std::vector<std::pair<std::string, VarP>>& kwargs,
                        const kiln::Function<Value()>& compute) {
    Value args_v = node_args(args);
    std::vector<std::pair<std::string, Value>> kw;
    for (const auto& [n, v] : kwargs) kw.push_back({n, arg_value(v)});
    Value result;
    try {
        MetaScope meta(opt_.meta_examples);  // only sizes, strides and dtypes are needed
        result = compute();
    } catch (vm::PyError& e) {
        if (!unchecked_dtype_example(op, target, target_name, args, kwargs, e, result))
            fake_call_failed(op, target, target_name, args, kwargs, e, compute);
    } catch (const kiln::Error& err) {
        // A kernel's check (the engine's error, which the VM turns into the Python exception).
        if (err.kind() == ErrorKind::MemoryError || err.kind() == ErrorKind::RecursionError) throw;
        vm::PyError e(vm::exception_from_error(err));
        if (!unchecked_dtype_example(op, target, target_name, args, kwargs, e, result)) {
            try {
                throw e;
            } catch (vm::PyError& pe) {
                fake_call_failed(op, target, target_name, args, kwargs, pe, compute);
            }
        }
    }
    // A graph node costs more of the translation budget than an instruction: a loop that records
    // one op per few instructions (`while True: x = x + 1`) gives up after ~15k nodes, not ~33k,
    // while real models (a ResNet-152 is ~1.5k nodes) stay far below the budget.
    steps_ += kNodeCost;
    FxNode* n = out_.graph->add(op, base);
    n->target = target;
    n->target_name = target_name;
    n->args = args_v;
    n->kwargs = std::move(kw);
    n->example = result;
    n->stack = user_stack();
    return wrap_result(result, n);
}

const std::vector<std::string>& user_error_hints();  // the torch.cond section's, below

namespace {
// str(node.target) of the FX node whose fake-tensor run failed, as PyTorch's run_node prints it: a
// method's name, a C builtin of `operator` or torch._C._nn as `<built-in function NAME>`, a function of
// torch's C bindings as a method of torch._C._VariableFunctions (`<built-in method cat of type object
// at 0x...>`), a Python function (torch.functional's, torch.nn.functional's) as `<function NAME at 0x...>`.
std::string fake_call_target_str(FxOp op, const std::string& target_name) {
    if (op != FxOp::CallFunction) return target_name;
    const std::string base = target_name.substr(target_name.rfind('.') + 1);
    auto starts = [&](const char* p) { return target_name.rfind(p, 0) == 0; };
    static const std::set<std::string> python_in_torch = {
        "atleast_1d", "atleast_2d", "atleast_3d", "block_diag", "broadcast_shapes", "broadcast_tensors",
        "cartesian_prod", "cdist", "chain_matmul", "einsum", "lu", "meshgrid", "norm", "split", "stft", "istft",
        "tensordot", "unique", "unique_consecutive", "unravel_index", "align_tensors"};
    const char* addr = " at 0x7f5a3c2b1e40>";
    if (starts("operator.") || starts("torch._C._nn.") || starts("torch._C._")) return "<built-in function " + base + ">";
    if (starts("torch.nn.functional.")) return "<function " + base + addr;
    if (starts("torch.") && target_name.find('.', 6) == std::string::npos) {
        if (python_in_torch.count(base)) return "<function " + base + addr;
        return "<built-in method " + base + " of type object" + addr;
    }
    if (starts("torch.")) return "<built-in function " + base + ">";
    return "<function " + base + addr;
}

// A value as the failed node's message shows it: tensors as FakeTensor reprs (torch/_tensor_str.py's
// meta form: device when not the CPU, size, dtype when not the default, grad_fn or requires_grad; a
// Parameter wrapped as Parameter(...)), containers item by item, the rest by repr().
std::string fake_call_value_repr(vm::Interpreter& in, const Value& v) {
    if (auto* t = v.as<vm::TensorObj>()) {
        const Tensor& x = t->tensor;
        std::string s = "FakeTensor(..., ";
        if (x.device() != Device::CPU) s += "device='" + vm::to_str(in, vm::getattr(in, v, "device")) + "', ";
        s += "size=(";
        for (int64_t d = 0; d < x.dim(); ++d) s += (d ? ", " : "") + std::to_string(x.size(d));
        s += x.dim() == 1 ? ",)" : ")";
        if (x.dtype() != DType::Float32) s += ", dtype=" + vm::repr(in, vm::getattr(in, v, "dtype"));
        Value gf = vm::getattr_or_null(in, v, "grad_fn");
        if (!gf.is_null() && !gf.is_none()) s += ", grad_fn=<" + vm::type_name(gf) + ">";
        else if (x.requires_grad()) s += ", requires_grad=True";
        s += ")";
        return vm::type_of(v) == vm::types().parameter ? "Parameter(" + s + ")" : s;
    }
    auto join = [&](const std::vector<Value>& items) {
        std::string s;
        for (size_t k = 0; k < items.size(); ++k) s += (k ? ", " : "") + fake_call_value_repr(in, items[k]);
        return s;
    };
    if (auto* tu = v.as<vm::Tuple>(); tu && vm::type_of(v) == vm::types().tuple)
        return "(" + join(tu->items) + (tu->items.size() == 1 ? ",)" : ")");
    if (auto* l = v.as<vm::List>()) return "[" + join(l->items) + "]";
    if (auto* d = v.as<vm::Dict>()) {
        std::string s;
        d->for_each([&](const Value& k, const Value& x) { s += (s.empty() ? "" : ", ") + vm::repr(in, k) + ": " + fake_call_value_repr(in, x); });
        return "{" + s + "}";
    }
    return vm::repr(in, v);
}
}  // namespace

// The error text PyTorch's fake kernels give where their checks are worded unlike the eager kernels'
// that Kiln's examples run (a fake tensor runs the meta registration or the refs decomposition):
// - the matmul family (mm, addmm, matmul, linear) reaches meta_mm: "a and b must have same reduction
//   dim, but got [N, M1] X [M2, P]." for eager's "mat1 and mat2 shapes cannot be multiplied (NxM1 and M2xP)";
// - a pointwise op's broadcast is the refs' _broadcast_shapes over the tensor arguments in order: "Attempting
//   to broadcast a dimension of length L at -k! Mismatching argument at index i had torch.Size([...]); but
//   expected shape should be broadcastable to [common]";
// - cat's meta check names the dimension: "Expected S in dimension d but got T for tensor number n in the list".
// Anything else keeps eager's text.
std::string fake_kernel_message(const std::string& eager, const std::vector<Value>& args) {
    std::smatch m;
    static const std::regex mm(R"(^mat1 and mat2 shapes cannot be multiplied \((\d+)x(\d+) and (\d+)x(\d+)\)$)");
    if (std::regex_match(eager, m, mm))
        return "a and b must have same reduction dim, but got [" + m[1].str() + ", " + m[2].str() + "] X [" + m[3].str() + ", " +
               m[4].str() + "].";
    auto shape_of_value = [](const Value& v) -> const Tensor* {
        auto* t = v.as<vm::TensorObj>();
        return t ? &t->tensor : nullptr;
    };
    if (eager.rfind("The size of tensor a (", 0) == 0 && eager.find("must match the size of tensor b") != std::string::npos) {
        std::vector<const Tensor*> ts;
        for (const Value& a : args)
            if (const Tensor* t = shape_of_value(a)) ts.push_back(t);
        size_t rank = 0;
        for (const Tensor* t : ts) rank = std::max(rank, size_t(t->dim()));
        std::vector<int64_t> common(rank, 1);
        auto list = [](const std::vector<int64_t>& v) {
            std::string s = "[";
            for (size_t k = 0; k < v.size(); ++k) s += (k ? ", " : "") + std::to_string(v[k]);
            return s + "]";
        };
        for (size_t ai = 0; ai < ts.size(); ++ai) {
            const Tensor& t = *ts[ai];
            for (int64_t idx = -1; idx >= -t.dim(); --idx) {
                int64_t& c = common[size_t(int64_t(rank) + idx)];
                const int64_t sz = t.size(t.dim() + idx);
                if (c == 1) c = sz;
                else if (sz != 1 && c != sz) {
                    std::vector<int64_t> shape(t.sizes().begin(), t.sizes().end());
                    return "Attempting to broadcast a dimension of length " + std::to_string(sz) + " at " + std::to_string(idx) +
                           "! Mismatching argument at index " + std::to_string(ai) + " had torch.Size(" + list(shape) +
                           "); but expected shape should be broadcastable to " + list(common);
                }
            }
        }
        return eager;
    }
    static const std::regex cat(R"(^Sizes of tensors must match except in dimension (-?\d+)\. Expected size (\d+) but got size (\d+) for tensor number (\d+) in the list\.$)");
    if (std::regex_match(eager, m, cat) && !args.empty()) {
        std::vector<const Tensor*> ts;
        if (auto* l = args[0].as<vm::List>())
            for (const Value& x : l->items) ts.push_back(shape_of_value(x));
        else if (auto* tu = args[0].as<vm::Tuple>())
            for (const Value& x : tu->items) ts.push_back(shape_of_value(x));
        const size_t n = size_t(std::stoll(m[4].str()));
        const int64_t dim = std::stoll(m[1].str());
        if (n < ts.size() && ts[0] && ts[n] && ts[0]->dim() == ts[n]->dim())
            for (int64_t d = 0; d < ts[0]->dim(); ++d)
                if (d != dim && ts[0]->size(d) != ts[n]->size(d))
                    return "Sizes of tensors must match except in dimension " + m[1].str() + ". Expected " +
                           std::to_string(ts[0]->size(d)) + " in dimension " + std::to_string(d) + " but got " +
                           std::to_string(ts[n]->size(d)) + " for tensor number " + m[4].str() + " in the list";
    }
    return eager;
}

// PyTorch's get_fake_value when running the node on fake tensors raised: a TypeError about the
// arguments is a graph break ("TypeError when making fake tensor call", gb0112; the call then runs
// eagerly and raises it there); any other Exception is the hard error TorchRuntimeError, the
// "RuntimeError when making fake tensor call" break that _wrap_graph_break_with_torch_runtime_err
// raises instead (gb4315 in 2.11), its explanation run_node's "Dynamo failed to run FX node with fake tensors: ..." text.
// A failure on meta examples is first retried on real ones (the whole translation, as for any data need).
namespace {
Value call_with(vm::Interpreter& in, const Value& fn, const Value& args, const std::vector<std::pair<std::string, Value>>& kw);
}  // namespace

// The matrix products' fake kernels (meta_mm, meta_bmm, addmm's and linear's decompositions in
// torch/_meta_registrations.py) check ranks and sizes but not that the operands' dtypes agree, so
// PyTorch 2.11 traces `int64 @ float32` and the error is eager's, raised when the compiled graph runs.
// Kiln's examples come from the real kernels, which check: on their dtype error the example is
// computed with the other tensor operands in the first one's dtype (meta_mm's result takes a's), and
// the node is recorded. Any other error keeps fake_call_failed's handling.
bool Translator::unchecked_dtype_example(FxOp op, const Value& target, const std::string& target_name,
                                         const std::vector<VarP>& args, const std::vector<std::pair<std::string, VarP>>& kwargs,
                                         vm::PyError& e, Value& result) {
    static const std::set<std::string> functions = {"torch.mm", "torch.matmul", "operator.matmul", "torch.bmm",
                                                    "torch.addmm", "torch.mv", "torch._C._nn.linear",
                                                    "torch.nn.functional.linear"};
    static const std::set<std::string> methods = {"mm", "matmul", "bmm", "addmm", "mv", "__matmul__"};
    if (op == FxOp::CallFunction ? !functions.count(target_name) : op == FxOp::CallMethod ? !methods.count(target_name) : true)
        return false;
    if (!vm::type_of(e.exc)->is_subtype_of(vm::types().RuntimeError)) return false;
    const std::string msg = vm::to_str(in_, e.exc);
    if (msg.find("dtype") == std::string::npos && msg.find("scalar type") == std::string::npos) return false;
    std::vector<Value> items;
    for (const VarP& a : args) items.push_back(example_of(a));
    Value dtype;
    for (const Value& v : items)
        if (v.is(Kind::Tensor)) {
            dtype = vm::getattr(in_, v, "dtype");
            break;
        }
    if (dtype.is_null()) return false;
    std::vector<std::pair<std::string, Value>> kwv;
    for (const auto& [k, v] : kwargs) kwv.push_back({k, example_of(v)});
    try {
        MetaScope meta(opt_.meta_examples);
        for (Value& v : items)
            if (v.is(Kind::Tensor)) v = in_.call(vm::getattr(in_, v, "to"), {dtype});
        if (op == FxOp::CallMethod) {
            Value m = vm::getattr(in_, items[0], target_name);
            result = call_with(in_, m, vm::new_tuple(std::vector<Value>(items.begin() + 1, items.end())), kwv);
        } else {
            if (!target.is_obj()) return false;
            result = call_with(in_, target, vm::new_tuple(items), kwv);
        }
    } catch (vm::PyError&) {
        return false;
    } catch (const kiln::Error&) {
        return false;
    }
    return result.is(Kind::Tensor);
}

void Translator::fake_call_failed(FxOp op, const Value& target, const std::string& target_name,
                                  const std::vector<VarP>& args,
                                  const std::vector<std::pair<std::string, VarP>>& kwargs, vm::PyError& e,
                                  const kiln::Function<Value()>& compute) {
    vm::Type* type = vm::type_of(e.exc);
    if (!type->is_subtype_of(vm::types().Exception) || type->is_subtype_of(torch_dynamo_exception_type())) throw;
    if (opt_.meta_examples) throw NeedsRealData();
    // Real examples hold data, which a fake tensor has not: an error the op raises only because of the
    // values (an index out of range in an index tensor) is not one PyTorch meets while tracing (its
    // graph compiles and the kernel raises when it runs). The call is retried on metadata alone; only
    // if it fails there too is it the fake-tensor error. Otherwise (or when that cannot be told) the
    // error propagates as before: the frame runs eagerly and raises it.
    bool fails_on_metadata = false;
    try {
        MetaScope meta(true);
        compute();
    } catch (vm::PyError&) {
        fails_on_metadata = true;
    } catch (const kiln::Error&) {
        fails_on_metadata = true;
    } catch (NeedsRealData&) {
    }
    if (!fails_on_metadata) throw;
    // The error must be the op's on the values the message shows: the node's target called on the
    // arguments' examples fails too. When it does not, the failure came from how the translator
    // computed the example (not from the program), and the frame runs eagerly as before.
    std::vector<Value> items;
    for (const VarP& a : args) items.push_back(example_of(a));
    std::vector<std::pair<std::string, Value>> kwv;
    for (const auto& [k, v] : kwargs) kwv.push_back({k, example_of(v)});
    bool reproduces = false;
    try {
        if (op == FxOp::CallMethod && !items.empty()) {
            Value m = vm::getattr(in_, items[0], target_name);
            call_with(in_, m, vm::new_tuple(std::vector<Value>(items.begin() + 1, items.end())), kwv);
        } else if (op == FxOp::CallFunction && target.is_obj()) {
            call_with(in_, target, vm::new_tuple(items), kwv);
        } else {
            reproduces = true;
        }
    } catch (vm::PyError&) {
        reproduces = true;
    } catch (const kiln::Error&) {
        reproduces = true;
    } catch (NeedsRealData&) {
    }
    if (!reproduces) throw;
    const std::string target_str = fake_call_target_str(op, target_name);
    const std::string cause = vm::to_str(in_, e.exc);
    if (type->is_subtype_of(vm::types().TypeError) && cause.find("argument") != std::string::npos)
        unsupported("TypeError when making fake tensor call", "", user_error_hints(), "gb0112",
                    "TypeError " + target_str + ": " + cause);
    std::string kw;
    for (const auto& [k, v] : kwargs)
        kw += (kw.empty() ? "" : ", ") + vm::repr(in_, vm::new_str(k)) + ": " + fake_call_value_repr(in_, example_of(v));
    const char* op_name = op == FxOp::CallMethod ? "call_method" : op == FxOp::CallModule ? "call_module" : "call_function";
    // The error as the fake kernel raises it: eager's type, the fake kernel's wording.
    std::string got = vm::repr(in_, e.exc);
    const std::string fake = fake_kernel_message(cause, items);
    if (fake != cause) got = type->name + "(" + vm::repr(in_, vm::new_str(fake)) + ")";
    BreakReason r;
    r.title = "RuntimeError when making fake tensor call";
    r.explanation = std::string("Dynamo failed to run FX node with fake tensors: ") + op_name + " " + target_str + "(*" +
                    fake_call_value_repr(in_, vm::new_tuple(items)) + ", **{" + kw + "}): got " + got;
    r.hints = user_error_hints();
    r.gb = "gb4315";
    r.user_stack = user_stack();
    vm::raise(torch_runtime_error_type(), r.str() + user_code_trailer(r.user_stack));
}


namespace {
// Calls `fn` with example values (a tuple of positionals and named keywords).
Value call_with(vm::Interpreter& in, const Value& fn, const Value& args, const std::vector<std::pair<std::string, Value>>& kw) {
    std::vector<Value> all = args.get<vm::Tuple>()->items;
    std::vector<Value> names;
    for (const auto& [n, v] : kw) {
        all.push_back(v);
        names.push_back(vm::new_str(n));
    }
    Value kwnames = vm::new_tuple(names);
    vm::CallArgs c;
    c.args = all.data();
    c.nargs = args.get<vm::Tuple>()->items.size();
    c.kwvalues = all.data() + c.nargs;
    c.nkw = kw.size();
    c.kwnames = kw.empty() ? nullptr : kwnames.get<vm::Tuple>();
    return in.call(fn, c);
}
}  // namespace

// A function the program passed to torch._dynamo.allow_in_graph: one call_function node whose target is
// the function itself, named after it (`opaque = __main___opaque(sin, 3)`: FX's code names a global
// callable by its module and qualified name with every other character made `_`); its example value
// is its result on the example inputs. Its body runs when the graph runs.
VarP Translator::call_allowed_in_graph(const Value& fn, const std::vector<VarP>& args,
                                       const std::vector<std::pair<std::string, VarP>>& kwargs) {
    std::string name = vm::str_of(vm::getattr(in_, fn, "__name__"));
    Value mod = vm::getattr_or_null(in_, fn, "__module__");
    std::string qual = (mod.is(Kind::Str) ? vm::str_of(mod) + "." : std::string()) +
                       vm::str_of(vm::getattr(in_, fn, "__qualname__"));
    std::string global;
    for (char c : qual) global += (std::isalnum(static_cast<unsigned char>(c)) || c == '_') ? c : '_';
    std::vector<std::pair<std::string, Value>> kw;
    for (const auto& [k, v] : kwargs) kw.push_back({k, example_of(v)});
    Value ex = example_args(args);
    return record(FxOp::CallFunction, fn, global, name, args, kwargs, [&] { return call_with(in_, fn, ex, kw); });
}

VarP Translator::call_torch(const Value& fn, const std::string& qualified, const std::vector<VarP>& args,
                            const std::vector<std::pair<std::string, VarP>>& kwargs) {
    // torch.reshape(x, shape) reaches the same fake kernel as x.reshape(shape): the same size guards.
    if (qualified == "torch.reshape" && args.size() == 2 && kwargs.empty() && args[0]->is_tensor())
        guard_view_sizes(args[0], {args[1]}, true);
    VarP out = call_torch_op(fn, qualified, args, kwargs);
    if (qualified == "torch.nn.functional.pad" && out->is_tensor() && !args.empty() && args[0]->is_tensor())
        pad_sizes(out, args, kwargs);
    return out;
}

// F.pad's output sizes as symbolic ints: input size + both pads per padded dim (the pads computed from
// size symbols in window-partitioning code: Swin's pad to a multiple of the window). Matching the
// output's sizes by value instead would make a padded size an unguarded constant of the graph.
void Translator::pad_sizes(const VarP& out, const std::vector<VarP>& args,
                           const std::vector<std::pair<std::string, VarP>>& kwargs) {
    VarP pad = args.size() > 1 ? args[1] : nullptr;
    for (const auto& [k, v] : kwargs)
        if (k == "pad") pad = v;
    if (!pad || !(pad->is_sequence() || pad->is_constant())) return;
    std::vector<VarP> pads = unpack(pad);
    std::vector<VarP> sizes = sizes_of(args[0]);
    bool symbolic = std::any_of(pads.begin(), pads.end(), [](const VarP& p) { return p->is_symint(); }) ||
                    std::any_of(sizes.begin(), sizes.end(), [](const VarP& v) { return v->is_symint(); });
    if (!symbolic || pads.size() % 2 || pads.size() / 2 > sizes.size()) return;
    for (size_t k = 0; k < pads.size() / 2; ++k) {
        VarP& d = sizes[sizes.size() - 1 - k];
        d = binary(bytecode::NB_ADD, binary(bytecode::NB_ADD, d, pads[2 * k]), pads[2 * k + 1]);
    }
    out->sym_sizes.clear();
    for (const VarP& v : sizes) out->sym_sizes.push_back(v->is_symint() ? v : nullptr);
}

VarP Translator::call_torch_op(const Value& fn, const std::string& qualified, const std::vector<VarP>& args,
                               const std::vector<std::pair<std::string, VarP>>& kwargs) {
    std::string base = qualified.substr(qualified.rfind('.') + 1);
    // ctc_loss with tensor lengths reaches aten._ctc_loss.Tensor, whose log_alpha is as long as the
    // longest target: PyTorch's fake tensors refuse it (dynamic_output_shape) and Dynamo breaks.
    auto arg_at = [&](size_t i, const char* name) -> VarP {
        if (i < args.size()) return args[i];
        for (const auto& [k, v] : kwargs)
            if (k == name) return v;
        return nullptr;
    };
    VarP il = arg_at(2, "input_lengths"), tl = arg_at(3, "target_lengths");
    if (base == "ctc_loss" && il && tl && il->is_tensor() && tl->is_tensor())
        unsupported("Dynamic shape operator",
                    "Operator `aten._ctc_loss.Tensor`'s output shape depends on input Tensor data.",
                    {"Enable tracing of dynamic shape operators with `torch._dynamo.config.capture_dynamic_output_shape_ops = True`"},
                    "gb0036", "Operator: aten._ctc_loss.Tensor");
    if (dynamic_shape_op(base) ||
        (base == "repeat_interleave" &&
         repeat_interleave_is_dynamic(arg_at(1, "repeats"), args.size() == 1 && !arg_at(1, "repeats"), kwargs)))
        unsupported("Dynamic shape operator",
                    "Operator `aten." + base + ".default`'s output shape depends on input Tensor data.",
                    {"Enable tracing of dynamic shape operators with `torch._dynamo.config.capture_dynamic_output_shape_ops = True`"},
                    "gb0036", "Operator: aten." + base + ".default");
    auto f = k_.functional.find(fn.obj());
    if (f != k_.functional.end()) {
        auto rec = functional_records().find(f->second);
        if (rec != functional_records().end() && rec->second.method && !args.empty() && args[0]->is_tensor()) {
            std::vector<VarP> rest(args.begin() + 1, args.end());
            return call_tensor_method(args[0], rec->second.target, rest, kwargs);
        }
        if (rec != functional_records().end()) {
            std::string t = rec->second.target;
            return record(FxOp::CallFunction, fn, t, t.substr(t.rfind('.') + 1), args, kwargs, [&] {
                std::vector<std::pair<std::string, Value>> kw;
                for (const auto& [n, v] : kwargs) kw.push_back({n, example_of(v)});
                return call_with(in_, fn, example_args(args), kw);
            });
        }
    }
    return record(FxOp::CallFunction, fn, qualified, base, args, kwargs, [&] {
        std::vector<std::pair<std::string, Value>> kw;
        for (const auto& [n, v] : kwargs) kw.push_back({n, example_of(v)});
        return call_with(in_, fn, example_args(args), kw);
    });
}

// The decisions view's fake kernel takes on symbolic sizes, as guards (PyTorch 2.11's view_impl:
// infer_size_dv's numel check, then at::detail::computeStride, aten/src/ATen/TensorUtils.cpp). Each
// comparison it makes with a backed SymInt becomes a shape guard, so sizes that would decide otherwise
// recompile: view((4, 1)) then view((1, 4)) of 4 elements differs at computeStride's
// `view_numel < tensor_numel` (s1 < 4). Kiln's guards compare one symbol with a constant: a product of
// the view's running element count is followed while it holds one symbol (times constants); a decision
// on a product of several symbols is taken without a guard (Kiln's simplification). Only a tensor of
// static sizes is handled, viewed to sizes that are dynamic ints (a view of a computed or symbolic-size
// tensor, or to sizes read from a tensor, keeps the previous behaviour).
void Translator::guard_view_sizes(const VarP& self, const std::vector<VarP>& args, bool reshape) {
    if (!self->is_tensor()) return;
    std::vector<VarP> shape = args;
    if (args.size() == 1 && (args[0]->kind == Var::K::Tuple || args[0]->kind == Var::K::List)) shape = args[0]->items;
    bool any_symbol = false;
    for (const VarP& v : shape) {
        if (v->is_constant() && v->value.is_int()) continue;
        if (v->is_symint() && v->symbol >= 0 && size_t(v->symbol) < symbols_.size() && !v->tensor_of &&
            symbols_[size_t(v->symbol)].source && symbols_[size_t(v->symbol)].source->kind != Source::Kind::Size) {
            any_symbol = true;
            continue;
        }
        return;  // a computed size, or not an int: no decisions followed
    }
    if (!any_symbol) return;
    // The input tensor's sizes must be known constants: a frame input with static sizes (a computed
    // tensor's sizes may be products of symbols that Kiln's by-value matching does not see).
    if (!self->source || self->example.is_null()) return;
    for (const VarP& v : sizes_of(self))
        if (!v->is_constant()) return;
    const Tensor& t = self->example.get<vm::TensorObj>()->tensor;
    // A linear term c * s (sym < 0: the constant c), or `mixed` once two symbols multiply.
    struct Term {
        int64_t c = 1;
        int sym = -1;
        bool mixed = false;
        int64_t value = 1;  // its value on this compile's sizes
    };
    auto times = [&](Term a, const VarP& v) {
        if (v->is_constant()) {
            a.c *= v->value.as_int();
            a.value *= v->value.as_int();
            return a;
        }
        realize(v);
        const int64_t hint = v->value.as_int();
        if (a.sym >= 0 || a.mixed) a.mixed = true;
        else a.sym = v->symbol;
        a.value *= hint;
        return a;
    };
    // Guards `term <cmp> rhs` as taken with this compile's values, when the term has one symbol.
    auto decide = [&](const Term& a, int cmp, int64_t rhs) {
        const int64_t lhs = a.value;
        const bool r = cmp == bytecode::CMP_LT ? lhs < rhs : cmp == bytecode::CMP_EQ ? lhs == rhs : lhs != rhs;
        if (a.mixed || a.sym < 0 || a.c == 0) return r;
        // c * s <cmp> rhs as a comparison of s alone (c > 0: sizes are not negative).
        int sc = cmp;
        int64_t bound = 0;
        if (cmp == bytecode::CMP_LT) {
            if (a.c < 0) return r;
            bound = rhs > 0 ? (rhs + a.c - 1) / a.c : -((-rhs) / a.c);  // s < ceil(rhs / c)
        } else {
            if (rhs % a.c != 0) return r;  // c * s can never equal rhs: decided by the constants
            bound = rhs / a.c;
        }
        Guard& g = guard(Guard::Kind::SymCompare, symbols_[size_t(a.sym)].source);
        g.cmp = sc;
        g.rhs = bound;
        g.expected = r;
        return r;
    };
    int64_t numel = t.numel();
    // infer_size_dv: the sizes' product must be the number of elements (-1 infers a size: then no check).
    Term total;
    bool infer = false;
    for (const VarP& v : shape) {
        if (v->is_constant() && v->value.as_int() == -1) infer = true;
        else total = times(total, v);
    }
    if (infer || !decide(total, bytecode::CMP_EQ, numel)) return;  // a bad view raises in the kernel
    if (reshape) {
        // reshape is CompositeImplicit: under fake tensors it runs torch._refs.reshape
        // (_reshape_view_helper, an as_strided of the new sizes), not view's computeStride; the result's
        // contiguity test skips sizes of 1 (guard_size_oblivious(x == 1)), a guard on each symbolic
        // size being 1 or not. PyTorch 2.11 recompiles reshape((12, 1)) after a dynamic
        // reshape((6, 2)), and reshape((1, 12)) once more.
        for (const VarP& v : shape) decide(times(Term{}, v), bytecode::CMP_EQ, 1);
        return;
    }
    // computeStride over the input's (static) sizes and strides.
    const int64_t old_dims = t.dim();
    if (old_dims == 0 || numel == 0) return;
    int64_t view_d = int64_t(shape.size()) - 1;
    int64_t tensor_numel = 1;
    int64_t chunk_base_stride = t.stride(old_dims - 1);
    Term view_numel;
    for (int64_t d = old_dims - 1; d >= 0; --d) {
        tensor_numel *= t.size(d);
        if (d == 0 || (t.size(d - 1) != 1 && t.stride(d - 1) != tensor_numel * chunk_base_stride)) {
            while (view_d >= 0) {
                if (!decide(view_numel, bytecode::CMP_LT, tensor_numel)) {
                    Term item = times(Term{}, shape[size_t(view_d)]);
                    if (!decide(item, bytecode::CMP_EQ, 1)) break;
                }
                view_numel = times(view_numel, shape[size_t(view_d)]);
                --view_d;
            }
            if (decide(view_numel, bytecode::CMP_NE, tensor_numel)) return;  // no view: the kernel's error
            if (d > 0) {
                chunk_base_stride = t.stride(d - 1);
                tensor_numel = 1;
                view_numel = Term{};
            }
        }
    }
}

VarP Translator::call_tensor_method(const VarP& self, const std::string& name, const std::vector<VarP>& args,
                                    const std::vector<std::pair<std::string, VarP>>& kwargs) {
    realize(self);
    if (name == "item" && (opt_.capture_scalar_outputs || opt_.fullgraph) && args.empty() && kwargs.empty()) {
        // capture_scalar_outputs=True (and, as PyTorch 2.11 does, fullgraph=True): the scalar
        // stays in the graph as an unbacked symbolic value.
        return call_tensor_method_item(self);
    }
    if (name == "item" && !opt_.capture_scalar_outputs && !opt_.fullgraph)
        unsupported("Unsupported Tensor.item() call with capture_scalar_outputs=False",
                    "Dynamo does not support tracing `Tensor.item()` with config.capture_scalar_outputs=False.",
                    {"Set `torch._dynamo.config.capture_scalar_outputs = True` or `export TORCHDYNAMO_CAPTURE_SCALAR_OUTPUTS=1` to include these operations in the captured graph."},
                    "gb0124", "call_method TensorVariable() item () {}");
    if (name == "backward")
        // PyTorch 2.11's words: backward() runs the autograd engine, which Dynamo traces only
        // with trace_autograd_ops on (Kiln has no such mode: the call always breaks).
        unsupported("Unsupported Tensor.backward() call",
                    "Dynamo currently does not support tracing `Tensor.backward()` when trace_autograd_ops is off.",
                    {"Set torch._dynamo.trace_autograd_ops=True"}, "gb0123",
                    "call_method TensorVariable() backward None None None None");
    if ((name == "view" || name == "reshape") && kwargs.empty() && !args.empty()) guard_view_sizes(self, args, name == "reshape");
    if (data_dependent_method(name))
        unsupported("Unsupported Tensor." + name + "() call",
                    "Dynamo does not support tracing `Tensor." + name + "()`: its result depends on tensor data.",
                    {"Avoid calling `Tensor." + name + "()` in the compiled region."}, "gb0000",
                    "call_method TensorVariable() " + name);
    if (dynamic_shape_op(name) ||
        (name == "repeat_interleave" &&
         repeat_interleave_is_dynamic(!args.empty() ? args[0] : [&]() -> VarP {
             for (const auto& [k, v] : kwargs)
                 if (k == "repeats") return v;
             return nullptr;
         }(), false, kwargs)))
        unsupported("Dynamic shape operator",
                    "Operator `aten." + name + ".default`'s output shape depends on input Tensor data.",
                    {"Enable tracing of dynamic shape operators with `torch._dynamo.config.capture_dynamic_output_shape_ops = True`"},
                    "gb0036", "Operator: aten." + name + ".default");
    if ((name == "size" || name == "numel") && !symbols_.empty() && kwargs.empty()) {
        auto sizes = sizes_of(self);
        if (name == "size" && args.empty()) return shape_of(self);
        if (name == "size" && args.size() == 1 && args[0]->is_constant() && args[0]->value.is_int()) {
            int64_t d = args[0]->value.as_int();
            if (d < 0) d += int64_t(sizes.size());
            if (d < 0 || d >= int64_t(sizes.size())) vm::raise(T().IndexError, "Dimension out of range");
            // A dynamic dimension is a `size` node in PyTorch, dropped as dead code once its symbol
            // stands for it; the name is used up (see shape_of). A static one is a constant.
            if (!sizes[size_t(d)]->is_constant()) out_.graph->take_name("size");
            return sizes[size_t(d)];
        }
        if (name == "numel" && args.empty()) {
            VarP n = Var::constant(Value::integer(1));
            for (const VarP& v : sizes) n = binary(bytecode::NB_MULTIPLY, n, v);
            return n;
        }
    }
    if (metadata_method(name)) {
        bool all_const = std::all_of(args.begin(), args.end(), [](const VarP& a) { return a->is_constant(); }) &&
                         std::all_of(kwargs.begin(), kwargs.end(), [](const auto& kv) { return kv.second->is_constant(); });
        if (all_const) {
            std::vector<std::pair<std::string, Value>> kw;
            for (const auto& [n, v] : kwargs) kw.push_back({n, v->value});
            Value fn = vm::getattr(in_, self->example, name);
            Value r = call_with(in_, fn, example_args(args), kw);
            if (is_plain_constant(r)) return Var::constant(r);
        }
    }
    // Dynamo rewrites the scaled in-place updates into plain ops and an add_ (what the recorded
    // optimizer updates show): add_(t, alpha=a) -> add_(torch.mul(t, a)); addcmul_(a, b, value=v)
    // -> add_(a * b * v); addcdiv_(a, b, value=v) -> add_(torch.mul(torch.div(a, b), v)).
    if ((name == "add_" || name == "addcmul_" || name == "addcdiv_") && kwargs.size() == 1 &&
        kwargs[0].first == (name == "add_" ? "alpha" : "value") && !(kwargs[0].second->is_constant() && kwargs[0].second->value.is_none()) &&
        args.size() == (name == "add_" ? 1u : 2u)) {
        const VarP& scale = kwargs[0].second;
        auto torch_fn = [&](const char* n) { return *in_.import_module("torch")->dict.find(n); };
        VarP term;
        if (name == "add_") {
            term = call_torch(torch_fn("mul"), "torch.mul", {args[0], scale}, {});
        } else if (name == "addcmul_") {
            term = binary(bytecode::NB_MULTIPLY, binary(bytecode::NB_MULTIPLY, args[0], args[1]), scale);
        } else {
            term = call_torch(torch_fn("mul"), "torch.mul", {call_torch(torch_fn("div"), "torch.div", {args[0], args[1]}, {}), scale}, {});
        }
        return call_tensor_method(self, "add_", {term}, {});
    }
    std::vector<VarP> all = {self};
    all.insert(all.end(), args.begin(), args.end());
    return record(FxOp::CallMethod, vm::new_str(name), name, name, all, kwargs, [&] {
        std::vector<std::pair<std::string, Value>> kw;
        for (const auto& [n, v] : kwargs) kw.push_back({n, example_of(v)});
        Value fn = vm::getattr(in_, self->example, name);
        return call_with(in_, fn, example_args(args), kw);
    });
}

// -x / +x / ~x: folded on constants, a graph node on tensors and symbols.
VarP Translator::unary(Opcode op, const VarP& a) {
    if (a->is_constant()) {
        return Var::constant(op == Opcode::UNARY_NEGATIVE   ? vm::unary_negative(in_, a->value)
                             : op == Opcode::UNARY_POSITIVE ? vm::unary_positive(in_, a->value)
                                                            : vm::unary_invert(in_, a->value));
    }
    std::string n = op == Opcode::UNARY_NEGATIVE ? "neg" : op == Opcode::UNARY_POSITIVE ? "pos" : "invert";
    auto apply = [&](const Value& x) {
        return op == Opcode::UNARY_NEGATIVE   ? vm::unary_negative(in_, x)
               : op == Opcode::UNARY_POSITIVE ? vm::unary_positive(in_, x)
                                              : vm::unary_invert(in_, x);
    };
    if (a->is_symint()) {
        // `-lr` of a dynamic float (a 0-d tensor input read back with .item()) or `-n` of a SymInt:
        // an operator.neg node whose value stays symbolic, as binary() keeps symbolic arithmetic.
        // (Through record() the number came back as a constant: the graph baked in the first value,
        // and a lazy float's missing example made the frame fall back to eager silently.)
        Value r = apply(example_of(a));
        Value args_v = node_args({a});
        FxNode* node = out_.graph->add(FxOp::CallFunction, n);
        node->target = k_.ops["operator." + n];
        node->target_name = "operator." + n;
        node->args = args_v;
        node->example = r;
        node->stack = user_stack();
        auto v = Var::of_kind(Var::K::SymInt, r);
        v->node = node;
        return v;
    }
    return record(FxOp::CallFunction, k_.ops["operator." + n], "operator." + n, n, {a}, {}, [&] {
        return op == Opcode::UNARY_NEGATIVE   ? vm::unary_negative(in_, a->example)
               : op == Opcode::UNARY_POSITIVE ? vm::unary_positive(in_, a->example)
                                              : vm::unary_invert(in_, a->example);
    });
}

// operator.add(a, b) and the other C functions of the operator module, when `f` is one: the
// operation they stand for; null for any other builtin.
VarP Translator::operator_call(const Value& f, const std::vector<VarP>& args) {
    using namespace bytecode;
    const std::string& name = f.get<vm::Builtin>()->name;
    auto mod = in_.modules().find("operator");
    if (mod == in_.modules().end()) return nullptr;
    const Value* mine = mod->second->dict.find(name);
    if (!mine || !same(*mine, f)) return nullptr;
    static const std::pair<const char*, int> binaries[] = {
        {"add", NB_ADD},         {"and_", NB_AND},       {"floordiv", NB_FLOOR_DIVIDE}, {"lshift", NB_LSHIFT},
        {"matmul", NB_MATRIX_MULTIPLY}, {"mul", NB_MULTIPLY}, {"mod", NB_REMAINDER},   {"or_", NB_OR},
        {"pow", NB_POWER},       {"rshift", NB_RSHIFT},  {"sub", NB_SUBTRACT},          {"truediv", NB_TRUE_DIVIDE},
        {"xor", NB_XOR}};
    static const std::pair<const char*, int> comparisons[] = {{"lt", CMP_LT}, {"le", CMP_LE}, {"eq", CMP_EQ},
                                                              {"ne", CMP_NE}, {"gt", CMP_GT}, {"ge", CMP_GE}};
    if (args.size() == 2) {
        for (const auto& [n, nb] : binaries) {
            std::string in_name = n[std::strlen(n) - 1] == '_' ? "i" + std::string(n, std::strlen(n) - 1) : "i" + std::string(n);
            if (name == n) return binary(nb, args[0], args[1]);
            if (name == in_name) return binary(nb + NB_INPLACE_ADD, args[0], args[1]);
        }
        for (const auto& [n, cmp] : comparisons)
            if (name == n) return compare(cmp, args[0], args[1]);
        if (name == "getitem") return getitem(args[0], args[1]);
    }
    if (args.size() == 1) {
        if (name == "neg") return unary(Opcode::UNARY_NEGATIVE, args[0]);
        if (name == "pos") return unary(Opcode::UNARY_POSITIVE, args[0]);
        if (name == "invert" || name == "inv") return unary(Opcode::UNARY_INVERT, args[0]);
        if (name == "not_" || name == "truth") {
            bool known = false;
            bool t = truth(args[0], known);
            if (!known) data_dependent_jump();
            return Var::constant(Value::boolean(name == "truth" ? t : !t));
        }
    }
    return nullptr;
}

VarP Translator::binary(int nb, const VarP& a, const VarP& b) {
    if (a->is_constant() && b->is_constant()) return Var::constant(vm::binary_op(in_, nb, a->value, b->value));
    static const char* const names[] = {"add", "and_", "floordiv", "lshift", "matmul", "mul", "mod", "or_",
                                        "pow", "rshift", "sub", "truediv", "xor"};
    bool inplace = nb >= bytecode::NB_INPLACE_ADD;
    int base_op = inplace ? nb - bytecode::NB_INPLACE_ADD : nb;
    if (base_op < 0 || base_op >= 13) KILN_FAIL(RuntimeError, "bad binary op ", nb);
    std::string n = names[base_op];
    if (inplace) n = "i" + (n.back() == '_' ? n.substr(0, n.size() - 1) : n);
    std::string q = "operator." + n;
    if (!a->is_tensor() && !b->is_tensor() && (a->is_symint() || b->is_symint())) {
        // Arithmetic on symbolic ints stays in the graph (the sizes a computed view takes).
        if ((a->is_symint() || a->is_constant()) && (b->is_symint() || b->is_constant())) {
            Value r = vm::binary_op(in_, nb, example_of(a), example_of(b));
            Value args_v = node_args({a, b});
            FxNode* node = out_.graph->add(FxOp::CallFunction, n);
            node->target = k_.ops[q];
            node->target_name = q;
            node->args = args_v;
            node->example = r;
            node->stack = user_stack();
            auto v = Var::of_kind(Var::K::SymInt, r);
            v->node = node;
            return v;
        }
    }
    if (inplace && base_op == bytecode::NB_ADD && a->kind == Var::K::List && !b->is_tensor() &&
        (b->is_sequence() || b->kind == Var::K::Iterator || b->kind == Var::K::Dict)) {
        // `xs += ys` extends xs in place (list.__iadd__): every alias sees it, and a list from the
        // frame gets it replayed. A new list here lost the items of the frame's list.
        std::vector<VarP> more = unpack(b);
        a->items.insert(a->items.end(), more.begin(), more.end());
        if (a->source && std::find(out_.mutated_lists.begin(), out_.mutated_lists.end(), a) == out_.mutated_lists.end())
            out_.mutated_lists.push_back(a);
        return a;
    }
    if (!a->is_tensor() && !b->is_tensor()) {
        // Lists/tuples of Vars: concatenation and repetition stay symbolic.
        // A torch.Size of symbolic sizes plus a tuple (either order) stays a size: builtin.py's
        // size_add_handler (`x.size()[:-1] + (n,)`, then a torch.Size node when passed to view).
        auto size_seq = [&](const VarP& v) {
            return v->kind == Var::K::Tuple ? v->seq_type == T().size
                                            : v->is_constant() && v->value.as<vm::Tuple>() && vm::type_of(v->value) == T().size;
        };
        // A symbolic sequence plus a constant one (`x.size()[:-1] + (2, 2)`) concatenates the
        // items: evaluating it on example values would bake the sizes' hints into the graph.
        auto tuple_like = [&](const VarP& v) {
            return (v->kind == Var::K::Tuple && (!v->seq_type || v->seq_type == T().tuple || v->seq_type == T().size)) ||
                   (v->is_constant() && (vm::type_of(v->value) == T().tuple || vm::type_of(v->value) == T().size));
        };
        auto list_like = [&](const VarP& v) {
            return v->kind == Var::K::List || (v->is_constant() && v->value.is(Kind::List));
        };
        if (base_op == bytecode::NB_ADD && !(a->is_constant() && b->is_constant()) &&
            ((tuple_like(a) && tuple_like(b)) || (list_like(a) && list_like(b)))) {
            std::vector<VarP> items = unpack(a), more = unpack(b);
            items.insert(items.end(), more.begin(), more.end());
            if (list_like(a)) return Var::list(items);
            return size_seq(a) || size_seq(b) ? Var::tuple(items, T().size) : Var::tuple(items);
        }
        if (base_op == bytecode::NB_ADD && a->is_sequence() && b->is_sequence() && a->kind == b->kind) {
            std::vector<VarP> items = a->items;
            items.insert(items.end(), b->items.begin(), b->items.end());
            return a->kind == Var::K::List ? Var::list(items) : Var::tuple(items);
        }
        if (base_op == bytecode::NB_MULTIPLY && (a->is_sequence() || b->is_sequence())) {
            // [x] * n, n * (a, b), outs = [None] * T: the same item Vars n times (one object, as in
            // Python). `xs *= n` too makes a new list: Dynamo's builtin handlers give operator.imul
            // no list handler of its own (only iadd mutates), so it falls back to mul's
            // expand_list_like and the caller's list is left as it was.
            const VarP& seq = a->is_sequence() ? a : b;
            const VarP& count = a->is_sequence() ? b : a;
            if (count->is_constant() && count->value.is_int() && !count->value.is_bool()) {
                std::vector<VarP> items;
                for (int64_t k = 0; k < count->value.as_int(); ++k)
                    items.insert(items.end(), seq->items.begin(), seq->items.end());
                return seq->kind == Var::K::List ? Var::list(items) : Var::tuple(items);
            }
        }
        Value r = vm::binary_op(in_, nb, example_of(a), example_of(b));
        if (is_plain_constant(r)) return Var::constant(r);
        unsupported("Unsupported binary operator", std::string("Kiln's Dynamo cannot trace `") +
                                                       bytecode::binary_op_symbol(nb) + "` on these operands.",
                    {}, "gb0000");
    }
    const Value& fn = k_.ops[q];
    return record(FxOp::CallFunction, fn, q, n, {a, b}, {}, [&] {
        return vm::binary_op(in_, nb, example_of(a), example_of(b));
    });
}

VarP Translator::compare(int cmp, const VarP& a, const VarP& b) {
    if (a->is_constant() && b->is_constant()) return Var::constant(vm::compare(in_, cmp, a->value, b->value));
    static const char* const names[] = {"lt", "le", "eq", "ne", "gt", "ge"};
    if (!a->is_tensor() && !b->is_tensor() && (a->is_symint() || b->is_symint())) {
        // A decision on a size symbol: taken with the value this compile sees, and guarded.
        static const int mirror[] = {bytecode::CMP_GT, bytecode::CMP_GE, bytecode::CMP_EQ, bytecode::CMP_NE,
                                     bytecode::CMP_LT, bytecode::CMP_LE};
        const VarP& sym = a->is_symint() ? a : b;
        const VarP& other = a->is_symint() ? b : a;
        int op = a->is_symint() ? cmp : mirror[cmp];
        if (sym->tensor_of && other->is_constant() && (other->value.is_float() || other->value.is_int())) {
            Value r = vm::compare(in_, op, sym->value, other->value);
            Guard& g = guard(Guard::Kind::SymCompare, sym->source);
            g.cmp = op;
            g.rhs_float = other->value.is_float() ? other->value.as_float() : double(other->value.as_int());
            g.float_compare = true;
            g.expected = vm::truthy(in_, r);
            return Var::constant(Value::boolean(g.expected));
        }
        if (sym->symbol >= 0 && other->is_constant() && other->value.is_int()) {
            realize(sym);
            Value r = vm::compare(in_, op, sym->value, other->value);
            Guard& g = guard(Guard::Kind::SymCompare, symbols_[size_t(sym->symbol)].source);
            g.cmp = op;
            g.rhs = other->value.as_int();
            g.expected = vm::truthy(in_, r);
            // `size == 4` taken as true pins the symbol to one value: an error for a dim the user
            // marked dynamic (PyTorch raises it once the graph is compiled).
            const Symbol& s = symbols_[size_t(sym->symbol)];
            bool pinned = (op == bytecode::CMP_EQ && g.expected) || (op == bytecode::CMP_NE && !g.expected);
            if (pinned && s.marked && out_.constraint_violation.empty())
                out_.constraint_violation =
                    "Constraints violated (" + s.source->str() + ")! For more information, run with TORCH_LOGS=\"+dynamic\".\n  - You marked " +
                    s.source->str() + " as dynamic but your code specialized it to be a constant (" + std::to_string(s.hint) +
                    "). If you're using mark_dynamic, either remove it or use maybe_mark_dynamic to give PyTorch a hint instead.";
            return Var::constant(Value::boolean(g.expected));
        }
        skip("a comparison of computed symbolic sizes (Kiln guards decisions on size symbols only)");
    }
    if (!a->is_tensor() && !b->is_tensor()) {
        if (cmp == bytecode::CMP_EQ || cmp == bytecode::CMP_NE) {
            Value r = vm::compare(in_, cmp, example_of(a), example_of(b));
            if (r.is_bool()) return Var::constant(r);
        }
        unsupported("Unsupported comparison", "Kiln's Dynamo cannot compare these values symbolically.", {}, "gb0000");
    }
    std::string q = std::string("operator.") + names[cmp];
    return record(FxOp::CallFunction, k_.ops[q], q, names[cmp], {a, b}, {}, [&] {
        return vm::compare(in_, cmp, example_of(a), example_of(b));
    });
}

// ---- Python semantics ---------------------------------------------------------------------------------------

VarP Translator::load_attr(const VarP& obj, const std::string& name) {
    switch (obj->kind) {
        case Var::K::Tensor: {
            if (name == "grad" && obj->source && obj->value.is(Kind::Tensor)) {
                // An input's .grad (an optimizer step reads p.grad): the program's gradient, a graph
                // input of its own (L_..._grad) or None, guarded through its source.
                return wrap(vm::getattr(in_, obj->value, "grad"), Source::attr(obj->source, "grad"));
            }
            realize(obj);
            if (name == "shape" && !symbols_.empty()) return shape_of(obj);
            if (metadata_attr(name)) {
                Value r = vm::getattr(in_, obj->example, name);
                return Var::constant(r);
            }
            if (name == "data")
                return record(FxOp::CallFunction, k_.ops["torch._C._autograd._get_data_attr"],
                              "torch._C._autograd._get_data_attr", "_get_data_attr", {obj}, {},
                              [&] { return vm::getattr(in_, obj->example, "data"); });
            if (name == "T" || name == "mT" || name == "H" || name == "real")
                return record(FxOp::CallFunction, k_.ops["builtins.getattr"], "builtins.getattr", "getattr",
                              {obj, Var::constant(vm::new_str(name))}, {},
                              [&] { return vm::getattr(in_, obj->example, name); });
            // A method read as a value (`x.reshape(*x.shape[:-1], -1, 2)` compiles to LOAD_ATTR and
            // CALL_FUNCTION_EX, not LOAD_METHOD): the same bound-method variable LOAD_METHOD makes,
            // so the call is traced as x.reshape(...) is.
            if (Value attr = vm::getattr_or_null(in_, obj->example, name);
                attr.is(Kind::BoundMethod) || attr.is(Kind::Builtin)) {
                VarP m = Var::of_kind(Var::K::Method, Value());
                m->self = obj;
                m->method = name;
                return m;
            }
            unsupported("Unsupported Tensor attribute", "Kiln's Dynamo does not trace reading `Tensor." + name + "`.",
                        {"Read this attribute outside the compiled region."}, "gb0000", "attribute: " + name);
        }
        case Var::K::NNModule:
        case Var::K::Object: {
            if (auto* so = obj->value.as<vm::SuperObj>(); so && obj->self) {
                // super().name: a function found after the super's class in the MRO, bound to the
                // receiver's Var (inlined when called); anything else is read as Python reads it.
                const bool made = obj->self->kind == Var::K::NewObject;
                const auto& mro = made ? obj->self->value.get<vm::Type>()->mro : vm::type_of(so->self)->mro;
                size_t i = 0;
                while (i < mro.size() && mro[i] != so->start.get()) ++i;
                for (++i; i < mro.size(); ++i)
                    if (const Value* d = mro[i]->dict.find(name)) {
                        if (d->is(Kind::Function)) {
                            auto m = Var::of_kind(Var::K::Method, *d);
                            m->self = obj->self;
                            return m;
                        }
                        if (made)
                            if (VarP m = new_object_builtin_method(obj->self, mro[i], name)) return m;
                        break;
                    }
                if (made && name == "__init__") {
                    // object.__init__ reached through super() (a base class's `super().__init__()`):
                    // nothing to do on the new object.
                    auto m = Var::of_kind(Var::K::Method, Value());
                    m->self = obj->self;
                    m->method = "__init__";
                    return m;
                }
                if (made)
                    unsupported("Unsupported attribute access", "Kiln's Dynamo reads only methods through super() of an object "
                                "made in the compiled region.", {}, "gb0000", "attribute: " + name);
            }
            for (auto it = pending_attrs_.rbegin(); it != pending_attrs_.rend(); ++it)
                if (it->first == obj->value.obj()) {
                    for (auto s = out_.side_effects.rbegin(); s != out_.side_effects.rend(); ++s)
                        if (s->kind == SideEffect::Kind::StoreAttr && s->object->value.obj() == obj->value.obj() &&
                            s->name == name)
                            return s->value;
                    break;
                }
            Value real = vm::getattr(in_, obj->value, name);
            if (obj->kind == Var::K::NNModule && real.is(Kind::Function)) {
                // A method of the module's class: bound to the module Var. A staticmethod of the class
                // (YOLOLayer._make_grid called as self._make_grid(nx, ny)) and a function stored on the
                // instance are handed out unbound, as Python's attribute lookup does.
                const Value* in_class = vm::type_of(obj->value)->lookup(name);
                const auto* inst = obj->value.as<vm::Instance>();
                const bool on_instance = inst && inst->dict.find(name) != nullptr;
                if (!on_instance && in_class && in_class->is(Kind::Function)) {
                    auto m = Var::of_kind(Var::K::Method, real);
                    m->self = obj;
                    return m;
                }
            }
            if (real.is(Kind::BoundMethod)) {
                auto* bm = real.get<vm::BoundMethod>();
                if (bm->func.is(Kind::Function) && same(bm->self, obj->value)) {
                    auto m = Var::of_kind(Var::K::Method, bm->func);
                    m->self = obj;
                    return m;
                }
            }
            if (obj->opaque && (real.is(Kind::Builtin) || real.is(Kind::BoundMethod) || real.is(Kind::Function))) {
                auto m = Var::of_kind(Var::K::Builtin, real);
                m->opaque = true;
                m->method = vm::type_name(obj->value) + "." + name;
                m->self = obj;
                return m;
            }
            std::string via;
            if (obj->kind == Var::K::NNModule) {
                if (real.is(Kind::Tensor)) via = vm::isinstance(real, T().parameter) ? "_parameters" : "_buffers";
                else if (vm::isinstance(real, T().nn_module)) via = "_modules";
            }
            SourceP s = obj->source ? Source::attr(obj->source, name, via) : nullptr;
            if (!s && real.is(Kind::Tensor))
                unsupported("Unsupported attribute source", "A tensor attribute of an object made inside the compiled region.",
                            {}, "gb0000");
            return wrap(real, s);
        }
        case Var::K::NewObject: {
            // An object made in the traced region: its own attributes first, then its class's
            // (PyTorch's UserDefinedObjectVariable.var_getattr): a function is a method bound to the
            // object (inlined when called), a property's getter is inlined, a plain constant is read.
            if (const VarP* own = new_object_attr(obj, name)) return *own;
            auto* cls = obj->value.get<vm::Type>();
            const Value* d = nullptr;
            vm::Type* owner = nullptr;
            for (vm::Type* t : cls->mro)
                if ((d = t->dict.find(name))) {
                    owner = t;
                    break;
                }
            if (!d)
                vm::raise(T().AttributeError, "'" + cls->name + "' object has no attribute '" + name + "'");
            if (!d->is(Kind::Function) && owner->builtin)
                if (VarP m = new_object_builtin_method(obj, owner, name)) return m;
            if (d->is(Kind::Function)) {
                auto m = Var::of_kind(Var::K::Method, *d);
                m->self = obj;
                return m;
            }
            if (auto* p = d->as<vm::Property>(); p && p->getter.is(Kind::Function))
                return inline_call(p->getter.get<vm::Function>(), {}, {}, obj);
            if (d->is(Kind::Instance)) {
                // A descriptor written in Python (torch.distributions' lazy_property): its
                // __get__(obj, cls) is inlined, as Python calls it.
                if (const Value* get = vm::type_of(*d)->lookup("__get__"); get && get->is(Kind::Function))
                    return inline_call(get->get<vm::Function>(), {obj, Var::of_kind(Var::K::Type, Value(cls))}, {},
                                       wrap(*d, nullptr));
            }
            if (is_plain_constant(*d)) return Var::constant(*d);
            unsupported("Unsupported attribute access",
                        "Kiln's Dynamo reads attributes of an object made in the compiled region only when they are its "
                        "own, methods, properties or constants of its class.",
                        {}, "gb0000", "attribute: " + name);
        }
        case Var::K::PyModule:
        case Var::K::Type:
        case Var::K::Function: {
            Value real = vm::getattr(in_, obj->value, name);
            SourceP s = obj->source ? Source::attr(obj->source, name) : nullptr;
            if (real.is(Kind::Tensor) && !s)
                unsupported("Unsupported module attribute", "A tensor reached through a module object with no source.", {},
                            "gb0000");
            return wrap(real, s);
        }
        case Var::K::Constant: {
            Value real = vm::getattr(in_, obj->value, name);
            if (is_plain_constant(real)) return Var::constant(real);
            return Var::of_kind(Var::K::Builtin, real);
        }
        case Var::K::Tuple:
            // A named tuple's field (x.max(-1).values, torch.return_types.*): the item it names,
            // found by reading the field of the example tuple.
            if (obj->seq_type && obj->seq_type != T().tuple && name != "count" && name != "index") {
                Value ex = example_of(obj);
                Value field;
                try {
                    field = vm::getattr(in_, ex, name);
                } catch (vm::PyError&) {
                }
                if (!field.is_null())
                    for (const VarP& item : obj->items)
                        if (Value e = example_of(item); e.is_obj() && field.is_obj() && e.obj() == field.obj()) return item;
            }
            [[fallthrough]];
        case Var::K::List:
        case Var::K::Dict: {
            auto m = Var::of_kind(Var::K::Method, Value());
            m->self = obj;
            m->method = name;
            return m;
        }
        default: break;
    }
    unsupported("Unsupported attribute access", "Kiln's Dynamo cannot read `." + name + "` of this value.", {}, "gb0000");
}

// An attribute the object made in the traced region holds itself (null: none).
const VarP* Translator::new_object_attr(const VarP& obj, const std::string& name) {
    for (size_t k = 0; k < obj->keys.size(); ++k)
        if (vm::str_of(obj->keys[k]) == name) return &obj->items[k];
    return nullptr;
}

// Calling a user class in the traced region, as PyTorch's UserDefinedClassVariable.call_function
// does for a plain Python class: a new object Dynamo tracks (object.__new__, its attributes in the
// Var) and the class's __init__ inlined on it, so `Point(x, 2.0)` or a dataclass costs no graph
// break. A subclass of dict (OrderedDict included: a Hugging Face ModelOutput) is PyTorch's
// UserDefinedDictVariable: the object also holds a dict tracker (`dict_part`) that dict's own
// methods, subscripts, `in`, len() and iteration act on, while the class's Python methods (its
// __setitem__, __setattr__, __post_init__) are inlined. Classes whose instances Kiln cannot model
// that way (another builtin or native base, a metaclass, their own __new__, __getattr__ or
// __slots__) return null: the caller breaks.
VarP Translator::new_user_object(vm::Type* cls, std::vector<VarP>& args, std::vector<std::pair<std::string, VarP>>& kwargs) {
    // A metaclass is fine when it leaves instance creation to type.__call__ (abc.ABCMeta:
    // contextlib.suppress, AbstractContextManager subclasses); an abstract class is left to the
    // eager call, which raises.
    vm::Type* meta = vm::type_of(Value(cls));
    if (meta != T().type) {
        const Value* call = meta->lookup("__call__");
        const Value* type_call = T().type->lookup("__call__");
        if (!call || !type_call || !call->is_obj() || !type_call->is_obj() || call->obj() != type_call->obj()) return nullptr;
        const Value* am = cls->lookup("__abstractmethods__");
        if (am && vm::truthy(in_, *am)) return nullptr;
    }
    if (!cls->slots.empty()) return nullptr;
    const bool dict_like = cls->is_subtype_of(T().dict);
    for (vm::Type* t : cls->mro)
        if (t != cls && t->builtin && t != T().object && !(dict_like && t == T().dict)) return nullptr;
    auto is_same = [](const Value* a, const Value* b) { return a && b && a->is_obj() && b->is_obj() && a->obj() == b->obj(); };
    for (const char* special : {"__new__", "__setattr__", "__getattr__", "__getattribute__", "__delattr__"}) {
        const Value* mine = cls->lookup(special);
        if (!mine || is_same(mine, T().object->lookup(special))) continue;
        if (dict_like && is_same(mine, T().dict->lookup(special))) continue;
        // A __setattr__ written in Python is inlined at each attribute store (store_attr).
        if (std::string(special) == "__setattr__" && mine->is(Kind::Function)) continue;
        return nullptr;
    }
    auto obj = Var::of_kind(Var::K::NewObject, Value(cls));
    if (dict_like) {
        obj->dict_part = Var::make();
        obj->dict_part->kind = Var::K::Dict;
    }
    const Value* init = cls->lookup("__init__");
    const Value* base_init = T().object->lookup("__init__");
    if (init && init->is(Kind::Function)) {
        VarP r = inline_call(init->get<vm::Function>(), std::move(args), std::move(kwargs), obj);
        if (!(r->is_constant() && r->value.is_none()))
            vm::raise(T().TypeError, "__init__() should return None, not '" +
                                         (r->is_constant() ? vm::type_name(r->value) : std::string("object")) + "'");
        return obj;
    }
    if (dict_like && is_same(init, T().dict->lookup("__init__"))) {
        // dict.__init__(mapping or pairs, **kwargs): dict() of the arguments, as the object's items.
        if (args.size() > 1) return nullptr;
        std::vector<VarP> dargs = args;
        VarP d = call(Var::of_kind(Var::K::Type, Value(T().dict)), dargs, kwargs);
        if (d->kind != Var::K::Dict) return nullptr;
        obj->dict_part->keys = d->keys;
        obj->dict_part->items = d->items;
        return obj;
    }
    if (!is_same(init, base_init)) return nullptr;
    if (!args.empty() || !kwargs.empty()) vm::raise(T().TypeError, cls->name + "() takes no arguments");
    return obj;
}

// The Python function the class of an object made in the region defines for `name` (its
// __setitem__, __getitem__, __contains__, __len__, __iter__, __bool__), or null when the object
// uses the builtin one (dict's, for a dict subclass): PyTorch inlines the former and hands the
// latter to the dict tracker (UserDefinedDictVariable.call_method's _dict_methods).
const vm::Function* Translator::user_dunder(const VarP& obj, const char* name) {
    if (obj->kind != Var::K::NewObject) return nullptr;
    const Value* d = obj->value.get<vm::Type>()->lookup(name);
    return d && d->is(Kind::Function) ? d->get<vm::Function>() : nullptr;
}

// `c[key] = v` on a tracked value (STORE_SUBSCR, dict.__setitem__ of a dict subclass's items).
void Translator::store_item(const VarP& c, const VarP& key, const VarP& v) {
    if ((c->kind == Var::K::List || c->kind == Var::K::Dict) && !c->source && c->opaque)
        unsupported("Unsupported closure variable",
                    "A list or dict captured in a closure of a called function is changed: Kiln's Dynamo cannot replay "
                    "the change on it.",
                    {"Pass the container as an argument, or keep it in a global or an attribute."}, "gb0000");
    if (c->is_tensor()) {
        record(FxOp::CallFunction, k_.ops["operator.setitem"], "operator.setitem", "setitem", {c, key, v}, {}, [&] {
            vm::setitem(in_, c->example, example_of(key), example_of(v));
            return Value::none();
        });
        return;
    }
    if (c->kind == Var::K::List && !c->source && key->is_constant() && key->value.is_int()) {
        int64_t k = key->value.as_int();
        if (k < 0) k += int64_t(c->items.size());
        if (k < 0 || k >= int64_t(c->items.size())) vm::raise(T().IndexError, "list assignment index out of range");
        c->items[size_t(k)] = v;
        return;
    }
    if (c->kind == Var::K::Dict && c->source && key->is_constant() && (key->value.is(Kind::Str) || key->value.is_int())) {
        // A dict from the frame (an optimizer's per-parameter state): the Var changes now,
        // the real dict when the transformed code replays the store after the graph.
        SideEffect e;
        e.kind = SideEffect::Kind::StoreItem;
        e.object = c;
        e.key = key->value;
        e.value = v;
        out_.side_effects.push_back(e);
        bool found = false;
        for (size_t j = 0; j < c->keys.size() && !found; ++j)
            if (vm::keys_equal(c->keys[j], key->value)) {
                c->items[j] = v;
                found = true;
            }
        if (!found) {
            c->keys.push_back(key->value);
            c->items.push_back(v);
        }
        return;
    }
    if (c->kind == Var::K::Dict && !c->source && key->is_constant()) {
        for (size_t j = 0; j < c->keys.size(); ++j)
            if (vm::keys_equal(c->keys[j], key->value)) {
                c->items[j] = v;
                return;
            }
        c->keys.push_back(key->value);
        c->items.push_back(v);
        return;
    }
    unsupported("Unsupported item assignment", "Kiln's Dynamo cannot replay this item assignment.", {}, "gb0000");
}

// A builtin method of an object made in the region, found on `owner` in its class's MRO (directly
// or through super()): object's __setattr__ stores the attribute itself (no user __setattr__
// again), and dict's methods act on a dict subclass's items, as UserDefinedDictVariable hands them
// to its ConstDictVariable. Null for anything else.
VarP Translator::new_object_builtin_method(const VarP& obj, vm::Type* owner, const std::string& name) {
    if (owner == T().object && name == "__setattr__") {
        auto m = Var::of_kind(Var::K::Method, Value());
        m->self = obj;
        m->method = "__setattr__";
        return m;
    }
    if (obj->dict_part && owner == T().dict) {
        auto m = Var::of_kind(Var::K::Method, Value());
        m->self = obj->dict_part;
        m->method = name;
        return m;
    }
    return nullptr;
}

// What subscripts, `in`, len() and iteration act on: a dict subclass's items when the class leaves
// `dunder` to dict, else the value itself.
VarP Translator::dict_items_of(const VarP& v, const char* dunder) {
    if (v->kind == Var::K::NewObject && v->dict_part && !user_dunder(v, dunder)) return v->dict_part;
    return v;
}

void Translator::store_attr(const VarP& obj, const std::string& name, const VarP& value, bool raw) {
    if (obj->kind == Var::K::NewObject && !raw)
        if (const vm::Function* setattr = user_dunder(obj, "__setattr__")) {
            // `self.x = v` runs the class's __setattr__ (a ModelOutput mirrors fields into its keys):
            // inlined, its `super().__setattr__(name, value)` being the store below (raw).
            inline_call(setattr, {Var::constant(vm::new_str(name)), value}, {}, obj);
            return;
        }
    if (obj->kind == Var::K::NewObject) {
        // An object made in the traced region holds its attributes in its Var: nothing to replay
        // unless it outlives the graph (codegen rebuilds it with them).
        for (size_t k = 0; k < obj->keys.size(); ++k)
            if (vm::str_of(obj->keys[k]) == name) {
                obj->items[k] = value;
                return;
            }
        obj->keys.push_back(vm::new_str(name));
        obj->items.push_back(value);
        return;
    }
    if ((obj->kind == Var::K::NNModule || obj->kind == Var::K::Object) && obj->source) {
        SideEffect e;
        e.kind = SideEffect::Kind::StoreAttr;
        e.object = obj;
        e.name = name;
        e.value = value;
        out_.side_effects.push_back(e);
        pending_attrs_.push_back({obj->value.obj(), value});
        return;
    }
    unsupported("Unsupported attribute assignment", "Kiln's Dynamo replays attribute stores only on objects that came from the frame.",
                {}, "gb0000");
}

VarP Translator::getitem(const VarP& c, const VarP& key) {
    if (c->kind == Var::K::NewObject) {
        // An object made in the region: its class's __getitem__ (Python) inlined, as PyTorch does
        // (a ModelOutput's `out["logits"]` / `out[0]`); a dict subclass's items otherwise.
        if (const vm::Function* gi = user_dunder(c, "__getitem__")) return inline_call(gi, {key}, {}, c);
        if (c->dict_part) return getitem(c->dict_part, key);
    }
    if (c->is_tensor()) {
        Value k = example_of(key);
        auto is_bool_index = [&](const Value& v) {
            auto* t = v.as<vm::TensorObj>();
            return t && t->tensor.dtype() == DType::Bool;
        };
        bool dyn = is_bool_index(k);
        if (auto* t = k.as<vm::Tuple>())
            for (const Value& x : t->items) dyn = dyn || is_bool_index(x);
        if (dyn)
            unsupported("Dynamic shape operator",
                        "Operator `aten.nonzero.default`'s output shape depends on input Tensor data.",
                        {"Enable tracing of dynamic shape operators with `torch._dynamo.config.capture_dynamic_output_shape_ops = True`"},
                        "gb0036", "Operator: aten.nonzero.default");
        return record(FxOp::CallFunction, k_.ops["operator.getitem"], "operator.getitem", "getitem", {c, key}, {},
                      [&] { return vm::getitem(in_, c->example, k); });
    }
    if (c->is_sequence() && key->is_constant()) {
        if (key->value.is_int()) {
            int64_t i = key->value.as_int();
            int64_t n = int64_t(c->items.size());
            if (i < 0) i += n;
            if (i < 0 || i >= n) vm::raise(T().IndexError, c->kind == Var::K::List ? "list index out of range" : "tuple index out of range");
            return c->items[size_t(i)];
        }
        if (auto* s = key->value.as<vm::Slice>()) {
            auto idx = vm::slice_indices(*s, int64_t(c->items.size()));
            std::vector<VarP> items;
            for (int64_t k = 0, i = idx.start; k < idx.count; ++k, i += idx.step) items.push_back(c->items[size_t(i)]);
            // A slice of a size is a size (SizeVariable.get_item_dyn).
            return c->kind == Var::K::List ? Var::list(items) : Var::tuple(items, c->seq_type == T().size ? T().size : nullptr);
        }
    }
    if (c->kind == Var::K::Dict && key->is_constant()) {
        for (size_t i = 0; i < c->keys.size(); ++i)
            if (vm::keys_equal(c->keys[i], key->value)) return c->items[i];
        vm::raise(T().KeyError, vm::repr(in_, key->value));
    }
    if (c->is_constant() && key->is_constant()) return Var::constant(vm::getitem(in_, c->value, key->value));
    if ((c->kind == Var::K::NNModule || c->kind == Var::K::Object) && c->value.is_obj() && !c->value.obj()->type->builtin) {
        // A user class's __getitem__ is Python code: inlined, as PyTorch's Dynamo does.
        if (const Value* gi = c->value.obj()->type->lookup("__getitem__"); gi && gi->is(Kind::Function))
            return inline_call(gi->get<vm::Function>(), {key}, {}, c);
    }
    if (c->kind == Var::K::NNModule && key->is_constant()) {
        // Sequential / ModuleList indexing: the submodule, reached through _modules.
        Value real = vm::getitem(in_, c->value, key->value);
        if (vm::isinstance(real, T().nn_module) && c->source) {
            std::string name = key->value.is_int() ? std::to_string(key->value.as_int()) : vm::to_str(in_, key->value);
            if (key->value.is_int() && key->value.as_int() < 0) {
                unsupported("Unsupported module index", "Negative module indices are not traced by Kiln.", {}, "gb0000");
            }
            if (key->value.is_int()) {
                // The i-th child's name in _modules: `Sequential(OrderedDict(a=..., b=...))` names
                // them, so index 0 is `_modules['a']`, not `_modules['0']`. named_children() skips a
                // module that appears twice; then the names are the default numbers.
                std::vector<Value> named = vm::to_vector(in_, in_.call_method(c->value, "named_children", {}));
                size_t i = size_t(key->value.as_int());
                if (int64_t(named.size()) == vm::length(in_, c->value) && i < named.size())
                    if (auto* t = named[i].as<vm::Tuple>(); t && t->items.size() == 2 && t->items[0].is(Kind::Str))
                        name = vm::str_of(t->items[0]);
            }
            return wrap(real, Source::attr(c->source, name, "_modules"));
        }
    }
    unsupported("Unsupported subscript", "Kiln's Dynamo cannot index this value symbolically.", {}, "gb0000");
}

bool Translator::truth(const VarP& v, bool& known) {
    known = true;
    switch (v->kind) {
        case Var::K::Constant: return vm::truthy(in_, v->value);
        case Var::K::Tuple:
        case Var::K::List:
        case Var::K::Dict: return !v->items.empty();
        case Var::K::Tensor: known = false; return false;
        case Var::K::SymInt: {
            VarP r = compare(bytecode::CMP_NE, v, Var::constant(Value::integer(0)));
            return r->is_constant() && vm::truthy(in_, r->value);
        }
        case Var::K::Function:
        case Var::K::Builtin:
        case Var::K::Type:
        case Var::K::PyModule:
        case Var::K::NNModule:
        case Var::K::Nested:
        case Var::K::Method: return true;
        case Var::K::NewObject: {
            // Python's truth test: the class's __bool__, else its __len__ (dict's for a dict
            // subclass: its items), else true.
            if (const vm::Function* b = user_dunder(v, "__bool__")) return truth(inline_call(b, {}, {}, v), known);
            if (const vm::Function* ln = user_dunder(v, "__len__")) {
                VarP n = inline_call(ln, {}, {}, v);
                return truth(n, known);
            }
            if (v->dict_part) return !v->dict_part->items.empty();
            return true;
        }
        case Var::K::Object: {
            if (!vm::find_dunder(v->value, "__bool__").is_null() || !vm::find_dunder(v->value, "__len__").is_null()) {
                known = false;
                return false;
            }
            return true;
        }
        default: known = false; return false;
    }
}

std::vector<VarP> Translator::unpack(const VarP& v) {
    if (v->kind == Var::K::NewObject && v->dict_part && !user_dunder(v, "__iter__")) return unpack(v->dict_part);
    if (v->is_sequence()) return v->items;
    if (v->kind == Var::K::Iterator) return std::vector<VarP>(v->items.begin() + long(v->pos), v->items.end());
    if (v->kind == Var::K::Dict) {
        std::vector<VarP> out;
        for (const Value& k : v->keys) out.push_back(Var::constant(k));
        return out;
    }
    if (v->is_constant()) {
        std::vector<VarP> out;
        for (const Value& x : vm::to_vector(in_, v->value)) out.push_back(Var::constant(x));
        return out;
    }
    if (v->is_tensor()) {
        const Tensor& t = v->example.get<vm::TensorObj>()->tensor;
        if (t.dim() == 0) vm::raise(T().TypeError, "iteration over a 0-d tensor");
        std::vector<VarP> out;
        for (int64_t i = 0; i < t.size(0); ++i) out.push_back(getitem(v, Var::constant(Value::integer(i))));
        return out;
    }
    if (v->kind == Var::K::NNModule) {
        // Iterating a ModuleList / Sequential: its submodules in order.
        std::vector<VarP> out;
        std::vector<Value> subs = vm::to_vector(in_, v->value);
        for (size_t i = 0; i < subs.size(); ++i) out.push_back(getitem(v, Var::constant(Value::integer(int64_t(i)))));
        return out;
    }
    unsupported("Unsupported iteration", "Kiln's Dynamo cannot iterate over this value symbolically.", {}, "gb0000");
}

VarP Translator::iter(const VarP& v) {
    if (v->kind == Var::K::Iterator) return v;  // iter(iterator) is the iterator itself
    auto it = Var::make();
    it->kind = Var::K::Iterator;
    it->items = v->kind == Var::K::Iterator ? v->items : unpack(v);
    it->pos = v->kind == Var::K::Iterator ? v->pos : 0;
    return it;
}

// ---- calls --------------------------------------------------------------------------------------------------

// torch.ops overloads and packets (engine/stdlib/torch/_ops.py) and torch.library's custom operators
// (torch/library.py): one call_function node each, as PyTorch's Dynamo records an OpOverload call
// (TorchInGraphFunctionVariable). The operator runs on the example values without being traced
// into, so a custom operator's kernel (NumPy code, say) stays opaque to the graph; a CustomOpDef is
// recorded as its default OpOverload. Null for any other callable.
VarP Translator::call_operator_object(const VarP& fn, const std::vector<VarP>& args,
                                      const std::vector<std::pair<std::string, VarP>>& kwargs) {
    const Value& f = fn->value;
    if (fn->kind != Var::K::Object || f.is_null() || !f.is_obj()) return nullptr;
    const vm::Type* t = vm::type_of(f);
    Value target = f;
    if (t->module == "torch.library" && t->name == "CustomOpDef")
        target = vm::getattr(in_, f, "_opoverload");
    else if (!(t->module == "torch._ops" && (t->name == "OpOverload" || t->name == "OpOverloadPacket")))
        return nullptr;
    // The node's name is FX's for the target (_target_to_str): its __name__ in snake case (an
    // underscore before a capital that follows a lower-case letter, then lower-cased), the dot an
    // underscore: relu.default -> relu_default, sum.dim_IntList -> sum_dim_int_list.
    const std::string name = vm::to_str(in_, vm::getattr(in_, target, "__name__"));
    std::string base;
    for (size_t i = 0; i < name.size(); ++i) {
        const unsigned char c = static_cast<unsigned char>(name[i]);
        if (i > 0 && std::isupper(c) && std::islower(static_cast<unsigned char>(name[i - 1]))) base += '_';
        base += c == '.' ? '_' : char(std::tolower(c));
    }
    return record(FxOp::CallFunction, target, "torch.ops." + vm::to_str(in_, target), base, args, kwargs, [&] {
        std::vector<std::pair<std::string, Value>> kw;
        for (const auto& [n, v] : kwargs) kw.push_back({n, example_of(v)});
        return call_with(in_, target, example_args(args), kw);
    });
}

VarP Translator::call(const VarP& fn, std::vector<VarP> args, std::vector<std::pair<std::string, VarP>> kwargs) {
    if ((fn->kind == Var::K::Function || fn->kind == Var::K::Builtin || fn->kind == Var::K::Object) && !fn->self &&
        is_cond_callable(fn->value))
        return call_cond(std::move(args), std::move(kwargs));
    if ((fn->kind == Var::K::Function || fn->kind == Var::K::Object) && !fn->self)
        if (int w = while_loop_kind(fn->value))
            return call_while_loop(std::move(args), std::move(kwargs), w == 1);
    if (fn->kind == Var::K::Function && !fn->self) {
        if (hop_map_fn_.is_null()) {
            auto mit = in_.modules().find("torch._higher_order_ops.map");
            if (mit != in_.modules().end())
                if (const Value* v = mit->second->dict.find("map")) hop_map_fn_ = *v;
        }
        if (hop_map_fn_.is_obj() && hop_map_fn_.obj() == fn->value.obj()) return call_map(std::move(args), std::move(kwargs));
    }
    if (VarP op = call_operator_object(fn, args, kwargs)) return op;
    // A function listed in torch._dynamo.config.reorderable_logging_functions (PyTorch's
    // DebuggingVariable: a plain or builtin function) with tensor and constant arguments is called
    // after the graph, with the values the graph computed, instead of breaking it.
    if ((fn->kind == Var::K::Function || (fn->kind == Var::K::Builtin && !fn->self)) && kwargs.empty() &&
        !opt_.reorderable_logging.is_null() && vm::contains(in_, opt_.reorderable_logging, fn->value) &&
        std::all_of(args.begin(), args.end(), [](const VarP& a) { return a->is_tensor() || a->is_constant(); })) {
        SideEffect e;
        e.kind = SideEffect::Kind::Call;
        e.callee = fn->value;
        e.value = Var::tuple(args);
        out_.side_effects.push_back(e);
        return Var::constant(Value::none());
    }
    if (!fn->self && fn->value.is_obj() && (fn->kind == Var::K::Function || fn->kind == Var::K::Builtin) &&
        state(in_).disallowed_in_graph.count(fn->value.obj()))
        disallowed_call(fn->value);
    switch (fn->kind) {
        case Var::K::Function:
            if (is_sdpa_kernel(fn->value)) return sdpa_kernel_context(args, kwargs);
            if (!fn->self && opt_.allowed_in_graph && opt_.allowed_in_graph->count(fn->value.obj()))
                return call_allowed_in_graph(fn->value, args, kwargs);
            if (args.size() == 1 && kwargs.empty() && !fn->self && is_dataclasses_fields(fn->value) &&
                (args[0]->kind == Var::K::NewObject || (args[0]->kind == Var::K::Object && args[0]->value.is(Kind::Instance)))) {
                // dataclasses.fields(obj) of a user object (PyTorch's _dataclasses_fields_lambda): the
                // tuple of the class's Field objects, each reached through `__dataclass_fields__` when
                // the object came from the frame. An object made in the region has its class's fields.
                const bool made = args[0]->kind == Var::K::NewObject;
                Value r = in_.call(fn->value, {args[0]->value});  // (made: the class, whose fields are the object's)
                std::vector<VarP> items;
                for (const Value& field : vm::to_vector(in_, r)) {
                    SourceP src;
                    if (!made && args[0]->source)
                        src = Source::item(Source::attr(args[0]->source, "__dataclass_fields__"), vm::getattr(in_, field, "name"));
                    items.push_back(Var::of_kind(Var::K::Object, field, src));
                }
                return Var::tuple(items);
            }
            if (auto it = k_.in_graph_python.find(fn->value.obj()); it != k_.in_graph_python.end())
                return call_torch(fn->value, it->second, args, kwargs);
            return inline_call(fn->value.get<vm::Function>(), std::move(args), std::move(kwargs), nullptr, fn->source);
        case Var::K::Nested: {
            auto* code = fn->value.get<vm::Code>();
            std::vector<Value> defaults;
            if (auto* t = fn->defaults.as<vm::Tuple>()) defaults = t->items;
            return inline_code(code, frames_.back()->globals, defaults, nullptr, fn->closure, std::move(args), std::move(kwargs));
        }
        case Var::K::Method: {
            if (fn->self->is_tensor() && fn->value.is_null())
                return call_tensor_method(fn->self, fn->method, args, kwargs);
            if (fn->value.is(Kind::Function))
                return inline_call(fn->value.get<vm::Function>(), std::move(args), std::move(kwargs), fn->self);
            const VarP& self = fn->self;
            const std::string& m = fn->method;
            if (self->kind == Var::K::NewObject && m == "__setattr__") {
                // object.__setattr__ (through super() in a class's own __setattr__): the store itself.
                if (args.size() != 2 || !kwargs.empty() || !args[0]->is_constant() || !args[0]->value.is(Kind::Str))
                    unsupported("Unsupported method call", "Kiln's Dynamo traces object.__setattr__(name, value) only with a "
                                "constant attribute name.", {}, "gb0000");
                store_attr(self, vm::str_of(args[0]->value), args[1], true);
                return Var::constant(Value::none());
            }
            if (self->kind == Var::K::NewObject && m == "__init__") {
                if (!args.empty() || !kwargs.empty())
                    vm::raise(T().TypeError, "object.__init__() takes exactly one argument (the instance to initialize)");
                return Var::constant(Value::none());
            }
            if (self->kind == Var::K::SdpaKernel && m == "__exit__") {
                // Leaving `with sdpa_kernel(...)`: the flags from before the block come back.
                in_.call(k_.set_sdpa_backends, {self->sdpa_prev, Value::boolean(self->sdpa_priority)});
                return Var::constant(Value::none());
            }
            if (self->kind == Var::K::Autocast && m == "__exit__") {
                exit_autocast(self);
                return Var::constant(Value::none());
            }
            if (self->kind == Var::K::NullContext && m == "__exit__") return Var::constant(Value::none());
            if (self->kind == Var::K::GenContext && m == "__exit__") return resume_generator_context(self, false);
            if (self->kind == Var::K::GradMode && m == "__exit__") {
                // Leaving `with torch.no_grad():` restores the mode from before the block.
                set_grad_mode(self->prev_grad);
                return Var::constant(Value::none());
            }
            if ((self->kind == Var::K::List || self->kind == Var::K::Dict) && !self->source && self->opaque &&
                (m == "append" || m == "extend" || m == "pop" || m == "insert" || m == "clear" || m == "remove" ||
                 m == "sort" || m == "reverse" || m == "update" || m == "setdefault" || m == "popitem"))
                unsupported("Unsupported closure variable",
                            "A list or dict captured in a closure of a called function is changed: Kiln's Dynamo cannot "
                            "replay the change on it.",
                            {"Pass the container as an argument, or keep it in a global or an attribute."}, "gb0000");
            if (self->kind == Var::K::List && self->source && (m == "append" || m == "extend" || m == "pop" || m == "insert" || m == "clear")) {
                // A list from the frame: the mutation happens on the Var now and is replayed on the
                // real list after the graph runs.
                if (std::find(out_.mutated_lists.begin(), out_.mutated_lists.end(), self) == out_.mutated_lists.end())
                    out_.mutated_lists.push_back(self);
                if (m == "clear" && args.empty()) {
                    self->items.clear();
                    return Var::constant(Value::none());
                }
                if (m == "insert" && args.size() == 2 && args[0]->is_constant() && args[0]->value.is_int()) {
                    int64_t i = std::clamp<int64_t>(args[0]->value.as_int(), 0, int64_t(self->items.size()));
                    self->items.insert(self->items.begin() + long(i), args[1]);
                    return Var::constant(Value::none());
                }
            }
            if (self->kind == Var::K::List) {
                if (m == "append" && args.size() == 1) {
                    self->items.push_back(args[0]);
                    return Var::constant(Value::none());
                }
                if (m == "extend" && args.size() == 1) {
                    auto more = unpack(args[0]);
                    self->items.insert(self->items.end(), more.begin(), more.end());
                    return Var::constant(Value::none());
                }
                if (m == "pop" && !self->items.empty()) {
                    VarP last = self->items.back();
                    self->items.pop_back();
                    return last;
                }
                if (m == "copy" && args.empty() && kwargs.empty()) {
                    // a shallow copy: a new list (made in the traced region, nothing to replay) of the same items
                    return Var::list(self->items);
                }
            }
            if (self->kind == Var::K::Dict) {
                // dict's dunders called as methods (`super().__setitem__(k, v)` in a dict subclass):
                // what the subscript, `in` and len() do.
                if (m == "__setitem__" && args.size() == 2 && kwargs.empty()) {
                    store_item(self, args[0], args[1]);
                    return Var::constant(Value::none());
                }
                if (m == "__getitem__" && args.size() == 1 && kwargs.empty()) return getitem(self, args[0]);
                if (m == "__len__" && args.empty() && kwargs.empty()) return Var::constant(Value::integer(int64_t(self->items.size())));
                if (m == "__contains__" && args.size() == 1 && kwargs.empty() && args[0]->is_constant()) {
                    bool r = false;
                    for (const Value& k : self->keys) r = r || vm::keys_equal(k, args[0]->value);
                    return Var::constant(Value::boolean(r));
                }
                if (m == "__iter__" && args.empty() && kwargs.empty()) return iter(self);
                if (m == "items" || m == "keys" || m == "values") {
                    std::vector<VarP> out;
                    for (size_t i = 0; i < self->keys.size(); ++i) {
                        VarP k = Var::constant(self->keys[i]);
                        if (m == "items") out.push_back(Var::tuple({k, self->items[i]}));
                        else out.push_back(m == "keys" ? k : self->items[i]);
                    }
                    return Var::list(out);
                }
                if ((m == "update" || m == "__init__") && !self->source && args.size() <= 1 &&
                    (args.empty() || args[0]->kind == Var::K::Dict)) {
                    // A dict made in the traced region (no source, nothing to replay): its tracker
                    // takes the other's items and the keyword arguments, later keys replacing.
                    auto put = [&](const Value& key, const VarP& v) {
                        for (size_t i = 0; i < self->keys.size(); ++i)
                            if (vm::keys_equal(self->keys[i], key)) {
                                self->items[i] = v;
                                return;
                            }
                        self->keys.push_back(key);
                        self->items.push_back(v);
                    };
                    if (!args.empty())
                        for (size_t i = 0; i < args[0]->keys.size(); ++i) put(args[0]->keys[i], args[0]->items[i]);
                    for (const auto& [name, v] : kwargs) put(vm::new_str(name), v);
                    return Var::constant(Value::none());
                }
                // A constant key: a constant, or a tuple of them (`{(mode, dim): ...}.get((mode, dim))`).
                std::function<bool(const VarP&, Value*)> constant_key = [&](const VarP& v, Value* out) {
                    if (v->is_constant()) {
                        *out = v->value;
                        return true;
                    }
                    if (v->kind != Var::K::Tuple) return false;
                    std::vector<Value> parts(v->items.size());
                    for (size_t i = 0; i < v->items.size(); ++i)
                        if (!constant_key(v->items[i], &parts[i])) return false;
                    *out = vm::new_tuple(std::move(parts));
                    return true;
                };
                Value key;
                if (m == "get" && !args.empty() && args.size() <= 2 && constant_key(args[0], &key)) {
                    for (size_t i = 0; i < self->keys.size(); ++i)
                        if (vm::keys_equal(self->keys[i], key)) return self->items[i];
                    return args.size() > 1 ? args[1] : Var::constant(Value::none());
                }
            }
            if (self->kind == Var::K::Tuple || self->kind == Var::K::List) {
                if ((m == "index" || m == "count") && args.size() == 1 && args[0]->is_constant()) {
                    Value r = in_.call_method(example_of(self), m, {args[0]->value});
                    return Var::constant(r);
                }
            }
            unsupported("Unsupported method call", "Kiln's Dynamo does not trace `" + m + "()` on this value.", {}, "gb0000");
        }
        case Var::K::NNModule: return call_module(fn, std::move(args), std::move(kwargs));
        case Var::K::Builtin:
        case Var::K::Type:
        case Var::K::Object: return call_builtin(fn, args, kwargs);
        default: break;
    }
    unsupported("Unsupported call", "Kiln's Dynamo cannot call this value symbolically.", {}, "gb0000");
}

// A module call: its forward (inlined, or a built-in layer's node), around it the module's hooks.
VarP Translator::call_module(const VarP& module, std::vector<VarP> args, std::vector<std::pair<std::string, VarP>> kwargs) {
    // PyTorch's VariableBuilder.wrap_module breaks on an RNN, GRU or LSTM reached from the frame (a model's
    // self.rnn): the break is taken here, at the call (Kiln rebuilds the state at a call, as PyTorch does
    // for modules it delays a break to), and the RNN's own forward is then a frame of its own (Kiln
    // traces its Python recurrence there, where PyTorch records one _VF op).
    // PyTorch raises it while wrapping the module (self.rnn's LOAD_ATTR, an instruction that cannot
    // break the graph): in the compiled frame with no checkpoint yet (no call in the graph before the
    // statement) the frame is skipped whole, silently (explain: no graph, no break reason).
    if (!opt_.allow_rnn && module->source && has_attr_step(*module->source))
        for (const Value& t : k_.rnn_modules)
            if (vm::isinstance(module->value, t.get<vm::Type>())) {
                if (frames_.size() == 1 && !checkpoint_) {
                    Unsupported u;
                    u.reason.title = "Attempted to wrap RNN, GRU, or LSTM";
                    u.reason.user_stack = user_stack();
                    u.skip = true;
                    throw u;
                }
                unsupported("Attempted to wrap RNN, GRU, or LSTM", "Dynamo does not support RNN, GRU, or LSTM.",
                            {"Set torch._dynamo.config.allow_rnn=True to enable experimental support for RNN, GRU, "
                             "and LSTM in Dynamo",
                             "It may be possible to write Dynamo tracing rules for this code. Please report an issue "
                             "to PyTorch if you encounter this graph break often and it is causing performance issues."},
                            "gb0000", vm::repr(in_, module->value));
            }
    if (vm::bind::module_has_call_hooks(module->value)) return call_module_with_hooks(module, std::move(args), std::move(kwargs));
    return call_module_forward(module, std::move(args), std::move(kwargs));
}

VarP Translator::call_module_forward(const VarP& module, std::vector<VarP> args,
                                     std::vector<std::pair<std::string, VarP>> kwargs) {
    Value forward = vm::getattr(in_, module->value, "forward");
    if (forward.is(Kind::BoundMethod) && forward.get<vm::BoundMethod>()->func.is(Kind::Function)) {
        // The frame inline_code makes next is this module's forward: it records the module's path
        // (cleared here too, should the call fail before that frame exists).
        struct Pending {
            std::string& slot;
            ~Pending() { slot.clear(); }
        } pending{pending_module_};
        pending_module_ = module->source ? module->source->user_str() : "";
        return inline_call(forward.get<vm::BoundMethod>()->func.get<vm::Function>(), std::move(args), std::move(kwargs), module);
    }
    // A built-in layer runs no Python frame: the nodes it records are tagged with its path here.
    // (Graph inputs the layer lifts are inserted among the placeholders, so the new nodes are
    // found by identity, not by position.)
    std::unordered_set<const FxNode*> before;
    if (module->source)
        for (const auto& n : out_.graph->nodes) before.insert(n.get());
    VarP result = call_layer(module, args, kwargs);
    if (module->source)
        for (const auto& n : out_.graph->nodes)
            if (n->op != FxOp::Placeholder && !before.count(n.get()))
                n->layers.insert(n->layers.begin(), module->source->user_str());  // inner layers tagged it first
    return result;
}

// Module._call_impl as PyTorch's Dynamo inlines it when a module has hooks (torch/nn/modules/module.py
// keeps them): each forward pre-hook (which may replace the arguments), forward, each forward hook
// (which may replace the result), in registration order. The hook dicts' keys are not guarded
// (PyTorch's skip_nnmodule_hook_guards: a hook added after compiling is not seen by the compiled
// code), but each hook run is read by its id, so removing one recompiles (below).
VarP Translator::call_module_with_hooks(const VarP& module, std::vector<VarP> args,
                                        std::vector<std::pair<std::string, VarP>> kwargs) {
    const Value& m = module->value;
    if (module_hooks(in_, m, "_backward_pre_hooks").size() || module_hooks(in_, m, "_backward_hooks").size())
        unsupported("Unsupported module hooks", "Kiln's Dynamo does not trace a module call with backward hooks.",
                    {"Remove the backward hooks from modules called in the compiled region."}, "gb0000");
    auto none = [](const VarP& v) { return v->is_constant() && v->value.is_none(); };
    auto kwargs_dict = [&]() {
        auto d = Var::of_kind(Var::K::Dict, Value());
        for (auto& [k, v] : kwargs) {
            d->keys.push_back(vm::new_str(k));
            d->items.push_back(v);
        }
        return d;
    };
    auto with_kwargs = [&](const char* set_name, const Value& id) {
        for (const auto& [k, v] : module_hooks(in_, m, set_name))
            if (vm::keys_equal(k, id)) return true;
        return false;
    };
    // Module._call_impl's slow path packs the arguments (`args` and `kwargs` are closure cells of its
    // inner()), which realizes them before anything else: a tensor argument is a graph input ahead
    // of the parameters the forward reads.
    for (const VarP& a : args)
        if (a->is_tensor()) realize(a);
    for (auto& [k, v] : kwargs)
        if (v->is_tensor()) realize(v);
    // Each hook the trace runs is read from its dict by id, a guard on that entry (the hook dicts'
    // keys themselves are not guarded: config.skip_nnmodule_hook_guards). So a hook added after
    // compiling is not seen, and removing a hook the graph ran recompiles.
    auto guard_hook = [&](const char* dict_name, const Value& id, const Value& hook) {
        if (!module->source) return;
        guard(Guard::Kind::IdMatch, Source::item(Source::attr(module->source, dict_name), id)).value = hook;
    };
    // _call_impl's slow path iterates `self._forward_pre_hooks.items()` and `self._forward_hooks.items()`.
    // For a module called inside the frame PyTorch 2.11 guards those dicts' keys, so a hook added to
    // or removed from a child module after compiling recompiles; the compiled module itself (`fn` of
    // the _call_impl wrapper torch.compile(module) runs) keeps only the per-hook guards above
    // (skip_nnmodule_hook_guards: a hook added to it later is not seen). Empty hook dicts read by the
    // fast path's truth test are not guarded (no guard in PyTorch's tree for a hook-less child).
    const bool compiled_itself = module->source && module->source->kind == Source::Kind::Local &&
                                 module->source->name == "fn" && frames_.size() == 1 && real_ &&
                                 real_->co->name == "_call_impl";
    if (module->source && !compiled_itself)
        for (const char* d : {"_forward_pre_hooks", "_forward_hooks"}) {
            Value dict = vm::getattr_or_null(in_, m, d);
            if (auto* dd = dict.as<vm::Dict>()) guard(Guard::Kind::DictKeys, Source::attr(module->source, d)).keys = dd->keys();
        }
    // A hook is reached through its dict entry (`L['fn']._forward_hooks[0]`), as PyTorch's inlined
    // _call_impl reads it: the cells it closes over and the receiver of a bound-method hook get
    // sources of their own, so a list it appends to is replayed after the graph (and guarded).
    auto hook_var = [&](const char* dict_name, const Value& id, const Value& hook) -> VarP {
        SourceP src = module->source ? Source::item(Source::attr(module->source, dict_name), id) : nullptr;
        if (src && hook.is(Kind::Function)) return Var::of_kind(Var::K::Function, hook, src);  // guarded by guard_hook
        if (src && hook.is(Kind::BoundMethod)) return wrap(hook, src);
        return wrap(hook, nullptr);
    };
    for (const auto& [id, hook] : module_hooks(in_, m, "_forward_pre_hooks")) {
        guard_hook("_forward_pre_hooks", id, hook);
        if (with_kwargs("_forward_pre_hooks_with_kwargs", id)) {
            VarP r = call(hook_var("_forward_pre_hooks", id, hook), {module, Var::tuple(args), kwargs_dict()}, {});
            if (none(r)) continue;
            if (r->kind != Var::K::Tuple || r->items.size() != 2 || r->items[1]->kind != Var::K::Dict)
                unsupported("Unsupported module hooks", "A forward pre-hook with kwargs returned something other than (args, kwargs).", {}, "gb0000");
            args = unpack(r->items[0]);
            kwargs.clear();
            for (size_t k = 0; k < r->items[1]->keys.size(); ++k)
                kwargs.push_back({vm::str_of(r->items[1]->keys[k]), r->items[1]->items[k]});
        } else {
            VarP r = call(hook_var("_forward_pre_hooks", id, hook), {module, Var::tuple(args)}, {});
            if (none(r)) continue;
            // `args_result = hook(self, args)`: a bare tensor result is stored in that local, which
            // names its node (a tuple result names none of its items).
            if (r->is_tensor()) out_.graph->rename(r->node, "args_result");
            args = r->kind == Var::K::Tuple ? r->items : std::vector<VarP>{r};
        }
    }
    VarP result = call_module_forward(module, args, kwargs);
    for (const auto& [id, hook] : module_hooks(in_, m, "_forward_hooks")) {
        guard_hook("_forward_hooks", id, hook);
        VarP r = with_kwargs("_forward_hooks_with_kwargs", id)
                     ? call(hook_var("_forward_hooks", id, hook), {module, Var::tuple(args), kwargs_dict(), result}, {})
                     : call(hook_var("_forward_hooks", id, hook), {module, Var::tuple(args), result}, {});
        // `hook_result = hook(self, args, result)`: the first local that stores the hook's value
        // names its node (the forward's own result is stored in a closure cell, which names none).
        if (r->is_tensor()) out_.graph->rename(r->node, "hook_result");
        if (!none(r)) result = r;
    }
    return result;
}

// Whether BatchNorm1d/2d's forward is captured inline (call_layer): the input has the layer's
// dims (else the layer's own error is raised by the call_module path), and in training with running
// statistics the momentum is a number. With momentum=None the factor is 1 / float(num_batches_tracked),
// a tensor's value: Kiln keeps that layer as one call_module node (run eagerly where gradients flow).
bool Translator::batch_norm_inlinable(const VarP& module, const VarP& x) {
    const std::string cls = vm::type_name(module->value);
    if (!x->is_tensor()) return false;
    const int64_t dim = x->example.get<vm::TensorObj>()->tensor.dim();
    if (cls == "BatchNorm3d" ? dim != 5 : cls == "BatchNorm2d" ? dim != 4 : (dim != 2 && dim != 3)) return false;
    VarP training = load_attr(module, "training"), track = load_attr(module, "track_running_stats");
    VarP momentum = load_attr(module, "momentum");
    if (!training->is_constant() || !track->is_constant() || !momentum->is_constant()) return false;
    if (vm::truthy(in_, training->value) && vm::truthy(in_, track->value) && momentum->value.is_none()) {
        // The cumulative average's factor 1 / float(num_batches_tracked) reads a tensor's value:
        // PyTorch's inlined forward breaks there (float() is Tensor.item()), before F.batch_norm.
        // Kiln breaks before the layer's first op, so nothing of it runs twice; the layer then runs
        // eagerly. With capture_scalar_outputs it stays one call_module node.
        if (!opt_.capture_scalar_outputs && !opt_.fullgraph)
            unsupported("Unsupported Tensor.item() call with capture_scalar_outputs=False",
                        "Dynamo does not support tracing `Tensor.item()` with config.capture_scalar_outputs=False.",
                        {"Set `torch._dynamo.config.capture_scalar_outputs = True` or `export TORCHDYNAMO_CAPTURE_SCALAR_OUTPUTS=1` to include these operations in the captured graph."},
                        "gb0124", "call_method TensorVariable() item () {}");
        return false;
    }
    return true;
}

VarP Translator::call_layer(const VarP& module, std::vector<VarP>& args, std::vector<std::pair<std::string, VarP>>& kwargs) {
    std::string cls = vm::type_name(module->value);
    std::string target = module->source ? module->source->user_str() : cls;
    std::replace(target.begin(), target.end(), '.', '_');
    auto F = [&](const char* n) { return *in_.import_module("torch.nn.functional")->dict.find(n); };
    auto torch_fn = [&](const char* n) { return *in_.import_module("torch")->dict.find(n); };
    auto attr = [&](const char* n) { return load_attr(module, n); };
    auto fcall = [&](const Value& fn, std::vector<VarP> a) {
        const std::string* q = callable_name(k_, fn);
        return call_torch(fn, q ? *q : "torch.unknown", a, {});
    };
    if (cls == "MultiheadAttention") {
        if (args.size() < 3 || args.size() > 4 || !args[0]->is_tensor() || !args[1]->is_tensor() || !args[2]->is_tensor())
            unsupported("Unsupported layer call", "Kiln's Dynamo calls MultiheadAttention with query, key and value tensors.", {},
                        "gb0000");
        // Without masks, its forward is inlined as PyTorch's Dynamo inlines it: the Python form of
        // bindings/attention_py.cpp, whose parameter reads become graph inputs (so gradients flow).
        bool masked = args.size() > 3;
        std::vector<std::pair<std::string, VarP>> pass;
        for (const auto& [n, v] : kwargs) {
            if (n == "need_weights" || n == "average_attn_weights") pass.push_back({n, v});
            else if (n == "is_causal") masked = masked || !v->is_constant() || vm::truthy(in_, v->value);
            else masked = masked || !(v->is_constant() && v->value.is_none());
        }
        if (!masked) {
            // PyTorch's forward is inlined: its fast-path checks (fastpath switch, batched
            // self-attention, dtypes, eval mode, an even head count, batch_first...) are read and
            // guarded, then the transposes around one F.multi_head_attention_forward node
            // (mha_forward_dispatch: traced tensors never take the fast path).
            Value fn = *in_.import_module("torch.nn._attention")->dict.find("mha_forward_dispatch");
            return inline_call(fn.get<vm::Function>(), {module, args[0], args[1], args[2]}, pass, nullptr);
        }
        // With masks the forward is inlined too (mha_forward_dispatch_masked: the masks made additive
        // as F._canonical_mask makes them, then the F.multi_head_attention_forward node carrying them),
        // so gradients flow through the layer's parameters as in PyTorch's one-graph capture.
        {
            Value fn = *in_.import_module("torch.nn._attention")->dict.find("mha_forward_dispatch_masked");
            std::vector<VarP> pos = {module, args[0], args[1], args[2]};
            std::vector<std::pair<std::string, VarP>> kw;
            if (args.size() > 3) kw.push_back({"key_padding_mask", args[3]});
            for (const auto& [n, v] : kwargs) kw.push_back({n, v});
            return inline_call(fn.get<vm::Function>(), pos, kw, nullptr);
        }
    }
    // Loss layers: their forward is one torch.nn.functional call with the layer's settings as
    // keywords (as PyTorch's Dynamo inlines it), so a compiled training step keeps its loss in the
    // graph and AOT autograd differentiates it.
    static const std::pair<const char*, const char*> kLosses[] = {
        {"CrossEntropyLoss", "cross_entropy"}, {"NLLLoss", "nll_loss"},       {"MSELoss", "mse_loss"},
        {"L1Loss", "l1_loss"},                 {"SmoothL1Loss", "smooth_l1_loss"}, {"HuberLoss", "huber_loss"},
        {"BCELoss", "binary_cross_entropy"},   {"BCEWithLogitsLoss", "binary_cross_entropy_with_logits"}};
    for (const auto& [layer, fn] : kLosses) {
        if (cls != layer || args.size() != 2 || !kwargs.empty()) continue;
        std::vector<std::pair<std::string, VarP>> kw;
        auto setting = [&](const char* n) { kw.push_back({n, attr(n)}); };
        if (cls == "CrossEntropyLoss" || cls == "NLLLoss" || cls == "BCELoss" || cls == "BCEWithLogitsLoss") setting("weight");
        if (cls == "BCEWithLogitsLoss") setting("pos_weight");
        if (cls == "CrossEntropyLoss" || cls == "NLLLoss") setting("ignore_index");
        setting("reduction");
        if (cls == "CrossEntropyLoss") setting("label_smoothing");
        if (cls == "SmoothL1Loss") setting("beta");
        if (cls == "HuberLoss") setting("delta");
        return call_torch(F(fn), std::string("torch.nn.functional.") + fn, {args[0], args[1]}, kw);
    }
    if (!kwargs.empty())
        unsupported("Unsupported layer call", "Kiln's Dynamo calls built-in layers with positional arguments only.", {},
                    "gb0000");
    if (args.size() != 1) unsupported("Unsupported layer call", "Built-in layers take one input in Kiln's Dynamo.", {}, "gb0000");
    VarP x = args[0];
    if (cls == "Linear") return fcall(F("linear"), {x, attr("weight"), attr("bias")});
    if (cls == "ReLU") return call_torch(F("relu"), "torch.nn.functional.relu", {x}, {{"inplace", attr("inplace")}});
    if (cls == "LeakyReLU") return fcall(F("leaky_relu"), {x, attr("negative_slope"), attr("inplace")});
    if (cls == "Sigmoid") return fcall(torch_fn("sigmoid"), {x});
    if (cls == "Tanh") return fcall(torch_fn("tanh"), {x});
    if (cls == "Identity") return x;
    if (cls == "GELU") return call_torch(F("gelu"), "torch._C._nn.gelu", {x}, {{"approximate", attr("approximate")}});
    if (cls == "SiLU") return call_torch(F("silu"), "torch.nn.functional.silu", {x}, {{"inplace", attr("inplace")}});
    if (cls == "Softmax") return fcall(F("softmax"), {x, attr("dim")});
    if (cls == "LogSoftmax") return fcall(F("log_softmax"), {x, attr("dim")});
    if (cls == "Flatten") return call_tensor_method(x, "flatten", {attr("start_dim"), attr("end_dim")}, {});
    if (cls == "Dropout") return fcall(F("dropout"), {x, attr("p"), attr("training"), attr("inplace")});
    // _ConvNd._conv_forward: a padding_mode other than zeros pads with F.pad first (its
    // _reversed_padding_repeated_twice) and convolves with zero padding.
    auto conv_input = [&](VarP in, VarP& padding) {
        VarP mode = attr("padding_mode");
        if (!mode->is_constant() || !mode->value.is(Kind::Str) || vm::str_of(mode->value) == "zeros") return in;
        auto* m = dynamic_cast<vm::ModuleInstance*>(module->value.obj());
        auto* conv = m ? dynamic_cast<nn::Conv2d*>(m->module.get()) : nullptr;
        if (!conv) return in;
        std::vector<Value> rev;
        for (int64_t p : conv->reversed_padding_repeated_twice()) rev.push_back(Value::integer(p));
        padding = Var::constant(Value::integer(0));
        return call_torch(F("pad"), "torch.nn.functional.pad", {in, Var::constant(vm::new_list(rev)), mode}, {});
    };
    if (cls == "Conv2d" || cls == "Conv3d") {
        VarP padding = attr("padding");
        VarP input = conv_input(x, padding);
        return fcall(F(cls == "Conv2d" ? "conv2d" : "conv3d"),
                     {input, attr("weight"), attr("bias"), attr("stride"), padding, attr("dilation"), attr("groups")});
    }
    if ((cls == "BatchNorm1d" || cls == "BatchNorm2d" || cls == "BatchNorm3d") && batch_norm_inlinable(module, x)) {
        // PyTorch's Dynamo inlines _BatchNorm.forward: in training the num_batches_tracked buffer is
        // bumped in place (add_), then F.batch_norm reads the weight and bias (graph inputs, so AOT
        // autograd gives them gradients) and the running statistics (buffers the call updates in
        // training: AOT autograd functionalizes that update and writes them back).
        const bool training = vm::truthy(in_, attr("training")->value);
        const bool track = vm::truthy(in_, attr("track_running_stats")->value);
        VarP momentum = attr("momentum");
        if (momentum->value.is_none()) momentum = Var::constant(Value::number(0.0));  // its eval-mode factor
        if (training && track) {
            VarP nbt = attr("num_batches_tracked");
            if (nbt->is_tensor()) call_tensor_method(nbt, "add_", {Var::constant(Value::integer(1))}, {});
        }
        VarP rm = attr("running_mean"), rv = attr("running_var");
        const bool bn_training = training || (rm->is_constant() && rm->value.is_none() && rv->is_constant() && rv->value.is_none());
        VarP none = Var::constant(Value::none());
        const bool pass_stats = !training || track;
        return fcall(F("batch_norm"), {x, pass_stats ? rm : none, pass_stats ? rv : none, attr("weight"), attr("bias"),
                                       Var::constant(Value::boolean(bn_training)), momentum, attr("eps")});
    }
    // Pooling layers record the functional call their forward makes, so that the re-trace sees
    // aten::max_pool2d / avg_pool2d (with formulas for training) rather than an opaque module.
    if (cls == "MaxPool2d")
        return fcall(F("max_pool2d"), {x, attr("kernel_size"), attr("stride"), attr("padding"), attr("dilation"),
                                       attr("ceil_mode"), attr("return_indices")});
    if (cls == "AvgPool2d")
        return fcall(F("avg_pool2d"), {x, attr("kernel_size"), attr("stride"), attr("padding"), attr("ceil_mode"),
                                       attr("count_include_pad")});
    if (cls == "MaxPool3d")
        return fcall(F("max_pool3d"), {x, attr("kernel_size"), attr("stride"), attr("padding"), attr("dilation"),
                                       attr("ceil_mode"), attr("return_indices")});
    if (cls == "AvgPool3d")
        return fcall(F("avg_pool3d"), {x, attr("kernel_size"), attr("stride"), attr("padding"), attr("ceil_mode"),
                                       attr("count_include_pad"), attr("divisor_override")});
    if (cls == "AdaptiveAvgPool3d") return fcall(F("adaptive_avg_pool3d"), {x, attr("output_size")});
    if (cls == "LayerNorm")
        return fcall(F("layer_norm"), {x, attr("normalized_shape"), attr("weight"), attr("bias"), attr("eps")});
    if (cls == "Embedding") {
        // padding_idx changes the gradient (its row gets none): passed whenever the layer has one.
        VarP pad = attr("padding_idx");
        if (pad->is_constant() && pad->value.is_none()) return fcall(F("embedding"), {x, attr("weight")});
        return fcall(F("embedding"), {x, attr("weight"), pad});
    }
    // Layers with parameters record their functional call, so that the parameters are graph inputs
    // (AOT autograd gives them gradients; a call_module's would be constants of the re-trace).
    if (cls == "Conv1d") {
        VarP padding = attr("padding");
        VarP input = conv_input(x, padding);
        return fcall(F("conv1d"), {input, attr("weight"), attr("bias"), attr("stride"), padding, attr("dilation"), attr("groups")});
    }
    if (cls == "GroupNorm") return fcall(F("group_norm"), {x, attr("num_groups"), attr("weight"), attr("bias"), attr("eps")});
    if (cls == "Sequential") {
        // Sequential.forward is `for module in self: input = module(input)`: each result is
        // stored to `input`, which names the nodes input_1, input_2, ... as in PyTorch.
        VarP h = x;
        for (const VarP& sub : unpack(module)) {
            h = call(sub, {h}, {});
            if (h->is_tensor()) out_.graph->rename(h->node, "input");
        }
        return h;
    }
    // Any other built-in layer stays one call_module node.
    return record(FxOp::CallModule, module->value, target, target, {x}, {}, [&] {
        return in_.call(module->value, {x->example});
    });
}

// Whether f is torch.nn.attention.sdpa_kernel. The module is looked up once the program has
// imported it (importing it here would run its code under the frame hook).
bool Translator::is_sdpa_kernel(const Value& f) {
    if (k_.sdpa_kernel.is_null()) {
        const auto& mods = in_.modules();
        auto it = mods.find("torch.nn.attention");
        if (it == mods.end()) return false;
        auto get = [&](const char* n) {
            const Value* v = it->second->dict.find(n);
            return v ? *v : Value();
        };
        k_.sdpa_kernel = get("sdpa_kernel");
        k_.sdp_backend = get("SDPBackend");
        k_.cur_sdpa_backends = get("_cur_sdpa_kernel_backends");
        k_.set_sdpa_backends = get("_sdpa_kernel");
    }
    return same(f, k_.sdpa_kernel);
}

// Whether f is dataclasses.fields (looked up once the program has imported dataclasses).
bool Translator::is_dataclasses_fields(const Value& f) {
    if (dataclasses_fields_.is_null()) {
        const auto& mods = in_.modules();
        auto it = mods.find("dataclasses");
        if (it == mods.end()) return false;
        const Value* v = it->second->dict.find("fields");
        if (!v) return false;
        dataclasses_fields_ = *v;
    }
    return same(f, dataclasses_fields_);
}

// Whether cls is contextlib.nullcontext (looked up once the program has imported contextlib, as
// is_sdpa_kernel does).
bool Translator::is_nullcontext_class(const Value& cls) {
    if (k_.nullcontext.is_null()) {
        const auto& mods = in_.modules();
        auto it = mods.find("contextlib");
        if (it == mods.end()) return false;
        const Value* v = it->second->dict.find("nullcontext");
        if (!v) return false;
        k_.nullcontext = *v;
    }
    return same(cls, k_.nullcontext);
}

// sdpa_kernel(backends, set_priority=False) in a compiled region: a backend or a list of backends,
// all of them known while tracing (PyTorch's SDPAKernelVariable.create). Anything else breaks the
// graph, so the call runs eagerly and raises sdpa_kernel's own AssertionError.
VarP Translator::sdpa_kernel_context(std::vector<VarP>& args, std::vector<std::pair<std::string, VarP>>& kwargs) {
    VarP backends = args.empty() ? nullptr : args[0];
    VarP priority = args.size() > 1 ? args[1] : nullptr;
    for (auto& [name, v] : kwargs) {
        if (name == "backends" && !backends) backends = v;
        else if (name == "set_priority" && !priority) priority = v;
        else backends = nullptr, priority = nullptr, args.push_back(v);  // unknown or repeated: not modeled
    }
    auto is_backend = [&](const VarP& v) {
        return v && !v->value.is_null() && v->value.is_obj() && k_.sdp_backend.is(Kind::Type) && vm::isinstance(v->value, k_.sdp_backend.get<vm::Type>());
    };
    std::vector<Value> list;
    bool ok = backends != nullptr && args.size() <= 2 && (!priority || priority->is_constant());
    if (ok && is_backend(backends)) {
        list.push_back(backends->value);
    } else if (ok && backends->kind == Var::K::List) {
        for (const VarP& item : backends->items) {
            if (!is_backend(item)) ok = false;
            else list.push_back(item->value);
        }
    } else {
        ok = false;
    }
    if (!ok)
        unsupported("Unsupported context manager",
                    "Dynamo (Kiln) traces `sdpa_kernel` with an SDPBackend or a list of SDPBackend values known "
                    "while tracing.",
                    {"Pass the backends as constants."}, "gb0000");
    // Deduplicated in order, as sdpa_kernel does.
    std::vector<Value> unique;
    for (const Value& b : list)
        if (std::none_of(unique.begin(), unique.end(), [&](const Value& u) { return u.obj() == b.obj(); }))
            unique.push_back(b);
    auto v = Var::of_kind(Var::K::SdpaKernel, vm::new_list(unique));
    v->sdpa_priority = priority && vm::truthy(in_, priority->value);
    return v;
}

VarP Translator::call_builtin(const VarP& fn, std::vector<VarP>& args, std::vector<std::pair<std::string, VarP>>& kwargs) {
    const Value& f = fn->value;
    // super() / super(C, self), as PyTorch's SuperVariable: resolved from the symbolic frame's
    // __class__ cell and first argument, so the parent's method is inlined (load_attr below).
    if (f.is(Kind::Type) && f.get<vm::Type>() == T().super_ && kwargs.empty() && (args.empty() || args.size() == 2) &&
        !frames_.empty()) {
        SymFrame& fr = *frames_.back();
        const auto& co = *fr.co;
        VarP cls, self;
        if (!fr.locals.empty() && !fr.locals[0] && frames_.size() == 1 && !pending_.empty() && !pending_[0].is_null()) {
            fr.locals[0] = wrap(pending_[0], Source::local(co.varnames[0]));  // made on first use (LOAD_FAST)
            pending_[0] = Value();
        }
        if (args.size() == 2) {
            cls = args[0];
            self = args[1];
        } else if (co.argcount > 0) {
            for (size_t i = 0; i < co.freevars.size(); ++i)
                if (co.freevars[i] == "__class__") cls = fr.cells[co.cellvars.size() + i]->value;
            self = fr.locals.empty() ? nullptr : fr.locals[0];
            for (size_t i = 0; i < co.cellvars.size(); ++i)
                if (co.cellvars[i] == co.varnames[0]) self = fr.cells[i]->value;
        }
        if (cls && self && cls->value.is(Kind::Type) && self->kind == Var::K::NewObject &&
            self->value.get<vm::Type>()->is_subtype_of(cls->value.get<vm::Type>())) {
            // The receiver is made in the traced region: the super object holds its class (there
            // is no instance yet); load_attr resolves through the Var's class.
            auto v = Var::of_kind(Var::K::Object, Value(vm::make<vm::SuperObj>(vm::Ref<vm::Type>(cls->value.get<vm::Type>()), self->value).get()));
            v->self = self;
            return v;
        }
        if (cls && self && cls->value.is(Kind::Type) && !self->value.is_null() &&
            (self->kind == Var::K::NNModule || self->kind == Var::K::Object) &&
            vm::isinstance(self->value, cls->value.get<vm::Type>())) {
            auto v = Var::of_kind(Var::K::Object, Value(vm::make<vm::SuperObj>(vm::Ref<vm::Type>(cls->value.get<vm::Type>()), self->value).get()));
            v->self = self;
            return v;
        }
    }
    // Seeding and RNG-state setters change global state the graph cannot hold: PyTorch 2.11's
    // trace_rules map torch.manual_seed, torch.seed, torch.set_rng_state (and the cuda ones) to
    // SkipFunctionVariable, a graph break whose call runs eagerly every time. Never evaluated once
    // at trace time like other builtins with constant arguments.
    if (f.is(Kind::Builtin) && !fn->self) {
        const std::string& n = f.get<vm::Builtin>()->name;
        if (n == "manual_seed" || n == "manual_seed_all" || n == "seed" || n == "set_rng_state") {
            const std::string file = "torch/random.py";
            unsupported("Attempted to call function marked as skipped",
                        "Dynamo developers have intentionally marked that the function `" + n + "` in file `" + file +
                            "` should not be traced.",
                        {"Avoid calling the function `" + n + "`.", "Remove the function `" + n +
                             "` or the file `" + file + "` from torch/_dynamo/trace_rules.py. More graph breaks may occur as a "
                             "result of attempting to trace into the function.",
                         "Please file an issue to PyTorch."},
                        "gb0007", "module: torch.random, qualname: " + n + ", skip reason: <missing reason>");
        }
        // torch.save / torch.load live in torch/serialization.py, a file Dynamo skips: a break whose
        // call runs eagerly (never a node of the graph: the file must be written when the program
        // runs that line, between the graph before it and the one after).
        const std::string* q = callable_name(*opt_.known, f);
        if (q && (*q == "torch.save" || *q == "torch.load")) {
            const std::string file = "torch/serialization.py";
            unsupported("Attempted to call function marked as skipped",
                        "Dynamo developers have intentionally marked that the function `" + n + "` in file `" + file +
                            "` should not be traced.",
                        {"Avoid calling the function `" + n + "`.",
                         "Apply `@torch._dynamo.dont_skip_tracing` to the function `" + n +
                             "` to force tracing into the function. More graph breaks may occur as a result of attempting "
                             "to trace into the function.",
                         "Please file an issue to PyTorch."},
                        "gb0007", "module: torch.serialization, qualname: " + n + ", skip reason: <missing reason>");
        }
    }
    // A method of an opaque object (optimizer.step(), zero_grad()...) changes state Kiln's Dynamo
    // does not model: it runs eagerly at a graph break, every call (never once at trace time).
    if (fn->opaque && fn->self && is_optimizer(in_, fn->self->value)) {
        const std::string m = fn->method.substr(fn->method.rfind('.') + 1);
        if (m == "step") {
            // PyTorch traces Optimizer.step's Python code; Kiln's optimizers are native, so the
            // Python form of their step (bindings/optim_py.cpp) is inlined instead. Its
            // _use_grad-style wrapper breaks the graph before the update (here, at this call), and
            // the update itself is then captured as a frame of its own, under no_grad.
            Value py = *in_.import_module("torch.optim._traced_step")->dict.find("step");
            vm::bind::note_optimizer_step(fn->self->value);  // for lr_scheduler's order warning
            return inline_call(py.get<vm::Function>(), args, kwargs, fn->self);
        }
        if (m == "zero_grad")
            // PyTorch 2.11 skips Optimizer.zero_grad (trace_rules' skip list): a break whose call
            // runs eagerly.
            unsupported("Attempted to inline function marked as skipped",
                        "Dynamo developers have intentionally marked that the function `Optimizer.zero_grad` should not "
                        "be traced.",
                        {"Avoid calling the function `Optimizer.zero_grad`.",
                         "Apply `@torch._dynamo.dont_skip_tracing` to the function `Optimizer.zero_grad` to force tracing "
                         "into the function. More graph breaks may occur as a result of attempting to trace into the function.",
                         "Please file an issue to PyTorch."},
                        "gb0008",
                        "qualname: Optimizer.zero_grad, name: inner, filename: `torch/_compile.py`, skip reason: skipped "
                        "according trace_rules.lookup MOD_SKIPLIST");
    }
    if (fn->opaque)
        unsupported("Unsupported method call",
                    "Kiln's Dynamo does not trace `" + fn->method + "()`: the call runs eagerly at a graph break.",
                    {"Call it outside the compiled function."}, "gb0000", "method: " + fn->method);
    bool all_const = std::all_of(args.begin(), args.end(), [](const VarP& a) { return a->is_constant(); }) &&
                     std::all_of(kwargs.begin(), kwargs.end(), [](const auto& kv) { return kv.second->is_constant(); });
    auto const_call = [&]() {
        std::vector<std::pair<std::string, Value>> kw;
        for (const auto& [n, v] : kwargs) kw.push_back({n, v->value});
        std::vector<Value> a;
        for (const VarP& v : args) a.push_back(v->value);
        return call_with(in_, f, vm::new_tuple(a), kw);
    };
    if (same(f, k_.print)) {
        std::vector<std::string> types, trackers;
        for (const VarP& a : args) {
            // type(x).__name__ (Dynamo's message), not the dotted tp_name of error messages: 'Size'
            types.push_back("'" + (a->is_tensor()                    ? std::string("Tensor")
                                   : a->kind == Var::K::NewObject ? a->value.get<vm::Type>()->name
                                                                  : vm::type_of(example_of(a))->name) +
                            "'");
            trackers.push_back(std::string("<class 'torch._dynamo.variables.") +
                               (a->is_tensor()     ? "tensor.TensorVariable"
                                : a->is_constant() ? "constant.ConstantVariable"
                                : a->kind == Var::K::List ? "lists.ListVariable"
                                : a->kind == Var::K::Tuple ? "lists.TupleVariable"
                                : a->kind == Var::K::Dict ? "dicts.ConstDictVariable"
                                : a->kind == Var::K::NewObject ? "user_defined.UserDefinedObjectVariable"
                                                           : "base.VariableTracker") +
                               "'>");
        }
        std::string list = "[", tlist = "[";
        for (size_t i = 0; i < types.size(); ++i) list += (i ? ", " : "") + types[i];
        for (size_t i = 0; i < trackers.size(); ++i) tlist += (i ? ", " : "") + trackers[i];
        list += "]";
        tlist += "]";
        unsupported("Failed to trace builtin operator",
                    "Dynamo does not know how to trace builtin operator `print` with argument types " + list +
                        " (has_kwargs " + (kwargs.empty() ? "False" : "True") + ")",
                    {"Avoid calling builtin `print` with argument types " + list +
                         ". Consider using an equivalent alternative function/method to `print`.",
                     "If you are attempting to call a logging function (e.g. `print`), you can try adding it to "
                     "`torch._dynamo.config.reorderable_logging_functions`.",
                     "Please report an issue to PyTorch."},
                    "gb0059", "builtin print " + tlist + " " + (kwargs.empty() ? "False" : "True"));
    }
    if (same(f, k_.graph_break))
        unsupported("Call to `torch._dynamo.graph_break()`",
                    "User-inserted graph break. Message: None",
                    {"Remove the `torch._dynamo.graph_break()` call."}, "gb0025",
                    "Called `torch._dynamo.graph_break()` with args `[]`, kwargs `{}`");
    if (same(f, k_.skip_frame)) {
        // torch._dynamo.skip_frame(): the frame that calls it runs eagerly, its graph so far dropped,
        // with no break reason (PyTorch's SkipFrame); the functions it calls are compiled as frames of
        // their own. Called from an inlined function, it breaks the caller's graph at the call (the
        // callee then skips itself when it runs as a frame).
        std::string msg = args.empty() || !args[0]->is_constant() || !args[0]->value.is(Kind::Str) ? "" : vm::str_of(args[0]->value);
        if (frames_.size() == 1) {
            Unsupported u;
            u.reason.title = "Call to `torch._dynamo.skip_frame()`";
            u.reason.user_stack = user_stack();
            u.skip = true;
            throw u;
        }
        const auto& co = *frames_.back()->co;
        unsupported("Call to `torch._dynamo.skip_frame()`", "User-inserted skip frame. Message: " + msg,
                    {"Remove the `torch._dynamo.skip_frame()` call."}, "gb4297",
                    "Called `torch._dynamo.skip_frame()` with args `[" + (msg.empty() ? "" : "'" + msg + "'") +
                        "]`, kwargs `{}`. Skipping frame " + co.name + " (" + co.filename + " line " +
                        std::to_string(co.firstlineno) + ").");
    }
    if (same(f, k_.is_compiling) || same(f, k_.is_compiling2) || same(f, k_.is_compiling3))
        return Var::constant(Value::boolean(true));
    if (f.is(Kind::Builtin) && f.get<vm::Builtin>()->qualname.rfind("torch.compiler.disable:", 0) == 0) {
        std::string name = f.get<vm::Builtin>()->qualname.substr(23);
        const auto& msgs = state(in_).disabled_msg;
        auto msg = msgs.find(f.obj());
        unsupported("Skip calling `torch.compiler.disable()`d function",
                    "Skip calling function `" + name + "` since it was wrapped with `torch.compiler.disable` (reason: " +
                        (msg == msgs.end() ? std::string("None") : msg->second) + ")",
                    {"Remove the `torch.compiler.disable` call"}, "gb0098", "func: " + name);
    }
    if (same(f, k_.autocast)) return autocast_context(args, kwargs);
    // Grad-mode context managers.
    if (same(f, k_.no_grad) || same(f, k_.enable_grad)) {
        auto g = Var::of_kind(Var::K::GradMode, Value());
        g->grad = same(f, k_.enable_grad);
        return g;
    }
    if (same(f, k_.set_grad_enabled) && args.size() == 1 && args[0]->is_constant()) {
        bool mode = vm::truthy(in_, args[0]->value);
        bool before = autograd::grad_enabled();
        // Takes effect at once (also when used as a context manager, as in PyTorch).
        set_grad_mode(mode);
        auto g = Var::of_kind(Var::K::GradMode, Value());
        g->grad = mode;
        g->prev_grad = before;
        g->applied = true;
        return g;
    }
    if (same(f, k_.is_grad_enabled)) return Var::constant(Value::boolean(autograd::grad_enabled()));
    // torch.is_autocast_enabled(...) is one of PyTorch's constant_fold_functions: answered now (the
    // autocast state is among the global guards), not a graph node.
    if (same(f, k_.is_autocast_enabled) && kwargs.empty() &&
        std::all_of(args.begin(), args.end(), [](const VarP& a) { return a->is_constant(); })) {
        std::vector<Value> vals;
        for (const VarP& a : args) vals.push_back(a->value);
        return Var::constant(in_.call(f, vals));
    }
    // The operator module's C functions (vm/stdlib_operator.cpp): the operation itself, as
    // PyTorch's BuiltinVariable maps operator.add & co. to their operators.
    if (f.is(Kind::Builtin) && f.get<vm::Builtin>()->module_function && kwargs.empty())
        if (VarP r = operator_call(f, args)) return r;
    // iter(x) and next(it[, default]) over what Dynamo iterates itself (functools.reduce's loop,
    // `first = next(iter(xs))`), as the GET_ITER / FOR_ITER bytecodes do; an exhausted iterator
    // without a default still breaks the graph below (its StopIteration is not traced).
    if (f.is(Kind::Builtin) && kwargs.empty()) {
        const std::string& bn = f.get<vm::Builtin>()->name;
        const Value* real = bn == "iter" || bn == "next" ? in_.import_module("builtins")->dict.find(bn) : nullptr;
        if (real && same(*real, f)) {
            if (bn == "iter" && args.size() == 1) return iter(args[0]);
            if (bn == "next" && (args.size() == 1 || args.size() == 2) && args[0]->kind == Var::K::Iterator) {
                if (args[0]->pos < args[0]->items.size()) return args[0]->items[args[0]->pos++];
                if (args.size() == 2) return args[1];
            }
        }
    }
    // Builtins with symbolic arguments.
    if (same(f, k_.len) && args.size() == 1) {
        if (const vm::Function* ln = user_dunder(args[0], "__len__")) return inline_call(ln, {}, {}, args[0]);
        const VarP& a = dict_items_of(args[0], "__len__");
        if (a->is_sequence() || a->kind == Var::K::Dict) return Var::constant(Value::integer(int64_t(a->items.size())));
        if (a->is_tensor()) {
            realize(a);
            const Tensor& t = a->example.get<vm::TensorObj>()->tensor;
            if (t.dim() == 0) vm::raise(T().TypeError, "len() of a 0-d tensor");
            if (!symbols_.empty()) return sizes_of(a)[0];
            return Var::constant(Value::integer(t.size(0)));
        }
        if ((a->kind == Var::K::NNModule || a->kind == Var::K::Object) && a->value.is_obj() && !a->value.obj()->type->builtin)
            if (const Value* ln = a->value.obj()->type->lookup("__len__"); ln && ln->is(Kind::Function))
                return inline_call(ln->get<vm::Function>(), {a}, {}, nullptr);  // a user __len__ is inlined
        if (a->kind == Var::K::NNModule) return Var::constant(Value::integer(vm::length(in_, a->value)));
    }
    if (same(f, k_.type_) && args.size() == 1 && kwargs.empty()) return call_type(args[0]);
    if (same(f, k_.dict) && args.size() <= 1 && (!kwargs.empty() || (!args.empty() && (args[0]->kind == Var::K::Dict ||
                                                                                      args[0]->is_sequence())))) {
        // dict(mapping or pairs, **kwargs) of tracked values (PyTorch's BuiltinVariable.call_dict): a
        // new dict tracker holding the same item trackers, later keys replacing earlier ones.
        auto out = Var::make();
        out->kind = Var::K::Dict;
        auto put = [&](const Value& key, const VarP& v) {
            for (size_t i = 0; i < out->keys.size(); ++i)
                if (vm::keys_equal(out->keys[i], key)) {
                    out->items[i] = v;
                    return;
                }
            out->keys.push_back(key);
            out->items.push_back(v);
        };
        if (!args.empty() && args[0]->kind == Var::K::Dict) {
            for (size_t i = 0; i < args[0]->keys.size(); ++i) put(args[0]->keys[i], args[0]->items[i]);
        } else if (!args.empty()) {
            for (const VarP& pair : args[0]->items) {
                if (pair->is_constant() && pair->value.is(Kind::Tuple) && pair->value.get<vm::Tuple>()->items.size() == 2) {
                    put(pair->value.get<vm::Tuple>()->items[0], Var::constant(pair->value.get<vm::Tuple>()->items[1]));
                    continue;
                }
                if (!pair->is_sequence() || pair->items.size() != 2 || !pair->items[0]->is_constant())
                    unsupported("Unsupported dict construction",
                                "Kiln's Dynamo builds dict() from key/value pairs only when each key is a Python constant.",
                                {"Build the dict outside the compiled function."}, "gb0000");
                put(pair->items[0]->value, pair->items[1]);
            }
        }
        for (const auto& [name, v] : kwargs) put(vm::new_str(name), v);
        return out;
    }
    if (same(f, k_.isinstance) && args.size() == 2 && args[0]->kind == Var::K::NewObject &&
        (args[1]->is_constant() || args[1]->kind == Var::K::Type || args[1]->kind == Var::K::Tuple)) {
        // An object made in the region: its class decides (a class or a tuple of classes).
        vm::Type* cls = args[0]->value.get<vm::Type>();
        std::vector<Value> classes;
        if (args[1]->kind == Var::K::Tuple)
            for (const VarP& c : args[1]->items) classes.push_back(c->value);
        else if (args[1]->value.is(Kind::Tuple))
            classes = args[1]->value.get<vm::Tuple>()->items;
        else
            classes.push_back(args[1]->value);
        bool r = false;
        for (const Value& c : classes) {
            if (!c.is(Kind::Type)) vm::raise(T().TypeError, "isinstance() arg 2 must be a type, a tuple of types, or a union");
            r = r || cls->is_subtype_of(c.get<vm::Type>());
        }
        return Var::constant(Value::boolean(r));
    }
    if (same(f, k_.isinstance) && args.size() == 2 && !args[0]->is_null()) {
        // A tensor input is probed as the program's own tensor (an nn.Parameter stays one; its
        // example is a plain copy), its class held by TENSOR_MATCH.
        Value probe = args[0]->is_tensor() ? (args[0]->value.is(Kind::Tensor) ? args[0]->value : args[0]->example)
                                           : example_of(args[0]);
        if (args[0]->is_tensor()) realize(args[0]);
        return Var::constant(in_.call(f, {probe, example_of(args[1])}));
    }
    if (same(f, k_.setattr_fn) && args.size() == 3 && kwargs.empty() && args[0]->kind == Var::K::NewObject &&
        args[1]->is_constant() && args[1]->value.is(Kind::Str)) {
        store_attr(args[0], vm::str_of(args[1]->value), args[2]);
        return Var::constant(Value::none());
    }
    if ((same(f, k_.getattr_fn) || same(f, k_.hasattr_fn)) && args.size() >= 2 && args[0]->kind == Var::K::NewObject &&
        args[1]->is_constant() && args[1]->value.is(Kind::Str)) {
        std::string name = vm::str_of(args[1]->value);
        bool has = new_object_attr(args[0], name) || args[0]->value.get<vm::Type>()->lookup(name);
        if (same(f, k_.hasattr_fn)) return Var::constant(Value::boolean(has));
        if (!has && args.size() == 3) return args[2];
        return load_attr(args[0], name);
    }
    if ((same(f, k_.getattr_fn) || same(f, k_.hasattr_fn)) && args.size() >= 2 && args[1]->is_constant() &&
        args[1]->value.is(Kind::Str)) {
        std::string name = vm::str_of(args[1]->value);
        // An attribute a module or user object from the frame lacks: PyTorch's call_obj_hasattr
        // installs GuardBuilder.HASATTR on it (NO_HASATTR), so the object gaining the attribute (a
        // hook's `mod.seen = getattr(mod, "seen", 0) + 1`) recompiles instead of reusing the default.
        auto missing_guard = [&] {
            if (args[0]->source && (args[0]->kind == Var::K::NNModule || args[0]->kind == Var::K::Object))
                guard(Guard::Kind::NoHasAttr, args[0]->source).value = vm::new_str(name);
        };
        if (same(f, k_.hasattr_fn)) {
            Value probe = example_of(args[0]);
            bool has = !vm::getattr_or_null(in_, probe, name).is_null();
            if (!has) missing_guard();
            return Var::constant(Value::boolean(has));
        }
        if (args.size() == 3) {
            Value probe = example_of(args[0]);
            if (vm::getattr_or_null(in_, probe, name).is_null()) {
                missing_guard();
                return args[2];
            }
        }
        return load_attr(args[0], name);
    }
    // enumerate/zip/reversed of constants too (`reversed(range(n))`): their result is an iterator,
    // which is no constant; as a list of its items the loop over it unrolls (PyTorch's
    // RangeVariable/ListIteratorVariable), where calling it at trace time made an opaque object.
    if ((same(f, k_.enumerate) || same(f, k_.zip) || same(f, k_.reversed) || same(f, k_.list) || same(f, k_.tuple)) &&
        (!all_const || ((same(f, k_.enumerate) || same(f, k_.zip) || same(f, k_.reversed)) && kwargs.empty()))) {
        if (same(f, k_.enumerate)) {
            std::vector<VarP> out;
            int64_t start = args.size() > 1 && args[1]->is_constant() ? args[1]->value.as_int() : 0;
            auto items = unpack(args[0]);
            for (size_t i = 0; i < items.size(); ++i) out.push_back(Var::tuple({Var::constant(Value::integer(start + int64_t(i))), items[i]}));
            return Var::list(out);
        }
        if (same(f, k_.zip)) {
            std::vector<std::vector<VarP>> cols;
            size_t n = SIZE_MAX;
            for (const VarP& a : args) {
                cols.push_back(unpack(a));
                n = std::min(n, cols.back().size());
            }
            std::vector<VarP> out;
            for (size_t i = 0; i < (args.empty() ? 0 : n); ++i) {
                std::vector<VarP> row;
                for (auto& c : cols) row.push_back(c[i]);
                out.push_back(Var::tuple(row));
            }
            return Var::list(out);
        }
        if (args.size() == 1) {
            auto items = unpack(args[0]);
            if (same(f, k_.reversed)) std::reverse(items.begin(), items.end());
            return same(f, k_.tuple) ? Var::tuple(items) : Var::list(items);
        }
    }
    // map(fn, *iterables) over traced values (gpt-fast's `q, k, v = map(lambda x: x.transpose(1, 2),
    // (q, k, v))`): PyTorch's Dynamo makes a MapVariable whose items call fn as they are consumed;
    // here fn is inlined on each row of the unrolled iterables (shortest wins, as zip) when map() is
    // called, and the result is an iterator over those values, so unpacking, `for` and next() see
    // PyTorch's items in PyTorch's order.
    if (same(f, k_.map) && !all_const && kwargs.empty() && args.size() >= 2) {
        std::vector<std::vector<VarP>> cols;
        size_t n = SIZE_MAX;
        for (size_t i = 1; i < args.size(); ++i) {
            cols.push_back(unpack(args[i]));
            n = std::min(n, cols.back().size());
        }
        std::vector<VarP> out;
        for (size_t i = 0; i < n; ++i) {
            std::vector<VarP> row;
            for (auto& c : cols) row.push_back(c[i]);
            out.push_back(call(args[0], row, {}));
        }
        return iter(Var::list(out));
    }
    if ((same(f, k_.int_) || same(f, k_.float_)) && args.size() == 1 && kwargs.empty() && args[0]->is_symint() &&
        !args[0]->tensor_of) {
        // PyTorch's BuiltinVariable._call_int_float: float(n) of a symbolic int stays in the graph as
        // torch.sym_float(n) (`torch.full((2,), float(n))` of an automatic-dynamic n), never
        // specializing n; int(n) of one is n itself (PyTorch 2.11's graph has no sym_int node there).
        const bool to_float = same(f, k_.float_);
        if (!to_float) return args[0];
        const std::string q = to_float ? "torch.sym_float" : "torch.sym_int";
        Value r = to_float ? Value::number(double(example_of(args[0]).as_int())) : example_of(args[0]);
        Value args_v = node_args({args[0]});
        FxNode* node = out_.graph->add(FxOp::CallFunction, to_float ? "sym_float" : "sym_int");
        node->target = k_.ops[q];
        node->target_name = q;
        node->args = args_v;
        node->example = r;
        node->stack = user_stack();
        auto v = Var::of_kind(Var::K::SymInt, r);
        v->node = node;
        return v;
    }
    if ((same(f, k_.int_) || same(f, k_.float_) || same(f, k_.bool_)) && args.size() == 1 && args[0]->is_tensor())
        // PyTorch's BuiltinVariable converts a tensor through Tensor.item(): its graph break
        unsupported("Unsupported Tensor.item() call with capture_scalar_outputs=False",
                    "Dynamo does not support tracing `Tensor.item()` with config.capture_scalar_outputs=False.",
                    {"Set `torch._dynamo.config.capture_scalar_outputs = True` or `export TORCHDYNAMO_CAPTURE_SCALAR_OUTPUTS=1` to include these operations in the captured graph."},
                    "gb0124", "call_method TensorVariable() item () {}");
    if (same(f, k_.sum) && !all_const && kwargs.empty() && (args.size() == 1 || args.size() == 2) &&
        (args[0]->is_sequence() || args[0]->kind == Var::K::Iterator)) {
        // PyTorch's BuiltinVariable.call_sum: functools.reduce(operator.add, items, start=0), so a
        // sum of tensors (a generator expression's, typically) is one `add` node per item.
        std::vector<VarP> items = unpack(args[0]);
        // Ints at least one of which is symbolic: one torch.sym_sum node over them (PyTorch 2.11's
        // n-ary add for symbolic sizes), `sym_sum = torch.sym_sum((l_ws_0_, l_ws_1_))`.
        const bool start0 = args.size() == 1 || (args[1]->is_constant() && args[1]->value.is_int() && args[1]->value.as_int() == 0);
        const bool ints = !items.empty() && std::all_of(items.begin(), items.end(), [](const VarP& v) {
            return v->is_symint() || (v->is_constant() && v->value.is_int() && !v->value.is_bool());
        });
        if (start0 && ints && std::any_of(items.begin(), items.end(), [](const VarP& v) { return v->is_symint(); })) {
            Value sum = Value::integer(0);
            for (const VarP& v : items) sum = vm::binary_op(in_, bytecode::NB_ADD, sum, example_of(v));
            VarP seq = Var::tuple(items);
            FxNode* node = out_.graph->add(FxOp::CallFunction, "sym_sum");
            node->target = k_.ops["torch.sym_sum"];
            node->target_name = "torch.sym_sum";
            node->args = node_args({seq});
            node->example = sum;
            node->stack = user_stack();
            auto v = Var::of_kind(Var::K::SymInt, sum);
            v->node = node;
            return v;
        }
        VarP acc = args.size() == 2 ? args[1] : Var::constant(Value::integer(0));
        for (const VarP& item : items) acc = binary(bytecode::NB_ADD, acc, item);
        return acc;
    }
    if ((same(f, k_.any) || same(f, k_.all)) && !all_const && kwargs.empty() && args.size() == 1 &&
        (args[0]->is_sequence() || args[0]->kind == Var::K::Iterator || args[0]->kind == Var::K::Dict)) {
        // PyTorch inlines polyfills.builtins.any/all: a loop over the items that stops at the first
        // true (false) one. An item whose truth needs tensor data is a data-dependent branch.
        const bool want = same(f, k_.any);
        for (const VarP& item : unpack(args[0])) {
            bool known = false;
            bool t = truth(item, known);
            if (!known)
                unsupported("Data-dependent branching",
                            std::string("Kiln's Dynamo cannot decide `") + (want ? "any" : "all") +
                                "()` of a value whose truth needs tensor data.",
                            {"Use torch.any/torch.all on a tensor instead."}, "gb0170");
            if (t == want) return Var::constant(Value::boolean(want));
        }
        return Var::constant(Value::boolean(!want));
    }
    if ((same(f, k_.min) || same(f, k_.max) || same(f, k_.abs) || same(f, k_.sum)) && !all_const) {
        unsupported("Unsupported builtin on tensors", "Kiln's Dynamo folds `" + vm::to_str(in_, Value(f)) +
                                                          "()` only for Python constants.",
                    {"Use the torch function (torch.max, torch.abs, torch.sum) instead."}, "gb0000");
    }
    // torch.linalg's decompositions with an operator in the op table (bindings/linalg_py.cpp's
    // trace specs): PyTorch's C bindings torch._C._linalg.linalg_<name>, recorded as graph nodes as
    // PyTorch's Dynamo records them. Named once torch.linalg is loaded (a program calling one has
    // loaded it); never imported here, so a compile that uses none does not load that module.
    if (!k_.linalg_named && f.is(Kind::Builtin)) {
        auto mod = in_.modules().find("torch.linalg");
        if (mod != in_.modules().end()) {
            k_.linalg_named = true;
            for (const char* n : {"inv", "det", "slogdet", "solve", "cholesky", "eigh", "svd", "qr", "matrix_exp"})
                if (const Value* v = mod->second->dict.find(n); v && v->is(Kind::Builtin))
                    k_.names[v->obj()] = std::string("torch._C._linalg.linalg_") + n;
        }
    }
    // torch functions and everything else native.
    if (const std::string* q = callable_name(k_, f)) {
        bool has_tensor = std::any_of(args.begin(), args.end(), [](const VarP& a) { return a->is_tensor() || a->is_sequence(); }) ||
                          std::any_of(kwargs.begin(), kwargs.end(), [](const auto& kv) { return kv.second->is_tensor(); });
        static const char* const creators[] = {"torch.ones", "torch.zeros", "torch.arange", "torch.full", "torch.eye",
                                               "torch.tensor", "torch.empty", "torch.linspace", "torch.ones_like",
                                               "torch.zeros_like", "torch.randn", "torch.rand"};
        bool creator = std::find_if(std::begin(creators), std::end(creators), [&](const char* c) { return *q == c; }) !=
                       std::end(creators);
        if (has_tensor || creator || k_.legacy_ctors.count(f.obj())) return call_torch(f, *q, args, kwargs);
        if (all_const) {
            Value r = const_call();
            if (r.is(Kind::Tensor)) return call_torch(f, *q, args, kwargs);
            return Var::constant(r);
        }
        return call_torch(f, *q, args, kwargs);
    }
    if (fn->kind == Var::K::Type && is_nullcontext_class(f)) {
        // contextlib.nullcontext(enter_result=None): PyTorch's NullContextVariable.
        if (args.size() + kwargs.size() > 1 || (kwargs.size() == 1 && kwargs[0].first != "enter_result"))
            vm::raise(T().TypeError, kwargs.empty() || kwargs[0].first == "enter_result"
                                         ? "nullcontext.__init__() takes from 1 to 2 positional arguments but " +
                                               std::to_string(args.size() + 1) + " were given"
                                         : "nullcontext.__init__() got an unexpected keyword argument '" +
                                               kwargs[0].first + "'");
        auto ctx = Var::of_kind(Var::K::NullContext, Value());
        ctx->items.push_back(!args.empty() ? args[0] : !kwargs.empty() ? kwargs[0].second : Var::constant(Value::none()));
        return ctx;
    }
    if (fn->kind == Var::K::Type && !f.get<vm::Type>()->builtin) {
        if (VarP obj = new_user_object(f.get<vm::Type>(), args, kwargs)) return obj;
        unsupported("Unsupported class construction", "Kiln's Dynamo does not trace creating instances of user classes yet.",
                    {"Create the object outside the compiled function and pass it in."}, "gb0000");
    }
    // Evaluated once at trace time: only calls whose result can be a constant. Constructing a
    // module or a tensor (nn.Linear(4, 3) draws its initial weights from the RNG) must not run
    // here: its side effects would happen at compile time, not at each call.
    const bool makes_state = fn->kind == Var::K::Type && (f.get<vm::Type>()->is_subtype_of(vm::types().nn_module) ||
                                                          f.get<vm::Type>()->is_subtype_of(vm::types().tensor));
    if (all_const && !makes_state && (f.is(Kind::Builtin) || (fn->kind == Var::K::Type && f.get<vm::Type>()->builtin))) {
        std::string mod;
        if (fn->kind == Var::K::Builtin) mod = f.get<vm::Builtin>()->name;
        Value r = const_call();
        if (is_plain_constant(r)) return Var::constant(r);
        if (r.is(Kind::List)) {
            std::vector<VarP> items;
            for (const Value& x : r.get<vm::List>()->items) items.push_back(Var::constant(x));
            return Var::list(items);
        }
        if (r.is(Kind::Tuple)) {
            std::vector<VarP> items;
            for (const Value& x : r.get<vm::Tuple>()->items) items.push_back(Var::constant(x));
            return Var::tuple(items);
        }
        if (r.is(Kind::Dict)) return wrap(r, nullptr);
    }
    // A class's own name (`set`, `torch.Size`), not its metaclass's.
    std::string name = f.is(Kind::Builtin) ? f.get<vm::Builtin>()->name
                       : f.is(Kind::Type)  ? f.get<vm::Type>()->name
                                           : vm::type_name(f);
    unsupported("Attempted to call function marked as skipped",
                "Dynamo (Kiln) does not know how to trace the builtin `" + name + "` with these arguments.",
                {"Move the call out of the compiled function."}, "gb0007", "function: " + name);
}

// type(obj) with one argument (PyTorch's BuiltinVariable.call_type): the class of what the variable
// stands for, which its tracker knows without running anything (a tensor's is its example's class,
// a SymInt's int or float, a list's list), as a class variable the frame can compare (`type(x) is
// torch.Tensor`), read (`.__name__`) or call. A frame input's class must then hold for the next call:
// the guards that already pin it (TENSOR_MATCH, TYPE_MATCH of objects and modules, the sequence
// guards, EQUALS_MATCH/NONE_MATCH of constants, ID_MATCH of functions) cover it; any other input gets
// a TYPE_MATCH, PyTorch's guard on TypeSource(source).
VarP Translator::call_type(const VarP& a) {
    vm::Type* cls = nullptr;
    bool pinned = true;  // a frame input's existing guards already fix its class
    switch (a->kind) {
        case Var::K::Tensor:
            // A frame input's class is the program tensor's (its example is a plain-Tensor copy).
            realize(a);
            cls = vm::type_of(a->value.is(Kind::Tensor) ? a->value : a->example);
            break;
        case Var::K::SymInt: cls = a->value.is_float() ? T().float_ : T().int_; break;
        case Var::K::Constant:
            cls = vm::type_of(a->value);
            pinned = a->value.is_none() || a->value.is_bool() || a->value.is_int() || a->value.is_float() ||
                     a->value.is(Kind::Str) || a->value.is(Kind::Tuple);
            break;
        case Var::K::Tuple: cls = a->seq_type ? a->seq_type : T().tuple; break;
        case Var::K::List: cls = T().list; break;
        case Var::K::Dict: cls = T().dict; pinned = false; break;
        case Var::K::Nested: cls = T().function; break;
        case Var::K::NewObject: cls = a->value.get<vm::Type>(); break;  // its class, fixed when it was made
        case Var::K::Function:
        case Var::K::NNModule:
        case Var::K::Object: cls = vm::type_of(a->value); break;
        case Var::K::Builtin:
        case Var::K::Type:
        case Var::K::PyModule:
            cls = vm::type_of(a->value);
            pinned = a->kind == Var::K::Type && !a->value.get<vm::Type>()->builtin;
            break;
        default: break;
    }
    if (!cls || (a->kind == Var::K::Builtin && a->opaque))
        unsupported("Attempted to call function marked as skipped",
                    "Dynamo (Kiln) does not know the Python type of this value to trace the builtin `type`.",
                    {"Move the call out of the compiled function."}, "gb0007", "function: type");
    if (a->source && !pinned) guard(Guard::Kind::TypeMatch, a->source).value = Value(cls);
    return Var::of_kind(Var::K::Type, Value(cls));
}

static const vm::Function* contextmanager_generator(const vm::Function* fn);

VarP Translator::inline_call(const vm::Function* fn, std::vector<VarP> args, std::vector<std::pair<std::string, VarP>> kwargs,
                             const VarP& self, const SourceP& fn_source) {
    if (const Value* off = fn->attrs.find("_torchdynamo_disable"); off && vm::truthy(in_, *off)) {
        // torch.compiler.disable(fn, recursive=False): PyTorch's check_inlineable refuses a function
        // marked _torchdynamo_disable; the call runs eagerly, only the wrapped function's own frame
        // skipped (dynamo.cpp's hook), what it calls compiles. The reason is _torchdynamo_disable_msg.
        const Value* msg = fn->attrs.find("_torchdynamo_disable_msg");
        unsupported("Skip inlining `torch.compiler.disable()`d function",
                    "Skip inlining function " + vm::repr(in_, Value(const_cast<vm::Function*>(fn))) +
                        " since it was wrapped with `torch.compiler.disable` (reason: " +
                        (msg ? vm::to_str(in_, *msg) : std::string("None")) + ")",
                    {"Remove the `torch.compiler.disable` call"}, "gb0099",
                    vm::repr(in_, Value(const_cast<vm::Function*>(fn))));
    }
    if (self) args.insert(args.begin(), self);
    if (const vm::Function* gen = contextmanager_generator(fn)) return generator_context(gen, std::move(args), std::move(kwargs));
    return inline_code(fn->code.get(), fn->globals.get(), fn->defaults, fn->kwdefaults.get(), closure_of(fn, fn_source),
                       std::move(args), std::move(kwargs));
}

// A called function's closure as the translator's cells: the frame's own cells where it closes
// over them, new boxes holding the wrapped values otherwise.
std::vector<CellP> Translator::closure_of(const vm::Function* fn, const SourceP& fn_source) {
    std::vector<CellP> closure;
    size_t index = 0;
    for (const auto& c : fn->closure) {
        const size_t k = index++;
        if (auto it = root_cells_.find(c.get()); it != root_cells_.end()) {
            closure.push_back(it->second);
            continue;
        }
        auto box = new_cell();
        if (!c->value.is_null()) {
            const Value& v = c->value;
            if (v.is(Kind::Tensor))
                unsupported("Unsupported closure variable", "A tensor captured in a closure of a called function.",
                            {"Pass the tensor as an argument."}, "gb0000");
            // A function reached through a source (a hook read from its module's dict, a global) has
            // its cells reached through it too: `<fn>.__closure__[k].cell_contents`, PyTorch's source
            // for a closure cell (UserFunctionVariable.bind_args), so a list it appends to is guarded
            // and the append replayed after the graph.
            SourceP cs = fn_source && !v.is(Kind::Tensor)
                             ? Source::attr(Source::item(Source::attr(fn_source, "__closure__"), Value::integer(int64_t(k))), "cell_contents")
                             : nullptr;
            box->value = wrap(v, cs);
            // A list or dict from outside the frame with no source to reach it by: a mutation of it
            // could not be replayed on the real object, so it breaks the graph (see call_method).
            if (!cs && (v.is(Kind::List) || v.is(Kind::Dict))) box->value->opaque = true;
        }
        closure.push_back(box);
    }
    return closure;
}

VarP Translator::inline_code(vm::Code* code, vm::ModuleObj* globals, const std::vector<Value>& defaults, vm::Dict* kwdefaults,
                             std::vector<CellP> closure, std::vector<VarP> args,
                             std::vector<std::pair<std::string, VarP>> kwargs) {
    const auto& co = *code->code;
    if (frames_.size() > 40)
        unsupported("Inline depth exceeded", "Inlining went more than 40 calls deep (recursion?).", {}, "gb0000");
    SymFrame f;
    bind_frame(f, code, globals, defaults, kwdefaults, std::move(closure), std::move(args), std::move(kwargs));
    frames_.push_back(&f);
    struct Pop {
        std::vector<SymFrame*>& v;
        ~Pop() { v.pop_back(); }
    } pop{frames_};
    run(f);
    if (co.flags & bytecode::CO_GENERATOR) {
        // An inlined generator (a generator expression consumed by sum/list/tuple/..., or a generator
        // function called in the traced region) runs to completion here; its consumer iterates the
        // values it yielded. Kiln's simplification: PyTorch 2.11 resumes it lazily, item by item.
        auto it = Var::of_kind(Var::K::Iterator, Value());
        it->items = std::move(f.yielded);
        return it;
    }
    return f.return_value ? f.return_value : Var::constant(Value::none());
}

// A call's frame: the code's locals bound to the arguments, its cells made.
void Translator::bind_frame(SymFrame& f, vm::Code* code, vm::ModuleObj* globals, const std::vector<Value>& defaults,
                            vm::Dict* kwdefaults, std::vector<CellP> closure, std::vector<VarP> args,
                            std::vector<std::pair<std::string, VarP>> kwargs) {
    const auto& co = *code->code;
    f.module = std::exchange(pending_module_, std::string());
    f.co = &co;
    f.code = code;
    f.globals = globals;
    f.locals.resize(co.varnames.size());
    // Binding follows CPython's: extra positionals go to *args (a tuple), keywords that name no
    // parameter (or a positional-only one) to **kwargs (a dict with constant keys); their slots
    // come after the keyword-only parameters in varnames.
    const bool varargs = co.flags & bytecode::CO_VARARGS, varkw = co.flags & bytecode::CO_VARKEYWORDS;
    size_t nparams = size_t(co.argcount + co.kwonlyargcount);
    std::vector<VarP> extra_args;
    if (args.size() > size_t(co.argcount)) {
        if (!varargs)
            vm::raise(T().TypeError, co.name + "() takes " + std::to_string(co.argcount) + " positional arguments but " +
                                         std::to_string(args.size()) + " were given");
        extra_args.assign(args.begin() + co.argcount, args.end());
        args.resize(size_t(co.argcount));
    }
    for (size_t i = 0; i < args.size(); ++i) f.locals[i] = args[i];
    auto extra_kwargs = Var::of_kind(Var::K::Dict, Value());
    for (auto& [n, v] : kwargs) {
        auto first = co.varnames.begin() + co.posonlyargcount, last = co.varnames.begin() + long(nparams);
        auto it = std::find(first, last, n);
        if (it == last) {
            if (!varkw) vm::raise(T().TypeError, co.name + "() got an unexpected keyword argument '" + n + "'");
            extra_kwargs->keys.push_back(vm::new_str(n));
            extra_kwargs->items.push_back(v);
            continue;
        }
        if (f.locals[size_t(it - co.varnames.begin())])
            vm::raise(T().TypeError, co.name + "() got multiple values for argument '" + n + "'");
        f.locals[size_t(it - co.varnames.begin())] = v;
    }
    if (varargs) f.locals[nparams] = Var::tuple(std::move(extra_args));
    if (varkw) f.locals[nparams + (varargs ? 1 : 0)] = extra_kwargs;
    size_t first_default = size_t(co.argcount) - defaults.size();
    for (size_t i = 0; i < size_t(co.argcount); ++i)
        if (!f.locals[i]) {
            if (i >= first_default) f.locals[i] = wrap(defaults[i - first_default], nullptr);
            else vm::raise(T().TypeError, co.name + "() missing required argument: '" + co.varnames[i] + "'");
        }
    for (size_t i = size_t(co.argcount); i < nparams; ++i)
        if (!f.locals[i]) {
            const Value* d = kwdefaults ? kwdefaults->find(vm::new_str(co.varnames[i])) : nullptr;
            if (!d) vm::raise(T().TypeError, co.name + "() missing required keyword-only argument: '" + co.varnames[i] + "'");
            f.locals[i] = wrap(*d, nullptr);
        }
    for (const auto& cv : co.cellvars) {
        auto box = new_cell();
        auto it = std::find(co.varnames.begin(), co.varnames.end(), cv);
        if (it != co.varnames.end()) box->value = f.locals[size_t(it - co.varnames.begin())];
        f.cells.push_back(box);
    }
    for (auto& c : closure) f.cells.push_back(c);
}

// contextlib.contextmanager's wrapper (`helper`, closing over the decorated generator function).
static const vm::Function* contextmanager_generator(const vm::Function* fn) {
    if (!fn->code || !fn->globals || fn->globals->name != "contextlib" || fn->code->code->name != "helper" ||
        fn->closure.size() != 1)
        return nullptr;
    const Value& g = fn->closure[0]->value;
    auto* gf = g.as<vm::Function>();
    return gf && gf->code && (gf->code->code->flags & bytecode::CO_GENERATOR) ? gf : nullptr;
}

// A @contextmanager function called in the region: the generator's frame, bound now as calling a
// generator function binds it, run when the `with` enters (PyTorch 2.11 inlines the generator
// behind _GeneratorContextManager: one graph with what the generator does around the block).
VarP Translator::generator_context(const vm::Function* gen_fn, std::vector<VarP> args,
                                   std::vector<std::pair<std::string, VarP>> kwargs) {
    auto frame = std::make_shared<SymFrame>();
    bind_frame(*frame, gen_fn->code.get(), gen_fn->globals.get(), gen_fn->defaults, gen_fn->kwdefaults.get(),
               closure_of(gen_fn), std::move(args), std::move(kwargs));
    frame->suspend_at_yield = true;
    auto cm = Var::of_kind(Var::K::GenContext, Value(const_cast<vm::Function*>(gen_fn)));
    cm->gen = frame;
    return cm;
}

// Runs a GenContext's generator to its next yield (entering: the value `as` binds) or, leaving, on
// from the yield (which returns None) to its end. Anything the translator cannot follow in there,
// or a generator that does not yield exactly once, runs the frame eagerly, where contextlib's own
// errors ("generator didn't yield", "generator didn't stop") come from the real generator.
VarP Translator::resume_generator_context(const VarP& cm, bool entering) {
    auto& g = *std::static_pointer_cast<SymFrame>(cm->gen);
    auto eager = [&](const std::string& why) {
        Unsupported u;
        u.skip = true;
        u.reason.title = "Graph break under GenericContextWrappingVariable";
        u.reason.explanation = why;
        u.reason.user_stack = user_stack();
        throw u;
    };
    if (entering == (g.pc != 0) || g.done) eager("a @contextmanager's generator entered twice or after it finished");
    if (frames_.size() > 40)
        unsupported("Inline depth exceeded", "Inlining went more than 40 calls deep (recursion?).", {}, "gb0000");
    if (!entering) g.stack.push_back(Var::constant(Value::none()));  // what the yield returns
    g.suspended = false;
    frames_.push_back(&g);
    struct Pop {
        std::vector<SymFrame*>& v;
        ~Pop() { v.pop_back(); }
    } pop{frames_};
    try {
        run(g);
    } catch (Unsupported& u) {
        u.skip = true;  // the generator's state cannot be rebuilt at a break
        throw;
    }
    if (entering && !g.suspended) eager("the @contextmanager's generator did not yield");
    if (!entering && g.suspended) eager("the @contextmanager's generator yielded more than once");
    return entering ? std::exchange(g.yielded_value, nullptr) : Var::constant(Value::boolean(false));
}

// ---- the instruction loop -----------------------------------------------------------------------------------

void Translator::run(SymFrame& f) {
    const auto& code = f.co->code;
    while (!f.done && !f.suspended) {
        if (f.pc < 0 || f.pc >= int(code.size())) KILN_FAIL(RuntimeError, "dynamo: ran off the end of ", f.co->qualname);
        f.lasti = f.pc;
        const auto& ins = code[size_t(f.pc++)];
        if (!checkpoint_ && frames_.size() == 1 && f.stack.empty()) {
            for (const auto& n : out_.graph->nodes)
                if (n->op == FxOp::CallFunction || n->op == FxOp::CallMethod || n->op == FxOp::CallModule) checkpoint_ = true;
        }
        step(f, ins);
    }
}

void Translator::step(SymFrame& f, const bytecode::Instruction& ins) {
    // Loops unroll while translating: an endless or very long one must not hang the compiler (or
    // the browser). Past the budget the frame runs eagerly, under the VM's instruction budget.
    if (++steps_ > kMaxSteps)
        skip("translation exceeded " + std::to_string(kMaxSteps) + " instructions (an endless or very long loop?)");
    // Each translated instruction is paid from the program's instruction budget too (the limits hold
    // everywhere): a `while True` under torch.compile ends at --max-instructions, not after the
    // translator's own cap.
    if (vm::Interpreter* in = vm::current_interpreter_or_null()) in->charge_step();
    auto& st = f.stack;
    // An instruction that reads its operand realizes the lazy list items it is or holds; one that
    // only moves it (pop_move) leaves them lazy, as PyTorch's LazyVariableTracker is realized by
    // any use but a move.
    auto pop_move = [&]() {
        VarP v = st.back();
        st.pop_back();
        return v;
    };
    auto pop = [&]() {
        VarP v = pop_move();
        if (lazy_items_) realize_items(v);
        return v;
    };
    auto push = [&](VarP v) { st.push_back(std::move(v)); };
    const auto& co = *f.co;
    const int arg = ins.arg;
    const int i = f.lasti;
    switch (ins.op) {
        case Opcode::NOP:
        case Opcode::RESUME: break;
        case Opcode::POP_TOP: pop_move(); break;
        case Opcode::PUSH_NULL: push(Var::null()); break;
        case Opcode::COPY: push(st[st.size() - size_t(arg)]); break;
        case Opcode::SWAP: std::swap(st.back(), st[st.size() - size_t(arg)]); break;
        case Opcode::LOAD_CONST: {
            Value c = f.code->consts[size_t(arg)];
            push(c.is(Kind::Code) ? Var::of_kind(Var::K::Constant, c) : Var::constant(c));
            break;
        }
        case Opcode::LOAD_FAST: {
            if (!f.locals[size_t(arg)] && frames_.size() == 1 && size_t(arg) < pending_.size() &&
                !pending_[size_t(arg)].is_null()) {
                f.locals[size_t(arg)] = wrap(pending_[size_t(arg)], Source::local(co.varnames[size_t(arg)]));
                pending_[size_t(arg)] = Value();
            }
            if (!f.locals[size_t(arg)])
                vm::raise(T().UnboundLocalError, "local variable '" + co.varnames[size_t(arg)] + "' referenced before assignment");
            push(f.locals[size_t(arg)]);
            break;
        }
        case Opcode::STORE_FAST:
            f.locals[size_t(arg)] = pop_move();
            if (f.locals[size_t(arg)]->is_tensor()) out_.graph->rename(f.locals[size_t(arg)]->node, co.varnames[size_t(arg)]);
            if (frames_.size() == 1 && size_t(arg) < pending_.size()) pending_[size_t(arg)] = Value();
            break;
        case Opcode::DELETE_FAST:
            f.locals[size_t(arg)] = nullptr;
            if (frames_.size() == 1 && size_t(arg) < pending_.size()) pending_[size_t(arg)] = Value();
            break;
        case Opcode::LOAD_GLOBAL: {
            const std::string& n = co.names[size_t(arg >> 1)];
            const Value* v = f.globals->dict.find(n);
            bool builtin = false;
            if (!v) {
                v = in_.builtins().find(n);
                builtin = true;
            }
            if (!v) vm::raise(T().NameError, "name '" + n + "' is not defined");
            if (arg & 1) push(Var::null());
            bool same_module = real_ && f.globals == real_->globals;
            SourceP s = same_module || builtin ? Source::global(n) : foreign_global_source(f.globals, n, *v);
            push(wrap(*v, s));
            break;
        }
        case Opcode::STORE_GLOBAL: {
            // A store to the compiled frame's module globals, from the frame itself or a function of
            // the same module it inlined (a hook's `global n; n += 1`): replayed after the graph, as
            // PyTorch's side effects store a global of an inlined function.
            if (real_ && f.globals != real_->globals) {
                // A global of another module (a hook defined in the program, inlined into the
                // _call_impl wrapper of a compiled module): an attribute store on that module, reached
                // as G['__import_<module>'], replayed after the graph; later loads see the new value.
                SourceP ms = foreign_module_source(f.globals);
                if (!ms)
                    unsupported("Unsupported global store", "Kiln's Dynamo cannot reach this function's module from the compiled frame.",
                                {}, "gb0000");
                SideEffect e;
                e.kind = SideEffect::Kind::StoreAttr;
                e.object = Var::of_kind(Var::K::Object, Value(f.globals), ms);
                e.name = co.names[size_t(arg)];
                e.value = pop();
                out_.side_effects.push_back(e);
                by_source_[Source::attr(ms, e.name)->str()] = e.value;
                break;
            }
            if (!real_)
                unsupported("Unsupported global store", "Kiln's Dynamo replays global stores only to the compiled frame's own module.",
                            {}, "gb0000");
            SideEffect e;
            e.kind = SideEffect::Kind::StoreGlobal;
            e.name = co.names[size_t(arg)];
            e.value = pop();
            out_.side_effects.push_back(e);
            by_source_[Source::global(e.name)->str()] = e.value;
            break;
        }
        case Opcode::LOAD_DEREF:
        case Opcode::LOAD_CLASSDEREF: {
            const CellP& c = f.cells[size_t(arg)];
            if (!c->value) vm::raise(T().NameError, "free variable '" + co.deref_name(arg) + "' referenced before assignment");
            push(c->value);
            break;
        }
        case Opcode::STORE_DEREF: {
            // A store to the compiled frame's own cells or, through `nonlocal`, to an enclosing
            // function's (a free variable): codegen writes the traced value into the cell after the
            // graph (cell_stores), as PyTorch's side effects replay a cell mutation.
            VarP v = pop_move();
            f.cells[size_t(arg)]->value = v;
            if (v->is_tensor()) out_.graph->rename(v->node, co.deref_name(arg));
            break;
        }
        case Opcode::DELETE_DEREF: f.cells[size_t(arg)]->value = nullptr; break;
        case Opcode::LOAD_CLOSURE: {
            auto c = Var::of_kind(Var::K::Cell, Value());
            c->cell = f.cells[size_t(arg)];
            push(c);
            break;
        }
        case Opcode::LOAD_ATTR: {
            VarP obj = pop();
            push(load_attr(obj, co.names[size_t(arg)]));
            break;
        }
        case Opcode::IMPORT_NAME: {
            // `import m` / `from m import x` inside a traced function: the import happens at trace time
            // and the module is a constant of the trace, as PyTorch's Dynamo does (__import__ at trace time,
            // then a PythonModuleVariable). Relative imports are graph breaks.
            VarP fromlist = pop();
            VarP level = pop();
            if (!level->is_constant() || !level->value.is_int() || level->value.as_int() != 0)
                unsupported("Unsupported bytecode", "Kiln's Dynamo does not trace relative imports.", {}, "gb0000",
                            "IMPORT_NAME");
            std::string n = co.names[size_t(arg)];
            if (fromlist->is_constant() && fromlist->value.is_none() && n.find('.') != std::string::npos) {
                in_.import_module(n);  // `import a.b` binds a, with a.b imported
                n = n.substr(0, n.find('.'));
            }
            push(Var::of_kind(Var::K::PyModule, Value(in_.import_module(n).get())));
            break;
        }
        case Opcode::IMPORT_FROM: {
            VarP m = pop();
            push(m);
            const std::string& n = co.names[size_t(arg)];
            if (m->kind != Var::K::PyModule || vm::getattr_or_null(in_, m->value, n).is_null())
                unsupported("Unsupported bytecode", "Kiln's Dynamo imports only names a module already has.", {},
                            "gb0000", "IMPORT_FROM");
            push(load_attr(m, n));
            break;
        }
        case Opcode::STORE_ATTR: {
            VarP obj = pop();
            VarP v = pop();
            store_attr(obj, co.names[size_t(arg)], v);
            break;
        }
        case Opcode::LOAD_METHOD: {
            VarP obj = pop();
            const std::string& n = co.names[size_t(arg)];
            VarP m;
            if (obj->is_tensor()) {
                if (metadata_attr(n)) m = load_attr(obj, n);
                else {
                    m = Var::of_kind(Var::K::Method, Value());
                    m->self = obj;
                    m->method = n;
                }
            } else {
                m = load_attr(obj, n);
            }
            push(Var::null());
            push(m);
            break;
        }
        case Opcode::BINARY_SUBSCR: {
            VarP key = pop();
            VarP c = pop_move();  // xs[i] reads the item, not the others
            push(getitem(c, key));
            break;
        }
        case Opcode::DELETE_SUBSCR: {
            // `del xs[i]` / `del xs[a:b]` / `del d[k]` on a container Dynamo tracks: the Var changes
            // now (PyTorch's ListVariable/ConstDictVariable mutate under SideEffects); a container
            // from the frame gets the change replayed on the real object after the graph.
            VarP key = pop();
            VarP c = dict_items_of(pop(), "__delitem__");
            if (c->kind == Var::K::List && key->is_constant() && (key->value.is_int() || key->value.is(Kind::Slice))) {
                if (key->value.is_int()) {
                    int64_t k = key->value.as_int();
                    if (k < 0) k += int64_t(c->items.size());
                    if (k < 0 || k >= int64_t(c->items.size())) vm::raise(T().IndexError, "list assignment index out of range");
                    c->items.erase(c->items.begin() + long(k));
                } else {
                    auto idx = vm::slice_indices(*key->value.get<vm::Slice>(), int64_t(c->items.size()));
                    std::vector<bool> gone(c->items.size(), false);
                    for (int64_t k = 0, i = idx.start; k < idx.count; ++k, i += idx.step) gone[size_t(i)] = true;
                    std::vector<VarP> kept;
                    for (size_t i = 0; i < c->items.size(); ++i)
                        if (!gone[i]) kept.push_back(c->items[i]);
                    c->items = std::move(kept);
                }
                if (c->source && std::find(out_.mutated_lists.begin(), out_.mutated_lists.end(), c) == out_.mutated_lists.end())
                    out_.mutated_lists.push_back(c);
                break;
            }
            if (c->kind == Var::K::Dict && key->is_constant() && (!c->source || key->value.is(Kind::Str) || key->value.is_int())) {
                size_t j = 0;
                while (j < c->keys.size() && !vm::keys_equal(c->keys[j], key->value)) ++j;
                if (j == c->keys.size()) vm::raise(T().KeyError, vm::repr(in_, key->value));
                c->keys.erase(c->keys.begin() + long(j));
                c->items.erase(c->items.begin() + long(j));
                if (c->source) {
                    SideEffect e;
                    e.kind = SideEffect::Kind::DelItem;
                    e.object = c;
                    e.key = key->value;
                    out_.side_effects.push_back(e);
                }
                break;
            }
            unsupported("Unsupported item deletion", "Kiln's Dynamo cannot replay this `del` of an item.", {}, "gb0000");
        }
        case Opcode::STORE_SUBSCR: {
            VarP key = pop();
            VarP c = pop_move();
            VarP v = pop_move();
            // A dict subclass's own __setitem__ (Python) is inlined; dict's acts on its items.
            if (const vm::Function* setitem = user_dunder(c, "__setitem__")) {
                inline_call(setitem, {key, v}, {}, c);
                break;
            }
            store_item(dict_items_of(c, "__setitem__"), key, v);
            break;
        }
        case Opcode::BUILD_SLICE: {
            std::vector<VarP> parts(static_cast<size_t>(arg));
            for (int k = arg - 1; k >= 0; --k) parts[size_t(k)] = pop();
            if (arg == 2) parts.push_back(Var::constant(Value::none()));
            if (std::all_of(parts.begin(), parts.end(), [](const VarP& p) { return p->is_constant(); })) {
                push(Var::constant(Value(vm::make<vm::Slice>(parts[0]->value, parts[1]->value, parts[2]->value).get())));
            } else {
                auto s = Var::of_kind(Var::K::Slice, Value());
                s->items = parts;
                push(s);
            }
            break;
        }
        case Opcode::BINARY_OP: {
            VarP b = pop();
            VarP a = pop();
            push(binary(arg, a, b));
            break;
        }
        case Opcode::COMPARE_OP: {
            VarP b = pop();
            VarP a = pop();
            push(compare(arg, a, b));
            break;
        }
        case Opcode::IS_OP: {
            VarP b = pop();
            VarP a = pop();
            // `action is None` on an input tensor the graph never reads decides the trace all the same:
            // guard its type (PyTorch realizes the lazy variable: a TENSOR_MATCH guard), or a later
            // call with None reuses code traced for a tensor.
            for (const VarP& v : {a, b})
                if (v->is_tensor() && v->lazy && v->source)
                    guard(Guard::Kind::TypeMatch, v->source).value = Value(vm::type_of(v->value.is(Kind::Tensor) ? v->value : v->example));
            bool r;
            if (a->is_constant() && b->is_constant()) r = a->value.is_obj() ? same(a->value, b->value) : vm::equals(in_, a->value, b->value) && vm::type_of(a->value) == vm::type_of(b->value);
            else if (a->kind != b->kind) r = false;
            else if (a->is_tensor()) r = a->node == b->node;
            else if (a->kind == Var::K::NewObject) r = a == b;  // one Var per object made in the region
            else if (!a->value.is_null()) r = same(a->value, b->value);
            else r = a == b;
            push(Var::constant(Value::boolean(arg ? !r : r)));
            break;
        }
        case Opcode::CONTAINS_OP: {
            VarP c = pop();
            VarP x = pop();
            bool r = false;
            if (const vm::Function* contains = user_dunder(c, "__contains__")) {
                bool known = false;
                r = truth(inline_call(contains, {x}, {}, c), known);
                if (!known)
                    unsupported("Data-dependent branching", "Kiln's Dynamo cannot decide an `in` test whose answer needs tensor data.",
                                {}, "gb0170");
                push(Var::constant(Value::boolean(arg ? !r : r)));
                break;
            }
            c = dict_items_of(c, "__contains__");
            if (x->is_constant() && (c->is_constant() || c->kind == Var::K::Dict || c->is_sequence())) {
                if (c->is_constant()) r = vm::contains(in_, c->value, x->value);
                else if (c->kind == Var::K::Dict) {
                    for (const Value& k : c->keys) r = r || vm::keys_equal(k, x->value);
                } else {
                    for (const VarP& it : c->items) r = r || (it->is_constant() && vm::equals(in_, it->value, x->value));
                }
            } else {
                unsupported("Unsupported `in` test", "Kiln's Dynamo evaluates `in` only on Python constants.", {}, "gb0000");
            }
            push(Var::constant(Value::boolean(arg ? !r : r)));
            break;
        }
        case Opcode::UNARY_POSITIVE:
        case Opcode::UNARY_NEGATIVE:
        case Opcode::UNARY_INVERT: {
            VarP a = pop();
            push(unary(ins.op, a));
            break;
        }
        case Opcode::UNARY_NOT: {
            VarP a = pop();
            bool known = false;
            bool t = truth(a, known);
            if (!known) data_dependent_jump();
            push(Var::constant(Value::boolean(!t)));
            break;
        }
        case Opcode::BUILD_TUPLE: {
            std::vector<VarP> items(static_cast<size_t>(arg));
            for (int k = arg - 1; k >= 0; --k) items[size_t(k)] = pop_move();
            push(Var::tuple(std::move(items)));
            break;
        }
        case Opcode::BUILD_LIST: {
            std::vector<VarP> items(static_cast<size_t>(arg));
            for (int k = arg - 1; k >= 0; --k) items[size_t(k)] = pop_move();
            push(Var::list(std::move(items)));
            break;
        }
        case Opcode::BUILD_MAP: {
            auto d = Var::make();
            d->kind = Var::K::Dict;
            std::vector<VarP> kv(static_cast<size_t>(2 * arg));
            for (int k = 2 * arg - 1; k >= 0; --k) kv[size_t(k)] = pop();
            for (int k = 0; k < arg; ++k) {
                if (!kv[size_t(2 * k)]->is_constant())
                    unsupported("Unsupported dict key", "Dict keys must be Python constants in Kiln's Dynamo.", {}, "gb0000");
                d->keys.push_back(kv[size_t(2 * k)]->value);
                d->items.push_back(kv[size_t(2 * k + 1)]);
            }
            push(d);
            break;
        }
        case Opcode::BUILD_STRING: {
            std::string s;
            std::vector<VarP> parts(static_cast<size_t>(arg));
            for (int k = arg - 1; k >= 0; --k) parts[size_t(k)] = pop();
            for (const VarP& p : parts) {
                if (!p->is_constant()) unsupported("Unsupported f-string", "Only constants can be formatted.", {}, "gb0000");
                s += vm::str_of(p->value);
            }
            push(Var::constant(vm::new_str(s)));
            break;
        }
        case Opcode::FORMAT_VALUE: {
            VarP spec = (arg & bytecode::FVS_HAVE_SPEC) ? pop() : nullptr;
            VarP v = pop();
            if (!v->is_constant() || (spec && !spec->is_constant()))
                unsupported("Unsupported f-string", "Formatting a tensor reads its data; Kiln's Dynamo formats only constants.",
                            {}, "gb0000");
            Value x = v->value;
            int conv = arg & 3;
            if (conv == bytecode::FVC_REPR) x = vm::new_str(vm::repr(in_, x));
            else if (conv == bytecode::FVC_STR) x = vm::new_str(vm::to_str(in_, x));
            push(Var::constant(vm::new_str(vm::format_value(in_, x, spec ? vm::str_of(spec->value) : ""))));
            break;
        }
        case Opcode::LIST_APPEND: {
            VarP v = pop_move();
            st[st.size() - size_t(arg)]->items.push_back(v);
            break;
        }
        case Opcode::LIST_EXTEND: {
            VarP v = pop_move();
            auto more = unpack(v);
            auto& l = st[st.size() - size_t(arg)]->items;
            l.insert(l.end(), more.begin(), more.end());
            break;
        }
        case Opcode::LIST_TO_TUPLE: {
            VarP l = pop_move();
            push(Var::tuple(l->items));
            break;
        }
        case Opcode::MAP_ADD: {
            VarP v = pop();
            VarP k = pop();
            if (!k->is_constant()) unsupported("Unsupported dict key", "Dict keys must be Python constants.", {}, "gb0000");
            VarP d = st[st.size() - size_t(arg)];
            d->keys.push_back(k->value);
            d->items.push_back(v);
            break;
        }
        case Opcode::DICT_UPDATE:
        case Opcode::DICT_MERGE: {
            VarP m = pop();
            VarP d = st[st.size() - size_t(arg)];
            if (m->kind != Var::K::Dict) unsupported("Unsupported ** mapping", "Only dicts can be unpacked.", {}, "gb0000");
            for (size_t k = 0; k < m->keys.size(); ++k) {
                d->keys.push_back(m->keys[k]);
                d->items.push_back(m->items[k]);
            }
            break;
        }
        case Opcode::UNPACK_SEQUENCE: {
            VarP seq = pop_move();
            auto items = unpack(seq);
            if (items.size() != size_t(arg)) {
                if (items.size() > size_t(arg)) vm::raise(T().ValueError, "too many values to unpack (expected " + std::to_string(arg) + ")");
                vm::raise(T().ValueError, "not enough values to unpack (expected " + std::to_string(arg) + ", got " + std::to_string(items.size()) + ")");
            }
            for (int k = arg - 1; k >= 0; --k) push(items[size_t(k)]);
            break;
        }
        case Opcode::UNPACK_EX: {
            int before = arg & 0xff, after = arg >> 8;
            auto items = unpack(pop_move());
            if (items.size() < size_t(before + after)) vm::raise(T().ValueError, "not enough values to unpack");
            std::vector<VarP> middle(items.begin() + before, items.end() - after);
            for (int k = 0; k < after; ++k) push(items[items.size() - 1 - size_t(k)]);
            push(Var::list(middle));
            for (int k = before - 1; k >= 0; --k) push(items[size_t(k)]);
            break;
        }
        case Opcode::KW_NAMES: f.kwnames = Var::constant(f.code->consts[size_t(arg)]); break;
        case Opcode::CALL: {
            size_t nkw = f.kwnames ? f.kwnames->value.get<vm::Tuple>()->items.size() : 0;
            VarP kwn = f.kwnames;
            f.kwnames = nullptr;
            std::vector<VarP> a(st.end() - arg, st.end());
            st.resize(st.size() - size_t(arg));
            VarP second = pop_move();
            VarP first = pop_move();
            VarP callable;
            if (first->is_null()) {
                callable = second;
            } else {
                callable = first;
                a.insert(a.begin(), second);
            }
            if (lazy_items_) realize_call_args(callable, a);
            std::vector<std::pair<std::string, VarP>> kw;
            for (size_t k = 0; k < nkw; ++k)
                kw.push_back({vm::str_of(kwn->value.get<vm::Tuple>()->items[k]), a[a.size() - nkw + k]});
            a.resize(a.size() - nkw);
            push(call(callable, std::move(a), std::move(kw)));
            break;
        }
        case Opcode::CALL_FUNCTION_EX: {
            VarP kwargs = (arg & 1) ? pop() : nullptr;
            VarP args = pop();
            VarP callable = pop();
            pop();  // NULL
            std::vector<std::pair<std::string, VarP>> kw;
            if (kwargs) {
                if (kwargs->kind != Var::K::Dict) unsupported("Unsupported ** call", "Only dicts can be unpacked.", {}, "gb0000");
                for (size_t k = 0; k < kwargs->keys.size(); ++k) kw.push_back({vm::str_of(kwargs->keys[k]), kwargs->items[k]});
            }
            push(call(callable, unpack(args), std::move(kw)));
            break;
        }
        case Opcode::MAKE_FUNCTION: {
            VarP code = pop();
            auto fn = Var::of_kind(Var::K::Nested, code->value);
            if (arg & bytecode::MF_CLOSURE) {
                VarP cl = pop();
                for (const VarP& c : cl->items) fn->closure.push_back(c->cell);
            }
            if (arg & bytecode::MF_ANNOTATIONS) fn->annotations = pop();  // introspection only; rebuilt at a break
            if (arg & bytecode::MF_KWDEFAULTS) unsupported("Unsupported nested function", "Keyword-only defaults in a nested function.", {}, "gb0000");
            if (arg & bytecode::MF_DEFAULTS) {
                VarP d = pop();
                fn->defaults = example_of(d);
            }
            push(fn);
            break;
        }
        case Opcode::RETURN_VALUE:
            // An inlined function's result moves to its caller; the compiled frame's is rebuilt
            // by the transformed code, which reads it.
            f.return_value = frames_.size() > 1 ? pop_move() : pop();
            f.done = true;
            break;
        case Opcode::GET_ITER: push(iter(pop_move())); break;
        case Opcode::FOR_ITER: {
            VarP it = st.back();
            // An iterator Dynamo did not make (a resume function's saved `iter(...)` of an object it
            // could not iterate) has no items it knows: a break at the loop head (the frame then
            // runs eagerly), never a loop taken as empty.
            if (it->kind != Var::K::Iterator)
                unsupported("Unsupported iteration", "Kiln's Dynamo cannot iterate over this value symbolically.", {},
                            "gb0000");
            if (it->pos < it->items.size()) {
                push(it->items[it->pos++]);
            } else {
                pop();
                f.pc = co.jump_target(i);
            }
            break;
        }
        case Opcode::JUMP_FORWARD:
        case Opcode::JUMP_BACKWARD: f.pc = co.jump_target(i); break;
        case Opcode::POP_JUMP_IF_FALSE:
        case Opcode::POP_JUMP_IF_TRUE:
        case Opcode::JUMP_IF_FALSE_OR_POP:
        case Opcode::JUMP_IF_TRUE_OR_POP: {
            VarP c = st.back();
            if (c->lazy && c->is_constant()) realize(c);  // a sequence's truth is its length
            bool known = false;
            bool t = truth(c, known);
            if (!known) data_dependent_jump();
            bool on_true = ins.op == Opcode::POP_JUMP_IF_TRUE || ins.op == Opcode::JUMP_IF_TRUE_OR_POP;
            bool jump = t == on_true;
            bool keep = ins.op == Opcode::JUMP_IF_FALSE_OR_POP || ins.op == Opcode::JUMP_IF_TRUE_OR_POP;
            if (!(keep && jump)) pop();
            if (jump) f.pc = co.jump_target(i);
            break;
        }
        // Generators are only ever inlined (inline_code): the hook runs generator frames eagerly.
        case Opcode::RETURN_GENERATOR: push(Var::constant(Value::none())); break;
        case Opcode::YIELD_VALUE:
            if (f.suspend_at_yield) {
                f.yielded_value = pop();
                f.suspended = true;
                break;
            }
            f.yielded.push_back(pop_move());
            push(Var::constant(Value::none()));  // next() sends None
            break;
        case Opcode::GET_YIELD_FROM_ITER: push(iter(pop())); break;
        case Opcode::SEND: {
            pop();  // the sent value: always None here
            VarP it = st.back();
            if (it->kind != Var::K::Iterator)
                unsupported("Unsupported yield from", "Kiln's Dynamo delegates `yield from` only to iterables it can unroll.", {}, "gb0000");
            if (it->pos < it->items.size()) {
                push(it->items[it->pos++]);
            } else {
                pop();
                push(Var::constant(Value::none()));
                f.pc = co.jump_target(i);
            }
            break;
        }
        case Opcode::SETUP_FINALLY:
            f.blocks.push_back({f.entering, int(st.size()), co.jump_target(i)});
            f.entering = nullptr;
            break;
        case Opcode::POP_BLOCK:
            if (!f.blocks.empty()) f.blocks.pop_back();
            break;
        case Opcode::BEFORE_WITH: {
            VarP mgr = pop();
            if (mgr->kind == Var::K::SdpaKernel) {
                // As PyTorch's SDPAKernelVariable.enter: the current backends are kept for the exit
                // and the block's backends set while tracing. Kiln's one attention kernel reads no
                // flag, so the graph carries no node for them (PyTorch records _sdpa_kernel calls).
                mgr->sdpa_prev = in_.call(k_.cur_sdpa_backends, {Value::boolean(mgr->sdpa_priority)});
                in_.call(k_.set_sdpa_backends, {mgr->value, Value::boolean(mgr->sdpa_priority)});
                auto exit = Var::of_kind(Var::K::Method, Value());
                exit->self = mgr;
                exit->method = "__exit__";
                push(exit);
                push(Var::of_kind(Var::K::Dict, Value()));  // the manager yields {}
                break;
            }
            if (mgr->kind == Var::K::NewObject) {
                // A user-defined context manager made in the traced region (PyTorch's
                // GenericContextWrappingVariable): __enter__ and __exit__ are inlined.
                auto* cls = mgr->value.get<vm::Type>();
                const Value* enter = cls->lookup("__enter__");
                const Value* exit_fn = cls->lookup("__exit__");
                if (enter && exit_fn && enter->is(Kind::Function) && exit_fn->is(Kind::Function)) {
                    VarP value = inline_call(enter->get<vm::Function>(), {}, {}, mgr);
                    auto exit = Var::of_kind(Var::K::Method, *exit_fn);
                    exit->self = mgr;
                    f.entering = mgr;
                    push(exit);
                    push(value);
                    break;
                }
            }
            if (mgr->kind == Var::K::GenContext) {
                VarP value = resume_generator_context(mgr, true);
                auto exit = Var::of_kind(Var::K::Method, Value());
                exit->self = mgr;
                exit->method = "__exit__";
                f.entering = mgr;
                push(exit);
                push(value);
                break;
            }
            if (mgr->kind == Var::K::NullContext) {
                // Entering binds enter_result; leaving does nothing (no node in the graph). The block
                // keeps its manager (a ContextWrappingVariable: a break inside it resumes).
                auto exit = Var::of_kind(Var::K::Method, Value());
                exit->self = mgr;
                exit->method = "__exit__";
                f.entering = mgr;
                push(exit);
                push(mgr->items.at(0));
                break;
            }
            if (mgr->kind == Var::K::Autocast) {
                enter_autocast(mgr);
                auto exit = Var::of_kind(Var::K::Method, Value());
                exit->self = mgr;
                exit->method = "__exit__";
                f.entering = mgr;
                push(exit);
                push(Var::constant(Value::none()));  // autocast.__enter__ returns None
                break;
            }
            if (mgr->kind != Var::K::GradMode)
                unsupported("Unsupported context manager",
                            "Dynamo (Kiln) does not know how to enter a `" +
                                (mgr->value.is_null() ? std::string("?") : vm::type_name(mgr->value)) + "` context manager.",
                            {"Avoid using the context manager in the compiled region."}, "gb0000");
            auto exit = Var::of_kind(Var::K::Method, Value());
            exit->self = mgr;
            exit->method = "__exit__";
            if (!mgr->applied) {
                mgr->prev_grad = autograd::grad_enabled();
                mgr->applied = true;
                set_grad_mode(mgr->grad);
            }
            f.entering = mgr;
            push(exit);
            push(Var::constant(Value::none()));
            break;
        }
        // ---- the match statement (PEP 634): PyTorch 2's Dynamo traces MATCH_* on the values it
        // tracks, as CPython evaluates them (vm/patma.h), so a match on a config string, a shape or
        // a tuple of constants folds away like an if/elif chain.
        case Opcode::GET_LEN: {
            VarP obj = st.back();
            push(call(Var::of_kind(Var::K::Builtin, k_.len), {obj}, {}));
            break;
        }
        case Opcode::MATCH_MAPPING:
        case Opcode::MATCH_SEQUENCE: {
            const VarP& subject = st.back();
            int want = ins.op == Opcode::MATCH_MAPPING ? vm::kFlagMapping : vm::kFlagSequence;
            int flags = 0;
            if (subject->kind == Var::K::Tuple || subject->kind == Var::K::List) flags = vm::kFlagSequence;
            else if (subject->kind == Var::K::Dict) flags = vm::kFlagMapping;
            else if (!subject->is_tensor() && !subject->is_symint()) flags = vm::collection_flags(vm::type_of(example_of(subject)));
            push(Var::constant(Value::boolean(flags == want)));
            break;
        }
        case Opcode::MATCH_KEYS: {
            VarP keys = st.back();
            VarP subject = st[st.size() - 2];
            const auto& ks = keys->is_constant() ? keys->value.get<vm::Tuple>()->items : std::vector<Value>{};
            if (!keys->is_constant()) {
                for (const VarP& k : keys->items)
                    if (!k->is_constant())
                        unsupported("Unsupported mapping pattern", "Kiln's Dynamo matches mapping patterns on constant keys.", {}, "gb0000");
            }
            std::vector<Value> kv;
            if (keys->is_constant()) kv = ks;
            else for (const VarP& k : keys->items) kv.push_back(k->value);
            if (subject->kind == Var::K::Dict) {
                std::vector<VarP> values;
                bool all = true;
                for (size_t a = 0; a < kv.size() && all; ++a) {
                    for (size_t b = 0; b < a; ++b)
                        if (vm::keys_equal(kv[a], kv[b]))
                            vm::raise(T().ValueError, "mapping pattern checks duplicate key (" + vm::repr(in_, kv[a]) + ")");
                    bool found = false;
                    for (size_t j = 0; j < subject->keys.size(); ++j)
                        if (vm::keys_equal(subject->keys[j], kv[a])) {
                            values.push_back(subject->items[j]);
                            found = true;
                            break;
                        }
                    all = found;
                }
                push(all ? Var::tuple(values) : Var::constant(Value::none()));
            } else if (subject->is_constant()) {
                push(Var::constant(vm::match_keys(in_, subject->value, vm::new_tuple(kv))));
            } else {
                unsupported("Unsupported mapping pattern",
                            "Kiln's Dynamo matches mapping patterns on dicts and constants.", {}, "gb0000");
            }
            break;
        }
        case Opcode::MATCH_CLASS: {
            VarP names = pop();
            VarP cls = pop();
            VarP subject = pop();
            // the outcome (and CPython's TypeErrors) from the example value; the attributes as
            // tracked values, so a matched tensor attribute stays in the graph
            if (subject->is_tensor()) realize(subject);
            Value probe = subject->is_tensor() ? (subject->value.is(Kind::Tensor) ? subject->value : subject->example)
                                               : example_of(subject);
            Value cls_value = example_of(cls);
            Value got = vm::match_class(in_, probe, cls_value, arg, names->value);
            if (got.is_null()) {
                push(Var::constant(Value::none()));
                break;
            }
            std::vector<VarP> attrs;
            std::vector<std::string> attr_names;
            auto* type = cls_value.get<vm::Type>();
            if (arg) {
                Value match_args = vm::getattr_or_null(in_, cls_value, "__match_args__");
                if (match_args.is_null()) attrs.push_back(subject);  // int(x), str(s): the subject itself
                else for (int k = 0; k < arg; ++k) attr_names.push_back(vm::str_of(match_args.get<vm::Tuple>()->items[size_t(k)]));
            }
            for (const Value& n : names->value.get<vm::Tuple>()->items) attr_names.push_back(vm::str_of(n));
            (void)type;
            for (const std::string& n : attr_names) attrs.push_back(load_attr(subject, n));
            push(Var::tuple(attrs));
            break;
        }
        default: {
            unsupported("Unsupported bytecode", std::string("Kiln's Dynamo does not trace `") + bytecode::opcode_name(ins.op) +
                                                    "` (raise, imports, exception handlers, classes).",
                        {}, "gb0000", bytecode::opcode_name(ins.op));
        }
    }
}

void Translator::run_top(const vm::Frame& frame) {
    real_ = &frame;
    SymFrame f;
    f.co = frame.co;
    f.code = frame.code;
    f.globals = frame.globals;
    f.locals.resize(frame.co->varnames.size());
    Guard& gs = guard(Guard::Kind::GlobalState, nullptr);
    gs.grad_mode = autograd::grad_enabled();
    gs.default_dtype = default_float_dtype();
    gs.autocast = Guard::autocast_state();
    // Arguments are wrapped lazily: a local's Var is made the first time the code loads it, so
    // only what the frame uses is guarded, and each guard names the line that used the value.
    pending_.resize(frame.co->varnames.size());
    for (size_t i = 0; i < frame.co->varnames.size(); ++i) pending_[i] = frame_local(frame, frame.co->varnames[i]);
    for (size_t i = 0; i < frame.co->cellvars.size() + frame.co->freevars.size(); ++i) {
        auto box = new_cell();
        std::string name = frame.co->deref_name(int(i));
        Value v = frame_local(frame, name);
        if (!v.is_null()) box->value = wrap(v, Source::local(name));
        f.cells.push_back(box);
        if (i < frame.cells.size() && frame.cells[i]) root_cells_[frame.cells[i].get()] = box;
    }
    std::vector<VarP> initial_cells;
    for (const auto& c : f.cells) initial_cells.push_back(c->value);
    frames_.push_back(&f);
    const auto& code = f.co->code;
    bool grad_at_start = autograd::grad_enabled();
    long steps = 0;
    while (!f.done) {
        if (f.pc < 0 || f.pc >= int(code.size())) KILN_FAIL(RuntimeError, "dynamo: ran off the end of ", f.co->qualname);
        // The state before this instruction: what a graph break here hands to codegen.
        std::vector<VarP> stack = f.stack;
        std::vector<VarP> locals = f.locals;
        VarP kwnames = f.kwnames;
        size_t nodes = out_.graph->nodes.size();
        size_t realized = realized_.size();
        size_t effects = out_.side_effects.size();
        size_t mutated = out_.mutated_lists.size();
        size_t pending = pending_attrs_.size();
        size_t inputs = out_.inputs.size();
        size_t autocasts = autocast_entered_.size();
        bool grad = autograd::grad_enabled();
        f.lasti = f.pc;
        const auto& ins = code[size_t(f.pc++)];
        const long this_step = steps++;
        if (f.stack.empty() && f.blocks.empty() && !f.entering) {
            if (!two_calls_) {
                int calls = 0;
                for (const auto& n : out_.graph->nodes)
                    if (n->op == FxOp::CallFunction || n->op == FxOp::CallMethod || n->op == FxOp::CallModule) ++calls;
                two_calls_ = calls > 1;
            }
            if (two_calls_) {
                step_checkpoint_ = this_step;
                step_checkpoint_where_ = where(f);
            }
        }
        try {
            if (spec_ && this_step == spec_->step) throw spec_->u;
            step(f, ins);
        } catch (Unsupported& u) {
            autograd::set_grad_enabled(grad);
            if (opt_.fullgraph) throw;
            const bool in_try = (!f.blocks.empty() || f.entering) && !u.skip &&
                                !(!f.entering && std::all_of(f.blocks.begin(), f.blocks.end(), reenterable_block)) &&
                                std::none_of(f.blocks.begin(), f.blocks.end(), [](const SymFrame::Block& b) {
                                    return b.ctx && (b.ctx->kind == Var::K::NewObject || b.ctx->kind == Var::K::GenContext);
                                });
            if (!spec_ && in_try && step_checkpoint_ >= 0) {
                // PyTorch cannot resume inside a try block (should_compile_partial_graph is False
                // there): it restarts and compiles the graph up to the last checkpoint, then runs the
                // rest of the frame from that instruction eagerly (step_graph_break).
                Unsupported at;
                at.reason.step = true;
                at.reason.title = "step_unsupported";
                at.reason.user_stack = {step_checkpoint_where_};
                throw RestartAnalysis{{step_checkpoint_, at}};
            }
            if (!spec_) throw RestartAnalysis{{this_step, u}};
            // A restarted translation stops before the same instruction, having recorded nothing
            // of it; the roll-back below only matters if it broke elsewhere first.
            // Roll back what the failed instruction (and the calls it inlined) recorded.
            // Placeholders realized by the failed instruction were inserted among the others;
            // the rest of what it recorded was appended.
            auto& gn = out_.graph->nodes;
            while (realized_.size() > realized) {
                const FxNode* p = realized_.back()->node;
                gn.erase(std::remove_if(gn.begin(), gn.end(), [&](const vm::Ref<FxNode>& x) { return x.get() == p; }), gn.end());
                realized_.back()->lazy = true;
                realized_.pop_back();
            }
            gn.resize(nodes);
            // Subgraphs (a torch.cond's branches) whose get_attr nodes were rolled back go too.
            std::erase_if(out_.graph->submodules, [&](const auto& sub) {
                return std::none_of(gn.begin(), gn.end(), [&](const vm::Ref<FxNode>& x) {
                    return x->op == FxOp::GetAttr && x->target_name == sub.first;
                });
            });
            // Autocast regions the failed instruction entered (inside an inlined call) are left.
            while (autocast_entered_.size() > autocasts) leave_autocast_region();
            out_.side_effects.resize(effects);
            out_.mutated_lists.resize(mutated);
            pending_attrs_.resize(pending);
            while (out_.inputs.size() > inputs) out_.inputs.pop_back();
            (void)inputs;
            out_.break_pc = f.lasti;
            out_.reason = u.reason;
            out_.step_break = u.reason.step;
            if ((!f.blocks.empty() || f.entering) && !u.skip) {
                // PyTorch's break_graph_if_unsupported: every block on the stack must be a
                // ContextWrappingVariable (a grad-mode manager here), which the graph leaves before its
                // output (compile_subgraph exits the blocks innermost first), the transformed code
                // re-enters around the breaking instruction and the resume function enters again.
                // contextlib.nullcontext() (PyTorch's NullContextVariable, a ContextWrappingVariable
                // too) has no state to leave: only re-entered, as `contextlib.nullcontext()`. One
                // with an enter_result is not rebuilt (PyTorch's reconstruct cannot either).
                const bool grad_blocks = !f.entering && std::all_of(f.blocks.begin(), f.blocks.end(), reenterable_block);
                const bool generic = std::any_of(f.blocks.begin(), f.blocks.end(), [](const SymFrame::Block& b) {
                    return b.ctx && (b.ctx->kind == Var::K::NewObject || b.ctx->kind == Var::K::GenContext);
                });
                if (grad_blocks) {
                    for (auto b = f.blocks.rbegin(); b != f.blocks.rend(); ++b) {
                        if (b->ctx->kind == Var::K::Autocast) exit_autocast(b->ctx);
                        else if (b->ctx->kind == Var::K::GradMode) set_grad_mode(b->ctx->prev_grad);
                    }
                    for (const auto& b : f.blocks) {
                        Capture::WithBlock w{b.depth - 1, b.handler, b.ctx->grad, false, {}};
                        w.null_context = b.ctx->kind == Var::K::NullContext;
                        if (b.ctx->kind == Var::K::Autocast) {
                            w.autocast = true;
                            for (const VarP& v : b.ctx->items) {
                                std::string attr;
                                if (v->value.is_obj() && !v->value.is(Kind::Str)) {
                                    // A dtype: loaded as torch.<name>.
                                    attr = vm::to_str(in_, v->value);
                                    if (attr.rfind("torch.", 0) == 0) attr = attr.substr(6);
                                }
                                w.autocast_args.push_back({v->value, attr});
                            }
                        }
                        out_.with_blocks.push_back(std::move(w));
                    }
                } else if (generic) {
                    // A user-defined context manager (GenericContextWrappingVariable) cannot be left and
                    // re-entered around a break: PyTorch raises "Graph break under
                    // GenericContextWrappingVariable" and the frame runs eagerly; explain() lists no break.
                    u.skip = true;
                    u.reason.title = "Graph break under GenericContextWrappingVariable";
                } else {
                    // A try block with no checkpoint before it (PyTorch's "empty checkpoint": the
                    // frame is skipped), or a manager Kiln cannot re-enter.
                    u.skip = true;
                    u.reason.title = "graph break inside a try/with block";
                    out_.skip_has_break = true;
                }
            }
            // The transformed code rebuilds the stack and the live locals from their Vars, constants
            // by value: lazy items among them are read now (guarded).
            for (const VarP& v : stack) realize_items(v);
            if (lazy_items_) {
                // Only the locals the rest of the frame reads are rebuilt (live at the breaking
                // instruction; all of them at a step break, whose code runs on from a checkpoint).
                const auto live = live_locals(*f.co);
                for (size_t l = 0; l < locals.size(); ++l)
                    if (u.reason.step || (size_t(f.lasti) < live.size() && l < live[size_t(f.lasti)].size() &&
                                          live[size_t(f.lasti)][l]))
                        realize_items(locals[l]);
            }
            for (size_t k = 0; k < f.cells.size(); ++k) realize_items(f.cells[k]->value);
            realize_replayed_items();
            out_.stack = std::move(stack);
            // Locals the translated part never loaded pass to the resume function unguarded,
            // straight from the frame.
            for (size_t l = 0; l < locals.size() && l < pending_.size(); ++l)
                if (!locals[l] && !pending_[l].is_null())
                    locals[l] = Var::of_kind(Var::K::Object, pending_[l], Source::local(f.co->varnames[l]));
            out_.locals = std::move(locals);
            out_.cell_stores.assign(f.cells.size(), nullptr);
            for (size_t k = 0; k < f.cells.size(); ++k)
                if (f.cells[k]->value && f.cells[k]->value != initial_cells[k]) out_.cell_stores[k] = f.cells[k]->value;
            out_.cells = f.cells;
            out_.kwnames = kwnames;
            if (u.skip) {
                out_.outcome = Capture::Outcome::Skip;
                out_.skip_reason = u.reason.title;
            } else {
                out_.outcome = Capture::Outcome::Break;
            }
            frames_.pop_back();
            autograd::set_grad_enabled(grad_at_start);
            return;
        }
        (void)grad;
    }
    frames_.pop_back();
    autograd::set_grad_enabled(grad_at_start);
    out_.outcome = Capture::Outcome::Return;
    out_.return_value = f.return_value;
    for (size_t k = 0; k < f.cells.size(); ++k) realize_items(f.cells[k]->value);
    realize_replayed_items();
    // Free variables the frame assigned (`nonlocal x; x = x + 1`) are written back before it returns
    // (its own cells die with it, unless a closure it returns holds one: those are kept too).
    out_.cell_stores.assign(f.cells.size(), nullptr);
    for (size_t k = 0; k < f.cells.size(); ++k)
        if (f.cells[k]->value && f.cells[k]->value != initial_cells[k]) out_.cell_stores[k] = f.cells[k]->value;
}

}  // namespace

// ---- torch.cond -------------------------------------------------------------------------------------------
//
// PyTorch 2.11's CondHigherOrderVariable (torch/_dynamo/variables/higher_order_ops.py): a tensor
// predicate is not read; each branch is traced into a graph of its own (speculate_subgraph), the
// values a branch uses from outside it (its operands, the tensors it closes over, a module's
// parameters) become placeholders of that graph, the two graphs are given one signature
// (_merge_graph_inputs: inputs both use, sorted by name, then those only the true branch uses
// suffixed `_true_branch`, then the false branch's `_false_branch`), installed as cond_true_N /
// cond_false_N, and the call is one `torch.ops.higher_order.cond(pred, cond_true_0, cond_false_0,
// (operands...))` node whose outputs are unpacked with getitem. A graph break inside a branch is a
// hard error (raise_hard_error_if_graph_break): the cond cannot be split.

namespace {
Value map_fx_nodes(const Value& v, const kiln::Function<Value(FxNode*)>& f) {
    if (auto* n = vm::native_cast<FxNode>(v)) return f(n);
    if (auto* t = v.as<vm::Tuple>()) {
        std::vector<Value> items;
        for (const Value& x : t->items) items.push_back(map_fx_nodes(x, f));
        if (vm::type_of(v) != vm::types().tuple) return Value(vm::make<vm::Tuple>(vm::type_of(v), std::move(items)).get());
        return vm::new_tuple(std::move(items));
    }
    if (auto* l = v.as<vm::List>()) {
        std::vector<Value> items;
        for (const Value& x : l->items) items.push_back(map_fx_nodes(x, f));
        return vm::new_list(std::move(items));
    }
    if (auto* sl = v.as<vm::Slice>())
        return Value(vm::make<vm::Slice>(map_fx_nodes(sl->start, f), map_fx_nodes(sl->stop, f), map_fx_nodes(sl->step, f)).get());
    return v;
}

vm::Ref<FxNode> subgraph_placeholder(const FxNode* outer, const std::string& target, FxGraph& graph) {
    auto p = vm::make<FxNode>();
    p->op = FxOp::Placeholder;
    p->target = vm::new_str(target);
    p->target_name = target;
    p->name = graph.claim_name(target);
    p->name_set = true;
    p->untyped = true;
    p->example = outer->example;
    p->is_symint = outer->is_symint;
    return p;
}

const std::vector<std::string>& user_error_hints() {
    static const std::vector<std::string> h = {
        "Your code may result in an error when running in eager. Please double check that your code doesn't contain a "
        "similar error when actually running eager/uncompiled. You can do this by removing the `torch.compile` call, or "
        "by using `torch.compiler.set_stance(\"force_eager\")`. "};
    return h;
}
}  // namespace

bool Translator::is_cond_callable(const Value& f) {
    if (!f.is_obj()) return false;
    if (!hop_looked_up_) {
        hop_looked_up_ = true;
        if (const Value* c = in_.import_module("torch")->dict.find("cond")) torch_cond_ = *c;
    }
    if (hop_cond_fn_.is_null()) {
        // torch._higher_order_ops.cond's Python `cond` and `cond_op` (torch.ops.higher_order.cond),
        // once the program has loaded that module.
        auto mit = in_.modules().find("torch._higher_order_ops.cond");
        if (vm::ModuleObj* mod = mit == in_.modules().end() ? nullptr : mit->second.get()) {
            if (const Value* v = mod->dict.find("cond")) hop_cond_fn_ = *v;
            if (const Value* v = mod->dict.find("cond_op")) hop_cond_op_ = *v;
        }
    }
    for (const Value* c : {&torch_cond_, &hop_cond_fn_, &hop_cond_op_})
        if (c->is_obj() && c->obj() == f.obj()) return true;
    return false;
}

// torch._higher_order_ops.while_loop's Python `while_loop` (1) and `while_loop_op` (2), once loaded.
int Translator::while_loop_kind(const Value& f) {
    Value& fn = hop_while_fn_;
    Value& op = hop_while_op_;
    if (fn.is_null()) {
        auto mit = in_.modules().find("torch._higher_order_ops.while_loop");
        if (vm::ModuleObj* mod = mit == in_.modules().end() ? nullptr : mit->second.get()) {
            if (const Value* v = mod->dict.find("while_loop")) fn = *v;
            if (const Value* v = mod->dict.find("while_loop_op")) op = *v;
        }
    }
    if (!f.is_obj()) return 0;
    if (fn.is_obj() && fn.obj() == f.obj()) return 1;
    if (op.is_obj() && op.obj() == f.obj()) return 2;
    return 0;
}

void Translator::hop_hard_error(const std::string& hop, const std::string& got) {
    // raise_hard_error_if_graph_break in PyTorch 2.11: the break becomes an
    // UncapturedHigherOrderOpError with the break's own message, the operator named after its title
    // (augment_exc_message_with_hop_name).
    std::string msg = got;
    size_t ex = msg.find("\n  Explanation:");
    if (ex != std::string::npos) msg.insert(ex, "\n  Higher Order Operator: " + hop);
    else msg += "\n  Higher Order Operator: " + hop;
    vm::raise(uncaptured_higher_order_op_error_type(), msg);
}

Translator::Speculated Translator::speculate_branch(const VarP& fn, const std::vector<VarP>& args, const std::string& fn_name,
                                                   const std::vector<std::string>* manual, bool flatten_outputs,
                                                   const kiln::Function<std::vector<VarP>(std::vector<VarP>)>* restructure) {
    Speculated sp;
    sp.graph = std::make_shared<FxGraph>();
    std::vector<VarP> call_args = args;
    if (manual) {
        // create_graph_input(name, type(value), example): typed placeholders, in argument order.
        for (size_t i = 0; i < args.size(); ++i) {
            std::string name = sp.graph->claim_name((*manual)[i]);
            FxNode* p = sp.graph->add(FxOp::Placeholder, name);
            p->name = name;
            p->target = vm::new_str((*manual)[i]);
            p->target_name = (*manual)[i];
            p->name_set = true;
            p->example = args[i]->example;
            call_args[i] = Var::tensor(p, args[i]->example);
        }
        sp.manual = args.size();
        if (restructure) call_args = (*restructure)(call_args);
    }
    const size_t effects = out_.side_effects.size(), mutated = out_.mutated_lists.size();
    outer_graphs_.push_back(out_.graph);
    out_.graph = sp.graph;
    struct Restore {
        Translator& t;
        ~Restore() {
            t.out_.graph = t.outer_graphs_.back();
            t.outer_graphs_.pop_back();
        }
    } restore{*this};
    sp.result = call(fn, call_args, {});
    if (out_.side_effects.size() != effects || out_.mutated_lists.size() != mutated)
        unsupported("HigherOrderOperator: Mutating a variable not in the current scope (SideEffects)",
                    "This is not supported.", {}, "gb0000");
    // The outputs, flattened (pytree.tree_flatten): tensors only in Kiln (PyTorch also allows ints).
    std::function<void(const VarP&, std::string&)> flatten = [&](const VarP& v, std::string& spec) {
        if (v->is_tensor()) {
            realize(v);
            sp.leaves.push_back(v);
            spec += "*";
            return;
        }
        if (v->kind == Var::K::Tuple || v->kind == Var::K::List) {
            bool tup = v->kind == Var::K::Tuple;
            spec += tup ? "(" : "[";
            for (size_t i = 0; i < v->items.size(); ++i) {
                if (i) spec += ",";
                flatten(v->items[i], spec);
            }
            spec += tup ? ")" : "]";
            return;
        }
        if (v->is_constant() && v->value.is_int() && !v->value.is_bool())
            unsupported("torch.cond: unsupported branch return type",
                        "Kiln's Dynamo does not yet merge ints returned by torch.cond branches (PyTorch turns them into "
                        "an unbacked SymInt).",
                        {"Return tensors from the branches."}, "gb0000", fn_name);
        unsupported("torch.cond: unsupported branch return type",
                    "Expected branches to return a possibly nested pytree of tensors or constant ints.", user_error_hints(),
                    "gb0000", fn_name);
    };
    flatten(sp.result, sp.spec);
    // The outputs are flattened by pytree.tree_flatten, inlined: its `for child in children` stores
    // each item of a container in `child`, which names the node (once, as any first store does).
    if (flatten_outputs && !sp.result->is_tensor())
        for (const VarP& l : sp.leaves)
            if (std::any_of(sp.graph->nodes.begin(), sp.graph->nodes.end(), [&](const vm::Ref<FxNode>& x) { return x.get() == l->node; }))
                sp.graph->rename(l->node, "child");
    FxNode* out = sp.graph->add(FxOp::Output, "output");
    std::vector<Value> outs;
    for (const VarP& l : sp.leaves) outs.push_back(Value(l->node));
    if (!flatten_outputs && sp.result->is_tensor()) out->args = vm::new_tuple({outs[0]});
    else out->args = vm::new_tuple({vm::new_tuple(std::move(outs))});

    // Lift what the branch read from outside it to placeholders, in the order first used.
    std::unordered_set<const FxNode*> own;
    for (const auto& n : sp.graph->nodes) own.insert(n.get());
    std::vector<vm::Ref<FxNode>> phs;
    kiln::Function<Value(FxNode*)> lift = [&](FxNode* n) -> Value {
        if (own.count(n)) return Value(n);
        if (auto it = sp.placeholder.find(n); it != sp.placeholder.end()) return Value(it->second);
        vm::Ref<FxNode> p = subgraph_placeholder(n, n->name, *sp.graph);
        sp.placeholder[n] = p.get();
        sp.lifted.push_back(n);
        phs.push_back(p);
        return Value(p.get());
    };
    for (const auto& n : sp.graph->nodes) {
        n->args = map_fx_nodes(n->args, lift);
        for (auto& kw : n->kwargs) kw.second = map_fx_nodes(kw.second, lift);
    }
    sp.graph->nodes.insert(sp.graph->nodes.begin() + long(sp.manual), phs.begin(), phs.end());
    // supports_input_mutation=False: an in-place op on an input of the branch (x.add_(1), x += 1).
    for (const auto& n : sp.graph->nodes) {
        if (n->op != FxOp::CallMethod && n->op != FxOp::CallFunction) continue;
        const auto& a = n->args.get<vm::Tuple>()->items;
        auto* first = a.empty() ? nullptr : vm::native_cast<FxNode>(a[0]);
        if (!first || first->op != FxOp::Placeholder) continue;
        std::string last = n->target_name.substr(n->target_name.rfind('.') + 1);
        bool inplace = (last.size() > 1 && last.back() == '_' && last.compare(last.size() - 2, 2, "__") != 0) ||
                       (n->op == FxOp::CallFunction && n->target_name.rfind("operator.i", 0) == 0 &&
                        n->target_name != "operator.invert" && n->target_name != "operator.index");
        if (inplace)
            unsupported("Encountered input mutation during higher order op tracing",
                        "Higher order ops do not support input mutation. Found in cond",
                        {"Consider using the debug context to change user code to avoid mutation.", "Please open an issue."},
                        "gb0000", "Input " + first->name + " is mutated by " + n->name);
    }
    // supports_aliasing=False: an output that is an input of the branch.
    std::vector<Value> out_items;
    if (auto* t = out->args.get<vm::Tuple>()->items[0].as<vm::Tuple>()) out_items = t->items;
    else out_items = {out->args.get<vm::Tuple>()->items[0]};
    for (const Value& o : out_items)
        if (auto* n = vm::native_cast<FxNode>(o); n && n->op == FxOp::Placeholder)
            unsupported("Encountered aliasing during higher order op tracing",
                        "Higher order ops do not support aliasing. Found in cond",
                        {"Replace `return input` with `return input.clone()` to avoid aliasing.",
                         "Consider using the debug context to change user code to avoid aliasing.", "Please open an issue."},
                        "gb0040", "Output " + n->name + " is an input of the branch");
    return sp;
}

std::vector<FxNode*> Translator::merge_graph_inputs(Speculated& t, const std::string& l_name, Speculated& f,
                                                  const std::string& r_name) {
    auto by_name = [](const FxNode* a, const FxNode* b) { return a->name < b->name; };
    std::vector<FxNode*> shared, only_true, only_false;
    for (FxNode* a : t.lifted) (f.placeholder.count(a) ? shared : only_true).push_back(a);
    for (FxNode* a : f.lifted)
        if (!t.placeholder.count(a)) only_false.push_back(a);
    std::sort(shared.begin(), shared.end(), by_name);
    std::sort(only_true.begin(), only_true.end(), by_name);
    std::sort(only_false.begin(), only_false.end(), by_name);
    for (Speculated* sp : {&t, &f}) {
        std::vector<vm::Ref<FxNode>> nodes(sp->graph->nodes.begin(), sp->graph->nodes.begin() + long(sp->manual));
        std::unordered_map<const FxNode*, FxNode*> moved;
        auto add = [&](FxNode* a, const std::string& suffix) {
            vm::Ref<FxNode> p = subgraph_placeholder(a, a->name + suffix, *sp->graph);
            if (auto it = sp->placeholder.find(a); it != sp->placeholder.end()) moved[it->second] = p.get();
            nodes.push_back(p);
        };
        for (FxNode* a : shared) add(a, "");
        for (FxNode* a : only_true) add(a, "_" + l_name);
        for (FxNode* a : only_false) add(a, "_" + r_name);
        kiln::Function<Value(FxNode*)> move = [&](FxNode* n) -> Value {
            auto it = moved.find(n);
            return Value(it == moved.end() ? n : it->second);
        };
        for (const auto& n : sp->graph->nodes) {
            if (n->op == FxOp::Placeholder) continue;
            n->args = map_fx_nodes(n->args, move);
            for (auto& kw : n->kwargs) kw.second = map_fx_nodes(kw.second, move);
            nodes.push_back(n);
        }
        sp->graph->nodes = std::move(nodes);
        sp->graph->count_users();
    }
    std::vector<FxNode*> all = shared;
    all.insert(all.end(), only_true.begin(), only_true.end());
    all.insert(all.end(), only_false.begin(), only_false.end());
    return all;
}

// OutputGraph.install_subgraph + make_attr: `cond_true_0 = self.cond_true_0`, numbered per frame.
FxNode* Translator::install_subgraph(const std::string& prefix, const std::shared_ptr<FxGraph>& g) {
    std::string name = prefix + "_" + std::to_string(subgraph_ids_[prefix]++);
    out_.graph->submodules.push_back({name, g});
    FxNode* n = out_.graph->add(FxOp::GetAttr, name);
    n->target = vm::new_str(name);
    n->target_name = name;
    n->stack = user_stack();
    return n;
}

namespace {
// A branch's or body's result (nested lists and tuples of tensors) rebuilt around the higher-order
// node's outputs: its i-th tensor leaf becomes flat's i-th item, as the inlined pytree.tree_unflatten
// does (a constant `flat` keeps the branch's own leaves).
VarP rebuild_hop_result(const VarP& structure, const VarP& flat) {
    size_t next = 0;
    std::function<VarP(const VarP&)> go = [&](const VarP& v) -> VarP {
        if (v->is_tensor()) return flat->is_constant() ? v : flat->items[next++];
        std::vector<VarP> items;
        for (const VarP& x : v->items) items.push_back(go(x));
        return v->kind == Var::K::List ? Var::list(std::move(items)) : Var::tuple(std::move(items), v->seq_type);
    };
    return go(structure);
}
}  // namespace

VarP Translator::call_cond(std::vector<VarP> args, std::vector<std::pair<std::string, VarP>> kwargs) {
    static const char* const names[] = {"pred", "true_fn", "false_fn", "operands"};
    for (size_t i = 0; i < 4; ++i) {
        auto it = std::find_if(kwargs.begin(), kwargs.end(), [&](const auto& kv) { return kv.first == names[i]; });
        if (it == kwargs.end()) continue;
        if (args.size() == i) args.push_back(it->second);
        else vm::raise(T().TypeError, std::string("cond() got multiple values for argument '") + names[i] + "'");
        kwargs.erase(it);
    }
    // The Python wrapper's default: operands=().
    if (args.size() == 3 && kwargs.empty()) args.push_back(Var::tuple({}));
    const std::string hard = "torch.cond";
    try {
        if (args.size() != 4 || !kwargs.empty())
            unsupported("torch.cond: improper args/kwargs",
                        "torch.cond expects 4 positional arguments (got " + std::to_string(args.size()) +
                            ") and no keyword arguments (got " + std::to_string(kwargs.size()) +
                            ") Usage: cond(pred, cond_fn, body_fn, operands)",
                        user_error_hints(), "gb0000");
        const VarP pred = args[0], true_fn = args[1], false_fn = args[2];
        VarP operands = args[3];
        if (operands->is_constant() && (operands->value.as<vm::Tuple>() || operands->value.as<vm::List>())) {
            // A constant `()` / `[]` (or constants only): the same sequence as a tracker.
            std::vector<VarP> items;
            const auto* t = operands->value.as<vm::Tuple>();
            for (const Value& v : t ? t->items : operands->value.as<vm::List>()->items) items.push_back(Var::constant(v));
            operands = operands->value.as<vm::List>() ? Var::list(std::move(items)) : Var::tuple(std::move(items));
        }
        // LazyVariableTracker.realize_all: the predicate and the operands become graph inputs now,
        // in argument order (before anything the branches read).
        std::function<void(const VarP&)> realize_all = [&](const VarP& v) {
            if (v->is_tensor() || v->is_symint()) realize(v);
            if (v->kind == Var::K::Tuple || v->kind == Var::K::List)
                for (const VarP& x : v->items) realize_all(x);
        };
        realize_all(pred);
        realize_all(operands);
        if (operands->kind != Var::K::Tuple && operands->kind != Var::K::List)
            unsupported("torch.cond: improper operands", "Expected `operands` to be a list/tuple but got " +
                                                             vm::type_name(example_of(operands)) + ".",
                        user_error_hints(), "gb0000");
        // A Python constant predicate specializes on its branch (with PyTorch's UserWarning).
        if (pred->is_constant()) {
            std::vector<VarP> ops = operands->items;
            return call(vm::truthy(in_, pred->value) ? true_fn : false_fn, ops, {});
        }
        if (!pred->is_tensor() && !pred->is_symint())
            unsupported("torch.cond: improper predicate",
                        "Expected `pred` to be a bool or a boolean tensor with a single item but got " +
                            vm::type_name(example_of(pred)) + ".",
                        user_error_hints(), "gb0000");
        std::function<bool(const VarP&)> tensor_leaves = [&](const VarP& v) {
            if (v->kind == Var::K::Tuple || v->kind == Var::K::List)
                return std::all_of(v->items.begin(), v->items.end(), tensor_leaves);
            return v->is_tensor() || v->is_constant() || v->is_symint();
        };
        if (!tensor_leaves(operands))
            unsupported("torch.cond: improper operands contents",
                        "Expected `operands` to be a list/tuple of pytrees that only consists of tensor leaves.",
                        user_error_hints(), "gb0000");
        Speculated t = speculate_branch(true_fn, operands->items, "true_fn");
        Speculated f = speculate_branch(false_fn, operands->items, "false_fn");
        if (t.spec != f.spec) {
            // cond_fake_tensor_mode's check, reached when Dynamo runs the cond node on fake tensors.
            auto spec_text = [](const std::string& sp) {
                std::string out;
                for (char ch : sp) out += ch == '*' ? std::string("*") : std::string(1, ch);
                return out;
            };
            vm::raise(torch_runtime_error_type(),
                      "Dynamo failed to run FX node with fake tensors: call_function cond: got RuntimeError(\"Unmatched "
                      "output spec from torch.cond branches: true branch tree_spec " + spec_text(t.spec) +
                          " vs false branch tree_spec " + spec_text(f.spec) + ".\")");
        }

        std::vector<FxNode*> operands_all = merge_graph_inputs(t, "true_branch", f, "false_branch");
        // The outputs' metadata must agree (cond_fake_tensor_mode's _merge_output).
        std::vector<Value> examples;
        for (size_t i = 0; i < t.leaves.size(); ++i) {
            const Tensor& a = t.leaves[i]->example.get<vm::TensorObj>()->tensor;
            const Tensor& b = f.leaves[i]->example.get<vm::TensorObj>()->tensor;
            auto mismatch = [&](const std::string& attr, const std::string& x, const std::string& y) {
                vm::raise(torch_runtime_error_type(),
                          "Dynamo failed to run FX node with fake tensors: call_function cond: got RuntimeError(\"When "
                          "merging two branches' output in torch.cond, expected same " + attr + " but got " + x + " and " + y +
                          ".\")");
            };
            if (a.dtype() != b.dtype())
                mismatch("dtype", vm::repr(in_, vm::getattr(in_, t.leaves[i]->example, "dtype")),
                         vm::repr(in_, vm::getattr(in_, f.leaves[i]->example, "dtype")));
            if (a.device() != b.device())
                mismatch("device", vm::str_of(vm::getattr(in_, t.leaves[i]->example, "device")),
                         vm::str_of(vm::getattr(in_, f.leaves[i]->example, "device")));
            if (a.dim() != b.dim()) mismatch("dim", std::to_string(a.dim()), std::to_string(b.dim()));
            if (a.sizes() != b.sizes())
                unsupported("torch.cond: branches return different sizes",
                            "PyTorch 2.11 merges differing sizes into unbacked SymInts (u0); Kiln's Dynamo has no unbacked "
                            "symbols yet, so the branches of a compiled torch.cond must return tensors of the same sizes.",
                            {"Make both branches return tensors of the same shape."}, "gb0000");
            examples.push_back(t.leaves[i]->example);
        }

        Value pred_arg = arg_value(pred);
        FxNode* gt = install_subgraph("cond_true", t.graph);
        FxNode* gf = install_subgraph("cond_false", f.graph);
        if (hop_cond_op_.is_null()) {
            auto m = in_.import_module("torch._higher_order_ops.cond");
            if (const Value* v = m->dict.find("cond_op")) hop_cond_op_ = *v;
        }
        std::vector<Value> ops;
        for (FxNode* a : operands_all) ops.push_back(Value(a));
        steps_ += kNodeCost;
        FxNode* c = out_.graph->add(FxOp::CallFunction, "cond");
        c->target = hop_cond_op_;
        c->target_name = "torch.ops.higher_order.cond";
        c->args = vm::new_tuple({pred_arg, Value(gt), Value(gf), vm::new_tuple(std::move(ops))});
        c->example = vm::new_tuple(examples);
        c->stack = user_stack();
        VarP flat = wrap_result(c->example, c);
        // Unflatten into the true branch's structure (both branches have it).
        return rebuild_hop_result(t.result, flat);
    } catch (Unsupported& u) {
        hop_hard_error(hard, u.reason.str());
    }
}

// torch._higher_order_ops.while_loop (PyTorch 2.11's WhileLoopHigherOrderVariable / _call_while_loop):
// cond_fn and body_fn are traced into graphs whose first inputs are the carried values
// ("flatten_manual": placeholders made up front, in order, named after the clones Dynamo makes of
// the carries in a discarded graph, child_1, child_2, ...), what they read from outside is lifted
// after them, cond_fn returns one boolean scalar and body_fn a tuple like the carries; the call is
// `torch.ops.higher_order.while_loop(cond_fn_0, body_fn_0, (carried...), (additional...))`.
VarP Translator::call_while_loop(std::vector<VarP> args, std::vector<std::pair<std::string, VarP>> kwargs, bool user_api) {
    static const char* const names[] = {"cond_fn", "body_fn", "carried_inputs", "additional_inputs"};
    for (size_t i = 0; i < 4; ++i) {
        auto it = std::find_if(kwargs.begin(), kwargs.end(), [&](const auto& kv) { return kv.first == names[i]; });
        if (it == kwargs.end()) continue;
        if (args.size() == i) args.push_back(it->second);
        kwargs.erase(it);
    }
    if (user_api && args.size() == 3) args.push_back(Var::tuple({}));
    try {
        if (args.size() != 4 || !kwargs.empty())
            unsupported("torch.while_loop: improper args/kwargs",
                        "torch.while_loop expects 4 positional arguments (got " + std::to_string(args.size()) +
                            ") and no keyword arguments (got " + std::to_string(kwargs.size()) +
                            ") Usage: while_loop(cond_fn, body_fn, operands)",
                        user_error_hints(), "gb0000");
        const VarP cond_fn = args[0], body_fn = args[1], carried = args[2], additional = args[3];
        if (carried->kind != Var::K::Tuple && carried->kind != Var::K::List)
            unsupported("torch.while_loop: improper carried_inputs", "Expected carried_inputs to be a list/tuple.",
                        user_error_hints(), "gb0000");
        if (additional->kind != Var::K::Tuple && additional->kind != Var::K::List)
            unsupported("torch.while_loop: improper additional_inputs",
                        "Expected additional_inputs to be a list/tuple but got " + vm::type_name(example_of(additional)),
                        {}, "gb0000");
        std::vector<VarP> carries;
        std::function<void(const VarP&)> flat = [&](const VarP& v) {
            if (v->kind == Var::K::Tuple || v->kind == Var::K::List) {
                for (const VarP& x : v->items) flat(x);
                return;
            }
            if (!v->is_tensor())
                unsupported("torch.while_loop: int carried input",
                            "PyTorch 2.11 turns an int carried through while_loop into an unbacked SymInt; Kiln's Dynamo "
                            "has no unbacked symbols yet, so only tensors can be carried.",
                            {"Carry a 0-d tensor instead of an int."}, "gb0000");
            realize(v);
            carries.push_back(v);
        };
        flat(carried);
        // The user-facing while_loop flattens (carried_inputs, additional_inputs) with an inlined
        // pytree.tree_flatten, whose `child` stores name the carried nodes.
        if (user_api)
            for (const VarP& v : carries) out_.graph->rename(v->node, "child");
        for (const VarP& a : additional->items) {
            if (!a->is_tensor())
                unsupported("HOP: non torch.Tensor leaf", "Expected all leaves to be of torch.Tensor type.", {}, "gb0000");
            realize(a);
        }
        // The carries' clones, made in a graph Dynamo discards: they only name the placeholders.
        // The carries' clones, made in a graph Dynamo discards, are flattened by an inlined
        // pytree.tree_flatten ("flatten_manual"), so their names, and the placeholders', are
        // `child` names of this graph's namespace: child_1, child_2, ... after a carried `child`.
        std::vector<std::string> cond_names, body_names;
        for (size_t i = 0; i < 2 * carries.size(); ++i)
            (i < carries.size() ? cond_names : body_names).push_back(out_.graph->claim_name("child"));
        std::vector<VarP> sub_args = carries;
        for (const VarP& a : additional->items) sub_args.push_back(a);
        std::vector<std::string> cond_ph = cond_names, body_ph = body_names;
        for (const VarP& a : additional->items) {
            cond_ph.push_back(a->node->name);
            body_ph.push_back(a->node->name);
        }
        Speculated c = speculate_branch(cond_fn, sub_args, "cond_fn", &cond_ph, false);
        if (!c.result->is_tensor() || c.result->example.get<vm::TensorObj>()->tensor.dtype() != DType::Bool ||
            c.result->example.get<vm::TensorObj>()->tensor.dim() != 0)
            unsupported("torch.while_loop: unsupported cond_fn return type",
                        "Expected cond_fn to return a scalar tensor or a bool but got " +
                            (c.result->is_tensor() ? vm::repr(in_, vm::getattr(in_, c.result->example, "shape"))
                                                   : vm::type_name(example_of(c.result))) + ".",
                        user_error_hints(), "gb0000");
        Speculated b = speculate_branch(body_fn, sub_args, "body_fn", &body_ph, true);
        if (b.leaves.size() != carries.size())
            unsupported("torch.while_loop: body_fn output mismatch",
                        "Expected body_fn_output and carried_inputs to have the same number of leaves.",
                        user_error_hints(), "gb0000");
        std::vector<Value> examples;
        for (size_t i = 0; i < carries.size(); ++i) {
            const Tensor& o = b.leaves[i]->example.get<vm::TensorObj>()->tensor;
            const Tensor& in = carries[i]->example.get<vm::TensorObj>()->tensor;
            if (o.dtype() != in.dtype() || o.sizes() != in.sizes() || o.strides() != in.strides())
                unsupported("torch.while_loop: body_fn output metadata differs from the carried input's",
                            "Expected body_fn_output and carried_inputs to have same metadata (dtype, size, stride).",
                            user_error_hints(), "gb0000");
            examples.push_back(b.leaves[i]->example);
        }
        std::vector<FxNode*> lifted = merge_graph_inputs(c, "cond_fn", b, "body_fn");
        FxNode* gc = install_subgraph("cond_fn", c.graph);
        FxNode* gb = install_subgraph("body_fn", b.graph);
        if (hop_while_op_.is_null()) {
            auto m = in_.import_module("torch._higher_order_ops.while_loop");
            if (const Value* v = m->dict.find("while_loop_op")) hop_while_op_ = *v;
        }
        std::vector<Value> carried_nodes, extra;
        for (const VarP& v : carries) carried_nodes.push_back(Value(v->node));
        for (const VarP& a : additional->items) extra.push_back(Value(a->node));
        for (FxNode* a : lifted) extra.push_back(Value(a));
        steps_ += kNodeCost;
        FxNode* n = out_.graph->add(FxOp::CallFunction, "while_loop");
        n->target = hop_while_op_;
        n->target_name = "torch.ops.higher_order.while_loop";
        n->args = vm::new_tuple({Value(gc), Value(gb), vm::new_tuple(std::move(carried_nodes)), vm::new_tuple(std::move(extra))});
        n->example = vm::new_tuple(examples);
        n->stack = user_stack();
        VarP out = wrap_result(n->example, n);
        return rebuild_hop_result(b.result, out);
    } catch (Unsupported& u) {
        hop_hard_error("torch.while_loop", u.reason.str());
    }
}

// torch._higher_order_ops.map (PyTorch 2.11's MapHigherOrderVariable): the function is traced once
// on the first slices of xs (`xs.select(0, 0)`, made in a discarded graph: the placeholders are
// named child, child_1, ...), the extra arguments are placeholders named after their values, and
// the call is `torch.ops.higher_order.map_impl(map_body_0, [xs...], [args...])`, its outputs the
// body's stacked along a new first dimension.
VarP Translator::call_map(std::vector<VarP> args, std::vector<std::pair<std::string, VarP>> kwargs) {
    try {
        if (!kwargs.empty() || args.size() < 2)
            unsupported("torch.ops.higher_order.map: kwargs are not supported in the map operator.", "", {}, "gb0000");
        const VarP f = args[0], xs = args[1];
        std::vector<VarP> extra(args.begin() + 2, args.end());
        std::vector<VarP> leaves;
        std::function<void(const VarP&)> flat = [&](const VarP& v) {
            if (v->kind == Var::K::Tuple || v->kind == Var::K::List) {
                for (const VarP& x : v->items) flat(x);
                return;
            }
            if (!v->is_tensor())
                unsupported("HOP: non torch.Tensor leaf", "Expected all leaves to be of torch.Tensor type.", {}, "gb0000");
            realize(v);
            leaves.push_back(v);
        };
        flat(xs);
        for (const VarP& a : extra) {
            if (!a->is_tensor())
                unsupported("HOP body taking non-Tensor as input",
                            "torch.ops.higher_order.map with body that accepts non-Tensors as input.", user_error_hints(),
                            "gb0000");
            realize(a);
        }
        if (leaves.empty()) unsupported("HOP: non torch.Tensor leaf", "Expected all leaves to be of torch.Tensor type.", {}, "gb0000");
        const Tensor& x0 = leaves[0]->example.get<vm::TensorObj>()->tensor;
        if (x0.dim() < 1 || x0.size(0) == 0)
            unsupported("map() operator doesn't support scalar or zero-sized tensors during tracing.", "", {}, "gb0000");
        const int64_t n = x0.size(0);
        // map() flattens xs and args with an inlined pytree.tree_flatten (its `child` stores name
        // computed nodes), and so does "flatten_manual" for the first slices (`xs.select(0, 0)`, made in
        // a graph Dynamo discards) and the args: the placeholders are named child, child_1, ... and
        // after the args' own names.
        for (const VarP& v : leaves) out_.graph->rename(v->node, "child");
        for (const VarP& a : extra) out_.graph->rename(a->node, "child");
        std::vector<VarP> sub_args;
        std::vector<std::string> names;
        for (size_t i = 0; i < leaves.size(); ++i) {
            Value slice = in_.call_method(leaves[i]->example, "select", {Value::integer(0), Value::integer(0)});
            sub_args.push_back(Var::tensor(leaves[i]->node, slice));
            names.push_back(out_.graph->claim_name("child"));
        }
        for (const VarP& a : extra) {
            sub_args.push_back(a);
            names.push_back(a->node->name);
        }
        const size_t nx = leaves.size();
        kiln::Function<std::vector<VarP>(std::vector<VarP>)> restructure = [&](std::vector<VarP> phs) {
            size_t next = 0;
            std::function<VarP(const VarP&)> rebuild = [&](const VarP& v) -> VarP {
                if (v->is_tensor()) return phs[next++];
                std::vector<VarP> items;
                for (const VarP& x : v->items) items.push_back(rebuild(x));
                return v->kind == Var::K::List ? Var::list(std::move(items)) : Var::tuple(std::move(items), v->seq_type);
            };
            std::vector<VarP> out = {rebuild(xs)};
            for (size_t i = nx; i < phs.size(); ++i) out.push_back(phs[i]);
            return out;
        };
        Speculated b = speculate_branch(f, sub_args, "map_fn", &names, true, &restructure);
        // The body's graph: its lifted inputs keep their names (no second graph to merge with).
        std::vector<FxNode*> lifted = b.lifted;
        FxNode* gb = install_subgraph("map_body", b.graph);
        Value hop_map_impl;
        {
            auto m = in_.import_module("torch._higher_order_ops.map");
            if (const Value* v = m->dict.find("map_impl")) hop_map_impl = *v;
        }
        std::vector<Value> xs_nodes, arg_nodes, examples;
        for (const VarP& v : leaves) xs_nodes.push_back(Value(v->node));
        for (const VarP& a : extra) arg_nodes.push_back(Value(a->node));
        for (FxNode* a : lifted) arg_nodes.push_back(Value(a));
        Value stack = vm::getattr(in_, Value(in_.import_module("torch").get()), "stack");
        for (const VarP& l : b.leaves) {
            std::vector<Value> copies(size_t(n), l->example);
            examples.push_back(in_.call(stack, {vm::new_list(std::move(copies))}));
        }
        steps_ += kNodeCost;
        FxNode* node = out_.graph->add(FxOp::CallFunction, "map_impl");
        node->target = hop_map_impl;
        node->target_name = "torch.ops.higher_order.map_impl";
        node->args = vm::new_tuple({Value(gb), vm::new_list(std::move(xs_nodes)), vm::new_list(std::move(arg_nodes))});
        node->example = vm::new_tuple(examples);
        node->stack = user_stack();
        VarP out = wrap_result(node->example, node);
        return rebuild_hop_result(b.result, out);
    } catch (Unsupported& u) {
        hop_hard_error("torch.ops.higher_order.map_impl", u.reason.str());
    }
}

vm::Type* constraint_violation_error_type() {
    static vm::Type* t = vm::make_exception_type("ConstraintViolationError", vm::types().RuntimeError,
                                                 "torch.fx.experimental.symbolic_shapes");
    return t;
}

vm::Type* torch_dynamo_exception_type() {
    static vm::Type* t = vm::make_exception_type("TorchDynamoException", vm::types().RuntimeError, "torch._dynamo.exc");
    return t;
}
vm::Type* shorten_traceback_type() {
    static vm::Type* t = vm::make_exception_type("ShortenTraceback", torch_dynamo_exception_type(), "torch._dynamo.exc");
    return t;
}
vm::Type* backend_compiler_failed_type() {
    static vm::Type* t = vm::make_exception_type("BackendCompilerFailed", shorten_traceback_type(), "torch._dynamo.exc");
    return t;
}

vm::Type* uncaptured_higher_order_op_error_type() {
    static vm::Type* t =
        vm::make_exception_type("UncapturedHigherOrderOpError", torch_dynamo_exception_type(), "torch._dynamo.exc");
    return t;
}
vm::Type* torch_runtime_error_type() {
    static vm::Type* t = vm::make_exception_type("TorchRuntimeError", torch_dynamo_exception_type(), "torch._dynamo.exc");
    return t;
}

vm::Type* unsupported_error_type() {
    if (!g_unsupported) g_unsupported = vm::make_exception_type("Unsupported", torch_dynamo_exception_type(), "torch._dynamo.exc");
    return g_unsupported;
}

const std::string* callable_name(const KnownCallables& known, const Value& fn) {
    if (!fn.is_obj()) return nullptr;
    auto it = known.names.find(fn.obj());
    return it == known.names.end() ? nullptr : &it->second;
}

namespace {
Capture translate_once(vm::Interpreter& in, const vm::Frame& frame, const TranslateOptions& options,
                       const Speculation* spec);

// One translation, restarted once from the start if it breaks (see Speculation).
Capture translate_speculating(vm::Interpreter& in, const vm::Frame& frame, const TranslateOptions& options) {
    const bool grad = autograd::grad_enabled();
    try {
        return translate_once(in, frame, options, nullptr);
    } catch (RestartAnalysis& r) {
        autograd::set_grad_enabled(grad);
        return translate_once(in, frame, options, &r.spec);
    }
}
}  // namespace

Capture translate(vm::Interpreter& in, const vm::Frame& frame, const TranslateOptions& options) {
    // Computed nodes' examples in meta mode first; a translation that needs one's data (an
    // .item() kept in the graph, a value printed or branched on inside an opaque call...) is
    // redone from the start with real examples, and so is one whose op would write into memory
    // that holds real values (an in-place op on an input's example, a module's buffer...).
    TranslateOptions opt = options;
    const bool grad = autograd::grad_enabled();
    if (opt.meta_examples) {
        MetaRetryScope retry;
        try {
            return translate_speculating(in, frame, opt);
        } catch (NeedsRealData&) {
            autograd::set_grad_enabled(grad);
        }
    }
    opt.meta_examples = false;
    return translate_speculating(in, frame, opt);
}

namespace {
// PyTorch's OutputGraph.cleanup_graph: a `_set_grad_enabled(not g)` immediately followed by one that
// undoes it is dropped (leaving one block and entering the next; the resume function entering two
// nested blocks whose modes cancel), walking adjacent nodes from the mode the frame started in.
// The dropped nodes' names stay used, as in FX.
void remove_grad_mode_pairs(FxGraph& g, bool grad) {
    auto sets = [](const FxNode* n, bool mode) {
        if (n->op != FxOp::CallFunction || n->target_name != "torch._C._set_grad_enabled") return false;
        const auto* a = n->args.as<vm::Tuple>();
        return a && a->items.size() == 1 && a->items[0].is_bool() && a->items[0].as_bool() == mode;
    };
    auto& nodes = g.nodes;
    std::vector<bool> erased(nodes.size(), false);
    for (size_t k = 0; k + 1 < nodes.size(); ++k) {
        if (erased[k] || !sets(nodes[k].get(), !grad)) continue;
        grad = !grad;
        if (!erased[k + 1] && sets(nodes[k + 1].get(), !grad)) {
            grad = !grad;
            erased[k] = erased[k + 1] = true;
        }
    }
    size_t w = 0;
    for (size_t k = 0; k < nodes.size(); ++k)
        if (!erased[k]) nodes[w++] = nodes[k];
    nodes.resize(w);
}

Capture translate_once(vm::Interpreter& in, const vm::Frame& frame, const TranslateOptions& options,
                       const Speculation* spec) {
    Capture out;
    VarArenaScope arena(out.arena.get());
    Translator t(in, options, out, spec);
    const bool grad_at_entry = autograd::grad_enabled();
    try {
        t.run_top(frame);
        remove_grad_mode_pairs(*out.graph, grad_at_entry);
        t.keep_placeholders();
    } catch (Unsupported& u) {
        // fullgraph=True: the first break is an error naming the reason and the user's line.
        std::string msg = u.reason.str() + user_code_trailer(u.reason.user_stack);
        throw vm::PyError(vm::new_exception(unsupported_error_type(), {vm::new_str(msg)}));
    }
    // A context manager Dynamo cannot enter: the block after it cannot be resumed inside the
    // manager, so the frame runs eagerly (a resume function would start at the same `with` and break
    // there again, forever).
    if (out.outcome == Capture::Outcome::Break && out.break_pc >= 0 && out.break_pc < int(frame.co->code.size()) &&
        frame.co->code[size_t(out.break_pc)].op == Opcode::BEFORE_WITH) {
        out.outcome = Capture::Outcome::Skip;
        out.skip_has_break = true;
        out.skip_reason = "unsupported context manager";
        return out;
    }
    // Loops: a break inside one makes the frame run eagerly (PyTorch 2.11: "graph break in loop").
    // A step break is exempt: the original code runs on from its checkpoint, loop and all, as
    // step_graph_break does without a backedge check.
    if (out.outcome == Capture::Outcome::Break && !out.step_break) {
        const auto& code = frame.co->code;
        for (int j = 0; j < int(code.size()); ++j) {
            if (code[size_t(j)].op != Opcode::JUMP_BACKWARD) continue;
            int target = frame.co->jump_target(j);
            if (target <= out.break_pc && out.break_pc <= j) {
                out.outcome = Capture::Outcome::Skip;
                out.skip_has_break = true;
                out.skip_reason = "graph break in loop";
                break;
            }
        }
    }
    return out;
}
}  // namespace

}  // namespace kiln::capture::dynamo
