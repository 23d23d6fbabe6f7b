# badinput: reshape whose product wraps to the element count (2**62 * 4 == 0 mod 2**64)
# expect-exit: 1
# expect-stderr: is invalid for input of size 6
import torch
torch.ones(6).reshape(2**62, 4, 6)
