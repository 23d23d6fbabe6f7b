# badinput: a compiled method reads a module attribute that changes between calls
# expect-exit: 0
# expect-stdout: tensor([5., 5.])
import torch
class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.scale = 2.0
    def forward(self, x):
        return x * self.scale
m = M()
cm = torch.compile(m)
print(cm(torch.ones(2)))
m.scale = 5.0
print(cm(torch.ones(2)))
