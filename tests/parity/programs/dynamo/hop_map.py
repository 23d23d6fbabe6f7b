import torch
from torch._dynamo.testing import CompileCounterWithBackend, EagerAndRecordGraphs
from torch._higher_order_ops.map import map as hop_map
# torch map (torch._higher_order_ops.map): a function applied to each slice of xs along dim 0, the
# results stacked; under torch.compile one torch.ops.higher_order.map_impl node over map_body_0.


def fmt(t):
    return [f"{v:.4f}" for v in t.reshape(-1).tolist()]


def scale_rows(xs, w):
    def body(x, w):
        return (x * w).sin() + 1

    return hop_map(body, xs, w)


def pair_rows(xs, ys):
    def body(pair):
        a, b = pair
        return a + b, a * b

    return hop_map(body, (xs, ys))


xs = torch.tensor([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
w = torch.tensor([0.5, -1.0])
print("eager", fmt(scale_rows(xs, w)))
backend = EagerAndRecordGraphs()
cnt = CompileCounterWithBackend(backend)
cf = torch.compile(scale_rows, backend=cnt, fullgraph=True)
out = cf(xs, w)
print("compiled", fmt(out), list(out.shape), torch.allclose(out, scale_rows(xs, w)))
print("frames", cnt.frame_count)
print(backend.graphs[0].code.strip())

s, p = pair_rows(xs, xs + 1)
print("eager", fmt(s), fmt(p))
backend = EagerAndRecordGraphs()
cnt = CompileCounterWithBackend(backend)
cs, cp = torch.compile(pair_rows, backend=cnt)(xs, xs + 1)
print("compiled", fmt(cs), fmt(cp), torch.allclose(cs, s), torch.allclose(cp, p), "frames", cnt.frame_count)
print(backend.graphs[0].code.strip())

for name, bad in (("empty", torch.zeros(0, 2)), ("not_tensor", [1, 2])):
    try:
        hop_map(lambda x: x, bad)
    except Exception as e:
        print(name, type(e).__name__, e)
