import torch
# Appending to a global list and writing an object attribute are replayed after the graph runs.

graphs = []
log = []

def capture(gm, example_inputs):
    graphs.append(gm)
    return gm.forward

class State:
    def __init__(self):
        self.last = None
        self.count = 0

st = State()

def f(x):
    y = x + 1
    log.append(y)
    st.last = y * 2
    return y.sum()

cf = torch.compile(f, backend=capture)
x = torch.tensor([1., 2.])
out = cf(x)
print(out, len(log), log[0], st.last)
out = cf(x * 2)
print(out, len(log), log[1], st.last)
print("graphs", len(graphs))
print([n.op for n in graphs[0].graph.nodes])
outs = [n for n in graphs[0].graph.nodes if n.op == "output"][0].args[0]
print("graph outputs", len(outs), [n.name for n in outs])
