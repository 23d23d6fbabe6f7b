# torch._is_all_true / torch._is_any_true (bool tensor -> 0-d bool tensor), eagerly and inside
# torch.compile, where each is one call_function node of the graph, as PyTorch 2.11 records it.
import torch
import torch._dynamo as dynamo

print(torch._is_all_true(torch.tensor([True, True])), torch._is_all_true(torch.tensor([True, False])))
print(torch._is_any_true(torch.tensor([False, True])), torch._is_any_true(torch.zeros(2, 3, dtype=torch.bool)))
print(torch._is_all_true(torch.tensor(True)).shape, torch._is_all_true(torch.ones(0, dtype=torch.bool)))


def checks(x):
    ok = torch._is_all_true(x > -10)
    some = torch._is_any_true(x > 0.5)
    return ok, some, x * 2


graphs = []


def backend(gm, example_inputs):
    graphs.append(gm.code.strip())
    return gm.forward


x = torch.linspace(-1.0, 2.0, 6).reshape(2, 3)
ok, some, y = torch.compile(checks, backend=backend)(x)
print(ok, some, y.sum())
print(len(graphs))
print(graphs[0])
ex = dynamo.explain(checks)(x)
print(ex.graph_count, ex.graph_break_count, ex.op_count)
