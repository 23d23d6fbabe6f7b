# badinput: new_zeros with an overflowing size
# expect-exit: 1
# expect-stderr: RuntimeError: Storage size calculation overflowed
import torch
torch.ones(1).new_zeros(2**62)
