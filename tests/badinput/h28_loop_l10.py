# badinput: list() of an endless generator under an instruction budget
# kiln-args: --max-instructions 200000
# expect-exit: 1
# expect-stderr: kiln.KilnLimitError: instruction budget of 200000 exhausted: the program ran too long or loops forever (raise the budget with --max-instructions N, 0 for none)
import torch
def g():
    while True:
        yield 1
print(torch.tensor(list(g())))
