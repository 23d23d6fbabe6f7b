# badinput: torch.export.export with a tensor as args
# expect-exit: 1
# expect-stderr: ValueError: Expecting `args` to be a tuple of example positional inputs, got <class 'torch.Tensor'>
import torch
class M(torch.nn.Module):
    def forward(self, x):
        return x + 1
torch.export.export(M(), torch.ones(2))
