import torch
# Gradient descent by hand: leaf tensors updated under no_grad, grads zeroed between steps.
w = torch.tensor([[0.5, -0.5], [0.25, 0.25]], requires_grad=True)
b = torch.zeros(2, requires_grad=True)
x = torch.tensor([[1.0, 2.0], [2.0, 0.0], [0.0, -1.0]])
y = torch.tensor([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]])
lr = 0.1
history = []
for step in range(6):
    pred = x @ w + b
    loss = ((pred - y) ** 2).mean()
    loss.backward()
    if step == 0:
        print("w.grad", w.grad)
        print("b.grad", b.grad)
    with torch.no_grad():
        w -= lr * w.grad
        b -= lr * b.grad
    w.grad.zero_()
    b.grad = None
    history.append(round(loss.item(), 6))
    print(f"step {step}: loss={loss.item():.6f} is_leaf={w.is_leaf} grad_none={b.grad is None}")
print(history)
print(all([history[i] > history[i + 1] for i in range(len(history) - 1)]))
print(w.requires_grad, w.grad_fn, b.requires_grad)
params = [torch.tensor([3.0], requires_grad=True), torch.tensor([-2.0], requires_grad=True)]
def objective(ps):
    return (ps[0] - 1) ** 2 + (ps[1] + 1) ** 2 * 2
for it in range(5):
    obj = objective(params).sum()
    grads = torch.autograd.grad(obj, params)
    with torch.no_grad():
        for p, g in zip(params, grads):
            p.sub_(0.25 * g)
    print(it, f"{obj.item():.6f}", [round(p.item(), 6) for p in params])
