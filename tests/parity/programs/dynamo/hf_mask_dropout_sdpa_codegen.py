import torch
import torch.nn.functional as F
# What Hugging Face- and timm-style blocks put in a Dynamo graph: `torch.finfo(dtype).min` and
# `torch.iinfo` are constants (no graph break), nn.Dropout records F.dropout with its inplace flag,
# F.scaled_dot_product_attention is torch._C._nn's function, in-place operators print as FX writes
# them (`l_x_ += 1;  x = l_x_`), and an in-place method whose result nobody reads is cleared at once.


def show(gm, example_inputs):
    print(gm.code.strip())
    return gm.forward


class Attn(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.drop = torch.nn.Dropout(0.0)
        self.qkv = torch.nn.Linear(8, 24)

    def forward(self, x, causal):
        q, k, v = self.qkv(x).view(2, 3, 3, 2, 4).permute(2, 0, 3, 1, 4).unbind(0)
        w = q @ k.transpose(-1, -2)
        mask_value = torch.finfo(w.dtype).min
        w = torch.where(causal, w, torch.full([], mask_value, dtype=w.dtype))
        w = self.drop(w.softmax(-1))
        fused = F.scaled_dot_product_attention(q, k, v, dropout_p=0.0)
        return w @ v, fused


def limits(x):
    big = torch.iinfo(torch.int64).max
    eps = torch.finfo(x.dtype).eps
    tiny = torch.finfo(torch.float16).tiny
    return x.clamp(min=eps, max=big) + tiny


def inplace_ops(x, y):
    x += 1
    x *= y
    y -= 2
    z = x.clone()
    z /= 4
    return x, y, z


def drop_path(x):
    keep = x.new_empty((x.shape[0], 1)).fill_(1.0)
    keep.div_(0.9)
    keep.mul_(0.5)
    return x * keep


torch.manual_seed(0)
m = Attn().eval()
causal = torch.tril(torch.ones(3, 3, dtype=torch.bool))
for name, fn, args in [("attn", m, (torch.randn(2, 3, 8), causal)),
                       ("limits", limits, (torch.randn(4),)),
                       ("inplace_ops", inplace_ops, (torch.ones(3), torch.full((3,), 2.0))),
                       ("drop_path", drop_path, (torch.ones(2, 3),))]:
    torch._dynamo.reset()
    print("==", name)
    ex = torch._dynamo.explain(fn)(*args)
    print("graphs", ex.graph_count, "breaks", ex.graph_break_count, "ops", ex.op_count)
    torch._dynamo.reset()
    out = torch.compile(fn, backend=show)(*args)
    print([tuple(o.shape) for o in out] if isinstance(out, tuple) else tuple(out.shape))
