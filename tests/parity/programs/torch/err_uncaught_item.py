import torch
# Ends with an uncaught RuntimeError: .item() on a tensor with more than one element.
def total(values):
    acc = 0.0
    for v in values:
        acc += v.sum().item()
    return acc
def summarize(tensors):
    out = []
    for t in tensors:
        print("item of", tuple(t.shape))
        out.append(t.item())
    return out
ts = [torch.tensor(1.5), torch.tensor([2.5]), torch.tensor([[4.0]])]
print(summarize(ts), total(ts))
losses = [torch.tensor(0.25), torch.tensor([0.5, 0.75])]
print("total", total(losses))
print(summarize(losses))
print("never printed")
