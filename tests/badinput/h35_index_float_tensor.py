# badinput: torch API misuse: index float tensor
# expect-exit: 1
# expect-stderr: IndexError: tensors used as indices must be long, int, byte or bool tensors
import torch
torch.zeros(3)[torch.tensor([1.0])]
