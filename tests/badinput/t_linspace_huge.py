# badinput: t linspace huge (issue 31 sweep)
# expect-exit: 1
# expect-stderr: RuntimeError: Storage size calculation overflowed with sizes=[4611686018427387904]
import torch
torch.linspace(0, 1, 2**62)
