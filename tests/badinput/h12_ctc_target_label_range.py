# badinput: CTC targets holding a label outside log_probs' classes (2**40, -1, or the class count): the CPU recursion indexed log_probs with it unchecked and the process died (segfault; ATen's own CPU kernel reads unchecked too). Kiln refuses the label before the recursion, in the words of ATen's checks of the lengths (h12 sweep)
# expect-exit: 1
# expect-stderr: RuntimeError: Expected targets to have value at most 2, but got value 1099511627776 (while checking arguments for ctc_loss_cpu)
import torch
import torch.nn.functional as F
lp = torch.randn(5, 2, 3).log_softmax(2)
for tg in (torch.tensor([[1, -1], [1, 2]]), torch.tensor([[1, 3], [2, 2]])):
    try:
        F.ctc_loss(lp, tg, [5, 5], [2, 2])
    except RuntimeError as e:
        print(e)
print(round(F.ctc_loss(torch.zeros(5, 1, 3).log_softmax(2), torch.tensor([[1, 2]]), [5], [2]).item(), 4))
F.ctc_loss(lp, torch.tensor([[1, 2**40], [1, 1]]), [5, 5], [2, 2])
