import torch
import torch.nn as nn
# Ends with an uncaught RuntimeError: an nn.Linear gets inputs with the wrong feature size.
class TwoLayer(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(3, 2)
        self.b = nn.Linear(2, 2)
    def forward(self, x):
        h = torch.relu(self.a(x))
        print("hidden", h.shape)
        return self.b(h)
model = TwoLayer()
with torch.no_grad():
    model.a.weight.copy_(torch.tensor([[1.0, 0.0, 1.0], [0.0, 1.0, -1.0]]))
    model.a.bias.zero_()
    model.b.weight.copy_(torch.eye(2))
    model.b.bias.fill_(0.5)
print(model)
good = model(torch.tensor([[1.0, 2.0, 3.0]]))
print("good", good)
for n in [3, 2]:
    print("trying features", n)
    out = model(torch.ones(4, n))
    print("out", out.shape)
print("never printed")
