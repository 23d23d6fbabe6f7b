import torch
# torch.no_grad blocks, the @torch.no_grad() decorator, enable_grad inside no_grad, manual updates.
x = torch.tensor([1.0, 2.0], requires_grad=True)
print(torch.is_grad_enabled())
with torch.no_grad():
    y = x * 2
    print(torch.is_grad_enabled(), y.requires_grad, y.grad_fn, y.is_leaf)
    with torch.enable_grad():
        z = x * 3
        print(torch.is_grad_enabled(), z.requires_grad, type(z.grad_fn).__name__)
    print(torch.is_grad_enabled())
print(torch.is_grad_enabled(), y, z)

@torch.no_grad()
def double(t):
    print("inside", torch.is_grad_enabled())
    return t * 2

r = double(x)
print(r, r.requires_grad, torch.is_grad_enabled())

def update(p, g, lr):
    with torch.no_grad():
        p -= lr * g
    return p

w = torch.tensor([1.0, -1.0], requires_grad=True)
loss = (w * w).sum()
loss.backward()
update(w, w.grad, 0.25)
print(w, w.grad, w.is_leaf)
with torch.no_grad():
    w.add_(1.0)
    w[0] = 5.0
print(w)
try:
    with torch.no_grad():
        raise ValueError("boom")
except ValueError as e:
    print("caught", e, torch.is_grad_enabled())

def helper(t):
    return t * t

with torch.no_grad():
    h = helper(x)
print(h, helper(x))
