// Forward-mode AD: the dual level, the tangent table, and tangents derived from backward formulas
// (see forward_ad.h).
#include "autograd/forward_ad.h"

#include <unordered_map>

#include "autograd/grad_mode.h"
#include "ops/ops.h"
#include "support/error.h"

namespace kiln::autograd {

// engine.cpp: the sequence number the next node gets, and autograd.grad restricted to the nodes
// numbered from `first` on (the formula's own graph; older nodes are the program's and are neither
// run nor released).
uint64_t next_sequence_nr();
std::vector<Tensor> grad_of_recent_nodes(uint64_t first, const std::vector<Tensor>& outputs,
                                         const std::vector<Tensor>& inputs, bool create_graph);

namespace {

int64_t g_level = -1;  // the open level (PyTorch allows only 0)
thread_local bool t_fw_grad_enabled = true;

struct Entry {
    std::weak_ptr<TensorImpl> owner;  // expired: the tensor is gone and the entry is stale
    Tensor tangent;
};
std::unordered_map<const TensorImpl*, Entry>& table() {
    static std::unordered_map<const TensorImpl*, Entry> t;
    return t;
}
size_t g_prune_at = 1024;

// Drops the entries of tensors that died, once the table has doubled since the last sweep.
void maybe_prune() {
    auto& t = table();
    if (t.size() < g_prune_at) return;
    for (auto it = t.begin(); it != t.end();) it = it->second.owner.expired() ? t.erase(it) : std::next(it);
    g_prune_at = std::max<size_t>(1024, 2 * t.size());
}

bool is_differentiable_type(const Tensor& t) { return t.is_floating_point() || t.is_complex(); }

std::string sizes_str(const Shape& s) {
    std::string r = "[";
    for (size_t i = 0; i < s.size(); ++i) r += (i ? ", " : "") + std::to_string(s[i]);
    return r + "]";
}

// `t` as a tangent of `like`: itself when laid out as `like` is (PyTorch's has_same_meta: strides,
// offset and storage size), else a copy in `like`'s layout keeping t's dtype (_new_zeros_with_same_feature_meta).
Tensor with_layout_of(const Tensor& like, const Tensor& t) {
    const size_t t_numel = t.impl()->storage->nbytes / dtype_size(t.dtype());
    const size_t like_numel = like.impl()->storage->nbytes / dtype_size(like.dtype());
    if (t.strides() == like.strides() && t.storage_offset() == like.storage_offset() && t_numel == like_numel) return t;
    Tensor out;
    {
        NoGradGuard no_grad;
        out = empty_like(like, t.dtype());
    }
    copy_(out, t);
    return out;
}

}  // namespace

int64_t enter_dual_level() {
    KILN_CHECK(g_level < 0, RuntimeError, "Nested forward mode AD is not supported at the moment");
    g_level = 0;
    return g_level;
}

void exit_dual_level(int64_t level) {
    KILN_CHECK(g_level >= 0 && level == g_level, RuntimeError,
               "Exiting a forward AD level that is not the last that was created is not support. Ensure they are "
               "released in the reverse order they were created.");
    g_level = -1;
    table().clear();
    g_prune_at = 1024;
}

int64_t current_dual_level() { return g_level; }
bool fw_grad_enabled() { return t_fw_grad_enabled; }
void set_fw_grad_enabled(bool enabled) { t_fw_grad_enabled = enabled; }
bool forward_ad_active() { return g_level >= 0 && t_fw_grad_enabled; }

Tensor fw_grad(const Tensor& t) {
    if (g_level < 0 || !t.defined()) return Tensor();
    auto& tab = table();
    auto it = tab.find(t.impl());
    if (it == tab.end()) return Tensor();
    if (it->second.owner.lock() != t.impl_ptr()) {  // a dead tensor's address, reused
        tab.erase(it);
        return Tensor();
    }
    return it->second.tangent;
}

bool has_fw_grad(const Tensor& t) { return fw_grad(t).defined(); }

bool any_fw_grad(const std::vector<Tensor>& ts) {
    if (g_level < 0 || table().empty()) return false;
    for (const Tensor& t : ts)
        if (has_fw_grad(t)) return true;
    return false;
}

void set_fw_grad(const Tensor& t, const Tensor& tangent) {
    if (g_level < 0 || !t.defined()) return;
    if (!tangent.defined()) {
        table().erase(t.impl());
        return;
    }
    maybe_prune();
    table()[t.impl()] = Entry{t.impl_ptr(), tangent};
}

bool differentiable(const Tensor& t) {
    return t.defined() && (t.requires_grad() || (forward_ad_active() && has_fw_grad(t)));
}

void propagate_tangents(const std::vector<Tensor>& inputs, const std::vector<Tensor>& outputs,
                        const BackwardFn& backward) {
    if (!forward_ad_active() || !backward) return;
    std::vector<Tensor> v(inputs.size());
    bool any = false, graph = false;
    for (size_t i = 0; i < inputs.size(); ++i) {
        v[i] = fw_grad(inputs[i]);
        any = any || v[i].defined();
        graph = graph || (inputs[i].defined() && inputs[i].requires_grad()) || (v[i].defined() && v[i].requires_grad());
    }
    if (!any) return;
    // The tangents are differentiable (backward through a jvp) when grad mode is on and anything
    // they are made of requires grad, as PyTorch's forward formulas run under the autograd too.
    const bool create_graph = grad_enabled() && graph;
    FwGradModeGuard no_tangents(false);  // the formula's own ops see the inputs' tangents: skip them
    GradModeGuard grad_on(true);
    const uint64_t first = next_sequence_nr();
    std::vector<Tensor> us, diff_us;
    std::vector<size_t> diff_pos;
    for (size_t k = 0; k < outputs.size(); ++k) {
        const Tensor& o = outputs[k];
        if (!o.defined()) {
            us.emplace_back();
            continue;
        }
        Tensor u = zeros(o.sizes(), {o.dtype(), o.device()});
        if (is_differentiable_type(o)) {
            u.impl()->requires_grad = true;
            diff_us.push_back(u);
            diff_pos.push_back(k);
        }
        us.push_back(u);
    }
    if (diff_us.empty()) return;
    Grads g = backward(us);
    Tensor s;
    for (size_t i = 0; i < inputs.size() && i < g.size(); ++i) {
        if (!v[i].defined() || !g[i].defined() || !g[i].requires_grad()) continue;
        Tensor gi = g[i];
        if (gi.is_complex() && !v[i].is_complex()) gi = real(gi);
        Tensor term = sum(mul(gi, v[i]));
        s = s.defined() ? add(s, term) : term;
    }
    std::vector<Tensor> jv(diff_us.size());
    if (s.defined() && s.requires_grad()) jv = grad_of_recent_nodes(first, {s}, diff_us, create_graph);
    for (size_t j = 0; j < diff_us.size(); ++j) {
        const Tensor& o = outputs[diff_pos[j]];
        Tensor t = jv[j];
        if (!t.defined()) {
            NoGradGuard no_grad;
            t = zeros_like(o);
        } else if (!create_graph) {
            t = t.detach();
        }
        set_fw_grad(o, t);
    }
}

void rebase_tangent(const Tensor& x, const Tensor& result) {
    if (!forward_ad_active()) return;
    Tensor t = fw_grad(result);
    if (!t.defined()) return;
    FwGradModeGuard off(false);
    Tensor old = fw_grad(x);
    if (old.defined() && old.sizes() == t.sizes() && old.dtype() == t.dtype()) {
        // PyTorch's in-place forward formulas update the tangent in place (the user's tangent too)
        if (!old.is_same(t)) {
            NoGradGuard no_grad;
            copy_(old, t);
        }
    } else {
        old = with_layout_of(x, t);
        set_fw_grad(x, old);
    }
    // An in-place op on a view changes its base: the base's tangent takes the view's new tangent
    // in the view's elements (a base without one gets zeros elsewhere).
    std::shared_ptr<TensorImpl> root = x.impl()->base;
    while (root && root->base) root = root->base;
    if (!root) return;
    Tensor base(root);
    Tensor bt = fw_grad(base);
    if (!bt.defined() || bt.strides() != base.strides() || bt.sizes() != base.sizes()) {
        NoGradGuard no_grad;
        Tensor fresh = zeros_like(base);
        if (bt.defined()) copy_(fresh, bt);
        bt = fresh;
        set_fw_grad(base, bt);
    }
    NoGradGuard no_grad;
    Tensor region = as_strided(bt, x.sizes(), x.strides(), bt.storage_offset() + x.storage_offset() - base.storage_offset());
    copy_(region, old);
    set_fw_grad(x, region);
}

Tensor make_dual(const Tensor& primal, const Tensor& tangent) {
    KILN_CHECK(!has_fw_grad(primal), RuntimeError,
               "Making a dual Tensor based on a Tensor that already has a forward gradient at the same level ",
               g_level, " is not supported.");
    KILN_CHECK(!has_fw_grad(tangent), RuntimeError, "Setting a forward grad that itself has a forward gradient at the same level",
               g_level, " is not supported.");
    KILN_CHECK(primal.sizes() == tangent.sizes(), RuntimeError,
               "Trying to set a forward gradient that has a different size than that of the original Tensor, this is "
               "not supported. Tensor is of size ", sizes_str(primal.sizes()), " while the given forward gradient is of size ",
               sizes_str(tangent.sizes()), ".");
    // An alias of the primal (its storage and version counter) that carries the tangent: as-is when
    // laid out as the primal, else a copy that is.
    Tensor dual = primal.detach();
    if (grad_enabled() && primal.requires_grad()) {
        FwGradModeGuard off(false);
        record("ViewBackward0", {primal}, {dual}, [](const Grads& g) { return Grads{g[0]}; });
    }
    set_fw_grad(dual, with_layout_of(primal, tangent));
    return dual;
}

std::pair<Tensor, Tensor> unpack_dual(const Tensor& t) {
    Tensor tangent = fw_grad(t);
    // _fw_primal: an alias without the tangent (differentiable backward: AliasBackward0)
    Tensor primal = t.detach();
    if (grad_enabled() && t.requires_grad()) {
        FwGradModeGuard off(false);
        record("AliasBackward0", {t}, {primal}, [](const Grads& g) { return Grads{g[0]}; });
    }
    return {primal, tangent};
}

}  // namespace kiln::autograd
