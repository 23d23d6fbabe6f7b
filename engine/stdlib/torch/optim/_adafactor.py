# torch.optim.Adafactor (PyTorch 2.5+, torch/optim/_adafactor.py): Shazeer & Stern's factored
# second-moment optimizer in PyTorch's variant. A parameter of two or more dims keeps a row factor
# (mean of g^2 over the last dim) and a column factor (mean over the second-to-last), a vector keeps
# a full variance; beta2_t = 1 - t^beta2_decay, the relative step rho_t = min(lr, 1/sqrt(t)) scaled by
# max(eps2, RMS(param)), decoupled weight decay lr * weight_decay, eps1 (default: the dtype's eps)
# bounding the row-mean denominator and the variance estimate, and the update clipped to RMS <= d.
# State per parameter: 'step' (a float32 0-d tensor), 'row_var' / 'col_var' or 'variance'. The
# foreach=True form computes the same values (PyTorch groups the same arithmetic over tensor lists).
import torch

from .optimizer import Optimizer

__all__ = ["Adafactor"]


class Adafactor(Optimizer):
    def __init__(self, params, lr=1e-2, beta2_decay=-0.8, eps=(None, 1e-3), d=1.0, weight_decay=0.0, *,
                 foreach=None, maximize=False):
        if isinstance(lr, torch.Tensor) and lr.numel() != 1:
            raise ValueError("Tensor lr must be 1-element")
        if not 0.0 <= lr:
            raise ValueError(f"Learning rate should be >= 0 but is: {lr}")
        if not 0.0 >= beta2_decay:
            raise ValueError(f"beta2_decay should be <= 0 but is: {beta2_decay}")
        if eps[0] is not None and not 0.0 <= eps[0]:
            raise ValueError(f"epsilon1 should be >= 0 but is: {eps[0]}")
        if not 0.0 <= eps[1]:
            raise ValueError(f"epsilon2 should be >= 0 but is: {eps[1]}")
        if not 1.0 <= d:
            raise ValueError(f"Clipping threshold d should be >= 1 but is: {d}")
        if not 0.0 <= weight_decay:
            raise ValueError(f"weight_decay should be >= 0 but is: {weight_decay}")
        defaults = {"lr": lr, "beta2_decay": beta2_decay, "eps": eps, "d": d, "weight_decay": weight_decay,
                    "foreach": foreach, "maximize": maximize}
        super().__init__(params, defaults)

    def __setstate__(self, state):
        super().__setstate__(state)
        for group in self.param_groups:
            group.setdefault("foreach", None)
            for p in group["params"]:
                p_state = self.state.get(p, [])
                if len(p_state) != 0 and not torch.is_tensor(p_state["step"]):
                    p_state["step"] = torch.tensor(float(p_state["step"]), dtype=torch.float32)

    @torch.no_grad()
    def step(self, closure=None):
        loss = None
        if closure is not None:
            with torch.enable_grad():
                loss = closure()
        for group in self.param_groups:
            eps1, eps2 = group["eps"]
            lr = group["lr"]
            lr = lr.item() if isinstance(lr, torch.Tensor) else lr
            for p in group["params"]:
                if p.grad is None:
                    continue
                if torch.is_complex(p):
                    raise RuntimeError("Adafactor does not support complex parameters")
                if p.grad.is_sparse:
                    raise RuntimeError("Adafactor does not support sparse gradients")
                state = self.state[p]
                if len(state) == 0:
                    state["step"] = torch.tensor(0.0, dtype=torch.float32)
                    if p.grad.dim() > 1:
                        row_shape = list(p.grad.shape)
                        row_shape[-1] = 1
                        state["row_var"] = p.grad.new_zeros(row_shape)
                        col_shape = list(p.grad.shape)
                        col_shape[-2] = 1
                        state["col_var"] = p.grad.new_zeros(col_shape)
                    else:
                        state["variance"] = torch.zeros_like(p.grad, memory_format=torch.preserve_format)
                _adafactor_update(p, state, eps1=eps1, eps2=eps2, lr=lr, d=group["d"],
                                  beta2_decay=group["beta2_decay"], weight_decay=group["weight_decay"],
                                  maximize=group["maximize"])
        return loss


def _adafactor_update(param, state, *, eps1, eps2, lr, d, beta2_decay, weight_decay, maximize):
    grad = param.grad if not maximize else -param.grad
    if eps1 is None:
        eps1 = torch.finfo(param.dtype).eps
    step_t = state["step"]
    step_t += 1
    step_float = step_t.item()
    one_minus_beta2_t = step_float ** beta2_decay
    rho_t = min(lr, 1 / (step_float ** 0.5))
    alpha = max(eps2, param.norm(2).item() / (param.numel() ** 0.5)) * rho_t
    if weight_decay != 0:
        param.mul_(1 - lr * weight_decay)
    if grad.dim() > 1:
        row_var, col_var = state["row_var"], state["col_var"]
        row_mean = torch.linalg.vector_norm(grad, dim=-1, keepdim=True).square_().div_(grad.size(-1))
        row_var.lerp_(row_mean, one_minus_beta2_t)
        col_mean = torch.linalg.vector_norm(grad, dim=-2, keepdim=True).square_().div_(grad.size(-2))
        col_var.lerp_(col_mean, one_minus_beta2_t)
        var_estimate = row_var @ col_var
        var_estimate.div_(row_var.mean(dim=-2, keepdim=True).clamp_(min=eps1))
    else:
        variance = state["variance"]
        variance.lerp_(grad * grad, one_minus_beta2_t)
        var_estimate = variance.clone()
    # eps1 squared: the square root below brings it back to eps1's magnitude
    update = var_estimate.clamp_(min=eps1 * eps1).rsqrt_()
    update.mul_(grad)
    denom = max(1.0, update.norm(2).item() / ((update.numel() ** 0.5) * d))
    param.add_(update, alpha=-alpha / denom)
