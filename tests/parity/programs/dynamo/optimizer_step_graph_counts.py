# How many graphs Dynamo compiles for optimizer steps, step by step (PyTorch 2.11 traces
# Optimizer.step: the _use_grad wrapper's graph_break() calls, _init_group's lazy state creation on
# the first step, the update itself): torch.compile(opt.step) alone, a function that calls
# opt.step(), and a whole training step (zero_grad, forward, backward, step), for SGD (with and
# without momentum), Adam and AdamW, counted by a custom backend after each of four steps, with
# explain()'s graph and break counts of one step and the updated weights against eager.
import torch
import torch.nn as nn
import torch.nn.functional as F

graphs = []


def counting(gm, example_inputs):
    graphs.append(len([n for n in gm.graph.nodes if n.op == "call_function"]))
    return gm.forward


def make():
    m = nn.Sequential(nn.Linear(4, 3), nn.Tanh(), nn.Linear(3, 1))
    with torch.no_grad():
        for i, p in enumerate(m.parameters()):
            p.copy_(torch.linspace(-0.5, 0.5, p.numel()).reshape(p.shape) * (1 + i))
    return m


def make_opt(name, params):
    if name == "sgd":
        return torch.optim.SGD(params, lr=0.05)
    if name == "sgd_momentum":
        return torch.optim.SGD(params, lr=0.05, momentum=0.9)
    if name == "adam":
        return torch.optim.Adam(params, lr=0.01)
    return torch.optim.AdamW(params, lr=0.01, weight_decay=0.1)


x = torch.linspace(-2.0, 2.0, 20).reshape(5, 4)
y = torch.linspace(0.0, 1.0, 5).reshape(5, 1)


def train(name, mode, steps=4):
    torch._dynamo.reset()
    graphs.clear()
    m = make()
    opt = make_opt(name, m.parameters())

    def step_only():
        opt.step()

    def full_step(x, y):
        opt.zero_grad()
        loss = F.mse_loss(m(x), y)
        loss.backward()
        opt.step()
        return loss

    counts = []
    for _ in range(steps):
        if mode == "eager":
            full_step(x, y)
        elif mode == "compile(opt.step)":
            opt.zero_grad()
            F.mse_loss(m(x), y).backward()
            torch.compile(opt.step, backend=counting)()
        elif mode == "compile(step_only)":
            opt.zero_grad()
            F.mse_loss(m(x), y).backward()
            torch.compile(step_only, backend=counting)()
        else:
            torch.compile(full_step, backend=counting)(x, y)
        counts.append(len(graphs))
    return m, counts, list(graphs)


for name in ["sgd", "sgd_momentum", "adam", "adamw"]:
    ref, _, _ = train(name, "eager")
    for mode in ["compile(opt.step)", "compile(step_only)", "compile(full_step)"]:
        m, counts, ops = train(name, mode)
        same = all(torch.allclose(a, b, atol=1e-6) for a, b in zip(m.parameters(), ref.parameters()))
        print(name, mode, "graphs after each step", counts, "ops per graph", ops, "same weights", same)

for name in ["sgd_momentum", "adam"]:
    torch._dynamo.reset()
    m = make()
    opt = make_opt(name, m.parameters())
    for i in range(2):
        opt.zero_grad()
        F.mse_loss(m(x), y).backward()
        ex = torch._dynamo.explain(opt.step)()
        print(name, "explain step", i, ex.graph_count, ex.graph_break_count,
              [r.reason.split("\n")[0] for r in ex.break_reasons])
