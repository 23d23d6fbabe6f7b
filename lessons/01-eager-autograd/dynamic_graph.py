import torch

# Plain Python decides which ops run, so each call records a different graph.
def f(x, n):
    for _ in range(n):
        x = x * 2
    if x.sum() > 10:
        x = x.relu()
    else:
        x = x.neg()
    return x.sum()

for n in [1, 3]:
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    out = f(x, n)
    # Walk the recorded nodes: the loop was unrolled and only one branch is in the graph.
    names = []
    node = out.grad_fn
    while node is not None:
        names.append(type(node).__name__)
        parents = [p for p, _ in node.next_functions if p is not None]
        node = parents[0] if parents else None
    print(n, names)
    out.backward()
    print(x.grad)
