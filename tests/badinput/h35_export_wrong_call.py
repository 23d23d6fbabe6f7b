# badinput: an exported module called with another static size
# expect-exit: 1
# expect-stderr: Guard failed
import torch
class M(torch.nn.Module):
    def forward(self, x):
        return x + 1
ep = torch.export.export(M(), (torch.ones(2),))
ep.module()(torch.ones(3))
