# torch.optim.sparse_adam: SparseAdam, PyTorch's lazy Adam for parameters whose gradients come sparse
# (nn.Embedding(sparse=True)): only the rows present in a gradient move, and only their moments decay.
# The argument checks, the refusal of dense gradients and of sparse or complex parameters, the state
# ('step' a Python int, 'exp_avg', 'exp_avg_sq') and the update follow torch/optim/sparse_adam.py and
# _functional.sparse_adam: the coalesced gradient's rows, old moments read by sparse_mask (here
# index_select of those rows), the moment and parameter updates added back as sparse tensors (here
# index_add_ of the rows, the same additions since coalesced rows are unique).
import math

import torch

from .optimizer import Optimizer

__all__ = ["SparseAdam"]


class SparseAdam(Optimizer):
    def __init__(self, params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, maximize=False):
        if isinstance(lr, torch.Tensor) and lr.numel() != 1:
            raise ValueError("Tensor lr must be 1-element")
        if not 0.0 < lr:
            raise ValueError(f"Invalid learning rate: {lr}")
        if not 0.0 < eps:
            raise ValueError(f"Invalid epsilon value: {eps}")
        if not 0.0 <= betas[0] < 1.0:
            raise ValueError(f"Invalid beta parameter at index 0: {betas[0]}")
        if not 0.0 <= betas[1] < 1.0:
            raise ValueError(f"Invalid beta parameter at index 1: {betas[1]}")
        defaults = {"lr": lr, "betas": betas, "eps": eps, "maximize": maximize}
        super().__init__(params, defaults)
        sparse_params = []
        complex_params = []
        for index, param_group in enumerate(self.param_groups):
            for d_index, d_param in enumerate(param_group["params"]):
                if d_param.is_sparse:
                    sparse_params.append([index, d_index])
                if d_param.is_complex():
                    complex_params.append([index, d_index])
        if sparse_params:
            raise ValueError(f"Sparse params at indices {sparse_params}: SparseAdam requires dense parameter tensors")
        if complex_params:
            raise ValueError(f"Complex params at indices {complex_params}: SparseAdam does not support complex parameters")

    @torch.no_grad()
    def step(self, closure=None):
        loss = None
        if closure is not None:
            with torch.enable_grad():
                loss = closure()
        for group in self.param_groups:
            params_with_grad = []
            grads = []
            exp_avgs = []
            exp_avg_sqs = []
            state_steps = []
            beta1, beta2 = group["betas"]
            maximize = group.get("maximize", False)
            for p in group["params"]:
                if p.grad is not None:
                    params_with_grad.append(p)
                    if not p.grad.is_sparse:
                        raise RuntimeError("SparseAdam does not support dense gradients, please consider Adam instead")
                    grads.append(p.grad)
                    state = self.state[p]
                    if len(state) == 0:
                        state["step"] = 0
                        state["exp_avg"] = torch.zeros_like(p, memory_format=torch.preserve_format)
                        state["exp_avg_sq"] = torch.zeros_like(p, memory_format=torch.preserve_format)
                    exp_avgs.append(state["exp_avg"])
                    exp_avg_sqs.append(state["exp_avg_sq"])
                    state["step"] += 1
                    state_steps.append(state["step"])
            lr = group["lr"]
            _sparse_adam(params_with_grad, grads, exp_avgs, exp_avg_sqs, state_steps, eps=group["eps"], beta1=beta1,
                         beta2=beta2, lr=lr.item() if isinstance(lr, torch.Tensor) else lr, maximize=maximize)
        return loss


def _sparse_adam(params, grads, exp_avgs, exp_avg_sqs, state_steps, *, eps, beta1, beta2, lr, maximize):
    for i, param in enumerate(params):
        grad = grads[i]
        grad = grad if not maximize else -grad
        grad = grad.coalesce()  # the update is non-linear, so each row once
        grad_values = grad._values()
        if grad_values.numel() == 0:
            continue
        rows = grad._indices()[0]
        exp_avg = exp_avgs[i]
        exp_avg_sq = exp_avg_sqs[i]
        step = state_steps[i]
        # old <- b * old + (1 - b) * new, written old += (1 - b) * (new - old)
        old_exp_avg_values = exp_avg.index_select(0, rows)
        exp_avg_update_values = grad_values.sub(old_exp_avg_values).mul_(1 - beta1)
        exp_avg.index_add_(0, rows, exp_avg_update_values)
        old_exp_avg_sq_values = exp_avg_sq.index_select(0, rows)
        exp_avg_sq_update_values = grad_values.pow(2).sub_(old_exp_avg_sq_values).mul_(1 - beta2)
        exp_avg_sq.index_add_(0, rows, exp_avg_sq_update_values)
        # the new moments again by dense addition, as PyTorch avoids a second sparse_mask
        numer = exp_avg_update_values.add_(old_exp_avg_values)
        exp_avg_sq_update_values.add_(old_exp_avg_sq_values)
        denom = exp_avg_sq_update_values.sqrt_().add_(eps)
        del exp_avg_update_values, exp_avg_sq_update_values
        bias_correction1 = 1 - beta1 ** step
        bias_correction2 = 1 - beta2 ** step
        step_size = lr * math.sqrt(bias_correction2) / bias_correction1
        param.index_add_(0, rows, -step_size * numer.div_(denom))
