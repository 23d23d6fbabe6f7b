# badinput: indexing with several None around an ellipsis
# expect-exit: 0
# expect-stdout: torch.Size([1, 1, 3, 1])
import torch
print(torch.zeros(3)[None, None, ..., None].shape)
