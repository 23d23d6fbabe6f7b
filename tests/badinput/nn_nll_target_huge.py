# badinput: nll_loss with a target of 2**62
# expect-exit: 1
# expect-stderr: IndexError: Target 4611686018427387904 is out of bounds.
import torch
torch.nn.functional.nll_loss(torch.randn(2, 5), torch.tensor([1, 2**62]))
