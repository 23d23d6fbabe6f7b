# badinput: a Module overriding __setattr__ with object.__setattr__: its layers are never registered, so an optimizer sees no parameters
# expect-exit: 1
# expect-stderr: ValueError: optimizer got an empty parameter list
# expect-stdout: 0 torch.Size([1, 2])
import torch
import torch.nn as nn
class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(2, 2)
    def __setattr__(self, name, value):
        object.__setattr__(self, name, value)
    def forward(self, x):
        return self.lin(x)
m = M()
print(len(list(m.parameters())), m(torch.ones(1, 2)).shape)
torch.optim.SGD(m.parameters(), lr=0.1)
