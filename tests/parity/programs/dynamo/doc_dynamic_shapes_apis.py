# The dynamic-shapes page's APIs (docs/source/torch.compiler_dynamic_shapes.rst): automatic dynamic after a
# size changes, mark_dynamic before the first call, maybe_mark_dynamic, mark_static under dynamic=True,
# dynamic=False recompiling per size, and automatic_dynamic_shapes switched off. The graphs' code shows
# which sizes became symbols (PyTorch's source-hashed names) and which graph inputs they are.
import torch
import torch._dynamo

codes = []


def rec(gm, example_inputs):
    codes.append((gm.code.strip(), [type(t).__name__ for t in example_inputs]))
    return gm.forward


def show(label):
    print(label, "graphs", len(codes))
    for c, kinds in codes:
        print(kinds)
        print(c)
    codes.clear()


def f(x):
    return x.reshape(-1, x.shape[-1]).mean(0) * x.shape[0]


torch._dynamo.reset()
cf = torch.compile(f, backend=rec)
for n in (2, 3, 4, 5):
    cf(torch.ones(n, 3))
show("automatic")

torch._dynamo.reset()
a = torch.ones(4, 3)
torch._dynamo.mark_dynamic(a, 0)
cf = torch.compile(f, backend=rec)
cf(a)
cf(torch.ones(6, 3))
show("mark_dynamic")

torch._dynamo.reset()
b = torch.ones(4, 5)
torch._dynamo.maybe_mark_dynamic(b, 1)
cf = torch.compile(f, backend=rec)
cf(b)
show("maybe_mark_dynamic")

torch._dynamo.reset()
c = torch.ones(3, 4)
torch._dynamo.mark_static(c, 1)
cf = torch.compile(f, backend=rec, dynamic=True)
cf(c)
show("mark_static")

torch._dynamo.reset()
cf = torch.compile(f, backend=rec, dynamic=False)
for n in (2, 3, 4):
    cf(torch.ones(n, 3))
show("dynamic=False")

torch._dynamo.reset()
torch._dynamo.config.automatic_dynamic_shapes = False
cf = torch.compile(f, backend=rec)
for n in (2, 3):
    cf(torch.ones(n, 3))
show("automatic off")
torch._dynamo.config.automatic_dynamic_shapes = True


def g(x, y):
    return torch.cat([x, y]).sum(0)


torch._dynamo.reset()
cg = torch.compile(g, backend=rec, dynamic=True)
print(cg(torch.ones(2, 3), torch.ones(4, 3)).tolist())
show("two inputs")
