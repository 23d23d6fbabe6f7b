# Real-program corpus (tests/realworld, see README.md): torch.fx program transformations: replace
# every addition (operator.add, torch.add and the "add" method) with another op by walking
# graph.nodes, inserting_after, call_function, replace_all_uses_with, erase_node and recompile; the
# subgraph rewriter (replace_pattern); a graph built from Proxy objects; inverting a function by
# walking its graph backwards; a custom Tracer that traces through ReLU and tags nodes: the workflow
# of pytorch/examples fx/replace_op.py, subgraph_rewriter_basic_use.py, proxy_based_graph_creation.py,
# invert.py and custom_tracer.py @ 77f55b912142e11fcfdf5b530231fb9c52f181e8. Written for Kiln, not
# copied.
import operator

import torch
import torch.fx as fx
from torch.fx import Graph, GraphModule, Proxy, Tracer, replace_pattern, symbolic_trace


class AddThreeWays(torch.nn.Module):
    def forward(self, x, y):
        return x + y, torch.add(x, y), x.add(y)


traced = symbolic_trace(AddThreeWays())
print(traced.code.strip())
patterns = {operator.add, torch.add, "add"}
for n in traced.graph.nodes:
    if any(n.target == pattern for pattern in patterns):
        with traced.graph.inserting_after(n):
            new_node = traced.graph.call_function(torch.mul, n.args, n.kwargs)
            n.replace_all_uses_with(new_node)
        traced.graph.erase_node(n)
traced.recompile()
print(traced.code.strip())
print(traced(torch.tensor([1., 2.]), torch.tensor([3., 4.])))


class TwoCats(torch.nn.Module):
    def forward(self, x, w1, w2):
        m1 = torch.cat([torch.neg(w1), w2]).sum()
        m2 = torch.cat([torch.neg(w1), w2]).sum()
        return x + torch.max(m1) + torch.max(m2)


def pattern(a1, a2):
    return torch.cat([torch.neg(a1), a2]).sum()


def replacement(w1, w2):
    return torch.stack([w1, w2])


gm = symbolic_trace(TwoCats())
matches = replace_pattern(gm, pattern, replacement)
print(len(matches))
print(gm.code.strip())
print(gm(torch.ones(2), torch.tensor([1., -2.]), torch.tensor([3., 0.5])))

graph = Graph()
tracer = torch.fx.proxy.GraphAppendingTracer(graph)
px = Proxy(graph.placeholder('x'), tracer)
py = Proxy(graph.placeholder('y'), tracer)
out = torch.neg(torch.tanh(torch.cat([px, py])))
graph.output(out.node)
mod = GraphModule(torch.nn.Module(), graph)
print(mod.code.strip())
print(mod(torch.tensor([0.0]), torch.tensor([1.0, -1.0])))

inverse = {torch.exp: torch.log, torch.log: torch.exp, torch.tan: torch.arctan, torch.arctan: torch.tan}


def invert(fn):
    fx_model = fx.symbolic_trace(fn)
    new_graph = fx.Graph()
    env = {}
    for node in reversed(fx_model.graph.nodes):
        if node.op == 'call_function':
            new_node = new_graph.call_function(inverse[node.target], (env[node.name],))
            env[node.args[0].name] = new_node
        elif node.op == 'output':
            env[node.args[0].name] = new_graph.placeholder(node.name)
        elif node.op == 'placeholder':
            new_graph.output(env[node.name])
        else:
            raise RuntimeError("Not implemented")
    new_graph.lint()
    return fx.GraphModule(fx_model, new_graph)


def f(x):
    return torch.exp(torch.tan(x))


res = invert(f)
print(res.code.strip())
print(f(res(torch.arange(5) + 1)))


class WithReLU(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.relu = torch.nn.ReLU()

    def forward(self, x):
        return self.relu(x) + 1


class LowerReluTracer(Tracer):
    def is_leaf_module(self, m, qualname):
        if isinstance(m, torch.nn.ReLU):
            return False
        return super().is_leaf_module(m, qualname)


class TaggingTracer(Tracer):
    def create_node(self, kind, target, args, kwargs, name=None, type_expr=None):
        n = super().create_node(kind, target, args, kwargs, name)
        n.tag = "foo"
        return n


print([(n.op, str(n.target)) for n in symbolic_trace(WithReLU()).graph.nodes])
lowered = LowerReluTracer().trace(WithReLU())
print([(n.op, n.name) for n in lowered.nodes])
tagged = TaggingTracer().trace(WithReLU())
print(all(getattr(n, "tag", None) == "foo" for n in tagged.nodes), len(list(tagged.nodes)))
