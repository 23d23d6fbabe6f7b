import torch
import torch.nn as nn
import torch.nn.functional as F
# Linear regression with torch.optim.SGD from fixed weights; the loss is printed every step.
x = torch.tensor([[1.0], [2.0], [3.0], [4.0]])
y = torch.tensor([[3.0], [5.0], [7.0], [9.0]])
model = nn.Linear(1, 1)
with torch.no_grad():
    model.weight.fill_(0.5)
    model.bias.fill_(0.0)
opt = torch.optim.SGD(model.parameters(), lr=0.05)
print(opt.param_groups[0]["lr"], opt.param_groups[0]["momentum"], len(opt.param_groups[0]["params"]))
for step in range(8):
    opt.zero_grad()
    pred = model(x)
    loss = F.mse_loss(pred, y)
    loss.backward()
    if step < 2:
        print("grad", model.weight.grad, model.bias.grad)
    opt.step()
    print(f"step {step} loss {loss.item():.6f} w {model.weight.item():.4f} b {model.bias.item():.4f}")
print(model.weight.grad is None)
opt.zero_grad()
print(model.weight.grad)
final = F.mse_loss(model(x), y)
print(f"final {final.item():.6f}", final.requires_grad)
with torch.no_grad():
    print([round(v, 3) for v in model(torch.tensor([[0.0], [10.0]])).view(-1).tolist()])
p = torch.tensor([1.0, -1.0], requires_grad=True)
opt2 = torch.optim.SGD([p], lr=0.1, momentum=0.9, weight_decay=0.01)
for i in range(4):
    opt2.zero_grad()
    l = (p * p).sum() + p[0]
    l.backward()
    opt2.step()
    print(i, f"{l.item():.6f}", [f"{v:.5f}" for v in p.tolist()])
