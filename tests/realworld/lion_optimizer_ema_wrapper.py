# The Lion optimizer (per-tensor and foreach forms) and an EMA wrapper module, as lucidrains ships them.
#
# Origin (workflow reproduced): lucidrains/lion-pytorch lion_pytorch/lion_pytorch.py and
# lion_pytorch/foreach.py @ 05258c93 (an Optimizer subclass whose @torch.no_grad() step runs a
# closure under enable_grad, filter(lambda p: exists(p.grad), ...), star-unpacked betas in a tuple
# assignment, decoupled weight decay, torch._foreach_mul_/_foreach_lerp_/_foreach_sign_/_foreach_add_),
# lucidrains/ema-pytorch ema_pytorch/ema_pytorch.py @ b0d4346e / 03e75caa (EMA as an nn.Module that
# deep-copies the online model, requires_grad_(False), `torch.Tensor([False])` and
# `torch.tensor([0])` buffers advanced with `+=`, inverse-gamma warmup decay, named parameter and
# buffer filters, __call__ forwarding to the EMA copy), with the README usage of both.
# Changes for Kiln's corpus: one regression task (a small MLP with BatchNorm on synthetic data) for
# all optimizers, few steps; foreach.py's `_foreach_add_(params, updates)` is given alpha=-lr (the
# per-tensor form's `p.add_(update, alpha=-lr)`), since without it every step moves by a whole unit.

from __future__ import annotations

import copy
from typing import Callable, Tuple

import torch
from torch import nn
from torch.optim.optimizer import Optimizer


def exists(val):
    return val is not None


# ---------------------------------------------------------------- lion_pytorch.py
def update_fn(p, grad, exp_avg, lr, wd, beta1, beta2):
    # stepweight decay
    p.data.mul_(1.0 - lr * wd)

    # weight update
    update = exp_avg.clone().mul_(beta1).add(grad, alpha=1.0 - beta1).sign_()
    p.add_(update, alpha=-lr)

    # decay the momentum running average coefficient
    exp_avg.mul_(beta2).add_(grad, alpha=1.0 - beta2)


class Lion(Optimizer):
    def __init__(
        self,
        params,
        lr: float = 1e-4,
        betas: Tuple[float, float] = (0.9, 0.99),
        weight_decay: float = 0.0,
        use_triton: bool = False,
        decoupled_weight_decay: bool = False,
    ):
        assert lr > 0.0
        assert all([0.0 <= beta <= 1.0 for beta in betas])

        self._init_lr = lr
        self.decoupled_wd = decoupled_weight_decay

        defaults = dict(lr=lr, betas=betas, weight_decay=weight_decay)
        super().__init__(params, defaults)

        self.update_fn = update_fn

    @torch.no_grad()
    def step(self, closure: Callable | None = None):
        loss = None
        if exists(closure):
            with torch.enable_grad():
                loss = closure()

        for group in self.param_groups:
            for p in filter(lambda p: exists(p.grad), group["params"]):
                grad, lr, wd, beta1, beta2, state, decoupled_wd, init_lr = (
                    p.grad, group["lr"], group["weight_decay"], *group["betas"], self.state[p],
                    self.decoupled_wd, self._init_lr,
                )

                # maybe decoupled weight decay
                if decoupled_wd:
                    wd /= init_lr

                # init state - exponential moving average of gradient values
                if len(state) == 0:
                    state["exp_avg"] = torch.zeros_like(p)

                exp_avg = state["exp_avg"]
                self.update_fn(p, grad, exp_avg, lr, wd, beta1, beta2)
        return loss


# ---------------------------------------------------------------- foreach.py
class ForeachLion(Optimizer):
    def __init__(self, params, lr: float = 1e-4, betas: Tuple[float, float] = (0.9, 0.99),
                 weight_decay: float = 0.0, decoupled_weight_decay: bool = False):
        assert lr > 0.0
        assert all([0.0 <= beta <= 1.0 for beta in betas])
        assert all([hasattr(torch, attr) for attr in ("_foreach_mul_", "_foreach_add_", "_foreach_sign_", "_foreach_lerp_")]), \
            "this version of torch does not have the prerequisite foreach functions"

        self._init_lr = lr
        self.decoupled_wd = decoupled_weight_decay
        defaults = dict(lr=lr, betas=betas, weight_decay=weight_decay)
        super().__init__(params, defaults)

    @torch.no_grad()
    def step(self, closure: Callable | None = None):
        loss = None
        if exists(closure):
            with torch.enable_grad():
                loss = closure()

        for group in self.param_groups:
            lr, wd, beta1, beta2, decoupled_wd, init_lr = (
                group["lr"], group["weight_decay"], *group["betas"], self.decoupled_wd, self._init_lr
            )
            if decoupled_wd:
                wd /= init_lr

            params = []
            grads = []
            exp_avgs = []
            for p in filter(lambda p: exists(p.grad), group["params"]):
                grad, state = p.grad, self.state[p]
                if len(state) == 0:
                    state["exp_avg"] = torch.zeros_like(p)
                exp_avg = state["exp_avg"]
                params.append(p)
                grads.append(grad)
                exp_avgs.append(exp_avg)

            # stepweight decay
            torch._foreach_mul_(params, 1.0 - lr * wd)

            # weight update
            updates = [t.clone() for t in exp_avgs]
            torch._foreach_lerp_(updates, grads, 1.0 - beta1)
            torch._foreach_sign_(updates)
            torch._foreach_add_(params, updates, alpha=-lr)

            # decay momentum running average
            torch._foreach_lerp_(exp_avgs, grads, 1.0 - beta2)
        return loss


