import torch
# Tensors read through an object attribute are graph inputs; ints read there are guarded constants.

calls = []

def counting(gm, example_inputs):
    calls.append(len(example_inputs))
    return gm.forward

class Config:
    def __init__(self):
        self.offset = torch.tensor([1., 1.])
        self.repeat = 2

cfg = Config()

def f(x):
    return x * cfg.repeat + cfg.offset

cf = torch.compile(f, backend=counting)
x = torch.tensor([1., 2.])
print(cf(x), "compiles", len(calls))
cfg.offset = torch.tensor([0., 5.])
print(cf(x), "compiles", len(calls), torch.equal(cf(x), f(x)))
cfg.repeat = 3
print(cf(x), "compiles", len(calls), torch.equal(cf(x), f(x)))
cfg.repeat = 2
print(cf(x), "compiles", len(calls))
print("graph inputs per compile", calls)
