# badinput: torch API misuse: randint bad
# expect-exit: 1
# expect-stderr: RuntimeError: random_ expects 'from' to be less than 'to', but got from=5 >= to=2
import torch
torch.randint(5, 2, (3,))