# ---------------------------------------------------------------- ema_pytorch.py
def clamp(value, min_value=None, max_value=None):
    assert exists(min_value) or exists(max_value)
    if exists(min_value):
        value = max(value, min_value)
    if exists(max_value):
        value = min(value, max_value)
    return value


def is_float_dtype(dtype):
    return any([dtype == float_dtype for float_dtype in (torch.float64, torch.float32, torch.float16, torch.bfloat16)])


class EMA(nn.Module):
    """Exponential moving average shadowing of a model, with an inverse-gamma warmup of the decay."""

    def __init__(self, model, ema_model=None, beta=0.9999, update_after_step=100, update_every=10,
                 inv_gamma=1.0, power=2 / 3, min_value=0.0, param_or_buffer_names_no_ema=set(), ignore_names=set()):
        super().__init__()
        self.beta = beta
        self.online_model = model
        self.ema_model = ema_model

        if not exists(self.ema_model):
            try:
                self.ema_model = copy.deepcopy(model)
            except Exception:
                print("Your model was not copyable. Please make sure you are not using any LazyLinear")
                exit()

        self.ema_model.requires_grad_(False)

        self.parameter_names = {name for name, param in self.ema_model.named_parameters() if is_float_dtype(param.dtype)}
        self.buffer_names = {name for name, buffer in self.ema_model.named_buffers() if is_float_dtype(buffer.dtype)}

        self.update_every = update_every
        self.update_after_step = update_after_step
        self.inv_gamma = inv_gamma
        self.power = power
        self.min_value = min_value

        assert isinstance(param_or_buffer_names_no_ema, (set, list))
        self.param_or_buffer_names_no_ema = param_or_buffer_names_no_ema
        self.ignore_names = ignore_names

        self.register_buffer("initted", torch.Tensor([False]))
        self.register_buffer("step", torch.tensor([0]))

    def get_params_iter(self, model):
        for name, param in model.named_parameters():
            if name not in self.parameter_names:
                continue
            yield name, param

    def get_buffers_iter(self, model):
        for name, buffer in model.named_buffers():
            if name not in self.buffer_names:
                continue
            yield name, buffer

    def copy_params_from_model_to_ema(self):
        for (_, ma_params), (_, current_params) in zip(self.get_params_iter(self.ema_model), self.get_params_iter(self.online_model)):
            ma_params.data.copy_(current_params.data)
        for (_, ma_buffers), (_, current_buffers) in zip(self.get_buffers_iter(self.ema_model), self.get_buffers_iter(self.online_model)):
            ma_buffers.data.copy_(current_buffers.data)

    def get_current_decay(self):
        epoch = clamp(self.step.item() - self.update_after_step - 1, min_value=0.0)
        value = 1 - (1 + epoch / self.inv_gamma) ** -self.power
        if epoch <= 0:
            return 0.0
        return clamp(value, min_value=self.min_value, max_value=self.beta)

    def update(self):
        step = self.step.item()
        self.step += 1

        if (step % self.update_every) != 0:
            return

        if step <= self.update_after_step:
            self.copy_params_from_model_to_ema()
            return

        if not self.initted.item():
            self.copy_params_from_model_to_ema()
            self.initted.data.copy_(torch.Tensor([True]))

        self.update_moving_average(self.ema_model, self.online_model)

    @torch.no_grad()
    def update_moving_average(self, ma_model, current_model):
        current_decay = self.get_current_decay()

        for (name, current_params), (_, ma_params) in zip(self.get_params_iter(current_model), self.get_params_iter(ma_model)):
            if name in self.ignore_names:
                continue
            if name in self.param_or_buffer_names_no_ema:
                ma_params.data.copy_(current_params.data)
                continue
            difference = ma_params.data - current_params.data
            difference.mul_(1.0 - current_decay)
            ma_params.sub_(difference)

        for (name, current_buffer), (_, ma_buffer) in zip(self.get_buffers_iter(current_model), self.get_buffers_iter(ma_model)):
            if name in self.ignore_names:
                continue
            if name in self.param_or_buffer_names_no_ema:
                ma_buffer.data.copy_(current_buffer.data)
                continue
            difference = ma_buffer - current_buffer
            difference.mul_(1.0 - current_decay)
            ma_buffer.sub_(difference)

    def __call__(self, *args, **kwargs):
        return self.ema_model(*args, **kwargs)


