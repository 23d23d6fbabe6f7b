import torch
import torch._dynamo as dynamo
# A while loop whose condition reads tensor data. CPython compiles the test twice: once before the
# loop and once at the bottom of the body, whose true outcome jumps back. The first test is outside
# the loop, so Dynamo compiles the graph before it and resumes after the jump; the bottom test is
# inside the loop, where a break makes Dynamo run the resume function eagerly. explain()'s counts
# and break reasons, the graphs a counting backend receives call after call (new shapes
# recompile), and the results against eager.


def halve(x):
    while x.abs().max() > 1.0:
        x = x / 2
    return x


def count_steps(x, limit):
    steps = 0
    while bool(x.sum() > limit):
        x = x - 1
        steps += 1
    return x, steps


def loop_then_tail(x):
    y = x * 2
    while y.max() > 4:
        y = y - 3
    return y.relu() + 1


for fn, args in [(halve, (torch.tensor([5.0, -3.0]),)), (count_steps, (torch.tensor([2.0, 3.0]), 1.5)),
                 (loop_then_tail, (torch.tensor([1.0, 5.0]),))]:
    dynamo.reset()
    ex = dynamo.explain(fn)(*args)
    print(fn.__name__, ex.graph_count, ex.graph_break_count, ex.op_count)
    print([[getattr(op, "__name__", str(op)) for op in ops] for ops in ex.ops_per_graph])
    for r in ex.break_reasons:
        print(" ", r.reason)

graphs = []


def counting(gm, example_inputs):
    graphs.append(len([n for n in gm.graph.nodes if n.op in ("call_function", "call_method")]))
    return gm.forward


dynamo.reset()
compiled = torch.compile(halve, backend=counting)
per_call = []
for x in [torch.tensor([5.0, -3.0]), torch.tensor([0.5]), torch.tensor([3.0, 1.0, 9.0]), torch.tensor([40.0])]:
    before = len(graphs)
    out = compiled(x)
    per_call.append(len(graphs) - before)
    print(out.tolist(), torch.equal(out, halve(x)))
print(per_call, graphs)

dynamo.reset()
steps = torch.compile(count_steps, backend=counting)
print([(r[0].tolist(), r[1]) for r in [steps(torch.tensor([2.0, 3.0]), 1.5), steps(torch.tensor([0.5, 0.25]), 1.5)]])
