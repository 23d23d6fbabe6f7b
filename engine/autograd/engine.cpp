// The backward engine: dependency counting over the node graph, then a walk that runs the latest
// node first, sums gradients arriving at the same input, and hands leaf gradients to AccumulateGrad.
// Also: grad mode, record(), saved-tensor version checks, sum_to, and in-place rebasing.
#include <atomic>
#include <queue>
#include <unordered_map>
#include <unordered_set>

#include "autograd/anomaly.h"
#include "autograd/forward_ad.h"
#include "autograd/grad_mode.h"
#include "autograd/inplace_check.h"
#include "autograd/node.h"
#include "autograd/saved_output_log.h"
#include "autograd/sparse_grad.h"
#include "ops/output_layout.h"
#include "ops/ops.h"
#include "support/error.h"
#include "support/profiler.h"

namespace kiln {
// CreationMeta's INFERENCE_MODE: a view made in torch.inference_mode of a normal tensor (the fifth
// creation kind, after tensor.h's ViewCreation values and node.h's kViewInCustomFunction; only this
// file sets and reads it: mark_view_creation, fail_view_rebase, gradient_edge).
constexpr uint8_t kViewInferenceMode = 4;
}  // namespace kiln

namespace kiln::autograd {

namespace {
constexpr const char* kSecondBackwardMessage =
    "Trying to backward through the graph a second time (or directly access saved tensors after "
    "they have already been freed). Saved intermediate values of the graph are freed when you "
    "call .backward() or autograd.grad(). Specify retain_graph=True if you need to backward "
    "through the graph a second time or if you need to access saved tensors after calling backward.";
// True while a node whose saved tensors were released (backward without retain_graph) runs again.
thread_local bool g_running_released = false;
// The node whose backward is running on this thread: a saved output's version error names it, as
// PyTorch's SavedVariable::unpack names the node it was saved for ("which is output 0 of SigmoidBackward0").
thread_local const Node* g_running_node = nullptr;
struct ReleasedScope {
    bool prev;
    const Node* prev_node;
    ReleasedScope(bool released, const Node* node) : prev(g_running_released), prev_node(g_running_node) {
        g_running_released = released;
        g_running_node = node;
    }
    ~ReleasedScope() {
        g_running_released = prev;
        g_running_node = prev_node;
    }
};
// Saved tensors read so far on this thread: whether a node's backward read any tells the engine
// that releasing the node must free them (see run_engine).
thread_local uint64_t t_saved_reads = 0;
}  // namespace

namespace {
thread_local bool t_grad_enabled = true;
std::atomic<uint64_t> g_sequence{0};

std::shared_ptr<Node> accumulate_node(const Tensor& leaf) {
    if (auto existing = leaf.impl()->grad_accumulator.lock()) return existing;
    auto node = std::make_shared<Node>();
    node->name = "AccumulateGrad";
    node->leaf = leaf.impl_ptr();
    node->outputs.push_back({leaf.sizes(), leaf.dtype(), leaf.device()});
    node->sequence_nr = g_sequence++;
    leaf.impl()->grad_accumulator = node;
    return node;
}
}  // namespace

AnomalyMode& anomaly_mode() {
    static AnomalyMode mode;
    return mode;
}

bool grad_enabled() { return t_grad_enabled; }
void set_grad_enabled(bool enabled) { t_grad_enabled = enabled; }

namespace {
thread_local std::vector<std::shared_ptr<SavedTensorHooks>> t_saved_hooks;
thread_local std::optional<std::string> t_saved_hooks_disabled;

// Outputs saved under hooks wait here until record() has attached their node (see SavedTensor::output).
struct PendingOutputPack {
    std::shared_ptr<SavedTensor::PackSlot> slot;
    std::shared_ptr<SavedTensorHooks> hooks;
    Tensor output;
};
thread_local std::vector<PendingOutputPack> t_pending_output_packs;

bool hooks_apply(const Tensor& t) {
    return t.defined() && !t_saved_hooks.empty() && !t_saved_hooks_disabled && !t.impl()->wrapped_number;
}

std::shared_ptr<SavedTensorPack> run_pack_hook(SavedTensorHooks& hooks, const Tensor& t) {
    NoGradGuard no_grad;
    const uint64_t before = t.version();
    std::shared_ptr<SavedTensorPack> packed = hooks.pack(t);
    KILN_CHECK(t.version() == before, RuntimeError,
               "A saved tensor pack hook is modifying its input in place. Tensors provided as input to pack "
               "hook can not be modified by in-place operations as this can lead to unexpected side-effects. "
               "Please open an issue if you need to perform in-place operations on the input to a pack hook.");
    return packed;
}

// Packs the outputs saved since the last call, now that their grad_fn is set.
void flush_output_packs() {
    if (t_pending_output_packs.empty()) return;
    std::vector<PendingOutputPack> pending;
    pending.swap(t_pending_output_packs);
    for (PendingOutputPack& p : pending) p.slot->pack = run_pack_hook(*p.hooks, p.output);
}
}  // namespace

void push_saved_tensor_hooks(std::shared_ptr<SavedTensorHooks> hooks) {
    KILN_CHECK(!t_saved_hooks_disabled, RuntimeError, *t_saved_hooks_disabled);
    t_saved_hooks.push_back(std::move(hooks));
}
void pop_saved_tensor_hooks() {
    if (!t_saved_hooks.empty()) t_saved_hooks.pop_back();
}
void set_saved_tensor_hooks_disabled(std::optional<std::string> message) { t_saved_hooks_disabled = std::move(message); }
const std::optional<std::string>& saved_tensor_hooks_disabled() { return t_saved_hooks_disabled; }

SavedTensor::SavedTensor(const Tensor& t) : version_(t.defined() ? t.version() : 0) {
    // SavedVariable's first check: an inference tensor has no version counter to guard the save.
    if (t.defined() && !t.impl()->wrapped_number) check_inference_not_saved(t.impl()->storage.get());
    // SavedVariable's constructor: hooks see every saved tensor but the 0-dim wrapped Python scalars
    // (which the user never made), and they run without grad mode so packing records nothing.
    if (hooks_apply(t)) {
        packed_ = std::make_shared<PackSlot>();
        packed_->pack = run_pack_hook(*t_saved_hooks.back(), t);
        return;
    }
    tensor_ = t;
}

std::vector<Tensor>*& saved_output_log() {
    thread_local std::vector<Tensor>* log = nullptr;
    return log;
}

SavedTensor SavedTensor::output(const Tensor& out, int output_nr) {
    SavedTensor s;
    if (out.defined() && saved_output_log()) saved_output_log()->push_back(out);
    if (hooks_apply(out)) {
        s.packed_ = std::make_shared<PackSlot>();
        t_pending_output_packs.push_back({s.packed_, t_saved_hooks.back(), out});
    } else if (out.defined()) {
        s.tensor_ = out.detach();
        s.version_ = out.version();
    }
    s.output_ = true;
    s.output_nr_ = output_nr;
    return s;
}

Tensor SavedTensor::get() const {
    if (packed_) {
        KILN_CHECK(!g_running_released, RuntimeError, kSecondBackwardMessage);
        KILN_CHECK(packed_->pack, RuntimeError, "a saved output was read before its node was recorded");
        ++t_saved_reads;
        return packed_->pack->unpack();
    }
    KILN_CHECK(!(g_running_released && tensor_.defined()), RuntimeError, kSecondBackwardMessage);
    if (tensor_.defined()) ++t_saved_reads;
    if (tensor_.defined() && tensor_.version() != version_) {
        // SavedVariable::unpack: an output saved by its own node names that node (the tensor's
        // grad_fn may since have moved to the in-place op); an input names its grad_fn now; a leaf nothing.
        std::string producer;
        if (output_ && g_running_node)
            producer = str(", which is output ", output_nr_, " of ", g_running_node->name, ",");
        else if (!output_ && tensor_.grad_fn())
            producer = str(", which is output ", tensor_.impl()->output_nr, " of ", tensor_.grad_fn()->name, ",");
        KILN_FAIL(RuntimeError,
                  "one of the variables needed for gradient computation has been modified by an inplace "
                  "operation: [", dtype_legacy_name(tensor_.dtype()), " ", shape_str(tensor_.sizes()), "]", producer,
                  " is at version ", tensor_.version(), "; expected version ", version_,
                  " instead. Hint: enable anomaly detection to find the operation that failed to compute its "
                  "gradient, with torch.autograd.set_detect_anomaly(True, check_nan=False).");
    }
    return tensor_;
}

// An op records its formula when backward mode needs it (grad mode on, an input requiring grad) or
// forward mode does (an input carrying a tangent, whatever the grad mode: PyTorch's torch.no_grad
// leaves forward AD on).
template <typename List>
bool needs_grad_impl(const List& inputs) {
    if (t_grad_enabled)
        for (const Tensor& t : inputs)
            if (t.defined() && t.requires_grad()) return true;
    if (forward_ad_active())
        for (const Tensor& t : inputs)
            if (has_fw_grad(t)) return true;
    return false;
}

bool needs_grad(std::initializer_list<Tensor> inputs) { return needs_grad_impl(inputs); }
bool needs_grad(const std::vector<Tensor>& inputs) { return needs_grad_impl(inputs); }

namespace {
// A view made in no_grad or inference mode (no grad_fn of its own) of a tensor that requires grad.
bool requires_grad_through_base(const TensorImpl& t) {
    return !t.grad_fn && t.base && t.base->requires_grad &&
           (t.creation_meta == kViewNoGrad || t.creation_meta == kViewInferenceMode);
}
}  // namespace

Edge gradient_edge(const Tensor& t) {
    if (!t.defined() || !t.requires_grad()) return {};
    if (t.grad_fn()) return {t.grad_fn(), t.impl()->output_nr};
    // PyTorch's grad_accumulator: only a tensor whose own flag is set accumulates. A view made in
    // no_grad or inference mode of a tensor requiring grad requires grad through its base alone
    // (mark_view_creation), so it passes no gradient anywhere.
    if (requires_grad_through_base(*t.impl())) return {};
    return {accumulate_node(t), 0};
}

std::shared_ptr<Node> record(const char* name, const std::vector<Tensor>& inputs, const std::vector<Tensor>& outputs,
                             BackwardFn backward_fn, NamedSaved saved) {
    auto node = std::make_shared<Node>();
    node->name = name;
    node->backward = std::move(backward_fn);
    // an undefined entry is a value this call did not need to save (PyTorch leaves it unset too)
    for (auto& [n, t] : saved)
        if (t.defined()) node->saved.emplace_back(std::move(n), std::move(t));
    bool backward_mode = t_grad_enabled;
    if (backward_mode) {
        backward_mode = false;
        for (const Tensor& t : inputs) backward_mode = backward_mode || (t.defined() && t.requires_grad());
    }
    const bool forward_mode = forward_ad_active() && any_fw_grad(inputs);
    if (backward_mode || !forward_mode) {
        attach(node, inputs, outputs);
    } else {
        // forward mode only: the outputs keep no history; the formula runs once, for their tangents
        node->sequence_nr = g_sequence++;
        node->next_edges.resize(inputs.size());
        flush_output_packs();
    }
    if (forward_mode) propagate_tangents(inputs, outputs, node->backward);
    return node;
}

uint64_t next_sequence_nr() { return g_sequence; }

const char* second_backward_message() { return kSecondBackwardMessage; }

void attach(const std::shared_ptr<Node>& node, const std::vector<Tensor>& inputs, const std::vector<Tensor>& outputs) {
    node->sequence_nr = g_sequence++;
    node->next_edges.reserve(inputs.size());
    for (const Tensor& in : inputs) node->next_edges.push_back(gradient_edge(in));
    node->retained.resize(outputs.size());
    for (size_t i = 0; i < outputs.size(); ++i) {
        TensorImpl* impl = outputs[i].impl();
        node->outputs.push_back({impl->sizes, impl->dtype, impl->storage->device});
        impl->grad_fn = node;
        impl->output_nr = uint32_t(i);
        impl->requires_grad = true;
        // A view an op made under its own no-grad guard and then recorded is an ordinary view of its
        // parent (the user's grad mode was on), not PyTorch's no-grad-mode view.
        if (impl->base && impl->creation_meta == kViewNoGrad) impl->creation_meta = impl->parent_meta;
    }
    flush_output_packs();  // outputs saved under hooks are packed with their grad_fn set
}

std::shared_ptr<TensorHook> tensor_hooks(const Tensor& t, const Function<std::shared_ptr<TensorHook>()>& make) {
    TensorImpl* impl = t.impl();
    if (impl->hooks) return impl->hooks;
    impl->hooks = make();
    // A non-leaf's gradient is met at its grad_fn: the node runs the hook on that output's gradient.
    if (impl->grad_fn) impl->grad_fn->tensor_pre_hooks.emplace_back(impl->output_nr, impl->hooks);
    return impl->hooks;
}

Tensor sum_to(const Tensor& grad, const Shape& shape) {
    if (grad.sizes() == shape) return grad;
    const int64_t lead = grad.dim() - int64_t(shape.size());
    std::vector<int64_t> dims;
    for (int64_t d = 0; d < grad.dim(); ++d) {
        if (d < lead || (shape[d - lead] == 1 && grad.size(d) != 1)) dims.push_back(d);
    }
    // PyTorch reduces a broadcast gradient in the engine (validate_outputs' at::sum_to): a keepdim
    // sum over the broadcast dims, then a view dropping the leading ones; the profiler shows both.
    if (profiler::enabled()) {
        std::vector<profiler::OpEvent> evs;
        Shape kept = grad.sizes();
        if (!dims.empty()) {
            evs.push_back(profiler::sum_event(grad.sizes(), dims, true));
            for (int64_t d : dims) kept[size_t(d)] = 1;
        }
        if (lead > 0) evs.push_back(profiler::view_event(kept));
        profiler::push_tree(evs);
    }
    Tensor s = dims.empty() ? grad : sum(grad, dims, /*keepdim=*/true);
    return reshape(s, shape);
}

namespace {

// PyTorch's handle_view_on_rebase: the error for changing in place a view whose creation_meta is not
// kViewDefault (made in no_grad or inference mode, an output of unbind/split, or returned by a custom
// Function), directly (indirect false) or through its base or another view of it (indirect true).
[[noreturn]] void fail_view_rebase(const TensorImpl& view, const std::shared_ptr<Node>& grad_fn, bool indirect) {
    const char* modified = indirect ? "its base or another view of its base has been" : "is being";
    const uint8_t meta = view.creation_meta;
    std::string msg;
    if (meta == kViewInferenceMode || meta == kViewNoGrad || !grad_fn) {
        // without a grad_fn the view was made with grad mode off, whatever its meta says
        std::string prefix = grad_fn ? str("Output ", view.output_nr, " of ", grad_fn->name,
                                           " is a view of a view which was created in")
                                     : std::string("A view was created in");
        msg = meta == kViewInferenceMode
                  ? str(prefix, " inference mode and ", modified, " modified inplace in normal mode.")
                  : str(prefix, " no_grad mode and ", modified, " modified inplace with grad mode enabled.");
    } else {
        msg = str("Output ", view.output_nr, " of ", grad_fn->name, " is a view and ", modified, " modified inplace.");
    }
    const char* ambiguous = " Given that this use case is ambiguous and error-prone, it is forbidden. You can clarify "
                            "your code by moving both the view and the inplace either both inside the ";
    const char* tracked = " block (if you don't want the inplace to be tracked) or both outside (if you want the "
                          "inplace to be tracked).";
    switch (meta) {
        case kViewMultiOutput:
            msg += " This view is the output of a function that returns multiple views. Such functions do not allow "
                   "the output views to be modified inplace. You should replace the inplace operation by an "
                   "out-of-place one.";
            break;
        case kViewNoGrad: msg += str(ambiguous, "no_grad", tracked); break;
        case kViewInferenceMode: msg += str(ambiguous, "inference_mode", tracked); break;
        case kViewInCustomFunction:
            msg += " This view was created inside a custom Function (or because an input was returned as-is) and the "
                   "autograd logic to handle view+inplace would override the custom backward associated with the "
                   "custom Function, leading to incorrect gradients. This behavior is forbidden. You can fix this by "
                   "cloning the output of the custom Function.";
            break;
        default: break;
    }
    KILN_FAIL(RuntimeError, msg);
}

}  // namespace

void check_inplace(const Tensor& x) { check_inplace(x, {}); }

void check_inplace(const Tensor& x, const std::vector<Tensor>& others) {
    if (!grad_enabled()) return;
    // compute_requires_grad over the op's inputs: a view's own requires_grad includes its base's
    // (Tensor::requires_grad), so a view made in no_grad mode of a tracked tensor counts.
    bool tracked = x.requires_grad();
    for (const Tensor& o : others) tracked = tracked || (o.defined() && o.requires_grad());
    if (!tracked) return;
    const TensorImpl* base = x.impl()->base.get();  // a view's base is always its root (make_view)
    if (base) {
        if (x.impl()->creation_meta != kViewDefault) fail_view_rebase(*x.impl(), x.impl()->grad_fn, false);
        // Writing through a view writes the leaf it views (x[0].mul_(2)).
        KILN_CHECK(!(x.requires_grad() && base->requires_grad && !base->grad_fn), RuntimeError,
                   "a view of a leaf Variable that requires grad is being used in an in-place operation.");
    }
    KILN_CHECK(!(x.requires_grad() && x.is_leaf()), RuntimeError,
               "a leaf Variable that requires grad is being used in an in-place operation.");
}

Tensor inplace_source(const Tensor& x) {
    Tensor copy;
    {
        NoGradGuard no_grad;
        FwGradModeGuard no_tangent(false);
        copy = clone(x);
    }
    copy.impl()->requires_grad = x.requires_grad();
    copy.impl()->grad_fn = x.grad_fn();
    copy.impl()->output_nr = x.impl()->output_nr;
    if (forward_ad_active()) set_fw_grad(copy, fw_grad(x));  // ... and its tangent
    return copy;
}

void inplace_rebase(const Tensor& x, const Tensor& result) {
    rebase_tangent(x, result);
    // Only forward mode had the op record (grad mode is off): x's backward history stays as it is,
    // as an in-place op under torch.no_grad leaves it.
    if (!grad_enabled()) return;
    TensorImpl* impl = x.impl();
    impl->grad_fn = result.grad_fn();
    impl->output_nr = result.impl()->output_nr;
    impl->requires_grad = result.requires_grad();
    if (impl->grad_fn) impl->grad_fn->outputs[impl->output_nr] = {impl->sizes, impl->dtype, impl->storage->device};
    // An in-place op on a view (y[0].mul_(3)) changed its base too: PyTorch's CopySlices gives the
    // base a node whose gradient is the base's own outside the view's elements, and flows through
    // the op's result (and from there to the old base and the op's other inputs) inside them.
    std::shared_ptr<TensorImpl> root = impl->base;
    while (root && root->base) root = root->base;
    if (!root || !result.requires_grad() || !grad_enabled()) return;
    Tensor base(root);
    struct Layout {
        Shape sizes, strides;
        int64_t offset;
    };
    const Layout base_layout{base.sizes(), base.strides(), 0};
    const Layout view{x.sizes(), x.strides(), x.storage_offset() - base.storage_offset()};
    int64_t span = 1;  // elements of a buffer that holds the base's layout from offset 0
    for (size_t d = 0; d < base_layout.sizes.size(); ++d) {
        if (base_layout.sizes[d] == 0) span = 0;
        if (span) span += (base_layout.sizes[d] - 1) * base_layout.strides[d];
    }
    Tensor placeholder;
    {
        NoGradGuard no_grad;
        placeholder = empty_like(base);
    }
    record("CopySlices", {base, result}, {placeholder}, [base_layout, view, span](const Grads& g) {
        // The base's gradient laid out as the base is, so that the view's geometry selects the
        // elements the in-place op wrote.
        Tensor buffer = Tensor::empty({span}, g[0].dtype(), g[0].device());
        Tensor whole = as_strided(buffer, base_layout.sizes, base_layout.strides, 0);
        copy_(whole, g[0]);
        Tensor inside = clone(as_strided(whole, view.sizes, view.strides, view.offset));
        Tensor region = as_strided(whole, view.sizes, view.strides, view.offset);
        zero_(region);
        return Grads{clone(whole), inside};
    });
    inplace_rebase(base, placeholder);
}

}  // namespace kiln::autograd

