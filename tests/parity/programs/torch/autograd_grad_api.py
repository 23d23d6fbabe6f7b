import torch
# torch.autograd.grad: first and second derivatives, several inputs, grad_outputs, allow_unused.
x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = (x ** 3).sum()
g = torch.autograd.grad(y, x)[0]
print(g, x.grad, type(torch.autograd.grad((x * 1).sum(), x)).__name__)
y2 = (x ** 3).sum()
g1 = torch.autograd.grad(y2, x, create_graph=True)[0]
print(g1.detach(), g1.requires_grad)
g2 = torch.autograd.grad(g1.sum(), x)[0]
print(g2, x.grad)
a = torch.tensor(2.0, requires_grad=True)
b = torch.tensor(3.0, requires_grad=True)
out = a * b + a ** 2
ga, gb = torch.autograd.grad(out, [a, b])
print(ga, gb)
v = torch.tensor([1.0, 2.0], requires_grad=True)
w = v * torch.tensor([3.0, 4.0])
gv = torch.autograd.grad(w, v, grad_outputs=torch.tensor([1.0, 0.5]))[0]
print(gv)
u = torch.tensor([1.0], requires_grad=True)
unused = torch.tensor([1.0], requires_grad=True)
gu = torch.autograd.grad((u * 2).sum(), [u, unused], allow_unused=True)
print(gu)
s = torch.tensor(0.5, dtype=torch.float64, requires_grad=True)
f = torch.sin(s) * s
df = torch.autograd.grad(f, s, create_graph=True)[0]
d2f = torch.autograd.grad(df, s)[0]
print(f"{f.item():.6f} {df.item():.6f} {d2f.item():.6f}")
p = torch.tensor([1.0, 2.0], requires_grad=True)
q = (p * p).sum()
gp = torch.autograd.grad(q, p, retain_graph=True)[0]
q.backward()
print(gp, p.grad)
try:
    torch.autograd.grad((u * 2).sum(), [u, unused])
except RuntimeError as e:
    print(str(e)[:60])
def f2(t):
    return (t * t * t).sum()
t0 = torch.tensor([1.0, -2.0], requires_grad=True)
print(torch.autograd.grad(f2(t0), t0)[0])
