# torch.all / torch.any over every dtype: bool results, except for uint8 input whose result stays
# uint8 (PyTorch's documented exception); NaN counts as true; empty tensors; dim and keepdim forms;
# non-contiguous input; no autograd history on the result.
import torch

cases = [
    torch.tensor([1.0, float("nan")]),
    torch.tensor([0.0, 2.0]),
    torch.tensor([], dtype=torch.int64),
    torch.tensor([3, 0], dtype=torch.uint8),
    torch.tensor([True, True]),
    torch.tensor([1 + 1j, 0j]),
    torch.tensor(0.0),
    torch.tensor([-1, 2], dtype=torch.int8),
    torch.tensor([0.5, 1.5], dtype=torch.float16),
    torch.ones(3, 4)[:, ::2],
]
for t in cases:
    print(t.dtype, t.all(), t.any(), torch.all(t), torch.any(t))
u = torch.tensor([[3, 0], [1, 1]], dtype=torch.uint8)
print(u.all(1), u.any(0), torch.all(u, dim=0, keepdim=True), u.bool().all())
f = torch.tensor([[0.0, 1.0], [2.0, 3.0]])
print(f.all(dim=1), f.any(dim=0, keepdim=True), f.all(dim=(0, 1)))
x = torch.tensor([1.0, 2.0], requires_grad=True)
r = (x * 2).all()
print(r, r.requires_grad, r.grad_fn)
