# badinput: torch.nn.TransformerEncoderLayer(8, 2)(torch.ones(3, 1, 7)) (misuse sweep: an error of PyTorch's class, no crash, no hang)
# expect-exit: 1
# expect-stderr: RuntimeError:
import torch
import torch.nn.functional as F
torch.nn.TransformerEncoderLayer(8, 2)(torch.ones(3, 1, 7))
