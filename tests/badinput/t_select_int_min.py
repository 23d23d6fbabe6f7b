# badinput: t select int min (issue 31 sweep)
# expect-exit: 1
# expect-stderr: IndexError: select(): index -9223372036854775808 out of range for tensor of size [3] at dimension 0
import torch
torch.ones(3).select(0, -2**63)
