# badinput: torch.linalg.norm(torch.ones(2), ord="fro") (misuse sweep: an error of PyTorch's class, no crash, no hang)
# expect-exit: 1
# expect-stderr: RuntimeError: linalg.matrix_norm: The input tensor A must have at least 2 dimensions.
# (ATen: a string ord goes to linalg_matrix_norm over dims (0, 1), which refuses a 1-D input)
import torch
import torch.nn.functional as F
torch.linalg.norm(torch.ones(2), ord="fro")
