# The examples of PyTorch's "Dealing with Recompilations" page (docs/source/compile/
# programming_model.recompilation.md): a shape change recompiles once and then is dynamic, dynamic=True
# compiles once, a float constant is specialized until it changes and a tensor-wrapped one never is, the
# cache size limit stops recompiling after 8 entries (and a raised limit does not), and a graph break keeps
# the large part of a function from being recompiled. Graphs are counted per compiled function through a
# recording backend; their input kinds show what became symbolic.
import torch
import torch._dynamo

seen = []


def rec(gm, example_inputs):
    seen.append([type(t).__name__ for t in example_inputs])
    return gm.forward


def report(label):
    print(label, len(seen), seen)
    seen.clear()
    torch._dynamo.reset()


@torch.compile(backend=rec)
def fn(x):
    return x + 1


print(fn(torch.ones(3)).tolist(), fn(torch.ones(4)).tolist(), fn(torch.ones(5)).tolist())
report("shape change")


@torch.compile(backend=rec, dynamic=True)
def gn(x):
    return x + 1


print(gn(torch.ones(3)).tolist(), gn(torch.ones(4)).tolist())
report("dynamic=True")


@torch.compile(backend=rec)
def add_c(x, c):
    return x + c


for i in range(5):
    print(i, add_c(torch.ones(i), 0.5 + i).tolist())
report("float constant")

for i in range(5):
    print(i, add_c(torch.ones(i), torch.tensor(0.5 + i)).tolist())
report("tensor constant")


@torch.compile(backend=rec, dynamic=False)
def static_fn(x):
    return x + 1


for i in range(1, 10):
    static_fn(torch.ones(i))
report("cache limit 8")

torch._dynamo.config.cache_size_limit = 16


@torch.compile(backend=rec, dynamic=False)
def static_gn(x):
    return x + 1


for i in range(1, 10):
    static_gn(torch.ones(i))
report("cache limit 16")
torch._dynamo.config.cache_size_limit = 8


def very_large_function(x):
    return x + 1


@torch.compile(backend=rec)
def whole(x, c):
    y = very_large_function(x)
    return y + c


for i in range(1, 4):
    print(whole(torch.ones(i), i).tolist())
report("no break")


@torch.compile(backend=rec)
def split(x, c):
    y = very_large_function(x)
    torch._dynamo.graph_break()
    return y + c


for i in range(1, 4):
    print(split(torch.ones(i), i).tolist())
report("with break")
