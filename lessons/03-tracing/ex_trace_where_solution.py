import torch
import warnings

# The exercise: this function is traced on a positive example, so its trace is wrong
# for negative inputs. Rewrite the body with tensor ops only (no Python `if` on a
# value) so that the same trace is right for every input.
def leaky(x):
    return torch.where(x.sum() > 0, x, x * 0.1)

with warnings.catch_warnings(record=True):
    warnings.simplefilter("always")
    traced = torch.jit.trace(leaky, torch.tensor([1.0, 2.0]))

for x in [torch.tensor([3.0, -1.0]), torch.tensor([-2.0, -4.0])]:
    expected = x if x.sum() > 0 else x * 0.1
    print(traced(x), "correct:", torch.allclose(traced(x), expected))
