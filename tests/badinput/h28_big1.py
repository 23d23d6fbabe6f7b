# badinput: a tensor whose byte count overflows int64
# expect-exit: 1
# expect-stderr: RuntimeError: Storage size calculation overflowed with sizes=[2147483648, 2147483648]
import torch
x = torch.ones(2**31, 2**31)
