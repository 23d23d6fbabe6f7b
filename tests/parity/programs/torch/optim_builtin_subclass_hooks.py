# Subclasses of torch.optim's built-in optimizers as real programs write them: an __init__ that
# calls super().__init__ and adds param_group entries, a step that wraps super().step(), a step
# rewritten from scratch over self.state (SGDW-style), their state_dict/load_state_dict, pickling
# and deepcopy; step hooks (instance and global) and state-dict hooks; an _LRScheduler subclass.
import copy
import io

import torch
import torch.nn as nn
from torch.optim.lr_scheduler import _LRScheduler


class ClippedSGD(torch.optim.SGD):
    def __init__(self, params, lr=0.1, momentum=0.9, clip=1.0):
        super().__init__(params, lr=lr, momentum=momentum)
        self.clip = clip
        for group in self.param_groups:
            group["clip"] = clip

    @torch.no_grad()
    def step(self, closure=None):
        for group in self.param_groups:
            for p in group["params"]:
                if p.grad is not None:
                    p.grad.clamp_(-group["clip"], group["clip"])
        return super().step(closure)


class SGDW(torch.optim.SGD):
    """Decoupled weight decay, the whole step rewritten (state kept in self.state)."""

    @torch.no_grad()
    def step(self, closure=None):
        loss = None
        if closure is not None:
            with torch.enable_grad():
                loss = closure()
        for group in self.param_groups:
            for p in group["params"]:
                if p.grad is None:
                    continue
                state = self.state[p]
                if "momentum_buffer" not in state:
                    buf = state["momentum_buffer"] = torch.clone(p.grad).detach()
                    state["steps"] = 0
                else:
                    buf = state["momentum_buffer"]
                    buf.mul_(group["momentum"]).add_(p.grad)
                state["steps"] += 1
                p.mul_(1 - group["lr"] * group["weight_decay"])
                p.add_(buf, alpha=-group["lr"])
        return loss


class AdamNoInit(torch.optim.Adam):
    pass


def train(opt_cls, steps=3, **kw):
    torch.manual_seed(0)
    model = nn.Linear(3, 2)
    opt = opt_cls(model.parameters(), **kw)
    x, y = torch.randn(8, 3), torch.randn(8, 2)
    for _ in range(steps):
        opt.zero_grad()
        loss = ((model(x) - y) ** 2).mean()
        loss.backward()
        opt.step()
    return model, opt


m, opt = train(ClippedSGD, clip=0.05)
print(type(opt).__name__, isinstance(opt, torch.optim.SGD), isinstance(opt, torch.optim.Optimizer), opt.clip)
print(opt)
print(m.weight.detach())
print(sorted(opt.state_dict()["param_groups"][0].keys()))
print([k for k in opt.state[m.weight]])

m, opt = train(SGDW, lr=0.1, momentum=0.9, weight_decay=0.01)
print(m.weight.detach(), opt.state[m.weight]["steps"])
sd = opt.state_dict()
print(sorted(sd["state"][0].keys()), sd["state"][0]["steps"], sd["param_groups"][0]["params"])
opt2 = SGDW(m.parameters(), lr=0.1, momentum=0.9)
opt2.load_state_dict(sd)
print(opt2.state[m.weight]["steps"], torch.equal(opt2.state[m.weight]["momentum_buffer"], sd["state"][0]["momentum_buffer"]))

m, opt = train(AdamNoInit, lr=0.01)
print(opt.defaults["lr"], m.bias.detach())
c = copy.deepcopy(opt)
print(type(c).__name__, c.state_dict()["state"][1]["step"])
buf = io.BytesIO()
torch.save({"opt": opt}, buf)
buf.seek(0)
o2 = torch.load(buf, weights_only=False)["opt"]
print(type(o2).__name__, torch.equal(o2.state_dict()["state"][0]["exp_avg"], opt.state_dict()["state"][0]["exp_avg"]))

try:
    ClippedSGD(m.parameters(), lr=-1)
except ValueError as e:
    print("ValueError", e)

# step hooks: instance pre/post (a pre hook may replace the arguments), global ones
w = nn.Parameter(torch.ones(2))
sgd = torch.optim.SGD([w], lr=0.1)
log = []
h1 = sgd.register_step_pre_hook(lambda o, args, kwargs: log.append(("pre", type(o).__name__, len(args), kwargs)))
h2 = sgd.register_step_post_hook(lambda o, args, kwargs: log.append(("post", type(o).__name__)))
g1 = torch.optim.optimizer.register_optimizer_step_pre_hook(lambda o, a, k: log.append(("global pre",)))
g2 = torch.optim.optimizer.register_optimizer_step_post_hook(lambda o, a, k: log.append(("global post",)))
w.grad = torch.ones(2)
sgd.step()
print(log)
log.clear()
h1.remove()
g1.remove()
g2.remove()
sgd.step()
print(log, w.detach())
h2.remove()
log.clear()
clipped = ClippedSGD([w], lr=0.1)
clipped.register_step_pre_hook(lambda o, args, kwargs: log.append("sub pre"))
clipped.step()
print(log)
bad = sgd.register_step_pre_hook(lambda o, a, k: 3)
try:
    sgd.step()
except RuntimeError as e:
    print("RuntimeError", str(e).split(" must return")[1])
bad.remove()

# state-dict hooks
sgd.register_state_dict_post_hook(lambda o, sd: {**sd, "extra": 1})
print(sorted(sgd.state_dict().keys()))
sgd.register_load_state_dict_pre_hook(lambda o, sd: print("loading", sorted(sd.keys())))
sgd.register_load_state_dict_post_hook(lambda o: print("loaded", type(o).__name__))
sgd.load_state_dict(sgd.state_dict())


class WarmupLR(_LRScheduler):
    def __init__(self, optimizer, warmup_steps, last_epoch=-1):
        self.warmup_steps = warmup_steps
        super().__init__(optimizer, last_epoch)

    def get_lr(self):
        scale = min(1.0, (self.last_epoch + 1) / self.warmup_steps)
        return [base_lr * scale for base_lr in self.base_lrs]


opt = ClippedSGD([w], lr=0.2)
sched = WarmupLR(opt, 4)
lrs = []
for _ in range(6):
    opt.step()
    sched.step()
    lrs.append(round(sched.get_last_lr()[0], 6))
print(lrs, sched.last_epoch, sched.base_lrs)
