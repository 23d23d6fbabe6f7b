# Real-program corpus (tests/realworld, see README.md): labml.ai's annotated optimizers and
# normalization layers (labmlai/annotated_deep_learning_paper_implementations @
# e6b3c8a6a2cdae4071bcde1abeaaf9a2bc37bd53: labml_nn/optimizers/__init__.py, adam.py, amsgrad.py,
# radam.py, ada_belief.py, noam.py; labml_nn/normalization/group_norm, instance_norm,
# batch_channel_norm; labml_nn/capsule_networks). It exercises a torch.optim.Optimizer subclass
# hierarchy with defaults dicts, per-parameter state initialised lazily, `@torch.no_grad()` on
# step, in-place updates through `param.data` (addcdiv_, add_, mul_ with alpha/value keywords),
# `torch.maximum(..., out=)`, a staticmethod rectification term, the optimizers checked against
# torch.optim.Adam, then hand-written GroupNorm/InstanceNorm checked against nn's, a batch-channel
# norm with running estimates in buffers, and dynamic routing between capsules with a margin loss.
# Changes: tiny sizes, random data, five steps per optimizer. Written for Kiln, not copied.
import math
from typing import Any, Dict, Optional, Tuple

import torch
import torch.nn.functional as F
from torch import nn
from torch.optim.optimizer import Optimizer

torch.manual_seed(0)


class GenericAdaptiveOptimizer(Optimizer):
    def __init__(self, params, defaults: Dict[str, Any], lr: float, betas: Tuple[float, float], eps: float):
        if not 0.0 <= lr:
            raise ValueError(f"Invalid learning rate: {lr}")
        if not 0.0 <= eps:
            raise ValueError(f"Invalid epsilon value: {eps}")
        if not 0.0 <= betas[0] < 1.0:
            raise ValueError(f"Invalid beta parameter at index 0: {betas[0]}")
        if not 0.0 <= betas[1] < 1.0:
            raise ValueError(f"Invalid beta parameter at index 1: {betas[1]}")
        defaults.update(dict(lr=lr, betas=betas, eps=eps))
        super().__init__(params, defaults)

    def init_state(self, state, group, param):
        pass

    def step_param(self, state, group, grad, param):
        pass

    @torch.no_grad()
    def step(self, closure=None):
        loss = None
        if closure is not None:
            with torch.enable_grad():
                loss = closure()
        for group in self.param_groups:
            for param in group['params']:
                if param.grad is None:
                    continue
                grad = param.grad.data
                if grad.is_sparse:
                    raise RuntimeError('GenericAdaptiveOptimizer does not support sparse gradients')
                state = self.state[param]
                if len(state) == 0:
                    self.init_state(state, group, param)
                self.step_param(state, group, grad, param)
        return loss


class WeightDecay:
    def __init__(self, weight_decay: float = 0., weight_decouple: bool = True, absolute: bool = False):
        if not 0.0 <= weight_decay:
            raise ValueError(f"Invalid weight_decay value: {weight_decay}")
        self.absolute = absolute
        self.weight_decouple = weight_decouple
        self.weight_decay = weight_decay

    def defaults(self):
        return dict(weight_decay=self.weight_decay)

    def __call__(self, param, grad, group):
        if self.weight_decouple:
            if self.absolute:
                param.data.mul_(1.0 - group['weight_decay'])
            else:
                param.data.mul_(1.0 - group['lr'] * group['weight_decay'])
            return grad
        if group['weight_decay'] != 0:
            return grad.add(param.data, alpha=group['weight_decay'])
        return grad


