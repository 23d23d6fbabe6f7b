# badinput: integer tensor to a huge power wraps without UB
# expect-exit: 0
# expect-stdout: torch.int64
import torch
print((torch.tensor([3]) ** 200).dtype)
