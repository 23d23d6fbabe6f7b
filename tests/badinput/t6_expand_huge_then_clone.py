# badinput: expand huge then clone (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: RuntimeError: Storage size calculation overflowed with sizes=[2147483648, 2147483648]
import torch
x = torch.ones(1, 1).expand(2 ** 31, 2 ** 31)
x.clone()
