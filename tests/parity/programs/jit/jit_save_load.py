import torch
import torch.nn as nn
# torch.jit.save / torch.jit.load round trips of traced modules and functions, and what loading a
# missing file raises.


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(3, 2)

    def forward(self, x):
        return torch.relu(self.fc(x)) * 2


m = Net()
with torch.no_grad():
    m.fc.weight.copy_(torch.arange(6.0).reshape(2, 3) / 4)
    m.fc.bias.copy_(torch.tensor([0.5, -1.0]))
x = torch.tensor([[1.0, 2.0, 3.0], [-1.0, 0.0, 1.0]])
tm = torch.jit.trace(m, x)
path = "/tmp/kiln_parity_jit_save_load.pt"
tm.save(path)
lm = torch.jit.load(path)
print(type(lm).__name__)
print(lm(x))
print(torch.equal(lm(x), tm(x)), torch.equal(lm(x * 3), m(x * 3)))


def f(a, b):
    return (a * b).sum(0) + 1


tf = torch.jit.trace(f, (x, x + 1))
torch.jit.save(tf, path)
lf = torch.jit.load(path)
print(lf(x, x), torch.equal(lf(x, x), f(x, x)))

try:
    torch.jit.load("/tmp/kiln_parity_no_such_file.pt")
except Exception as e:
    print("missing:", type(e).__name__)
