# badinput: a negative or overflowing stride: computeStorageNbytes' error, not a too-small storage (a heap overrun before)
# expect-exit: 1
# expect-stderr: RuntimeError: Storage size calculation overflowed with sizes=[3, 3] and strides=[4611686018427387904, 4611686018427387904]
import torch
torch.empty_strided((3, 3), (2**62, 2**62))
