import torch
# lerp / lerp_ with a tensor weight inside torch.compile(fullgraph=True) — nanochat's fused AdamW step
# feeds its hyperparameters as 0-d CPU tensors (`exp_avg.lerp_(grad, 1 - beta1_t)`) so changing them
# does not recompile — and in eager: the values, the in-place result, the 0-d weight refilled with
# fill_ between calls (no recompile), and the in-place shape error.


@torch.compile(dynamic=False, fullgraph=True)
def adam_moments(m, v, g, b1, b2, step):
    m.lerp_(g, 1 - b1)
    v.lerp_(g.square(), 1 - b2)
    return m / (1 - b1 ** step), v / (1 - b2 ** step)


m, v = torch.zeros(4), torch.zeros(4)
b1, b2, step = torch.tensor(0.9), torch.tensor(0.99), torch.tensor(0.0)
for i in range(3):
    step.fill_(i + 1)
    g = torch.tensor([1.0, -2.0, 0.5, 3.0]) * (i + 1)
    mh, vh = adam_moments(m, v, g, b1, b2, step)
    print([round(x, 5) for x in mh.tolist()], [round(x, 5) for x in vh.tolist()])
b1.fill_(0.5)
print(adam_moments(m, v, torch.ones(4), b1, b2, step)[0])
print(m, v)
w = torch.tensor([[0.0], [0.25], [0.75], [1.0]])
print(torch.lerp(torch.zeros(4, 2), torch.ones(4, 2) * 8, w))
print(torch.compile(lambda a, b, t: torch.lerp(a, b, t))(torch.zeros(4, 2), torch.ones(4, 2) * 8, w))
x = torch.zeros(3)
try:
    x.lerp_(torch.zeros(2, 3), torch.tensor(0.5))
except RuntimeError as e:
    print("RuntimeError:", e)
