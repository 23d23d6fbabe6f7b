import torch
import torch.nn as nn
# Type names and isinstance checks of traced/scripted functions and modules.

class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(2, 2)

    def forward(self, x):
        return self.fc(x).relu()

def f(x):
    return x + 1

x = torch.ones(1, 2)
net = Net()
tf = torch.jit.trace(f, x)
sf = torch.jit.script(f)
tm = torch.jit.trace(net, x)
sm = torch.jit.script(net)
for name, obj in [("tf", tf), ("sf", sf), ("tm", tm), ("sm", sm), ("tm.fc", tm.fc), ("sm.fc", sm.fc)]:
    print(name, type(obj).__name__, isinstance(obj, torch.jit.ScriptModule),
          isinstance(obj, torch.jit.ScriptFunction), isinstance(obj, nn.Module))
print(type(net).__name__, isinstance(net, torch.jit.ScriptModule))
print(sm.original_name, tm.original_name, sm.fc.original_name)
print(sm.training, tm.training)
sm.eval()
print(sm.training, sm.fc.training)
