# badinput: matmul of float and long
# expect-exit: 1
# expect-stderr: RuntimeError: expected m1 and m2 to have the same dtype, but got: float != long int
import torch
torch.ones(2, 2) @ torch.ones(2, 2, dtype=torch.long)