namespace kiln {

// PyTorch's VariableHooks::grad_fn for a view whose storage was written in place since its grad_fn
// was set (its base, another view of the base, or the view itself): the old grad_fn describes the
// values before the write, so the view's history becomes AsStridedBackward0 of the base's current
// history (which holds the CopySlices or in-place node). Views of views would otherwise keep
// differentiating their old values (a[...] after b = a[...]; b.mul_(3) lost the factor 3).
void refresh_view_grad_fn(TensorImpl& view) {
    using namespace autograd;
    view.view_version = view.storage->version;
    const std::shared_ptr<TensorImpl>& root = view.base;
    if (!root || (!view.grad_fn && !root->requires_grad)) return;
    Tensor base(root);
    const Shape base_sizes = base.sizes(), base_strides = base.strides();
    const Shape sizes = view.sizes, strides = view.strides;
    const int64_t offset = view.offset - base.storage_offset();
    int64_t span = 1;  // elements of a buffer that holds the base's layout from offset 0
    for (size_t d = 0; d < base_sizes.size(); ++d) {
        if (base_sizes[d] == 0) span = 0;
        if (span) span += (base_sizes[d] - 1) * base_strides[d];
    }
    auto node = std::make_shared<Node>();
    node->name = "AsStridedBackward0";
    node->backward = [base_sizes, base_strides, sizes, strides, offset, span](const Grads& g) {
        // Each view element's gradient lands on the base element it reads; elements read twice
        // (an expanded view) accumulate, so the positions go through scatter_add.
        Tensor positions = as_strided(arange(Scalar(span), TensorOptions{DType::Int64, Device::CPU, false}), sizes, strides, offset);
        Tensor buffer = zeros({span}, TensorOptions{g[0].dtype(), g[0].device(), false});
        buffer = scatter_add(buffer, 0, to_device(reshape(positions, {-1}), g[0].device()), reshape(g[0], {-1}));
        return Grads{clone(as_strided(buffer, base_sizes, base_strides, 0))};
    };
    std::shared_ptr<Node> old = view.grad_fn;
    const uint32_t old_nr = view.output_nr;
    Tensor self(std::shared_ptr<TensorImpl>(&view, [](TensorImpl*) {}));  // a non-owning handle
    attach(node, {base}, {self});
    // The view's hooks and retain_grad follow it to its new grad_fn.
    if (view.hooks) node->tensor_pre_hooks.emplace_back(0, view.hooks);
    if (view.retains_grad && old && old_nr < old->retained.size()) node->retained[0] = old->retained[old_nr];
}

void mark_view_creation(TensorImpl& view, const TensorImpl& parent) {
    // The meta of the mode the view is made in (VariableType's creation_meta for as_view); a view of
    // an inference tensor is no differentiable view in PyTorch, so the mode leaves it as it is.
    uint8_t made = kViewDefault;
    if (inference_mode_flag()) {
        if (!storage_has_flag(view.storage.get(), kStorageInference)) made = kViewInferenceMode;
    } else if (!autograd::grad_enabled()) {
        made = kViewNoGrad;
    }
    // propagate_creation_meta: a view made in grad mode keeps its parent's meta, and a view of an
    // inference-mode view stays one; otherwise the mode's meta wins.
    view.parent_meta = parent.creation_meta;
    view.creation_meta = made == kViewDefault || parent.creation_meta == kViewInferenceMode ? parent.creation_meta : made;
    // PyTorch's DifferentiableViewMeta::requires_grad: a view requires grad when its base does, even
    // one made with grad mode off (it has no grad_fn, yet writing it changes a tensor autograd
    // tracks, and results computed from it in grad mode require grad too). Kiln keeps one flag, so
    // such a view's is set here from its base's at creation (not followed if the base changes
    // later); gradient_edge gives it no AccumulateGrad, as PyTorch gives none without its own flag.
    if (made != kViewDefault && view.base && view.base->requires_grad) view.requires_grad = true;
}

void check_view_not_rebased(const TensorImpl& view) {
    // VariableHooks::grad_fn: nothing to answer for a view neither tracked nor of a tracked base.
    const TensorImpl* root = view.base.get();
    while (root && root->base) root = root->base.get();
    if (!root || (!view.grad_fn && !root->requires_grad)) return;
    autograd::fail_view_rebase(view, view.grad_fn, true);
}

}  // namespace kiln

