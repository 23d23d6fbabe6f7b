# badinput: torch.nn.utils.parameters_to_vector([]) (misuse sweep: an error of PyTorch's class, no crash, no hang)
# expect-exit: 1
# expect-stderr: RuntimeError:
import torch
import torch.nn.functional as F
torch.nn.utils.parameters_to_vector([])
