# badinput: Tensor.set_ with sizes whose product overflows int64
# expect-exit: 1
# expect-stderr: RuntimeError: numel: integer multiplication overflow
import torch
t = torch.empty(0)
s = torch.empty(4).untyped_storage()
t.set_(s, 0, (2**62, 4), (4, 1))
