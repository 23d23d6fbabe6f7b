# badinput: torch API misuse: repeat interleave neg
# expect-exit: 1
# expect-stderr: RuntimeError: repeats can not be negative
import torch
torch.ones(3).repeat_interleave(torch.tensor([1, -1, 1]))
