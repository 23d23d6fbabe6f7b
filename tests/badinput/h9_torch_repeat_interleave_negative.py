# badinput: repeat_interleave with a negative count
# expect-exit: 1
# expect-stderr: RuntimeError: repeats can not be negative
import torch
torch.ones(2).repeat_interleave(-1)
