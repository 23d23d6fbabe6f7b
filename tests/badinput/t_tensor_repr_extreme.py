# badinput: t tensor repr extreme (issue 31 sweep)
# expect-exit: 0
# expect-stdout: tensor([ 4611686018427387904, -9223372036854775808])
import torch
print(torch.tensor([1e308, -1e-308, float('nan'), float('inf'), 0.0, -0.0]))
print(torch.tensor([2**62, -2**63]))
