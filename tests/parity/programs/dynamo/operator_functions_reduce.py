# Compiled code calling the operator module's functions (operator.add, operator.getitem, the
# comparisons, the in-place forms), functools.reduce over a tensor's shape and over tensors, and
# iter/next: one graph, PyTorch's results, no graph break.
import functools
import operator

import torch


def f(x, y):
    n = functools.reduce(operator.mul, x.shape)
    z = operator.neg(operator.add(x, y)) * n
    total = functools.reduce(operator.add, [x, y, z])
    first = next(iter([z, x]))
    w = operator.iadd(x.clone(), 1)
    return operator.getitem(first, 0), operator.lt(n, 10), total.sum(), operator.truediv(w, 2).mean(), operator.not_(n)


x, y = torch.ones(2, 3), torch.full((2, 3), 2.0)
print(f(x, y))
print(torch.compile(f, backend="eager", fullgraph=True)(x, y))
explanation = torch._dynamo.explain(f)(x, y)
print(explanation.graph_count, explanation.graph_break_count)