# ---------------------------------------------------------------- README usage
def make_net():
    torch.manual_seed(0)
    # no bias before BatchNorm: its exact gradient is 0 and Lion would step by the sign of rounding residue
    return nn.Sequential(nn.Linear(8, 32, bias=False), nn.BatchNorm1d(32), nn.GELU(), nn.Linear(32, 1))


torch.manual_seed(42)
X = torch.randn(128, 8)
true_w = torch.randn(8, 1)
Y = X @ true_w + 0.1 * torch.sin(3 * X[:, :1])


def run(opt_factory, name, steps=12, use_closure=False):
    model = make_net()
    opt = opt_factory(model.parameters())
    for i in range(steps):
        xb, yb = X[(i * 32) % 128:(i * 32) % 128 + 32], Y[(i * 32) % 128:(i * 32) % 128 + 32]
        if use_closure:
            def closure():
                opt.zero_grad()
                loss = nn.functional.mse_loss(model(xb), yb)
                loss.backward()
                return loss
            loss = opt.step(closure)
        else:
            loss = nn.functional.mse_loss(model(xb), yb)
            opt.zero_grad()
            loss.backward()
            opt.step()
    with torch.no_grad():
        model.eval()
        full = nn.functional.mse_loss(model(X), Y).item()
    state = opt.state_dict()
    print(f"{name:>22}: last {loss.item():.4f} full {full:.4f} state keys {sorted(state['state'][0].keys())} "
          f"groups {[sorted(k for k in g if k != 'params') for g in state['param_groups']]}")
    return model


m1 = run(lambda p: Lion(p, lr=3e-2, weight_decay=1e-2), "Lion")
m2 = run(lambda p: ForeachLion(p, lr=3e-2, weight_decay=1e-2), "ForeachLion")
print("per-tensor and foreach agree:", all(torch.allclose(a, b) for a, b in zip(m1.parameters(), m2.parameters())))
run(lambda p: Lion(p, lr=3e-2, weight_decay=1e-3, decoupled_weight_decay=True, betas=(0.95, 0.98)), "Lion decoupled", use_closure=True)
run(lambda p: torch.optim.AdamW(p, lr=3e-2, weight_decay=1e-2), "AdamW baseline")

# parameter groups without weight decay on biases and norms, as the README suggests
model = make_net()
decay, no_decay = [], []
for n, p in model.named_parameters():
    (no_decay if p.ndim < 2 else decay).append(p)
opt = Lion([{"params": decay}, {"params": no_decay, "weight_decay": 0.0}], lr=1e-2, weight_decay=0.1)
print("group sizes", [len(g["params"]) for g in opt.param_groups], [g["weight_decay"] for g in opt.param_groups])
try:
    Lion(model.parameters(), lr=0.0)
except AssertionError as e:
    print("AssertionError for lr=0:", repr(e))

# EMA over a training run
net = make_net()
ema = EMA(net, beta=0.99, update_after_step=4, update_every=2, power=3 / 4)
print("ema buffers", [(n, b.dtype, b.tolist()) for n, b in ema.named_buffers() if "." not in n])
print("ema param names", len(ema.parameter_names), "buffer names", sorted(ema.buffer_names))
print("ema copies grad flags", all(not p.requires_grad for p in ema.ema_model.parameters()), any(p.requires_grad for p in net.parameters()))
opt = Lion(net.parameters(), lr=2e-2)
decays = []
for i in range(16):
    xb, yb = X[(i * 32) % 128:(i * 32) % 128 + 32], Y[(i * 32) % 128:(i * 32) % 128 + 32]
    loss = nn.functional.mse_loss(net(xb), yb)
    opt.zero_grad()
    loss.backward()
    opt.step()
    ema.update()
    decays.append(round(ema.get_current_decay(), 4))
print("decays", decays)
print("step", ema.step.item(), "initted", ema.initted.item(), ema.initted.dtype)
net.eval()
ema.eval()
with torch.no_grad():
    online = nn.functional.mse_loss(net(X), Y).item()
    averaged = nn.functional.mse_loss(ema(X), Y).item()
    averaged2 = nn.functional.mse_loss(ema.ema_model(X), Y).item()
print(f"online {online:.4f} ema {averaged:.4f} same call {averaged == averaged2}")
diff = sum((a - b).abs().sum().item() for a, b in zip(net.parameters(), ema.ema_model.parameters()))
print(f"param distance {diff:.4f}")
rm_online = net[1].running_mean[:3]
rm_ema = ema.ema_model[1].running_mean[:3]
print("running means differ:", not torch.allclose(rm_online, rm_ema), ema.ema_model[1].num_batches_tracked.item())
sd = ema.state_dict()
print(len(sd), list(sd)[:3], list(sd)[-2:])
