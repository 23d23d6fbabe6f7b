# badinput: writing chunk() pieces of a parameter inside no_grad (initialization code): allowed
# expect-exit: 0
# expect-stdout: 16.0
import torch
m = torch.nn.Linear(4, 4)
with torch.no_grad():
    for p in m.weight.chunk(2):
        p.fill_(1.0)
print(m.weight.sum().item())
