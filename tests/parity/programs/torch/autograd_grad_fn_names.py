import torch
# The class names of grad_fn nodes produced by common ops (type(t.grad_fn).__name__).
x = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
def name(t):
    if t.grad_fn is None:
        return "None"
    return type(t.grad_fn).__name__
cases = [
    ("add", x + 1), ("add_t", x + x), ("sub", x - 1), ("rsub", 1 - x), ("mul", x * 2),
    ("div", x / 2), ("neg", -x), ("pow", x ** 2), ("exp", x.exp()), ("log", x.log()),
    ("sqrt", x.sqrt()), ("sigmoid", x.sigmoid()), ("tanh", x.tanh()), ("relu", x.relu()),
    ("abs", x.abs()), ("sum", x.sum()), ("sum_dim", x.sum(dim=0)), ("mean", x.mean()),
    ("mean_dim", x.mean(1)), ("max", x.max()), ("max_dim", x.max(dim=0).values),
    ("mm", x @ x), ("mv", x @ torch.ones(2)), ("t", x.t()), ("transpose", x.transpose(0, 1)),
    ("view", x.view(4)), ("reshape", x.reshape(4)), ("select", x[0]), ("slice", x[:, 1:]),
    ("unsqueeze", x.unsqueeze(0)), ("squeeze", x.unsqueeze(0).squeeze(0)),
    ("cat", torch.cat([x, x])), ("stack", torch.stack([x, x])), ("expand", x[:1].expand(3, 2)),
    ("index", x[torch.tensor([1, 0])]), ("mask", x[x > 2]), ("clamp", x.clamp(min=2)),
    ("softmax", torch.softmax(x, dim=1)), ("logsm", torch.log_softmax(x, dim=1)),
    ("where", torch.where(x > 2, x, 0.0)), ("clone", x.clone()), ("permute", x.permute(1, 0)),
    ("flatten", x.flatten()), ("cumsum", x.cumsum(0)), ("prod", x.prod()), ("double", x.double()),
    ("detach", x.detach()), ("leaf", x), ("nograd", torch.ones(2) * 2), ("var", x.var()),
    ("matmul3", x.unsqueeze(0) @ x.unsqueeze(0)), ("masked_fill", x.masked_fill(x > 2, 0.0)),
]
for n, t in cases:
    print(n, name(t), t.requires_grad)
y = (x * 2 + 1).sum()
print(name(y), y.grad_fn is not None, x.grad_fn is None)
