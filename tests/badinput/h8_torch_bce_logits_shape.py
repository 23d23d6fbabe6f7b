# badinput: PyTorch misuse: bce logits shape
# expect-exit: 1
# expect-stderr: ValueError: Target size (torch.Size([3])) must be the same as input size (torch.Size([3, 1]))
import torch
loss = torch.nn.functional.binary_cross_entropy_with_logits(torch.zeros(3, 1), torch.zeros(3))