namespace kiln::autograd {

// ---- the engine --------------------------------------------------------------------------------

namespace {

struct Capture {
    Node* node;
    uint32_t nr;
    Tensor value;
};

void accumulate_into(std::vector<Tensor>& buffer, uint32_t nr, const Tensor& g) {
    if (buffer.size() <= nr) buffer.resize(nr + 1);
    // a sparse COO gradient (autograd/sparse_grad.h) sums as PyTorch's sparse add does
    buffer[nr] = buffer[nr].defined() ? sparse_aware_add(buffer[nr], g) : g;
}

// The dense form of every sparse COO gradient in grads: what a node other than AccumulateGrad, a
// tensor hook and autograd.grad's results get (PyTorch's formulas take sparse gradients as dense ones).
void densify_sparse_grads(std::vector<Tensor>& grads) {
    for (Tensor& g : grads)
        if (is_sparse_grad(g)) g = sparse_grad_to_dense(g);
}

// Whether AccumulateGrad may keep a first gradient as .grad itself instead of a copy: PyTorch's
// accumulate_grad.h steals it when nothing else references it (adjusted_use_count <= the engine's own
// reference) and it obeys the gradient layout contract (utils::obeys_layout_contract): a dense
// variable's strides in every dimension of size > 1 (and no 0 stride in a size-1 one, which marks a
// broadcast view), a contiguous layout otherwise. A stolen gradient saves a copy of every
// parameter's gradient per backward (the Linear layers' weight gradients of a training step).
bool may_steal_grad(const TensorImpl& var, const Tensor& g) {
    if (g.impl_ptr().use_count() != 1 || g.sizes() != var.sizes) return false;
    const bool dense = non_overlapping_and_dense(var.sizes, var.strides);
    const Shape& gs = g.strides();
    int64_t expect = 1;  // the contiguous strides, innermost first, for a variable that is not dense
    for (size_t k = var.sizes.size(); k-- > 0;) {
        const int64_t want = dense ? var.strides[k] : expect;
        expect *= std::max<int64_t>(var.sizes[k], 1);
        if (var.sizes[k] != 1 ? gs[k] != want : gs[k] == 0) return false;
    }
    return true;
}

// AccumulateGrad: the first gradient becomes .grad (kept with its graph under create_graph; stolen
// where may_steal_grad allows, copied otherwise), later ones are added in place (out of place under
// create_graph, so .grad stays differentiable). `grad` is the engine's own reference (moved in).
void accumulate_grad(TensorImpl* impl, Tensor grad, bool create_graph) {
    // accumulate_grad.h's sparse cases: a first sparse gradient becomes .grad (a copy of its parts, so
    // later in-place work on either side stays its own); sparse + sparse joins the index lists, a
    // dense .grad takes a sparse one in place, a sparse .grad plus a dense one is new_grad + variable_grad.
    if (is_sparse_grad(grad)) {
        NoGradGuard no_grad;
        SparseCooParts p = *sparse_grad_parts(grad);
        Tensor old = impl->grad ? Tensor(impl->grad) : Tensor();
        if (!old.defined()) {
            impl->grad = make_sparse_grad(clone(p.indices), clone(p.values), p.size, p.coalesced).impl_ptr();
        } else if (is_sparse_grad(old)) {
            impl->grad = sparse_aware_add(old, grad).impl_ptr();
        } else {
            dense_add_sparse_(old, grad);
        }
        return;
    }
    if (impl->grad && is_sparse_grad(Tensor(impl->grad))) {
        NoGradGuard no_grad;
        impl->grad = sparse_aware_add(grad.detach(), Tensor(impl->grad)).impl_ptr();
        return;
    }
    if (!impl->grad) {
        NoGradGuard no_grad;
        if (create_graph) {
            impl->grad = grad.impl_ptr();
        } else if (may_steal_grad(*impl, grad)) {
            impl->grad = grad.detach().impl_ptr();
        } else {
            // clone_obey_contract: .grad is laid out as its (dense) variable is, whatever the
            // gradient's own strides (a transposed use of a parameter gives a transposed gradient)
            Tensor copy = empty_like_layout(impl->sizes, impl->strides, grad.sizes(), grad.dtype(), grad.device());
            copy_(copy, grad);
            impl->grad = copy.impl_ptr();
        }
        return;
    }
    Tensor g = create_graph ? grad : grad.detach();
    if (create_graph) {
        impl->grad = add(Tensor(impl->grad), g).impl_ptr();
    } else {
        NoGradGuard no_grad;
        Tensor old(impl->grad);
        add_(old, g);
    }
}

// Tensor.register_post_accumulate_grad_hook's hooks of a leaf whose .grad was just updated.
void run_post_accumulate_hooks(const std::shared_ptr<TensorImpl>& leaf) {
    if (auto hooks = leaf->post_acc_grad_hooks) (*hooks)(Tensor(leaf));
}

// The captures autograd.grad and backward(inputs=...) fill: one per input, at its gradient edge.
std::vector<Capture> captures_for(const std::vector<Tensor>& inputs) {
    std::vector<Capture> captures;
    for (const Tensor& t : inputs) {
        KILN_CHECK(t.requires_grad(), RuntimeError, "One of the differentiated Tensors does not require grad");
        Edge e = gradient_edge(t);
        captures.push_back({e.fn.get(), e.input_nr, Tensor()});
    }
    return captures;
}

// PyTorch's call_tensor_pre_hooks: the hooks of the tensors whose gradients a node receives (a
// leaf's, at its AccumulateGrad), before captures, retain_grad and the node itself see them.
void run_tensor_pre_hooks(Node* node, std::vector<Tensor>& grads) {
    auto apply = [](TensorHook& hook, Tensor& g) {
        if (!g.defined()) return;
        Tensor r = hook(g);
        if (r.defined()) g = r;
    };
    if (node->is_accumulate_grad()) {
        if (auto leaf = node->leaf.lock(); leaf && leaf->hooks && !grads.empty()) apply(*leaf->hooks, grads[0]);
        return;
    }
    if (node->tensor_pre_hooks.empty()) return;
    // A hook may register another on the same node: run the ones present when the node started.
    auto hooks = node->tensor_pre_hooks;
    for (auto& [nr, hook] : hooks)
        if (nr < grads.size()) apply(*hook, grads[nr]);
}

void run_engine(const std::vector<Edge>& roots, const std::vector<Tensor>& root_grads, bool retain_graph,
                bool create_graph, std::vector<Capture>* captures, uint64_t min_sequence_nr = 0) {
    // 1. Count, for every reachable node, how many edges lead into it.
    std::unordered_map<Node*, int> deps;
    std::unordered_map<Node*, std::shared_ptr<Node>> keep;  // keeps nodes alive during the walk
    std::vector<Node*> stack;
    for (const Edge& e : roots) {
        if (e.fn && !keep.count(e.fn.get())) {
            keep[e.fn.get()] = e.fn;
            stack.push_back(e.fn.get());
        }
    }
    while (!stack.empty()) {
        Node* n = stack.back();
        stack.pop_back();
        for (const Edge& e : n->next_edges) {
            if (!e.fn || e.fn->sequence_nr < min_sequence_nr) continue;
            ++deps[e.fn.get()];
            if (!keep.count(e.fn.get())) {
                keep[e.fn.get()] = e.fn;
                stack.push_back(e.fn.get());
            }
        }
    }
    // 2. Seed the roots' buffers and walk: latest-created ready node first.
    std::unordered_map<Node*, std::vector<Tensor>> buffers;
    // PyTorch gives AccumulateGrad the highest sequence number (UINT64_MAX): a leaf's gradient is
    // accumulated, and its post-accumulate hooks run, as soon as it is complete.
    auto priority = [](Node* n) { return n->is_accumulate_grad() ? UINT64_MAX : n->sequence_nr; };
    auto later = [priority](Node* a, Node* b) { return priority(a) < priority(b); };
    std::priority_queue<Node*, std::vector<Node*>, decltype(later)> ready(later);
    std::unordered_set<Node*> queued;
    for (size_t i = 0; i < roots.size(); ++i) {
        if (!roots[i].fn) continue;
        accumulate_into(buffers[roots[i].fn.get()], roots[i].input_nr, root_grads[i]);
        if (deps[roots[i].fn.get()] == 0 && queued.insert(roots[i].fn.get()).second) ready.push(roots[i].fn.get());
    }
    GradModeGuard mode(create_graph);
    while (!ready.empty()) {
        Node* node = ready.top();
        ready.pop();
        // The profiler's events for one node, as PyTorch names them: the engine's evaluate_function
        // range around the node's own (AccumulateGrad by its C++ name, torch::autograd::AccumulateGrad).
        const std::string prof_name = !profiler::enabled()          ? std::string()
                                      : node->is_accumulate_grad() ? "torch::autograd::AccumulateGrad"
                                                                   : node->name;
        profiler::Scope eval_scope(prof_name.empty() ? prof_name : "autograd::engine::evaluate_function: " + prof_name);
        profiler::Scope node_scope(prof_name);
        std::vector<Tensor> grads = std::move(buffers[node]);
        buffers.erase(node);
        grads.resize(node->outputs.size());
        // Sparse gradients reach only AccumulateGrad as they are (autograd/sparse_grad.h).
        if (!node->is_accumulate_grad() || captures || node->pre_hooks || node->post_hooks) densify_sparse_grads(grads);
        else if (auto leaf = node->leaf.lock(); leaf && leaf->hooks) densify_sparse_grads(grads);
        run_tensor_pre_hooks(node, grads);
        if (captures) {
            for (Capture& c : *captures)
                if (c.node == node && c.nr < grads.size() && grads[c.nr].defined())
                    c.value = c.value.defined() ? add(c.value, grads[c.nr]) : grads[c.nr];
        }
        if (node->is_accumulate_grad()) {
            auto leaf_impl = node->leaf.lock();
            if (captures || !leaf_impl || !grads[0].defined()) continue;
            // AccumulateGrad's own operators: a first gradient is stored detached, a later one added in place
            if (profiler::enabled())
                profiler::push_tree({leaf_impl->grad ? profiler::OpEvent{"aten::add_", {leaf_impl->sizes, grads[0].sizes(), {}}, {}}
                                                     : profiler::OpEvent{"aten::detach", {grads[0].sizes()}, {}}});
            // PyTorch's call_function around AccumulateGrad::apply: the node's pre-hooks, the
            // accumulation, the leaf's post-accumulate hooks (inside apply), the node's post-hooks
            // (grad_inputs: none, AccumulateGrad has no next edges).
            if (node->pre_hooks) {
                std::vector<Tensor> replaced = (*node->pre_hooks)(grads);
                if (!replaced.empty()) grads = std::move(replaced);
                if (!grads[0].defined()) continue;
            }
            std::vector<Tensor> grad_outputs;
            if (node->post_hooks) grad_outputs = grads;
            accumulate_grad(leaf_impl.get(), std::move(grads[0]), create_graph);
            run_post_accumulate_hooks(leaf_impl);
            if (node->post_hooks) (*node->post_hooks)({}, grad_outputs);
            continue;
        }
        for (size_t i = 0; i < node->retained.size() && i < grads.size(); ++i) {
            auto impl = node->retained[i].lock();
            if (impl && grads[i].defined()) {
                Tensor g = create_graph ? grads[i] : grads[i].detach();
                impl->grad = impl->grad ? add(Tensor(impl->grad), g).impl_ptr() : clone(g).impl_ptr();
            }
        }
        bool any = false;
        for (const Tensor& g : grads) any = any || g.defined();
        std::vector<Tensor> input_grads;
        if (any) {
            // A released node still runs (PyTorch frees only its saved tensors): SavedTensor::get()
            // raises the "backward through the graph a second time" error while it does.
            KILN_CHECK(node->backward, RuntimeError, kSecondBackwardMessage);
            for (size_t i = 0; i < grads.size() && node->materialize_grads; ++i)
                if (!grads[i].defined()) grads[i] = zeros(node->outputs[i].sizes, {node->outputs[i].dtype, node->outputs[i].device});
            if (node->pre_hooks) {
                std::vector<Tensor> replaced = (*node->pre_hooks)(grads);
                if (!replaced.empty()) grads = std::move(replaced);
            }
            // The operators of formulas whose kernels Kiln's generated nodes compute inline
            // (derivatives.yaml: relu's threshold_backward(grad, result, 0)).
            if (profiler::enabled() && node->name == "ReluBackward0" && grads[0].defined())
                profiler::push_tree({{"aten::threshold_backward", {grads[0].sizes(), node->outputs[0].sizes, {}}, {}}});
            // sum()'s formula: grad.expand(self.sizes())
            if (profiler::enabled() && node->name == "SumBackward0" && grads[0].defined())
                profiler::push_tree({{"aten::expand", {grads[0].sizes(), {}, {}},
                                      {{"aten::as_strided", {grads[0].sizes(), {}, {}, {}}, {}}}}});
            const uint64_t reads_before = t_saved_reads;
            {
                ReleasedScope scope(node->released, node);
                input_grads = node->backward(grads);
            }
            const bool read_saved = t_saved_reads != reads_before;
            KILN_CHECK(input_grads.size() == node->next_edges.size(), RuntimeError, "function ", node->name,
                       " returned an incorrect number of gradients (expected ", node->next_edges.size(), ", got ",
                       input_grads.size(), ")");
            if (node->post_hooks) {
                std::vector<Tensor> replaced = (*node->post_hooks)(input_grads, grads);
                if (!replaced.empty()) input_grads = std::move(replaced);
            }
            if (anomaly_mode().enabled && anomaly_mode().check_nan) {
                NoGradGuard no_grad;
                for (size_t i = 0; i < input_grads.size(); ++i) {
                    const Tensor& g = input_grads[i];
                    // NaN is the one value unequal to itself
                    KILN_CHECK(!g.defined() || !g.is_floating_point() || !kiln::any(ne(g, g)).item().to_bool(), RuntimeError,
                               "Function '", node->name, "' returned nan values in its ", i, "th output.");
                }
            }
            if (!retain_graph) {
                node->released = true;
                // PyTorch frees saved tensors here, not when the graph goes. They live in the
                // backward closure, so the closure goes (a later run raises the second-backward
                // error, as reading a freed saved tensor does). A backward that read none keeps its
                // closure: nodes without saved tensors may run again.
                if (read_saved) {
                    node->backward = nullptr;
                    node->release_saved();
                }
                if (!node->saved.empty()) {
                    // the named copies go with the closure's (packed objects are freed now, as in PyTorch)
                    for (auto& entry : node->saved) entry.second = SavedTensor();
                    node->saved_released = true;
                }
            }
        }
        for (size_t i = 0; i < node->next_edges.size(); ++i) {
            const Edge& e = node->next_edges[i];
            if (!e.fn || e.fn->sequence_nr < min_sequence_nr) continue;
            if (i < input_grads.size() && input_grads[i].defined()) {
                const Shape& expected = e.fn->outputs[e.input_nr].sizes;
                KILN_CHECK(input_grads[i].sizes() == expected, RuntimeError, "Function ", node->name,
                           " returned an invalid gradient at index ", i, " - got ", shape_str(input_grads[i].sizes()),
                           " but expected shape compatible with ", shape_str(expected));
                Tensor g = input_grads[i];
                DType want = e.fn->outputs[e.input_nr].dtype;
                if (g.dtype() != want && (dtype_is_floating(want) || dtype_is_complex(want))) g = to_dtype(g, want);  // a complex grad of a real input: its real part
                accumulate_into(buffers[e.fn.get()], e.input_nr, g);
            }
            if (--deps[e.fn.get()] == 0 && queued.insert(e.fn.get()).second) ready.push(e.fn.get());
        }
    }
}

std::vector<Tensor> root_gradients(const std::vector<Tensor>& roots, const std::vector<Tensor>& grad_roots) {
    KILN_CHECK(grad_roots.empty() || grad_roots.size() == roots.size(), RuntimeError, "grad_tensors should have ",
               roots.size(), " elements, got ", grad_roots.size());
    std::vector<Tensor> out;
    for (size_t i = 0; i < roots.size(); ++i) {
        const Tensor& r = roots[i];
        KILN_CHECK(r.requires_grad(), RuntimeError, "element ", i,
                   " of tensors does not require grad and does not have a grad_fn");
        if (!grad_roots.empty() && grad_roots[i].defined()) {
            KILN_CHECK(grad_roots[i].sizes() == r.sizes(), RuntimeError, "Mismatch in shape: grad_output[", i,
                       "] has a shape of ", shape_repr(grad_roots[i].sizes()), " and output[", i,
                       "] has a shape of ", shape_repr(r.sizes()), ".");
            out.push_back(grad_roots[i]);
        } else {
            KILN_CHECK(r.numel() == 1, RuntimeError, "grad can be implicitly created only for scalar outputs");
            // _make_grads then refuses a complex output: its gradient is no implicit 1
            KILN_CHECK(r.is_floating_point(), RuntimeError,
                       "grad can be implicitly created only for real scalar outputs but got ", dtype_name(r.dtype()));
            // torch.autograd.backward's _make_grads: ones_like(out, memory_format=preserve_format)
            // = empty_like (empty_strided: the output's strides) + fill_(1)
            if (profiler::enabled()) {
                const profiler::ShapeList none6(6);
                profiler::push_tree({{"aten::ones_like", {r.sizes(), {}, {}, {}, {}, {}},
                                      {{"aten::empty_like", {r.sizes(), {}, {}, {}, {}, {}}, {{"aten::empty_strided", none6, {}}}},
                                       {"aten::fill_", {r.sizes(), {}}, {}}}}});
            }
            out.push_back(ones_like(r));
        }
    }
    return out;
}

}  // namespace

namespace {
struct GraphTrash {
    int depth = 0;                               // > 0 while a destructor drains the lists
    std::vector<std::shared_ptr<Node>> nodes;    // references to drop, one at a time
    std::vector<BackwardFn> closures;            // backward closures to destroy, one at a time
};
thread_local GraphTrash t_trash;
}  // namespace

Node::~Node() {
    GraphTrash& trash = t_trash;
    for (Edge& e : next_edges)
        if (e.fn) trash.nodes.push_back(std::move(e.fn));
    if (backward) trash.closures.push_back(std::move(backward));
    if (trash.depth > 0) return;  // an outer destructor is draining: it will get to these
    ++trash.depth;
    while (!trash.nodes.empty() || !trash.closures.empty()) {
        if (!trash.closures.empty()) {
            BackwardFn fn = std::move(trash.closures.back());
            trash.closures.pop_back();
            fn = nullptr;  // its saved tensors (and their grad_fns) go here, feeding the lists
        } else {
            std::shared_ptr<Node> n = std::move(trash.nodes.back());
            trash.nodes.pop_back();
            n.reset();  // the last reference runs ~Node, which only adds to the lists
        }
    }
    --trash.depth;
}

void backward(const std::vector<Tensor>& roots, const std::vector<Tensor>& grad_roots, bool retain_graph,
              bool create_graph, const std::vector<Tensor>& inputs) {
    std::vector<Tensor> grads = root_gradients(roots, grad_roots);
    std::vector<Edge> edges;
    for (const Tensor& r : roots) edges.push_back(gradient_edge(r));
    if (inputs.empty()) {
        run_engine(edges, grads, retain_graph || create_graph, create_graph, nullptr);
        return;
    }
    // backward(inputs=...): the gradients reaching the inputs are captured (as autograd.grad does)
    // and accumulated into their .grad the way AccumulateGrad would.
    std::vector<Capture> captures = captures_for(inputs);
    run_engine(edges, grads, retain_graph || create_graph, create_graph, &captures);
    for (size_t i = 0; i < inputs.size(); ++i)
        if (captures[i].value.defined()) {
            accumulate_grad(inputs[i].impl(), captures[i].value, create_graph);
            if (!inputs[i].grad_fn()) run_post_accumulate_hooks(inputs[i].impl_ptr());
        }
}

std::vector<Tensor> grad(const std::vector<Tensor>& outputs, const std::vector<Tensor>& inputs,
                         const std::vector<Tensor>& grad_outputs, bool retain_graph, bool create_graph,
                         bool allow_unused) {
    std::vector<Tensor> grads = root_gradients(outputs, grad_outputs);
    std::vector<Edge> edges;
    for (const Tensor& r : outputs) edges.push_back(gradient_edge(r));
    std::vector<Capture> captures = captures_for(inputs);
    run_engine(edges, grads, retain_graph || create_graph, create_graph, &captures);
    std::vector<Tensor> result;
    for (size_t i = 0; i < captures.size(); ++i) {
        KILN_CHECK(allow_unused || captures[i].value.defined(), RuntimeError,
                   "One of the differentiated Tensors appears to not have been used in the graph. Set "
                   "allow_unused=True if this is the desired behavior.");
        result.push_back(captures[i].value);
    }
    return result;
}

// forward_ad.cpp's double vjp: the gradients of `outputs` for `inputs` over the nodes numbered from
// `first` on, which the formula just recorded (older nodes belong to the program's own graph).
std::vector<Tensor> grad_of_recent_nodes(uint64_t first, const std::vector<Tensor>& outputs,
                                         const std::vector<Tensor>& inputs, bool create_graph) {
    std::vector<Tensor> grads = root_gradients(outputs, {});
    std::vector<Edge> edges;
    for (const Tensor& r : outputs) edges.push_back(gradient_edge(r));
    std::vector<Capture> captures = captures_for(inputs);
    run_engine(edges, grads, create_graph, create_graph, &captures, first);
    std::vector<Tensor> result;
    for (const Capture& c : captures) result.push_back(c.value);
    return result;
}

}  // namespace kiln::autograd
