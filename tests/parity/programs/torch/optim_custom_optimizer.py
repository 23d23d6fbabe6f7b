import torch

# A program's own optimizer (subclass of torch.optim.Optimizer): param_groups from defaults, state,
# zero_grad, state_dict/load_state_dict, add_param_group and its errors, a scheduler driving it.
class SignSGD(torch.optim.Optimizer):
    def __init__(self, params, lr=0.01, decay=0.0):
        if lr < 0.0:
            raise ValueError(f"Invalid learning rate: {lr}")
        super().__init__(params, dict(lr=lr, decay=decay))

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
                state["count"] = state.get("count", 0) + 1
                p.mul_(1 - group["decay"]).add_(torch.sign(p.grad), alpha=-group["lr"])
        return loss


w = torch.tensor([1.0, -2.0, 0.5], requires_grad=True)
b = torch.tensor([0.25], requires_grad=True)
opt = SignSGD([{"params": [w]}, {"params": [b], "lr": 0.5, "decay": 0.5}], lr=0.25)
print(opt)
print(isinstance(opt, torch.optim.Optimizer), opt.defaults)
for i in range(3):
    opt.zero_grad()
    loss = ((w - 1) ** 2).sum() + b.sum()
    loss.backward()
    opt.step()
    print(i, loss.item(), w.tolist(), b.tolist())
print(opt.state[w], len(opt.state))
sd = opt.state_dict()
print(sd)
w2 = torch.zeros(3, requires_grad=True)
b2 = torch.zeros(1, requires_grad=True)
opt2 = SignSGD([{"params": [w2]}, {"params": [b2]}])
opt2.load_state_dict(sd)
print(opt2.param_groups[1]["lr"], opt2.state[w2], opt2.param_groups[0]["params"][0] is w2)
s = torch.optim.lr_scheduler.ExponentialLR(opt, gamma=0.5)
opt.step()
s.step()
print(s.get_last_lr(), [g["initial_lr"] for g in opt.param_groups])
for bad in [lambda: SignSGD([]), lambda: SignSGD(w), lambda: SignSGD([w], lr=-1.0),
            lambda: opt.add_param_group({"params": [w]}), lambda: SignSGD([w * 2])]:
    try:
        bad()
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)
print(isinstance(torch.optim.Adam([w]), torch.optim.Optimizer), issubclass(torch.optim.SGD, torch.optim.Optimizer))
