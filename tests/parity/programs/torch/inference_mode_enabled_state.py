# torch.is_inference_mode_enabled() follows inference_mode blocks and decorated functions (nested,
# mode=False inside, restored after exceptions), while grad mode follows as for no_grad; llama's
# generation.py runs generate() under @torch.inference_mode().
import torch

print(torch.is_inference_mode_enabled(), torch.is_grad_enabled())
with torch.inference_mode():
    print(torch.is_inference_mode_enabled(), torch.is_grad_enabled())
    with torch.inference_mode(False):
        print(torch.is_inference_mode_enabled(), torch.is_grad_enabled())
    print(torch.is_inference_mode_enabled())
    with torch.no_grad():
        print(torch.is_inference_mode_enabled())
print(torch.is_inference_mode_enabled(), torch.is_grad_enabled())


@torch.inference_mode()
def f(x):
    return torch.is_inference_mode_enabled(), (x * 2).requires_grad


@torch.inference_mode
def g():
    return torch.is_inference_mode_enabled()


w = torch.ones(2, requires_grad=True)
print(f(w), g(), torch.is_inference_mode_enabled())
try:
    with torch.inference_mode():
        raise ValueError("inside")
except ValueError as e:
    print("ValueError", e, torch.is_inference_mode_enabled(), torch.is_grad_enabled())
with torch.no_grad():
    print(torch.is_inference_mode_enabled(), torch.is_grad_enabled())
