# badinput: t full huge 2d (issue 31 sweep)
# expect-exit: 1
# expect-stderr: RuntimeError: Storage size calculation overflowed with sizes=[2147483648, 2147483648]
import torch
torch.full((2**31, 2**31), 1.0)
