import torch
import torch.fx
from torch.fx import Graph, GraphModule, Proxy

# Graphs built by hand: placeholder / call_function / call_method / get_attr / output nodes, Proxies
# over raw nodes appending torch calls, GraphModule code generation, lint and its errors.

graph = Graph()
tracer = torch.fx.proxy.GraphAppendingTracer(graph)
x = Proxy(graph.placeholder("x"), tracer)
y = Proxy(graph.placeholder("y"), tracer)
a = torch.cat([x, y])
b = torch.tanh(a) * 2
c = b.neg().sum(dim=0, keepdim=True)
d = torch.add(b, c, alpha=2)
graph.output((c.node, d.node))
print(graph)
mod = GraphModule(torch.nn.Module(), graph)
print(mod.code)
out = mod(torch.tensor([0.0, 1.0]), torch.tensor([-1.0]))
print(len(out), out[0].shape, out[1].shape, torch.allclose(out[1], out[0] * 2 + torch.tanh(torch.tensor([0.0, 1.0, -1.0])) * 2))

g = Graph()
p = g.placeholder("inp")
w = g.get_attr("weight")
mm = g.call_function(torch.matmul, (p, w))
r = g.call_method("relu", (mm,))
s = g.call_function(torch.sum, (r,), {"dim": 1})
g.output(s)
root = torch.nn.Module()
root.weight = torch.nn.Parameter(torch.tensor([[1.0, -1.0], [2.0, 0.5]]))
gm = GraphModule(root, g, class_name="Built")
print(type(gm).__name__)
print(gm.code)
print(gm(torch.tensor([[1.0, 1.0], [0.0, -1.0]])))
print([n.op for n in g.nodes], len(g.nodes))
print(p.users, mm.all_input_nodes, s.kwargs)
g.lint()

bad = Graph()
q = bad.placeholder("q")
n1 = bad.call_function(torch.relu, (q,))
with bad.inserting_before(n1):
    n2 = bad.call_function(torch.neg, (n1,))
bad.output(n2)
try:
    bad.lint()
except RuntimeError as e:
    print("RuntimeError", str(e).split("\n")[0])
try:
    bad.erase_node(n1)
except RuntimeError as e:
    print("RuntimeError", str(e))
try:
    bool(x)
except Exception as e:
    print(type(e).__name__, e)
try:
    for item in x:
        pass
except Exception as e:
    print(type(e).__name__, str(e)[:40])
try:
    len(x)
except Exception as e:
    print(type(e).__name__, str(e)[:40])
print(repr(x), repr(x.node))
