# badinput: tile to 2**50 elements
# kiln-args: --max-tensor-mb 64
# expect-exit: 1
# expect-stderr: MemoryError
import torch
torch.ones(4).tile(2 ** 48)
