# Tensor methods called with unpacked arguments (`x.reshape(*x.shape[:-1], -1, 2)`, Meta's LLaMA
# rotary embeddings) compile to LOAD_ATTR + CALL_FUNCTION_EX rather than LOAD_METHOD; Dynamo traces
# them as the plain method calls, in one graph without breaks.
import torch


def f(x):
    return x.reshape(*x.shape[:-1], -1, 2).sum(-1)


def h(x):
    return x.view(*x.shape[:-1], -1, 2).transpose(-1, -2).flatten(2)


def k(x, dims):
    return x.permute(*dims).contiguous()


def rope_pairs(x):
    pairs = x.float().reshape(*x.shape[:-1], -1, 2)
    rotated = torch.stack([-pairs[..., 1], pairs[..., 0]], dim=-1)
    return rotated.flatten(-2).type_as(x)


torch.manual_seed(0)
x = torch.randn(2, 3, 8)
for fn, args in [(f, (x,)), (h, (x,)), (k, (x, (2, 0, 1))), (rope_pairs, (x,))]:
    torch._dynamo.reset()
    out = torch.compile(fn)(*args)
    explanation = torch._dynamo.explain(fn)(*args)
    print(fn.__name__, tuple(out.shape), torch.allclose(out, fn(*args)), explanation.graph_count, explanation.graph_break_count)
