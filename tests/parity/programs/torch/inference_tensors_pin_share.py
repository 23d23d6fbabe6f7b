# Inference tensors (Tensor.is_inference(): tensors allocated in torch.inference_mode, their views
# and detached aliases; views of normal tensors stay normal; requires_grad refused outside), the
# inference-mode state, and the memory marks real data pipelines set: Tensor.pin_memory()/
# is_pinned() (where an accelerator exists), share_memory_()/is_shared(), DataLoader(pin_memory=True).
import torch
from torch.utils.data import DataLoader, TensorDataset

x = torch.ones(2)
print(x.is_inference(), torch.is_inference_mode_enabled())
with torch.inference_mode():
    y = x * 2
    v = x[0:1]
    print(y.is_inference(), v.is_inference(), y[0].is_inference(), torch.is_inference_mode_enabled())
    with torch.inference_mode(False):
        print(torch.zeros(1).is_inference(), torch.is_inference_mode_enabled())
print(y.is_inference(), y.detach().is_inference(), y.clone().is_inference(), (y + 1).is_inference(), y.requires_grad)
for attempt in ("requires_grad_", "setattr"):
    try:
        if attempt == "setattr":
            y.requires_grad = True
        else:
            y.requires_grad_()
    except RuntimeError as e:
        print("RuntimeError", e)
print(y.clone().requires_grad_().requires_grad, y.requires_grad_(False).requires_grad)


@torch.inference_mode()
def predict(t):
    return t.sum()


print(predict(x).is_inference(), torch.is_inference_mode_enabled())

print(x.is_pinned(), x.is_shared())
print(x.share_memory_() is x, x.is_shared(), x[0].is_shared(), x.clone().is_shared())
if torch.cuda.is_available():
    p = x.pin_memory()
    print(p.is_pinned(), x.is_pinned(), p.pin_memory() is p, torch.equal(p, x), p.is_shared())
    loader = DataLoader(TensorDataset(torch.arange(4.0), torch.arange(4)), batch_size=2, pin_memory=True)
    print([(a.is_pinned(), b.is_pinned(), a.tolist()) for a, b in loader])
    try:
        x.cuda().pin_memory()
    except RuntimeError as e:
        print("RuntimeError", e)
