# badinput: torch.full((2**31, 2**31), 1.0): the byte count overflows
# expect-exit: 1
# expect-stderr: RuntimeError: Storage size calculation overflowed with sizes=[2147483648, 2147483648]
import torch
torch.full((2**31, 2**31), 1.0)
