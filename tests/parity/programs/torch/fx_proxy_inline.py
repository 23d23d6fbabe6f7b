import torch
import torch.nn as nn
from torch.fx import Proxy, symbolic_trace, GraphModule, Node
from torch.fx.node import map_arg
import torch.fx

# Proxies over existing nodes: a call_module node replaced by the inlined trace of its layer, a
# graph's output wrapped in a traced activation, a traced GraphModule called on a Proxy.


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.relu = nn.ReLU()
        self.lin = nn.Linear(2, 2)

    def forward(self, x):
        return self.lin(self.relu(x) + 1.0)


m = symbolic_trace(M())
with torch.no_grad():
    m.lin.weight.copy_(torch.tensor([[1.0, 2.0], [-1.0, 0.5]]))
    m.lin.bias.copy_(torch.tensor([0.0, 1.0]))
x = torch.tensor([[-1.0, 0.5], [2.0, -3.0]])
before = m(x)
tracer = torch.fx.proxy.GraphAppendingTracer(m.graph)
for node in m.graph.nodes:
    if node.op == "call_module" and node.target == "relu":
        with m.graph.inserting_before(node):
            proxy_args = map_arg(node.args, lambda n: Proxy(n, tracer))
            proxy_kwargs = map_arg(node.kwargs, lambda n: Proxy(n, tracer))
            proxy_output = getattr(m, node.target)(*proxy_args, **proxy_kwargs)
            node.replace_all_uses_with(proxy_output.node)
            m.graph.erase_node(node)
m.recompile()
print(m.code)
print(torch.equal(m(x), before))

activation = symbolic_trace(nn.LeakyReLU(0.25))
print(activation.code)
print(type(activation).__name__, [n.op for n in activation.graph.nodes])


def wrap_output(gm, act):
    output_node = None
    for n in reversed(gm.graph.nodes):
        if n.op == "output":
            output_node = n
            break
    wrap_node = output_node.all_input_nodes[0]
    with gm.graph.inserting_after(wrap_node):
        new = act(Proxy(wrap_node))
        output_node.args = (new.node,)
    gm.recompile()


wrap_output(m, activation)
print(m.code)
print(torch.equal(m(x), torch.nn.functional.leaky_relu(before, 0.25)))

s = symbolic_trace(nn.Sequential(nn.Linear(2, 2), nn.Sigmoid()))
print(type(s).__name__, s.code)
p = Proxy(m.graph.placeholder("late"))
print(type(p.tracer).__name__, p.node.name, (p * 2).node.op, (3 - p).node.args)
