# badinput: a compiled function appending to a global list and reading its length
# expect-exit: 0
# expect-stdout: [1.0, 1.0] [2.0, 2.0, 2.0] [2, 3]
import torch
log = []
@torch.compile(backend="eager")
def f(x):
    log.append(x.shape[0])
    return x + len(log)
print(f(torch.zeros(2)).tolist(), f(torch.zeros(3)).tolist(), log)
