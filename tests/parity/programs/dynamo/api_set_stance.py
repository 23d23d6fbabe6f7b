import torch
# torch.compiler.set_stance: force_eager skips compiling, default resumes it.

calls = []

def counting(gm, example_inputs):
    calls.append(len(gm.graph.nodes))
    return gm.forward

def f(x):
    return x * 3

cf = torch.compile(f, backend=counting)
x = torch.tensor([1., 2.])
torch.compiler.set_stance("force_eager")
print("force_eager", cf(x), "compiles", len(calls))
torch.compiler.set_stance("default")
print("default", cf(x), "compiles", len(calls))
with torch.compiler.set_stance("force_eager"):
    print("with force_eager", cf(torch.ones(5)), "compiles", len(calls))
print("default again", cf(x), "compiles", len(calls))
torch.compiler.set_stance("fail_on_recompile")
print("same input", cf(x), "compiles", len(calls))
try:
    cf(torch.tensor([1, 2]))
    print("no error")
except Exception as e:
    print(type(e).__name__)
torch.compiler.set_stance("default")
print("compiles", len(calls))
