import torch
import torch.nn as nn
import torch.fx
import copy

# Editing graphs: dead code elimination, moving nodes (prepend/append), args/kwargs setters keeping
# users in step, replace_all_uses_with(delete_user_cb), submodules added and removed, copies.


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.ReLU()
        self.b = nn.Tanh()
        self.unused = nn.Sigmoid()

    def forward(self, x):
        y = self.a(x)
        dead = y * 3
        z = self.b(y)
        return z + y


gm = torch.fx.symbolic_trace(M())
print([n.name for n in gm.graph.nodes])
print(gm.graph.eliminate_dead_code(), [n.name for n in gm.graph.nodes], gm.graph.eliminate_dead_code())
nodes = {n.name: n for n in gm.graph.nodes}
print(nodes["a"].users, nodes["add"].args, len(gm.graph.nodes))
nodes["add"].args = (nodes["b"], nodes["b"])
print(nodes["a"].users, nodes["b"].users)
nodes["add"].update_kwarg("alpha", 1)
print(nodes["add"].kwargs)
nodes["add"].kwargs = {}
with gm.graph.inserting_after(nodes["a"]):
    s = gm.graph.call_function(torch.sigmoid, (nodes["a"],))
nodes["b"].replace_input_with(nodes["a"], s)
print([n.name for n in gm.graph.nodes])
gm.graph.lint()
gm.recompile()
print(gm.code)
x = torch.tensor([-1.0, 0.0, 2.0])
print(torch.allclose(gm(x), 2 * torch.tanh(torch.sigmoid(torch.relu(x)))))

try:
    gm.graph.call_module("extra", (s,))
except AttributeError as e:
    print("AttributeError", e)
print(gm.add_submodule("extra", nn.ReLU()), gm.add_submodule("deep.er", nn.Tanh()))
t = gm.graph.call_module("extra", (s,))
print(t.name, t.op, t.args)
print(sorted(name for name, _ in gm.named_modules()))
t.replace_all_uses_with(s)
gm.graph.erase_node(t)
gm.delete_all_unused_submodules()
print(sorted(name for name, _ in gm.named_modules()))
print(gm.delete_submodule("a"), gm.delete_submodule("nope"))

g2 = copy.deepcopy(gm.graph)
print([n.name for n in g2.nodes], g2 is not gm.graph)
ng = torch.fx.Graph()
vm = {}
out = ng.graph_copy(gm.graph, vm)
print(type(out).__name__, len(vm), [n.name for n in ng.nodes])

d = torch.fx.Graph()
p = d.placeholder("p")
u1 = d.call_method("neg", (p,))
u2 = d.call_method("abs", (p,))
d.output([u1, u2])
keep = p.replace_all_uses_with(u1, delete_user_cb=lambda user: user is not u1)
print(keep, p.users, u1.args, u2.args)
n = torch.fx.node.map_arg((p, [u1, 3], {"k": u2}), lambda v: v.name)
print(n)
print(torch.fx.node.map_aggregate((1, [2, 3]), lambda v: v * 10))
print(gm)
e = torch.fx.Graph()
q = e.placeholder("q")
r1 = e.call_method("relu", (q,))
r2 = e.call_method("neg", (q,))
e.output(r2)
r2.append(r1)
print([n.name for n in e.nodes])
r1.prepend(r2)
print([n.name for n in e.nodes], r1.next.name, r1.prev.name)
print(e.eliminate_dead_code(), [n.name for n in e.nodes])
