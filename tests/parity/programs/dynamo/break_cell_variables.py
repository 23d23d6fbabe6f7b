# A graph break after the compiled part assigned a variable that a comprehension or an inner
# function captures (a cell): the resume code sees the assigned value, as in eager.
import torch


def comprehension_cell(x):
    d = 2
    ys = [x * d for _ in range(3)]
    torch._dynamo.graph_break()
    return ys[0] + d


def closure_cell(x):
    scale = 3.0

    def apply(t):
        return t * scale

    y = apply(x)
    print("between")
    scale = 0.5
    return apply(y)


counts = []


def count_graphs(gm, example_inputs):
    counts.append(len(gm.graph.nodes))
    return gm.forward


x = torch.ones(2)
for fn in [comprehension_cell, closure_cell]:
    torch._dynamo.reset()
    counts.clear()
    eager = fn(x)
    compiled = torch.compile(fn, backend=count_graphs)(x)
    print(fn.__name__, eager, compiled, torch.equal(eager, compiled), len(counts))
