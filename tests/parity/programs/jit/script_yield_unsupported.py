import torch
# torch.jit.script rejects generators at the frontend: yield and yield from have no builder,
# so scripting fails with UnsupportedNodeError naming the AST node; calling the function eagerly works.


def gen_fn(x: torch.Tensor):
    for i in range(2):
        yield x * i


def delegating(x: torch.Tensor):
    y = yield from gen_fn(x)
    return y


def plain(x: torch.Tensor):
    return sum(x * i for i in range(3))


for fn in (gen_fn, delegating):
    try:
        torch.jit.script(fn)
        print(fn.__name__, "scripted")
    except Exception as e:
        print(fn.__name__, type(e).__name__, str(e).strip().split("\n")[0])

x = torch.tensor([1.0, 2.0])
print([t.tolist() for t in gen_fn(x)])
print(list(delegating(x)))
print(plain(x))
