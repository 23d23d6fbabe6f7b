# badinput: an in-place tensor update loop of 10**12 steps under an instruction budget
# kiln-args: --max-instructions 200000
# expect-exit: 1
# expect-stderr: kiln.KilnLimitError: instruction budget of 200000 exhausted: the program ran too long or loops forever (raise the budget with --max-instructions N, 0 for none)
import torch
x = torch.ones(1)
for i in range(10**12):
    x.add_(1)
