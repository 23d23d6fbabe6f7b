# badinput: zeros(2**31, 2**31)
# expect-exit: 1
# expect-stderr: RuntimeError: Storage size calculation overflowed with sizes=[2147483648, 2147483648]
import torch
torch.zeros(2**31, 2**31)