class Adam(GenericAdaptiveOptimizer):
    def __init__(self, params, lr=1e-3, betas=(0.9, 0.999), eps=1e-16, weight_decay: WeightDecay = WeightDecay(),
                 optimized_update: bool = True, defaults: Optional[Dict[str, Any]] = None):
        defaults = {} if defaults is None else defaults
        defaults.update(weight_decay.defaults())
        super().__init__(params, defaults, lr, betas, eps)
        self.weight_decay = weight_decay
        self.optimized_update = optimized_update

    def init_state(self, state, group, param):
        state['step'] = 0
        state['exp_avg'] = torch.zeros_like(param, memory_format=torch.preserve_format)
        state['exp_avg_sq'] = torch.zeros_like(param, memory_format=torch.preserve_format)

    def get_mv(self, state, group, grad):
        beta1, beta2 = group['betas']
        m, v = state['exp_avg'], state['exp_avg_sq']
        m.mul_(beta1).add_(grad, alpha=1 - beta1)
        v.mul_(beta2).addcmul_(grad, grad, value=1 - beta2)
        return m, v

    def get_lr(self, state, group):
        return group['lr']

    def adam_update(self, state, group, param, m, v):
        beta1, beta2 = group['betas']
        bias_correction1 = 1 - beta1 ** state['step']
        bias_correction2 = 1 - beta2 ** state['step']
        lr = self.get_lr(state, group)
        if self.optimized_update:
            denominator = v.sqrt().add_(group['eps'])
            step_size = lr * math.sqrt(bias_correction2) / bias_correction1
            param.data.addcdiv_(m, denominator, value=-step_size)
        else:
            denominator = (v.sqrt() / math.sqrt(bias_correction2)).add_(group['eps'])
            step_size = lr / bias_correction1
            param.data.addcdiv_(m, denominator, value=-step_size)

    def step_param(self, state, group, grad, param):
        grad = self.weight_decay(param, grad, group)
        m, v = self.get_mv(state, group, grad)
        state['step'] += 1
        self.adam_update(state, group, param, m, v)


class AMSGrad(Adam):
    def __init__(self, params, lr=1e-3, betas=(0.9, 0.999), eps=1e-16, weight_decay: WeightDecay = WeightDecay(),
                 optimized_update: bool = True, amsgrad=True, defaults=None):
        defaults = {} if defaults is None else defaults
        defaults.update(dict(amsgrad=amsgrad))
        super().__init__(params, lr, betas, eps, weight_decay, optimized_update, defaults)

    def init_state(self, state, group, param):
        super().init_state(state, group, param)
        if group['amsgrad']:
            state['max_exp_avg_sq'] = torch.zeros_like(param, memory_format=torch.preserve_format)

    def get_mv(self, state, group, grad):
        m, v = super().get_mv(state, group, grad)
        if group['amsgrad']:
            v_max = state['max_exp_avg_sq']
            torch.maximum(v_max, v, out=v_max)
            return m, v_max
        return m, v


class RAdam(AMSGrad):
    def __init__(self, params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay: WeightDecay = WeightDecay(),
                 optimized_update: bool = True, amsgrad=False, degenerated_to_sgd=True, defaults=None):
        self.degenerated_to_sgd = degenerated_to_sgd
        super().__init__(params, lr, betas, eps, weight_decay, optimized_update, amsgrad, defaults)

    def step_param(self, state, group, grad, param):
        grad = self.weight_decay(param, grad, group)
        m, v = self.get_mv(state, group, grad)
        state['step'] += 1
        self.r_adam_update(state, group, param, m, v)

    @staticmethod
    def calc_rectification_term(beta2: float, step: int) -> Optional[float]:
        beta2_t = beta2 ** step
        rho_inf = 2 / (1 - beta2) - 1
        rho = rho_inf - 2 * step * beta2_t / (1 - beta2_t)
        if rho >= 5:
            r2 = (rho - 4) / (rho_inf - 4) * (rho - 2) / rho * rho_inf / (rho_inf - 2)
            return math.sqrt(r2)
        return None

    def r_adam_update(self, state, group, param, m, v):
        beta1, beta2 = group['betas']
        bias_correction1 = 1 - beta1 ** state['step']
        bias_correction2 = 1 - beta2 ** state['step']
        r = self.calc_rectification_term(beta2, state['step'])
        lr = self.get_lr(state, group)
        if r is not None:
            denominator = v.sqrt().add_(group['eps'])
            step_size = lr * math.sqrt(bias_correction2) * r / bias_correction1
            param.data.addcdiv_(m, denominator, value=-step_size)
        elif self.degenerated_to_sgd:
            step_size = lr / bias_correction1
            param.data.add_(m, alpha=-step_size)


