# An nn.Module: parameters become placeholders, built-in layers record their functional form.
import torch
import torch.nn as nn
torch._logging.set_logs(graph_code=True, guards=True)

class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(3, 2)
        self.act = nn.ReLU()

    def forward(self, x):
        h = self.act(self.lin(x))
        return torch.softmax(h, dim=-1)

torch.manual_seed(0)
m = Net()
with torch.no_grad():
    out = torch.compile(m, backend="eager")(torch.ones(4, 3))
print(out.shape)
