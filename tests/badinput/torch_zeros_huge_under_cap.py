# badinput: a 4 TB tensor under --max-tensor-mb 64
# kiln-args: --max-tensor-mb 64
# expect-exit: 1
# expect-stderr: MemoryError
import torch
torch.zeros(2**40)
