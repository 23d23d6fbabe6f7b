# AccumulateGrad's first gradient (torch/csrc/autograd/functions/accumulate_grad.h): a gradient that
# nothing else references and that is laid out as its leaf becomes .grad itself (shared storage, no
# copy); one the caller still holds, one that reaches two leaves, a transposed one and a broadcast
# one are copied into the leaf's layout. Linear layers' weight gradients come out contiguous.
import torch

x = torch.ones(3, requires_grad=True)
g = torch.tensor([1.0, 2.0, 3.0])
x.backward(g)
g.mul_(10)
print("leaf, caller's gradient:", x.grad, x.grad.data_ptr() == g.data_ptr())

x = torch.ones(2, 2, requires_grad=True)
g = torch.arange(4.0)
x.view(4).backward(g)
print("view of the caller's gradient:", x.grad.data_ptr() == g.data_ptr(), x.grad.stride())

a = torch.ones(2, requires_grad=True)
b = torch.ones(2, requires_grad=True)
((a + b) * 3).sum().backward()
a.grad.mul_(2)
print("a + b:", a.grad, b.grad, a.grad.data_ptr() == b.grad.data_ptr())

kept = []
x = torch.ones(3, requires_grad=True)
x.register_hook(lambda gr: kept.append(gr))
(x * 2).sum().backward()
print("hook kept it:", x.grad.data_ptr() == kept[0].data_ptr(), x.grad)

w = torch.arange(6.0).reshape(2, 3).requires_grad_()
(w.t() * torch.arange(6.0).reshape(3, 2)).sum().backward()
print("transposed use:", w.grad.stride(), w.grad)

v = torch.ones(3, requires_grad=True)
v.sum().backward()
print("broadcast:", v.grad.stride(), v.grad)

torch.manual_seed(0)
lin = torch.nn.Linear(4, 3)
lin(torch.randn(5, 4)).sum().backward()
print("linear:", lin.weight.grad.stride(), lin.weight.grad.is_contiguous(), lin.bias.grad)
m = torch.randn(4, 3, requires_grad=True)
mt = torch.randn(3, 4).t().detach().requires_grad_()  # column-major leaf
(torch.randn(2, 4) @ m).sum().backward()
(torch.randn(2, 4) @ mt).sum().backward()
print("mm grads:", m.grad.stride(), mt.grad.stride(), mt.stride())

x = torch.ones(2, requires_grad=True)
(x * x).sum().backward()
(x * x).sum().backward()
print("accumulated:", x.grad)
