# In-place shape ops under autograd: x.squeeze_(-1) after a pooling layer (rasbt's all-convolutional
# net drops the 1x1 spatial dims of adaptive_avg_pool2d's output in place), unsqueeze_, t_ and
# transpose_ on non-leaf tensors (not views): the new shape, PyTorch's grad_fn names for the in-place entries,
# gradients equal to the out-of-place forms', the leaf error, and use under no_grad.
import torch
import torch.nn.functional as F

torch.manual_seed(0)
w = torch.randn(4, 3, 3, 3, requires_grad=True)
x = torch.randn(2, 3, 6, 6)


def net(inplace):
    out = F.conv2d(x, w)
    logits = F.adaptive_avg_pool2d(out, 1)
    if inplace:
        logits.squeeze_(-1)
        logits.squeeze_(-1)
    else:
        logits = logits.squeeze(-1).squeeze(-1)
    return logits


a = net(True)
print(a.shape, type(a.grad_fn).__name__, type(a.grad_fn.next_functions[0][0]).__name__)
ga = torch.autograd.grad(F.cross_entropy(a, torch.tensor([1, 3])), w)[0]
gb = torch.autograd.grad(F.cross_entropy(net(False), torch.tensor([1, 3])), w)[0]
print(torch.allclose(ga, gb), round(ga.abs().sum().item(), 4))

leaf = torch.randn(2, 1, 3, requires_grad=True)
y = leaf * 2
y.squeeze_()
print(y.shape, type(y.grad_fn).__name__)
y2 = leaf * 3
y2.squeeze_((0, 1))
print(y2.shape, type(y2.grad_fn).__name__)
z = (leaf + 1).sum(1)
z.unsqueeze_(0)
print(z.shape, type(z.grad_fn).__name__)
m = leaf.reshape(2, 3) * 1.5
m.t_()
print(m.shape, m.is_contiguous(), type(m.grad_fn).__name__)
n = leaf.reshape(2, 3, 1) + 0
n.transpose_(0, 2)
print(n.shape, type(n.grad_fn).__name__)
(y.sum() + (y2 * 2).sum() + (z * z).sum() + (m * torch.arange(6.0).reshape(3, 2)).sum() + n.sum()).backward()
print([round(v, 3) for v in leaf.grad.reshape(-1).tolist()])
try:
    leaf.squeeze_()
except RuntimeError as e:
    print("RuntimeError:", e)
with torch.no_grad():
    q = leaf * 2
    q.unsqueeze_(0)
print(q.shape, q.requires_grad, q.grad_fn)
