import torch

# A compiler wants the whole computation up front. torch.compile hands a backend
# the graph of a function before any of it runs: here a backend that prints it.
def show(gm, example_inputs):
    for n in gm.graph.nodes:
        if n.op == "call_function":
            print(n.op, n.name, n.target.__name__)
        elif n.op == "call_method":
            print(n.op, n.name, n.target)
        else:
            print(n.op, n.name)
    return gm.forward   # run the graph as it is

def f(x):
    return ((x * 2 + 1).relu() * 3).sum()

cf = torch.compile(f, backend=show)
x = torch.linspace(-2.0, 2.0, 8)
print(cf(x))
print(torch.equal(cf(x), f(x)))   # the second call reuses the graph: nothing printed