class AdaBelief(RAdam):
    def __init__(self, params, lr=1e-3, betas=(0.9, 0.999), eps=1e-16, weight_decay: WeightDecay = WeightDecay(),
                 amsgrad=False, degenerate_to_sgd=True, rectify=True, defaults=None):
        defaults = {} if defaults is None else defaults
        super().__init__(params, lr, betas, eps, weight_decay, amsgrad, degenerate_to_sgd, defaults)
        self.rectify = rectify

    def init_state(self, state, group, param):
        state['step'] = 0
        state['exp_avg'] = torch.zeros_like(param, memory_format=torch.preserve_format)
        state['exp_avg_var'] = torch.zeros_like(param, memory_format=torch.preserve_format)
        if group['amsgrad']:
            state['max_exp_avg_var'] = torch.zeros_like(param, memory_format=torch.preserve_format)

    def get_ms(self, state, group, grad):
        beta1, beta2 = group['betas']
        m, s = state['exp_avg'], state['exp_avg_var']
        m.mul_(beta1).add_(grad, alpha=1 - beta1)
        grad_residual = grad - m
        s.mul_(beta2).addcmul_(grad_residual, grad_residual, value=1 - beta2)
        if group['amsgrad']:
            s_max = state['max_exp_avg_var']
            torch.maximum(s_max, s, out=s_max)
            return m, s_max
        return m, s

    def step_param(self, state, group, grad, param):
        grad = self.weight_decay(param, grad, group)
        m, s = self.get_ms(state, group, grad)
        state['step'] += 1
        if not self.rectify:
            self.adam_update(state, group, param, m, s + group['eps'])
        else:
            self.r_adam_update(state, group, param, m, s + group['eps'])


class Noam(AMSGrad):
    def __init__(self, params, lr=1e-3, betas=(0.9, 0.999), eps=1e-16, weight_decay: WeightDecay = WeightDecay(),
                 optimized_update: bool = True, amsgrad=False, warmup=0, d_model=512, defaults=None):
        defaults = {} if defaults is None else defaults
        defaults.update(dict(warmup=warmup))
        super().__init__(params, lr, betas, eps, weight_decay, optimized_update, amsgrad, defaults)
        self.d_model = d_model

    def get_lr(self, state, group):
        factor = min(state['step'] ** (-0.5), state['step'] * group['warmup'] ** (-1.5))
        return group['lr'] * self.d_model ** (-0.5) * factor


def train(make_optimizer, steps=5):
    torch.manual_seed(1)
    model = nn.Sequential(nn.Linear(6, 16), nn.Tanh(), nn.Linear(16, 1))
    optimizer = make_optimizer(model.parameters())
    x = torch.randn(32, 6)
    y = x[:, :3].sum(1, keepdim=True) - x[:, 3:].prod(1, keepdim=True)
    losses = []
    for _ in range(steps):
        def closure():
            optimizer.zero_grad()
            loss = F.mse_loss(model(x), y)
            loss.backward()
            return loss
        losses.append(optimizer.step(closure).item())
    return model, optimizer, losses


runs = {
    'Adam': lambda p: Adam(p, lr=1e-2, eps=1e-8),
    'Adam (decoupled wd)': lambda p: Adam(p, lr=1e-2, weight_decay=WeightDecay(0.1)),
    'Adam (L2 wd)': lambda p: Adam(p, lr=1e-2, weight_decay=WeightDecay(0.1, weight_decouple=False)),
    'AMSGrad': lambda p: AMSGrad(p, lr=1e-2),
    'RAdam': lambda p: RAdam(p, lr=1e-2),
    'AdaBelief': lambda p: AdaBelief(p, lr=1e-2),
    'AdaBelief (no rectify)': lambda p: AdaBelief(p, lr=1e-2, rectify=False),
    'Noam': lambda p: Noam(p, lr=1.0, warmup=4, d_model=16),
    'torch Adam': lambda p: torch.optim.Adam(p, lr=1e-2),
}
final = {}
for name, make in runs.items():
    model, opt, losses = train(make)
    final[name] = model
    print(f"{name:24s} " + ' '.join(f'{l:.4f}' for l in losses))
