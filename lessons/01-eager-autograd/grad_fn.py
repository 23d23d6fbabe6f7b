import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
w = torch.tensor([0.5, 0.5, 0.5])

# Tensors made from a tensor that requires grad remember how they were made.
a = x * w
b = a.sin()
loss = b.sum()
print(x.grad_fn)                        # a leaf: made by you, not by an op
print(type(a.grad_fn).__name__)
print(type(b.grad_fn).__name__)
print(type(loss.grad_fn).__name__)

# Each node points back at the nodes of its inputs: this chain is the autograd graph.
node = loss.grad_fn
while node is not None:
    print(type(node).__name__)
    parents = [n for n, _ in node.next_functions if n is not None]
    node = parents[0] if parents else None

# w does not require grad, so nothing is recorded for it.
print(w.requires_grad, a.requires_grad, loss.requires_grad)
