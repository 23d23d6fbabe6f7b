import torch
# A float that changes every call (an LR scheduler's `lr` read in a compiled step, a global's attribute
# or dict item, an argument): PyTorch 2.11 (specialize_float=False) compiles it as a constant, recompiles
# once when it changes, then takes it as a 0-d float64 tensor input read back with .item().


class Sched:
    def __init__(self):
        self.lr = 0.1


sched = Sched()
cfg = {"lr": 0.1}


def step(w, g):
    return w - sched.lr * g


def step_dict(w, g):
    return w - cfg["lr"] * g


def step_arg(w, g, lr):
    return w - lr * g


class Show:
    def __init__(self):
        self.frame_count = 0

    def __call__(self, gm, example_inputs):
        self.frame_count += 1
        print("graph", self.frame_count, [type(a).__name__ for a in example_inputs])
        print(gm.code.strip())
        return gm.forward


w = torch.ones(3)
g = torch.full((3,), 0.5)
for fn in (step, step_dict):
    torch._dynamo.reset()
    cnt = Show()
    cf = torch.compile(fn, backend=cnt)
    for i in range(5):
        sched.lr = 0.1 * (0.5 ** i)
        cfg["lr"] = sched.lr
        out = cf(w, g)
        print(fn.__name__, i, out, cnt.frame_count)
torch._dynamo.reset()
cnt = Show()
cf = torch.compile(step_arg, backend=cnt)
for i in range(5):
    out = cf(w, g, 0.1 * (0.5 ** i))
    print("arg", i, out, cnt.frame_count)
