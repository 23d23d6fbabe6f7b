import torch
# fullgraph=True turns a graph break (print) into an exception; nothing runs eagerly.

calls = []

def counting(gm, example_inputs):
    calls.append(len(gm.graph.nodes))
    return gm.forward

def f(x):
    a = x + 1
    print("never printed by the compiled call")
    return a * 2

cf = torch.compile(f, backend=counting, fullgraph=True)
x = torch.tensor([1., 2.])
try:
    cf(x)
    print("no error")
except Exception as e:
    print(type(e).__name__)
    print(str(e).strip().split("\n")[0])
    print("graph_break" in str(e), "print" in str(e))
print("graphs", len(calls))
cf2 = torch.compile(f, backend=counting)
print(cf2(x), torch.equal(cf2(x), f(x)), "graphs", len(calls))
