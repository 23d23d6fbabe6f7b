import torch
import torch.nn.functional as F
# torch.tensor of a list inside scripted code (TorchScript's aten::tensor(t[] data, *, dtype, device,
# requires_grad)): nested rectangular lists of ints, floats and bools, with and without dtype= and
# requires_grad=, printed beside eager's torch.tensor with the scripted function's code; and a list
# made tensor as the target of a loss inside a scripted function.


@torch.jit.script
def make(x: torch.Tensor):
    t = torch.tensor([0, 2, 1])
    u = torch.tensor([[1.5, 2.0], [3.0, 4.0]])
    b = torch.tensor([True, False, True])
    d = torch.tensor([1, 2], dtype=torch.float64)
    g = torch.tensor([[0.5], [2.0]], requires_grad=True)
    return x[t], u * 2, b, d, g


@torch.jit.script
def loss(x: torch.Tensor):
    return F.nll_loss(F.log_softmax(x, dim=1), torch.tensor([0, 2, 1]))


x = torch.arange(9, dtype=torch.float32).reshape(3, 3).cos()
refs = (x[torch.tensor([0, 2, 1])], torch.tensor([[1.5, 2.0], [3.0, 4.0]]) * 2, torch.tensor([True, False, True]),
        torch.tensor([1, 2], dtype=torch.float64), torch.tensor([[0.5], [2.0]], requires_grad=True))
for got, ref in zip(make(x), refs):
    print(got, got.dtype, got.requires_grad, torch.equal(got, ref))
print(make.code)
got = loss(x)
print(got, torch.allclose(got, F.nll_loss(F.log_softmax(x, dim=1), torch.tensor([0, 2, 1]))))
