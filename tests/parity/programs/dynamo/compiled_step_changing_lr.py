# A compiled training step whose learning rate changes between calls (an LR scheduler, or param_groups
# written by hand): under PyTorch 2.11's specialize_float=False a changed float becomes a graph input
# read back with .item(), and the optimizer's update uses -lr on it (param.add_(grad, alpha=-lr)). The
# compiled run must follow eager's losses and parameters step by step for SGD (with and without
# momentum), Adam and AdamW, with a StepLR schedule and with hand-written rates.
import torch
import torch.nn as nn


def run(compiled, opt_name, lrs):
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(4, 8), nn.Tanh(), nn.Linear(8, 2))
    if opt_name == "sgd":
        opt = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    elif opt_name == "sgd_plain":
        opt = torch.optim.SGD(model.parameters(), lr=0.1)
    elif opt_name == "adam":
        opt = torch.optim.Adam(model.parameters(), lr=0.05)
    else:
        opt = torch.optim.AdamW(model.parameters(), lr=0.05, weight_decay=0.1)
    sched = torch.optim.lr_scheduler.StepLR(opt, step_size=1, gamma=0.5) if lrs is None else None

    def step(x, y):
        opt.zero_grad()
        loss = ((model(x) - y) ** 2).mean()
        loss.backward()
        opt.step()
        return loss

    if compiled:
        step = torch.compile(step, backend="eager")
    x, y = torch.randn(16, 4), torch.randn(16, 2)
    losses = []
    for i in range(4):
        if lrs is not None:
            for g in opt.param_groups:
                g["lr"] = lrs[i]
        losses.append(round(step(x, y).item(), 5))
        if sched is not None:
            sched.step()
    return losses, [p.detach().clone() for p in model.parameters()], opt.param_groups[0]["lr"]


for opt_name in ["sgd", "sgd_plain", "adam", "adamw"]:
    for lrs in (None, [0.1, 0.2, 0.05, 0.3]):
        eager = run(False, opt_name, lrs)
        comp = run(True, opt_name, lrs)
        same = all(torch.allclose(a, b, atol=1e-6) for a, b in zip(eager[1], comp[1]))
        print(opt_name, "scheduler" if lrs is None else "by hand", comp[0], comp[0] == eager[0], same, comp[2])
