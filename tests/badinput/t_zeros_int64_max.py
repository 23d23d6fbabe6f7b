# badinput: t zeros int64 max (issue 31 sweep)
# expect-exit: 1
# expect-stderr: RuntimeError: Storage size calculation overflowed with sizes=[9223372036854775807]
import torch
torch.zeros(2**63 - 1)
