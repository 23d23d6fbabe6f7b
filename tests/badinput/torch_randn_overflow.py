# badinput: torch.randn(2**62)
# expect-exit: 1
# expect-stderr: RuntimeError: Storage size calculation overflowed with sizes=[4611686018427387904]
import torch
torch.randn(2**62)
