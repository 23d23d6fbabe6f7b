# badinput: repeat(2**40) under --max-tensor-mb 64
# kiln-args: --max-tensor-mb 64
# expect-exit: 1
# expect-stderr: MemoryError
import torch
torch.ones(2).repeat(2**40)
