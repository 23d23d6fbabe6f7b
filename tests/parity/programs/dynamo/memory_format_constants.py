import torch
import torch.nn.functional as F
# torch.memory_format values (torch.channels_last, torch.contiguous_format, torch.preserve_format) are
# constants to Dynamo, as dtypes and devices are: x.contiguous(memory_format=...), x.to(memory_format=...),
# x.clone(memory_format=...), torch.empty_like(..., memory_format=...) and is_contiguous(memory_format=...)
# stay in one graph, and the compiled results keep eager's strides (the default back end too).

graphs = []
def backend(gm, example_inputs):
    graphs.append([getattr(n.target, "__name__", str(n.target)) for n in gm.graph.nodes
                   if n.op in ("call_function", "call_method")])
    return gm.forward

def to_cl(x):
    y = x.contiguous(memory_format=torch.channels_last) + 1
    return y.relu(), y.is_contiguous(memory_format=torch.channels_last)

def convert(x):
    a = x.to(memory_format=torch.channels_last) * 2
    b = a.clone(memory_format=torch.contiguous_format)
    c = torch.empty_like(a, memory_format=torch.preserve_format).fill_(3)
    return a, b, c

def conv_block(x, w):
    y = F.conv2d(x.contiguous(memory_format=torch.channels_last), w, padding=1)
    return F.max_pool2d(F.relu(y), 2)

torch.manual_seed(0)
x = torch.randn(2, 3, 6, 6)
w = torch.randn(4, 3, 3, 3)
for fn, args in ((to_cl, (x,)), (convert, (x,)), (conv_block, (x, w))):
    want = fn(*args)
    for be in (backend, "inductor"):
        got = torch.compile(fn, backend=be)(*args)
        got = got if isinstance(got, tuple) else (got,)
        wnt = want if isinstance(want, tuple) else (want,)
        for g, e in zip(got, wnt):
            if isinstance(g, torch.Tensor):
                print(fn.__name__, tuple(g.shape), g.stride() == e.stride(), g.stride(), torch.allclose(g, e, atol=1e-5))
            else:
                print(fn.__name__, g, e)
print("graphs:", len(graphs))
for g in graphs:
    print(g)
