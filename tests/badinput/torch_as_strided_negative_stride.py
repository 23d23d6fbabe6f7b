# badinput: as_strided with a negative stride
# expect-exit: 1
# expect-stderr: RuntimeError: as_strided: Negative strides are not supported at the moment, got strides: [-1]
import torch
torch.ones(4).as_strided((2,), (-1,))
