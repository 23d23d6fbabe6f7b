# Autograd through torch.Tensor subclasses: as_subclass keeps the graph (AliasBackward0), results
# re-wrapped by the default __torch_function__ print the alias node, _make_subclass makes a leaf,
# backward reaches the source tensor's .grad, .grad of a subclass leaf is a plain tensor (a nowrap
# getter), and training a subclass parameter with an optimizer.
import torch


class MyTensor(torch.Tensor):
    pass


x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
m = x.as_subclass(MyTensor)
print(m.requires_grad, m.is_leaf, type(m.grad_fn).__name__)
y = m * 2
print(type(y).__name__, type(y.grad_fn).__name__)
print(y)
loss = (y * m).sum()
print(type(loss).__name__, loss)
loss.backward()
print(x.grad)

leaf = torch.Tensor._make_subclass(MyTensor, torch.tensor([0.5, -1.0]), True)
print(leaf.is_leaf, leaf.grad_fn, leaf.requires_grad)
out = (leaf ** 2).sum()
out.backward()
print(type(leaf.grad).__name__, leaf.grad)

# an optimizer step on a subclass leaf
torch.manual_seed(0)
w = torch.Tensor._make_subclass(MyTensor, torch.randn(3), True)
opt = torch.optim.SGD([w], lr=0.1)
for step in range(3):
    opt.zero_grad()
    l = ((w - 1.0) ** 2).sum()
    l.backward()
    opt.step()
    print(step, type(w).__name__, f"{l.item():.4f}", [round(v, 4) for v in w.tolist()])

# no_grad and detach keep the subclass
with torch.no_grad():
    z = m + 1
print(type(z).__name__, z.requires_grad)
d = m.detach()
print(type(d).__name__, d.requires_grad, d.is_leaf)
