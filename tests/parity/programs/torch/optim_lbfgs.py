import torch

# LBFGS with a closure: the returned loss (the closure's first one), the parameters after each step,
# the number of closure calls, with and without the strong Wolfe line search.
def rosen(x):
    return (1 - x[0]) ** 2 + 10 * (x[1] - x[0] ** 2) ** 2

for ls in [None, "strong_wolfe"]:
    x = torch.tensor([-0.5, 1.0], requires_grad=True)
    opt = torch.optim.LBFGS([x], lr=1, max_iter=5, line_search_fn=ls)
    calls = [0]
    def closure():
        calls[0] += 1
        opt.zero_grad()
        loss = rosen(x)
        loss.backward()
        return loss
    for i in range(4):
        loss = opt.step(closure)
        print(ls, i, type(loss).__name__, f"{loss.item():.4f}", [f"{v:.4f}" for v in x.tolist()], calls[0])
    print(opt.state[x]["func_evals"], opt.state[x]["n_iter"])

# A quadratic: LBFGS reaches the minimum [1, -2, 0.5] to 4 printed digits.
w = torch.zeros(3, requires_grad=True)
target = torch.tensor([1.0, -2.0, 0.5])
opt = torch.optim.LBFGS([w], history_size=3, max_iter=10)
def closure2():
    opt.zero_grad()
    loss = ((w - target) ** 2 * torch.tensor([1.0, 2.0, 4.0])).sum()
    loss.backward()
    return loss
for i in range(2):
    opt.step(closure2)
    print([f"{v:.4f}" for v in w.tolist()])
try:
    opt.step()
except TypeError as e:
    print(type(e).__name__, e)
