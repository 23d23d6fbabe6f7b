# badinput: linspace with 2**40 steps
# kiln-args: --max-tensor-mb 64
# expect-exit: 1
# expect-stderr: MemoryError
import torch
torch.linspace(0, 1, 2 ** 40)
