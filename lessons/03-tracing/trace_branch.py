import torch
import warnings

# A Python `if` on a tensor's value is decided while tracing; only the branch taken
# is recorded. The trace then takes that branch for every input.
def f(x):
    if x.sum() > 0:
        return x * 2
    return -x

pos = torch.tensor([1.0, 2.0])
neg = torch.tensor([-1.0, -3.0])
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("always")
    tf = torch.jit.trace(f, pos)
tracer = [x for x in w if x.category.__name__ == "TracerWarning"]
print("TracerWarnings:", len(tracer))
for x in tracer[:1]:
    print(" ".join(str(x.message).split()[:8]))
print("eager on neg: ", f(neg))
print("traced on neg:", tf(neg))
print("same:", torch.equal(tf(neg), f(neg)))
