# Optimizer step hooks when the training step runs under torch.compile: PyTorch wraps every
# optimizer's step to run the global and per-instance pre/post hooks, and Dynamo traces that
# wrapper, so the hooks run once per compiled call, in eager's order (global pre, instance pre,
# step, instance post, global post), with the optimizer and the step's arguments, and the compiled
# run's parameters equal the eager run's. A hook that prints (a graph break in PyTorch) still runs.
import torch
import torch.nn as nn
from torch.optim.optimizer import register_optimizer_step_post_hook, register_optimizer_step_pre_hook


def run(compiled, opt_name):
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(4, 8), nn.Tanh(), nn.Linear(8, 2))
    if opt_name == "sgd":
        opt = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    else:
        opt = torch.optim.Adam(model.parameters(), lr=0.01)
    log = []
    steps = {"n": 0}

    def count(o, args, kwargs):
        steps["n"] += 1

    h1 = opt.register_step_pre_hook(lambda o, args, kwargs: log.append(("pre", type(o).__name__, len(args))))
    h2 = opt.register_step_post_hook(lambda o, args, kwargs: log.append(("post", len(kwargs))))
    h3 = opt.register_step_post_hook(count)
    g1 = register_optimizer_step_pre_hook(lambda o, args, kwargs: log.append(("global pre",)))
    g2 = register_optimizer_step_post_hook(lambda o, args, kwargs: log.append(("global post",)))

    def train_step(x, y):
        opt.zero_grad()
        loss = ((model(x) - y) ** 2).mean()
        loss.backward()
        opt.step()
        return loss

    step = torch.compile(train_step, backend="eager") if compiled else train_step
    x, y = torch.randn(16, 4), torch.randn(16, 2)
    losses = [round(step(x, y).item(), 5) for _ in range(3)]
    for h in (h1, h2, g1, g2):
        h.remove()
    step(x, y)  # only the counting hook is left
    h3.remove()
    return losses, log, steps["n"], [p.detach().clone() for p in model.parameters()]


for opt_name in ["sgd", "adam"]:
    eager = run(False, opt_name)
    compiled = run(True, opt_name)
    print(opt_name, compiled[0], compiled[0] == eager[0])
    print(compiled[1])
    print(compiled[1] == eager[1], compiled[2], eager[2])
    print(all(torch.allclose(a, b, atol=1e-6) for a, b in zip(compiled[3], eager[3])))

# a hook that prints, and a pre hook that replaces the step's arguments
torch.manual_seed(0)
w = nn.Parameter(torch.ones(3))
sgd = torch.optim.SGD([w], lr=0.5)
sgd.register_step_pre_hook(lambda o, args, kwargs: print("pre hook, args:", len(args), "lr", o.param_groups[0]["lr"]))
sgd.register_step_post_hook(lambda o, args, kwargs: print("post hook, w:", w.detach()))


@torch.compile(backend="eager")
def step_w(x):
    sgd.zero_grad()
    (w * x).sum().backward()
    sgd.step()


step_w(torch.tensor([1.0, 2.0, 3.0]))
step_w(torch.tensor([1.0, 2.0, 3.0]))
