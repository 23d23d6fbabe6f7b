import torch
import torch.nn as nn

# A static graph is a file: save it, load it somewhere without the Python class.
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(3, 2)

    def forward(self, x):
        return self.fc(x).relu() * 2

m = Net()
with torch.no_grad():
    m.fc.weight.copy_(torch.tensor([[0.5, -1.0, 0.25], [1.0, 0.5, -0.5]]))
    m.fc.bias.copy_(torch.tensor([0.5, -1.0]))
s = torch.jit.trace(m, torch.ones(1, 3))    # Kiln saves traced graphs (not scripted ones yet)
path = "/tmp/kiln_lesson_net.pt"
torch.jit.save(s, path)
loaded = torch.jit.load(path)
print(type(loaded).__name__)
x = torch.tensor([[3.0, 1.0, 2.0]])
with torch.no_grad():
    print(loaded(x))
    print(loaded(-x))
    print(torch.equal(loaded(x), m(x)), torch.equal(loaded(-x), m(-x)))
