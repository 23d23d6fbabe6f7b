# badinput: ctc_loss with targets longer than given
# expect-exit: 1
# expect-stderr: for argument #2 'targets' (while checking arguments for ctc_loss_allocate_outputs)
import torch
import torch.nn as nn
import torch.nn.functional as F
print(F.ctc_loss(torch.ones(5,2,4).log_softmax(2), torch.tensor([[1,2],[1,2]]), (5,5), (3,3)))
