import torch

graphs = []

def counting(gm, example_inputs):
    graphs.append(1)
    return gm.forward

def scale(x):
    return x / x.shape[0]

# The exercise: the batch size changes on every call. Make this loop compile
# scale at most twice, without changing the sizes or the function.
cf = torch.compile(scale, backend=counting)   # automatic dynamic: one recompile, then SymInt
ok = True
for rows in [8, 16, 24, 32, 40]:
    x = torch.ones(rows, 2)
    ok = ok and torch.allclose(cf(x), scale(x))
print("results equal:", ok)
