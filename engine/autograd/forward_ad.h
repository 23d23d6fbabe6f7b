// Forward-mode AD (torch.autograd.forward_ad): dual tensors whose tangents propagate eagerly with
// every differentiable op.
//
// Inside a dual level, a tensor may carry a tangent (its forward gradient): make_dual attaches one to
// an alias of the primal, and every op that records a backward formula (autograd::record) also
// gives its outputs tangents when an input has one. Kiln declares each op's derivative once, as its
// backward formula, so the tangent is derived from it instead of from a second, forward formula
// (PyTorch's derivatives.yaml has both): the formula g(u) = J^T u is linear in the output gradient
// u, so for input tangents v the output tangents are J v = d/du <g(u), v>, the gradient of one more
// reverse pass over the formula's own graph ("double vjp"). Only nodes the formula recorded are
// walked, so the program's backward graph is never run or freed by it. Grad mode does not apply
// (PyTorch: torch.no_grad leaves forward AD on); detach() drops the tangent; an in-place op writes
// its new tangent into the tensor's tangent in place (the user's tangent tensor changes, as in
// PyTorch), and an in-place op on a view also updates its base's tangent.
//
// Tangents live in a side table keyed by the tensor (weakly held), cleared when the level exits. One
// level at a time, as PyTorch ("Nested forward mode AD is not supported at the moment"); levels are
// process state like PyTorch's all_forward_levels_.
#pragma once
#include <cstdint>
#include <utility>
#include <vector>

#include "autograd/node.h"
#include "tensor/tensor.h"

namespace kiln::autograd {

// torch._C._enter_dual_level / _exit_dual_level with PyTorch's errors; the level index (0).
int64_t enter_dual_level();
void exit_dual_level(int64_t level);
int64_t current_dual_level();  // -1 outside any level

// Whether tangents propagate now: a level is open and no forward-grad-disabled scope (a custom
// Function's forward, a tangent's own computation) is active.
bool forward_ad_active();
bool fw_grad_enabled();
void set_fw_grad_enabled(bool enabled);
struct FwGradModeGuard {
    explicit FwGradModeGuard(bool enabled) : prev_(fw_grad_enabled()) { set_fw_grad_enabled(enabled); }
    ~FwGradModeGuard() { set_fw_grad_enabled(prev_); }
    FwGradModeGuard(const FwGradModeGuard&) = delete;
    FwGradModeGuard& operator=(const FwGradModeGuard&) = delete;

private:
    bool prev_;
};

// The tangent of `t` at the open level (undefined: none).
Tensor fw_grad(const Tensor& t);
bool has_fw_grad(const Tensor& t);
bool any_fw_grad(const std::vector<Tensor>& ts);
// Sets (or, with an undefined tangent, clears) the tangent of `t`.
void set_fw_grad(const Tensor& t, const Tensor& tangent);

// Whether an op's formula must give `t` a gradient: it requires grad, or it carries a tangent that the
// formula's gradient turns into the outputs' tangents. Ops decide which input gradients their
// backward formula computes by this.
bool differentiable(const Tensor& t);

// record()'s forward half: the outputs' tangents from the inputs' through `backward` (see above).
void propagate_tangents(const std::vector<Tensor>& inputs, const std::vector<Tensor>& outputs,
                        const BackwardFn& backward);

// An in-place op on x finished with `result` as x's new value (inplace_rebase): x's tangent becomes
// result's, written into x's existing tangent in place, and into its base's tangent when x is a view.
void rebase_tangent(const Tensor& x, const Tensor& result);

// torch._make_dual / torch._unpack_dual (level checks done by the caller).
Tensor make_dual(const Tensor& primal, const Tensor& tangent);
std::pair<Tensor, Tensor> unpack_dual(const Tensor& t);

}  // namespace kiln::autograd
