import torch
import torch.nn as nn

torch.manual_seed(0)
x = torch.randn(64, 3)
y = x @ torch.tensor([[1.0], [-2.0], [0.5]]) + 0.1
model = nn.Linear(3, 1)
opt = torch.optim.SGD(model.parameters(), lr=1e-2, momentum=0.9)
loss_fn = nn.MSELoss()
for epoch in range(100):
    opt.zero_grad()
    loss = loss_fn(model(x), y)
    loss.backward()
    opt.step()
    if epoch % 10 == 0:
        print(f"epoch {epoch:3d} loss {loss.item():.4f}")
with torch.no_grad():
    w = model.weight[0, :].tolist()
print("weights:", [round(v, 2) for v in w])
