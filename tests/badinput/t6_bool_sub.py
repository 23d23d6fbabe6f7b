# badinput: bool sub (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: RuntimeError: Subtraction, the `-` operator, with two bool tensors is not supported. Use the `^` or `logical_xor()` operator instead.
import torch
torch.ones(3, dtype=torch.bool) - torch.ones(3, dtype=torch.bool)
