import torch
# torch.autocast blocks inside a compiled function (PyTorch 2.11's AutocastModeVariable): entering
# the block is a `torch.amp.autocast_mode._enter_autocast(device_type, dtype, enabled,
# cache_enabled)` node with autocast's arguments bound and defaulted (an autocast object made outside
# the function gives its device, resolved dtype and flags), leaving it an
# `_exit_autocast(_enter_autocast)` node, and the ops between run in the block's precision, so the
# compiled results have the dtypes (and values) of eager autocast.


def show(gm, example_inputs):
    print(gm.code.strip())
    ops = [n.target.__name__ for n in gm.graph.nodes if n.op == "call_function"]
    print("call_function:", ops)
    return gm.forward


def before_after(x, w):
    y = x + 1
    with torch.autocast("cpu", dtype=torch.bfloat16):
        z = y @ w
        z = torch.relu(z)
    return z.float() * 2


def defaults(x, w):
    with torch.autocast("cpu"):
        z = torch.mm(x, w)
    return z


def keywords(x, w):
    with torch.autocast(device_type="cpu", dtype=torch.float16, cache_enabled=False):
        z = x @ w
        flag = torch.is_autocast_enabled("cpu")
    return z, flag


def amp_spelling(x, w):
    with torch.amp.autocast("cpu", dtype=torch.bfloat16):
        z = x @ w
    return z.sum(dim=0)


def disabled_inside(x, w):
    with torch.autocast("cpu", dtype=torch.bfloat16):
        a = x @ w
        with torch.autocast("cpu", enabled=False):
            b = x @ w
        c = a.float() + b
    return a, b, c


region = torch.autocast("cpu", dtype=torch.bfloat16)


def outside_object(x, w):
    with region:
        z = x @ w
    return z + 1


def with_no_grad(x, w):
    with torch.autocast("cpu", dtype=torch.bfloat16):
        with torch.no_grad():
            a = x @ w
        b = a * 2
    return b


torch.manual_seed(0)
x = torch.randn(4, 8)
w = torch.randn(8, 3)
for fn in (before_after, defaults, keywords, amp_spelling, disabled_inside, outside_object, with_no_grad):
    torch._dynamo.reset()
    print("==", fn.__name__)
    got = torch.compile(fn, backend=show)(x, w)
    ref = fn(x, w)
    got = got if isinstance(got, tuple) else (got,)
    ref = ref if isinstance(ref, tuple) else (ref,)
    for g, r in zip(got, ref):
        if isinstance(g, torch.Tensor):
            print(g.dtype, g.shape, torch.equal(g, r))
        else:
            print(g, g == r)
    print("autocast after:", torch.is_autocast_enabled("cpu"))
