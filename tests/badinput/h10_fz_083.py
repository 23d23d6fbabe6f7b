# badinput: torch.nn.functional.ctc_loss(torch.ones(5, 2, 3).log_softmax(2), torch.tensor([[1, 1], [1, 1]]), (5, 5), (10,  (misuse sweep: an error of PyTorch's class, no crash, no hang)
# expect-exit: 1
# expect-stderr: RuntimeError:
import torch
import torch.nn.functional as F
torch.nn.functional.ctc_loss(torch.ones(5, 2, 3).log_softmax(2), torch.tensor([[1, 1], [1, 1]]), (5, 5), (10, 2))
