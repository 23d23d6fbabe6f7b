# badinput: resize_ to sizes whose byte count wraps past 2**64 left 4 bytes under 2**62 elements
# expect-exit: 1
# expect-stderr: RuntimeError: Storage size calculation overflowed with sizes=[4611686018427387904]
import torch
x = torch.ones(2)
x.resize_(2**62)
print(x.sum())
