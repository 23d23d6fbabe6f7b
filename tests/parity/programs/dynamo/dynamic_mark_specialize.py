import torch
import torch._dynamo
# A dim marked dynamic that the code forces to one value is an error, not a silent static graph.

calls = []

def counting(gm, example_inputs):
    calls.append(len(example_inputs))
    return gm.forward

def f(x):
    if x.shape[0] == 4:
        return x * 2
    return x + 1

cf = torch.compile(f, backend=counting)
x = torch.ones(4, 2)
torch._dynamo.mark_dynamic(x, 0)
try:
    out = cf(x)
    print("ok", out)
except Exception as e:
    print(type(e).__name__)
    print("Constraints violated" in str(e), "specialize" in str(e))
print("compiles", len(calls))
torch._dynamo.reset()
y = torch.ones(4, 2)
out = cf(y)
print("unmarked", torch.equal(out, f(y)), "compiles", len(calls))
