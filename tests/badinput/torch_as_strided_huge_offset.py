# badinput: as_strided with a storage offset of 2**62
# expect-exit: 1
# expect-stderr: are out of bounds for storage of size 16
import torch
x = torch.ones(4).as_strided((2,), (1,), 2**62)
print(x)
