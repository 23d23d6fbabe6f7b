# badinput: torch.full of 2**40 elements
# kiln-args: --max-tensor-mb 64
# expect-exit: 1
# expect-stderr: MemoryError
import torch
torch.full((2 ** 20, 2 ** 20), 1.0)
