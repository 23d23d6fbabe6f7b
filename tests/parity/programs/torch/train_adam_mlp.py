import torch
import torch.nn as nn
import torch.nn.functional as F
# A two-layer tanh MLP trained on XOR with torch.optim.Adam from fixed weights.
class MLP(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(2, 3)
        self.fc2 = nn.Linear(3, 1)
    def forward(self, x):
        return self.fc2(torch.tanh(self.fc1(x)))
net = MLP()
with torch.no_grad():
    net.fc1.weight.copy_(torch.tensor([[0.5, -0.5], [0.25, 0.75], [-1.0, 0.5]]))
    net.fc1.bias.copy_(torch.tensor([0.0, 0.125, -0.125]))
    net.fc2.weight.copy_(torch.tensor([[1.0, -1.0, 0.5]]))
    net.fc2.bias.fill_(0.25)
x = torch.tensor([[0.0, 0.0], [0.0, 1.0], [1.0, 0.0], [1.0, 1.0]])
y = torch.tensor([[0.0], [1.0], [1.0], [0.0]])
opt = torch.optim.Adam(net.parameters(), lr=0.1)
g = opt.param_groups[0]
print(g["lr"], g["betas"], g["eps"], g["weight_decay"], len(g["params"]), len(opt.param_groups))
print(net)
for step in range(6):
    opt.zero_grad()
    loss = F.mse_loss(net(x), y)
    loss.backward()
    opt.step()
    print(f"step {step} loss {loss.item():.6f}")
print(f"{net.fc2.bias.item():.4f}", len(opt.state))
with torch.no_grad():
    print([round(v, 3) for v in net(x).view(-1).tolist()])
w = torch.tensor([2.0, -3.0], requires_grad=True)
adam = torch.optim.Adam([w], lr=0.5)
for i in range(3):
    adam.zero_grad()
    obj = (w ** 2).sum()
    obj.backward()
    adam.step()
    print(i, f"{obj.item():.6f}", [f"{v:.5f}" for v in w.tolist()])
