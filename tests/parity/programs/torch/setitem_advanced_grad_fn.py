import torch
# Which node an assignment through an index records: PyTorch's setitem applies the basic items first
# (an int selects, None unsqueezes, a slice narrows unless spelled 0:len) and, when tensor or list
# indices remain, calls index_put_ on what is left: on the tensor itself that is IndexPutBackward0,
# on a view of it the base records CopySlices. Gradients flow to the kept part and to the value.
p = torch.arange(12.0).reshape(3, 4).requires_grad_()
keys = [
    ("t[tensor]", torch.tensor([0, 2])),
    ("t[list]", [0, 2]),
    ("t[mask]", torch.tensor([True, False, True])),
    ("t[..., tensor]", (Ellipsis, torch.tensor([1]))),
    ("t[0:3, tensor]", (slice(0, 3), torch.tensor([1, 3]))),
    ("t[:, tensor]", (slice(None), torch.tensor([1, 3]))),
    ("t[1:, list]", (slice(1, None), [0])),
    ("t[0, tensor]", (0, torch.tensor([1, 3]))),
    ("t[None, tensor]", (None, torch.tensor([2]))),
    ("t[tensor, tensor]", (torch.tensor([0, 1]), torch.tensor([3, 2]))),
]
for label, key in keys:
    v = torch.tensor(10.0, requires_grad=True)
    q = p * 1
    q[key] = v * 2
    (q * torch.arange(12.0).reshape(3, 4)).sum().backward()
    print(label, q.grad_fn.name(), v.grad.item(), p.grad.sum().item())
    p.grad = None
q = p.clone()
q[torch.tensor([1])] = torch.ones(1, 4)
print(q.grad_fn.name(), q.requires_grad, q.is_leaf)
w = torch.zeros(2, 3)
w[[0, 1], [2, 0]] = 5.0
print(w, w.grad_fn)
