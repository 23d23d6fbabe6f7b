# badinput: randn huge product (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: RuntimeError: Storage size calculation overflowed with sizes=[2147483648, 2147483648, 8]
import torch
torch.randn(2 ** 31, 2 ** 31, 2 ** 3)