print('labml Adam matches torch Adam:',
      all(torch.allclose(a, b, atol=1e-5) for a, b in zip(final['Adam'].parameters(), final['torch Adam'].parameters())))
print('param group keys:', sorted(Noam(nn.Linear(2, 2).parameters(), warmup=3).param_groups[0].keys()))
print('state keys:', sorted(opt.state[next(final['torch Adam'].parameters())].keys()))
print('rectification terms:', [None if r is None else round(r, 4)
                               for r in (RAdam.calc_rectification_term(0.999, s) for s in (1, 5, 6, 100, 1000))])
try:
    Adam(nn.Linear(2, 2).parameters(), betas=(1.0, 0.999))
except ValueError as e:
    print('ValueError:', e)


# --- normalization layers written out ---------------------------------------------------------------
class GroupNorm(nn.Module):
    def __init__(self, groups: int, channels: int, *, eps: float = 1e-5, affine: bool = True):
        super().__init__()
        assert channels % groups == 0, "Number of channels should be evenly divisible by the number of groups"
        self.groups = groups
        self.channels = channels
        self.eps = eps
        self.affine = affine
        if self.affine:
            self.scale = nn.Parameter(torch.ones(channels))
            self.shift = nn.Parameter(torch.zeros(channels))

    def forward(self, x: torch.Tensor):
        x_shape = x.shape
        batch_size = x_shape[0]
        assert self.channels == x.shape[1]
        x = x.view(batch_size, self.groups, -1)
        mean = x.mean(dim=[-1], keepdim=True)
        mean_x2 = (x ** 2).mean(dim=[-1], keepdim=True)
        var = mean_x2 - mean ** 2
        x_norm = (x - mean) / torch.sqrt(var + self.eps)
        if self.affine:
            x_norm = x_norm.view(batch_size, self.channels, -1)
            x_norm = self.scale.view(1, -1, 1) * x_norm + self.shift.view(1, -1, 1)
        return x_norm.view(x_shape)


class InstanceNorm(nn.Module):
    def __init__(self, channels: int, *, eps: float = 1e-5, affine: bool = True):
        super().__init__()
        self.channels = channels
        self.eps = eps
        self.affine = affine
        if self.affine:
            self.scale = nn.Parameter(torch.ones(channels))
            self.shift = nn.Parameter(torch.zeros(channels))

    def forward(self, x: torch.Tensor):
        x_shape = x.shape
        batch_size = x_shape[0]
        assert self.channels == x.shape[1]
        x = x.view(batch_size, self.channels, -1)
        mean = x.mean(dim=[-1], keepdim=True)
        mean_x2 = (x ** 2).mean(dim=[-1], keepdim=True)
        var = mean_x2 - mean ** 2
        x_norm = (x - mean) / torch.sqrt(var + self.eps)
        x_norm = x_norm.view(batch_size, self.channels, -1)
        if self.affine:
            x_norm = self.scale.view(1, -1, 1) * x_norm + self.shift.view(1, -1, 1)
        return x_norm.view(x_shape)


class EstimatedBatchNorm(nn.Module):
    def __init__(self, channels: int, eps: float = 1e-5, momentum: float = 0.1, affine: bool = True):
        super().__init__()
        self.eps = eps
        self.momentum = momentum
        self.affine = affine
        self.channels = channels
        if self.affine:
            self.scale = nn.Parameter(torch.ones(channels))
            self.shift = nn.Parameter(torch.zeros(channels))
        self.register_buffer('exp_mean', torch.zeros(channels))
        self.register_buffer('exp_var', torch.ones(channels))

    def forward(self, x: torch.Tensor):
        x_shape = x.shape
        batch_size = x_shape[0]
        x = x.view(batch_size, self.channels, -1)
        if self.training:
            with torch.no_grad():
                mean = x.mean(dim=[0, 2])
                mean_x2 = (x ** 2).mean(dim=[0, 2])
                var = mean_x2 - mean ** 2
                self.exp_mean = (1 - self.momentum) * self.exp_mean + self.momentum * mean
                self.exp_var = (1 - self.momentum) * self.exp_var + self.momentum * var
        x_norm = (x - self.exp_mean.view(1, -1, 1)) / torch.sqrt(self.exp_var + self.eps).view(1, -1, 1)
        if self.affine:
            x_norm = self.scale.view(1, -1, 1) * x_norm + self.shift.view(1, -1, 1)
        return x_norm.view(x_shape)


