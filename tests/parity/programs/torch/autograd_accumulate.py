import torch
# Gradient accumulation across backward calls, retain_graph, grad.zero_(), grad = None, backward(gradient).
p = torch.tensor([1.0, -2.0], requires_grad=True)
loss = (p * p).sum()
loss.backward(retain_graph=True)
print(p.grad)
loss.backward()
print(p.grad)
p.grad.zero_()
print(p.grad)
(p * 3).sum().backward()
print(p.grad)
p.grad = None
print(p.grad)
(p ** 2).mean().backward()
print(p.grad)
for i in range(3):
    (p * (i + 1)).sum().backward()
    print(i, p.grad)
q = torch.tensor([1.0, 2.0], requires_grad=True)
r = q * 2
r.backward(torch.tensor([1.0, 10.0]))
print(q.grad)
r2 = q.view(2, 1) * torch.tensor([[1.0, 2.0]])
r2.backward(torch.ones(2, 2))
print(q.grad)
a = torch.tensor(1.0, requires_grad=True)
b = a * 2
c = b * 3 + b * 4
c.backward()
print(a.grad)
shared = torch.tensor([2.0], requires_grad=True)
total = shared * shared + shared.exp() * 0 + shared
total.backward()
print(shared.grad)
x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x.sum()
y.backward()
y.backward()
print(x.grad, "add-only graph backs twice")
m = torch.ones(2, 2, requires_grad=True)
for step in range(2):
    out = (m * torch.tensor([[1.0, 2.0], [3.0, 4.0]])).sum()
    out.backward()
print(m.grad)
m.grad.mul_(0.5)
print(m.grad, m.grad.requires_grad)
