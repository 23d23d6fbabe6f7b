import torch
# Ends with an uncaught RuntimeError from broadcasting two incompatible shapes deep in a call chain.
def normalize(x, mean, std):
    print("normalize", tuple(x.shape), tuple(mean.shape))
    return (x - mean) / std
def prepare(batch, stats):
    out = []
    for item in batch:
        out.append(normalize(item, stats["mean"], stats["std"]))
    return torch.stack(out)
stats = {"mean": torch.tensor([1.0, 2.0, 3.0]), "std": torch.tensor([2.0, 2.0, 2.0])}
ok = prepare([torch.tensor([3.0, 2.0, 1.0]), torch.tensor([1.0, 1.0, 1.0])], stats)
print(ok)
try:
    prepare([torch.ones(2)], stats)
except RuntimeError as e:
    print("caught:", e)
print(prepare([torch.zeros(3), torch.zeros(4, 1), torch.zeros(2, 4)], stats))
print("never printed")