x = torch.randn(4, 6, 5, 5)
print('GroupNorm matches nn.GroupNorm:', torch.allclose(GroupNorm(3, 6)(x), nn.GroupNorm(3, 6)(x), atol=1e-5))
print('InstanceNorm matches nn.InstanceNorm2d:',
      torch.allclose(InstanceNorm(6)(x), nn.InstanceNorm2d(6, affine=True)(x), atol=1e-5))
ebn = EstimatedBatchNorm(6)
for _ in range(3):
    out = ebn(x)
print('estimated batch norm buffers:', [k for k, _ in ebn.named_buffers()], f'{ebn.exp_var.mean().item():.4f}')
ebn.eval()
print('eval output mean:', f'{ebn(x).mean().item():.4f}', 'state_dict keys:', list(ebn.state_dict()))


# --- dynamic routing between capsules ------------------------------------------------------------------
class Squash(nn.Module):
    def __init__(self, epsilon=1e-8):
        super().__init__()
        self.epsilon = epsilon

    def forward(self, s: torch.Tensor):
        s2 = (s ** 2).sum(dim=-1, keepdims=True)
        return (s2 / (1 + s2)) * (s / torch.sqrt(s2 + self.epsilon))


class Router(nn.Module):
    def __init__(self, in_caps: int, out_caps: int, in_d: int, out_d: int, iterations: int):
        super().__init__()
        self.in_caps = in_caps
        self.out_caps = out_caps
        self.iterations = iterations
        self.softmax = nn.Softmax(dim=1)
        self.squash = Squash()
        self.weight = nn.Parameter(torch.randn(in_caps, out_caps, in_d, out_d), requires_grad=True)

    def forward(self, u: torch.Tensor):
        u_hat = torch.einsum('ijnm,bin->bijm', self.weight, u)
        b = u.new_zeros(u.shape[0], self.in_caps, self.out_caps)
        v = None
        for i in range(self.iterations):
            c = self.softmax(b)
            s = torch.einsum('bij,bijm->bjm', c, u_hat)
            v = self.squash(s)
            a = torch.einsum('bjm,bijm->bij', v, u_hat)
            b = b + a
        return v


class MarginLoss(nn.Module):
    def __init__(self, *, n_labels: int, lambda_: float = 0.5, m_positive: float = 0.9, m_negative: float = 0.1):
        super().__init__()
        self.m_negative = m_negative
        self.m_positive = m_positive
        self.lambda_ = lambda_
        self.n_labels = n_labels

    def forward(self, v: torch.Tensor, labels: torch.Tensor):
        v_norm = torch.sqrt((v ** 2).sum(dim=-1))
        labels = torch.eye(self.n_labels, device=labels.device)[labels]
        loss = labels * F.relu(self.m_positive - v_norm) + \
            self.lambda_ * (1.0 - labels) * F.relu(v_norm - self.m_negative)
        return loss.sum(dim=-1).mean()


router = Router(in_caps=24, out_caps=5, in_d=8, out_d=4, iterations=3)
margin = MarginLoss(n_labels=5)
caps_opt = torch.optim.Adam(router.parameters(), lr=1e-2)
u = Squash()(torch.randn(8, 24, 8))
labels = torch.randint(0, 5, (8,))
for step in range(3):
    v = router(u)
    loss = margin(v, labels)
    caps_opt.zero_grad()
    loss.backward()
    caps_opt.step()
    pred = (v ** 2).sum(-1).argmax(1)
    print(f'capsules step {step}: loss {loss.item():.4f} accuracy {(pred == labels).float().mean().item():.3f}')
