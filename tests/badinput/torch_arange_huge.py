# badinput: torch.arange(10**15) under --max-tensor-mb 64
# kiln-args: --max-tensor-mb 64
# expect-exit: 1
# expect-stderr: MemoryError
import torch
torch.arange(10**15)
