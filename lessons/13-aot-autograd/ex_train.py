import torch
import torch.nn as nn
import torch.nn.functional as F

model = nn.Linear(2, 1)
with torch.no_grad():
    model.weight.copy_(torch.tensor([[0.5, -0.5]]))
    model.bias.zero_()
x = torch.tensor([[1.0, 2.0], [3.0, 1.0], [0.0, -1.0]])
y = torch.tensor([[1.0], [2.0], [0.5]])

# The exercise: this compiled training step fails. Make it train: the output
# must have the compiled backward as grad_fn and the loss must go down.
cmodel = torch.compile(model, backend="aot_eager")
opt = torch.optim.SGD(model.parameters(), lr=0.05)
losses = []
for step in range(5):
    opt.zero_grad()
    with torch.no_grad():
        pred = cmodel(x)
    loss = F.mse_loss(pred, y)
    try:
        loss.backward()
    except RuntimeError as e:
        print("RuntimeError:", str(e).split("\n")[0])
        break
    opt.step()
    losses.append(loss.item())
print("grad_fn:", type(pred.grad_fn).__name__)
print("loss went down:", len(losses) == 5 and losses[-1] < losses[0])
