# badinput: PyTorch misuse: bce logits long target
# expect-exit: 1
# expect-stderr: RuntimeError: result type Float can't be cast to the desired output type Long
import torch
loss = torch.nn.functional.binary_cross_entropy_with_logits(torch.zeros(3), torch.tensor([1, 0, 1]))
