# A compiled training step: zero_grad, forward, loss.backward() and optimizer.step() in one
# function, defined at module level and as a closure, with a print of the loss inside. The
# compiled losses follow the eager ones.
import torch
import torch.nn as nn


def run(compiled, closure, opt_name):
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(4, 8), nn.Tanh(), nn.Linear(8, 1))
    opt = torch.optim.SGD(model.parameters(), lr=0.05) if opt_name == "sgd" else torch.optim.Adam(model.parameters(), lr=0.01)
    xs = torch.linspace(-1, 1, 32).reshape(8, 4)
    ys = torch.arange(8.0).reshape(8, 1) / 8

    def step(x, y):
        opt.zero_grad()
        loss = ((model(x) - y) ** 2).mean()
        loss.backward()
        opt.step()
        print("loss", round(loss.item(), 4))
        return loss

    s = torch.compile(step) if compiled else step
    return [round(s(xs, ys).item(), 4) for _ in range(4)]


for opt_name in ["sgd", "adam"]:
    e = run(False, True, opt_name)
    c = run(True, True, opt_name)
    print(opt_name, e == c, c)
