import torch
import torch.nn as nn
# Every torch.jit.trace of a module makes a new TorchScript type for each module of the tree
# (children first), in one compilation unit for the whole program: a name already taken is
# mangled with ___torch_mangle_N before the class name, N counting every mangle so far. The
# default check_trace re-traces the module, which makes (and mangles) types too.


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(2, 2)
        self.out = nn.Linear(2, 1)

    def forward(self, x):
        return self.out(torch.relu(self.fc(x)))


def types(tm):
    lines = str(tm.graph).split("\n")
    print(lines[0])
    for line in lines[2:]:
        if "prim::GetAttr" in line:
            print(line.split(" = ")[0].strip())


torch.manual_seed(0)
x = torch.ones(1, 2)
first = torch.jit.trace(Net(), x)
types(first)
second = torch.jit.trace(Net(), x, check_trace=False)
types(second)
third = torch.jit.trace(Net(), x)
types(third)
print(str(third.fc.graph).split("\n")[0])
print(third.original_name, third.fc.original_name)
print(third)
print(first(x).shape, torch.equal(first(x), third(x)))
