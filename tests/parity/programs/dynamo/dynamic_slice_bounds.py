import torch
# A size symbol as a slice bound (x[:, :H - 1]) in a graph made dynamic by a recompile: the graph
# runs with the symbol's int inside the slice (torch.fx maps slices' bounds like tuple items); and
# a list's .copy() mutated in the traced region (the caller's list unchanged).

calls = []

def counting(gm, example_inputs):
    calls.append([type(a).__name__ for a in example_inputs])
    return gm.forward

def crop(x):
    B, H, W, C = x.shape
    return x[:, :H - 1, 1:W].sum(dim=(1, 2))

def shifted(x, shift):
    shift = shift.copy()
    if x.shape[1] <= 4:
        shift[0] = 0
    shift.append(1)
    return torch.roll(x, shifts=(shift[0], shift[1]), dims=(1, 2)) * shift[2], shift

ccrop = torch.compile(crop, backend=counting)
cshift = torch.compile(shifted, backend=counting)
for n in [8, 5, 6, 3, 9]:
    x = torch.arange(2 * n * n * 3, dtype=torch.float32).reshape(2, n, n, 3)
    print(n, torch.equal(ccrop(x), crop(x)), ccrop(x)[0].tolist())
    shift = [3, 2]
    y, s = cshift(x, shift)
    ref, rs = shifted(x, shift)
    print(n, torch.equal(y, ref), s, rs, shift)
print("symbolic graphs", any("SymInt" in c for c in calls))
