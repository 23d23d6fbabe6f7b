import torch

# Graph passes at work. Before any kernel is written the graph is cleaned up:
#  - constant folding: torch.ones(4) * 2 depends on no input, so it is computed once
#  - common subexpression elimination (CSE): x.sin() appears twice, computed once
#  - dead code elimination (DCE): `unused` feeds no output, so it disappears
#  - decomposition: softmax is rewritten into max, sub, exp, sum and div
def f(x):
    scale = torch.ones(4) * 2
    unused = x.cos() * 100
    a = x.sin() * scale
    b = x.sin() + 1
    return torch.softmax(a + b, dim=-1)

x = torch.linspace(-1, 1, 8).reshape(2, 4)
cf = torch.compile(f)
out = cf(x)
print("same as eager:", torch.allclose(out, f(x), atol=1e-6))
print("rows sum to 1:", torch.allclose(out.sum(-1), torch.ones(2)))
