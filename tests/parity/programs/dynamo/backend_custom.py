import torch
# A custom backend is called once per compiled graph; what it returns runs on every call.

compiles = []
runs = []

def my_backend(gm, example_inputs):
    compiles.append(len(example_inputs))
    print("backend called:", type(gm).__name__, len(example_inputs), "inputs")
    def run(*args):
        runs.append(len(args))
        return gm.forward(*args)
    return run

def f(x, y):
    return (x + y) * 2

cf = torch.compile(f, backend=my_backend)
x = torch.tensor([1., 2.])
y = torch.tensor([3., -1.])
for i in range(3):
    out = cf(x, y)
    print(i, out, "compiles", len(compiles), "runs", len(runs))
print(torch.equal(cf(x, y), f(x, y)))
print(runs)
