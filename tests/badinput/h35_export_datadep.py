# badinput: torch.export of a data-dependent branch
# expect-exit: 1
# expect-stderr-has: GuardOnDataDependentSymNode
import torch
class M(torch.nn.Module):
    def forward(self, x):
        if x.sum() > 0:
            return x
        return -x
torch.export.export(M(), (torch.ones(2),))
