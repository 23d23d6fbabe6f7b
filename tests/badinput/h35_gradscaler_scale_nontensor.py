# badinput: torch.nn / utils misuse: gradscaler scale nontensor
# expect-exit: 1
# expect-stderr: ValueError: outputs must be a Tensor or an iterable of Tensors
import torch
s = torch.amp.GradScaler("cpu")
s.scale("loss")
