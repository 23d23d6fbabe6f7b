# badinput: tile((2**20, 2**20)) under --max-tensor-mb 64
# kiln-args: --max-tensor-mb 64
# expect-exit: 1
# expect-stderr: MemoryError
import torch
torch.ones(2, 2).tile((2**20, 2**20))
