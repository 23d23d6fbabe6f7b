import torch

# A compiled graph is only valid for inputs like the ones it was captured with.
# Dynamo checks guards before reusing it; a failed guard means a recompile.
calls = []

def counting(gm, example_inputs):
    calls.append([type(a).__name__ for a in example_inputs])
    return gm.forward

def f(x):
    return x * 2 + 1

cf = torch.compile(f, backend=counting)
for n in [3, 3, 4, 5, 6]:
    cf(torch.ones(n))
    print("size", n, "-> graphs so far:", len(calls))
# The second graph takes the size as an input (SymInt): after one shape change,
# Dynamo guesses the size varies and compiles a dynamic graph.
for i, c in enumerate(calls):
    print("graph", i, c)
