# Objects made inside a compiled function that refer to themselves (`self.me = self`) or to each
# other (a parent/child pair) and outlive the graph: the transformed code rebuilds them after the
# graph runs (object.__new__, then their attributes, a cycle through a local made as soon as the
# object exists), one graph and no break, as PyTorch 2.11. Kiln crashed on these (unbounded
# recursion walking the cycle) and then ran the frame eagerly.
import torch
import torch._dynamo as dynamo


class Node:
    def __init__(self, v):
        self.v = v
        self.me = self


class Parent:
    def __init__(self, v):
        self.v = v
        self.child = Child(self, v * 3)


class Child:
    def __init__(self, parent, w):
        self.parent = parent
        self.w = w


def self_ref(x):
    n = Node(x * 2)
    return n.me.v + 1, n


def pair(x):
    p = Parent(x + 1)
    return p.child.w.sum(), p


graphs = []


def backend(gm, example_inputs):
    graphs.append(len([n for n in gm.graph.nodes if n.op == "call_function" or n.op == "call_method"]))
    return gm.forward


x = torch.arange(6.0).reshape(2, 3)
for fn in (self_ref, pair):
    dynamo.reset()
    graphs.clear()
    out, obj = torch.compile(fn, backend=backend)(x)
    print(fn.__name__, "graphs", len(graphs), "ops", graphs, out)
    if fn is self_ref:
        print(" me is self", obj.me is obj, obj.v)
    else:
        print(" child.parent is parent", obj.child.parent is obj, obj.v, obj.child.w)
    dynamo.reset()
    ex = dynamo.explain(fn)(x)
    print(" explain", ex.graph_count, ex.graph_break_count, ex.op_count)
