# badinput: expand to sizes whose product overflows int64
# expect-exit: 1
# expect-stderr: RuntimeError: numel: integer multiplication overflow
import torch
torch.ones(1, 1).expand(2 ** 62, 2 ** 62).sum()
