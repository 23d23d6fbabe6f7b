import torch
import torch.nn as nn
import torch._dynamo
# timm-style transformer block: DropPath (identity in eval or at rate 0), LayerScale (optionally
# in place), compiled as a module in eval and train mode.


def drop_path(x, drop_prob: float = 0.0, training: bool = False, scale_by_keep: bool = True):
    if drop_prob == 0.0 or not training:
        return x
    keep_prob = 1 - drop_prob
    shape = (x.shape[0],) + (1,) * (x.ndim - 1)
    random_tensor = x.new_empty(shape).bernoulli_(keep_prob)
    if keep_prob > 0.0 and scale_by_keep:
        random_tensor.div_(keep_prob)
    return x * random_tensor


class DropPath(nn.Module):
    def __init__(self, drop_prob=0.0, scale_by_keep=True):
        super().__init__()
        self.drop_prob = drop_prob
        self.scale_by_keep = scale_by_keep

    def forward(self, x):
        return drop_path(x, self.drop_prob, self.training, self.scale_by_keep)


class LayerScale(nn.Module):
    def __init__(self, dim, init_values=1e-5, inplace=False):
        super().__init__()
        self.inplace = inplace
        self.gamma = nn.Parameter(init_values * torch.ones(dim))

    def forward(self, x):
        return x.mul_(self.gamma) if self.inplace else x * self.gamma


class Mlp(nn.Module):
    def __init__(self, dim, hidden):
        super().__init__()
        self.fc1 = nn.Linear(dim, hidden)
        self.act = nn.GELU()
        self.fc2 = nn.Linear(hidden, dim)

    def forward(self, x):
        return self.fc2(self.act(self.fc1(x)))


class Block(nn.Module):
    def __init__(self, dim, drop_path_rate=0.0, init_values=0.5, inplace=False):
        super().__init__()
        self.norm1 = nn.LayerNorm(dim)
        self.attn = nn.Linear(dim, dim)
        self.ls1 = LayerScale(dim, init_values, inplace) if init_values else nn.Identity()
        self.drop_path1 = DropPath(drop_path_rate) if drop_path_rate > 0.0 else nn.Identity()
        self.norm2 = nn.LayerNorm(dim)
        self.mlp = Mlp(dim, dim * 2)
        self.ls2 = LayerScale(dim, init_values, inplace) if init_values else nn.Identity()
        self.drop_path2 = DropPath(drop_path_rate) if drop_path_rate > 0.0 else nn.Identity()

    def forward(self, x):
        x = x + self.drop_path1(self.ls1(self.attn(self.norm1(x))))
        x = x + self.drop_path2(self.ls2(self.mlp(self.norm2(x))))
        return x


def init(m):
    with torch.no_grad():
        for i, p in enumerate(m.parameters()):
            p.copy_(torch.linspace(-0.3, 0.3, p.numel()).reshape(p.shape) * (1 + 0.1 * i))


graphs = []


def backend(gm, example_inputs):
    graphs.append([n.op for n in gm.graph.nodes].count("call_module") +
                  [n.op for n in gm.graph.nodes].count("call_function") +
                  [n.op for n in gm.graph.nodes].count("call_method"))
    return gm.forward


x = torch.linspace(-1.0, 1.0, 2 * 3 * 8).reshape(2, 3, 8)
for rate, inplace in ((0.0, False), (0.1, False), (0.1, True)):
    torch._dynamo.reset()
    graphs.clear()
    m = nn.Sequential(Block(8, rate, 0.5, inplace), Block(8, rate, None, inplace))
    init(m)
    m.eval()
    with torch.no_grad():
        e = torch._dynamo.explain(m)(x.clone())
    print("rate", rate, "inplace", inplace, "eval graphs", e.graph_count, "breaks", e.graph_break_count, "ops", e.op_count)
    print("  ops", [getattr(t, "__name__", str(t)) for t in e.ops_per_graph[0]])
    cm = torch.compile(m, backend=backend)
    with torch.no_grad():
        ref = m(x.clone())
        out = cm(x.clone())
    print("  eval equal", torch.allclose(ref, out, atol=1e-6), "graphs", len(graphs))
    m.train()
    if rate == 0.0 or not inplace:
        torch.manual_seed(0)
        ref = m(x.clone())
        torch.manual_seed(0)
        out = cm(x.clone())
        print("  train equal", torch.allclose(ref, out, atol=1e-6), "graphs", len(graphs), graphs)
        out.sum().backward()
        print("  grad", round(m[0].ls1.gamma.grad.abs().sum().item(), 4) if hasattr(m[0].ls1, "gamma") else None)
