# badinput: torch.nn.functional.fold(torch.ones(1, 4, 4), output_size=(1, 1), kernel_size=2) (misuse sweep: an error of PyTorch's class, no crash, no hang)
# expect-exit: 1
# expect-stderr: RuntimeError:
import torch
import torch.nn.functional as F
torch.nn.functional.fold(torch.ones(1, 4, 4), output_size=(1, 1), kernel_size=2)
