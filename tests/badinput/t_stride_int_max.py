# badinput: t stride int max (issue 31 sweep)
# expect-exit: 1
# expect-stderr: RuntimeError: setStorage: sizes [2], strides [4611686018427387904], storage offset 0, and itemsize 4 requiring a storage size of more than 2**64 are out of boun
import torch
torch.ones(3).as_strided((2,), (2**62,))
