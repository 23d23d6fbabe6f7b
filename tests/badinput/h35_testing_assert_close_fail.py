# badinput: assert_close of different values
# expect-exit: 1
# expect-stderr-has: AssertionError: Tensor-likes are not close!
import torch
torch.testing.assert_close(torch.ones(2), torch.zeros(2))
