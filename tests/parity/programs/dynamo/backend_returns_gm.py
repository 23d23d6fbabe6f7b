import torch
# A backend may return the GraphModule itself, or a different callable altogether.

def same(gm, example_inputs):
    return gm

def plus_one(gm, example_inputs):
    def run(*args):
        outs = gm.forward(*args)
        return [o + 1 for o in outs]
    return run

def f(x):
    return x * 2

x = torch.tensor([1., 2.])
print("gm", torch.compile(f, backend=same)(x))
torch._dynamo.reset()
print("altered", torch.compile(f, backend=plus_one)(x))
print("eager", f(x))
torch._dynamo.reset()
print("gm again", torch.compile(f, backend=same)(x))
