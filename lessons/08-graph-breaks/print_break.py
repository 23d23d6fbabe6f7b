import torch
import torch._dynamo

# When Dynamo meets something it cannot put in a graph, it does not give up: it
# ends the graph there (a graph break), runs that piece in plain Python, and
# starts a new graph after it.
def f(x):
    a = x * 2
    print("a is", a)          # print is a side effect Dynamo cannot record
    b = a + 1
    return b.relu()

x = torch.tensor([1.0, -2.0, 3.0])
e = torch._dynamo.explain(f)(x)
print("graphs:", e.graph_count)
print("breaks:", e.graph_break_count)
print("ops per graph:", [[getattr(t, "__name__", str(t)) for t in ops] for ops in e.ops_per_graph])
for r in e.break_reasons:
    print("reason:", r.reason.split("\n")[0])
    print("at line", r.user_stack[-1].lineno, "in", r.user_stack[-1].name)
