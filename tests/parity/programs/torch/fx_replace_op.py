import torch
import torch.fx
import operator

# Rewriting a traced graph: match nodes by target (operator.add, torch.add, the method name "add"),
# insert replacements with inserting_after/inserting_before, replace_all_uses_with, erase_node,
# recompile, and the regenerated code.


class M(torch.nn.Module):
    def forward(self, x, y):
        return x + y, torch.add(x, y), x.add(y), x - y


traced = torch.fx.symbolic_trace(M())
patterns = set([operator.add, torch.add, "add"])
replaced = []
for n in traced.graph.nodes:
    if any(n.target == p for p in patterns):
        with traced.graph.inserting_after(n):
            new_node = traced.graph.call_function(torch.mul, n.args, n.kwargs)
            users = n.replace_all_uses_with(new_node)
        replaced.append((n.name, new_node.name, [u.name for u in users]))
        traced.graph.erase_node(n)
print(replaced)
traced.recompile()
print(traced.code)
x = torch.tensor([1, 2, 3, 12])
y = torch.tensor([5, 6, 10, 10])
print(traced(x, y))

for n in traced.graph.nodes:
    if n.target == operator.sub:
        with traced.graph.inserting_before(n):
            ab = traced.graph.call_function(torch.abs, (n.args[1],))
        n.replace_input_with(n.args[1], ab)
        n.update_arg(0, n.args[0])
traced.recompile()
print(traced.code)
print(traced(x, -y)[3])
print([n.name for n in traced.graph.nodes])
print([n.name for n in reversed(traced.graph.nodes)])
first = next(iter(traced.graph.nodes))
print(first.name, first.next.name, first.next.prev.name)
