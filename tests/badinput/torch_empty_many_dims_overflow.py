# badinput: torch.empty of 16 dims of 2**5 (2**80 elements)
# expect-exit: 1
# expect-stderr: RuntimeError: Storage size calculation overflowed
import torch
torch.empty(*([32] * 16))
