import torch

# The exercise: print d(loss)/dw, the gradient of the loss with respect to w.
x = torch.tensor([1.0, 2.0, 3.0])
target = torch.tensor([2.0, 4.0, 6.0])
w = torch.tensor(1.0)

loss = ((w * x - target) ** 2).sum()
try:
    loss.backward()
    print("grad:", w.grad)
except RuntimeError as e:
    print(type(e).__name__, "-", str(e).split("\n")[0])
