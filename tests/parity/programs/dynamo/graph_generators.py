import torch
import torch._dynamo
# Generator expressions and generator functions inside a compiled function: sum/list/tuple of a
# genexpr are traced inline; a generator function called inside is traced too; results match eager.

calls = []


def counting(gm, example_inputs):
    calls.append(len([n for n in gm.graph.nodes if n.op == "call_function"]))
    return gm.forward


def scaled(x, n):
    for k in range(n):
        yield x * (k + 1)


def f(x, ws):
    s = sum(w * x for w in ws)
    parts = list(t.relu() for t in (x, -x, s))
    pair = tuple(p + 1 for p in parts[:2])
    acc = x
    for y in scaled(x, 3):
        acc = acc + y
    return s + pair[0] + pair[1] + acc + sum(scaled(x, 2))


x = torch.tensor([1.0, -2.0, 3.0])
ws = [torch.tensor([1.0, 1.0, 1.0]), torch.tensor([0.5, 2.0, -1.0])]
eager = f(x, ws)
cf = torch.compile(f, backend=counting)
out = cf(x, ws)
print("eager", eager)
print("compiled", out)
print("equal", torch.equal(out, eager))
print("graphs", len(calls))
out2 = cf(x * 2, ws)
print("equal again", torch.equal(out2, f(x * 2, ws)))
print("graphs after second call", len(calls))

torch._dynamo.reset()


def g(x):
    gen = (x * k for k in range(3))
    first = next(gen)
    return first + sum(gen)


e = torch._dynamo.explain(g)(x)
print("explain graph_count", e.graph_count >= 1)
cg = torch.compile(g, backend="eager")
print("g equal", torch.equal(cg(x), g(x)))
