# torch._C's private switches that real programs call directly: the grad-mode pair
# (_set_grad_enabled / is_grad_enabled, used by torch.autograd.grad_mode and by older training
# scripts such as karpathy/pytorch-made's run.py), _log_api_usage_once, and the TorchScript
# executor/fuser knobs scripts flip before scripting (the profiling setters return the previous
# value, so save-and-restore code round-trips). Errors match the pybind11/TORCH_CHECK_TYPE ones.
import torch

x = torch.ones(2, requires_grad=True)
torch._C._set_grad_enabled(False)
print(torch.is_grad_enabled(), torch._C.is_grad_enabled(), (x * 2).requires_grad)
with torch.enable_grad():
    print(torch._C.is_grad_enabled(), (x * 2).requires_grad)
print(torch._C.is_grad_enabled())
torch._C._set_grad_enabled(True)
print(torch.is_grad_enabled(), (x * 2).requires_grad)
for bad in (0, 1, None, "yes"):
    try:
        torch._C._set_grad_enabled(bad)
    except TypeError as e:
        print("TypeError:", e)
print(torch.is_grad_enabled())

print(torch._C._log_api_usage_once("python.probe"))

old = torch._C._jit_set_profiling_executor(False)
print(old, torch._C._jit_set_profiling_executor(old))
old = torch._C._jit_set_profiling_mode(False)
print(old, torch._C._jit_set_profiling_mode(old))
print(torch._C._jit_set_texpr_fuser_enabled(False), torch._C._jit_texpr_fuser_enabled())
torch._C._jit_set_texpr_fuser_enabled(True)
print(torch._C._jit_texpr_fuser_enabled())
print(torch._C._jit_override_can_fuse_on_cpu(False), torch._C._jit_override_can_fuse_on_gpu(False))
print(hasattr(torch._C, "_jit_set_profiling_mode"), hasattr(torch._C, "set_grad_enabled"))


@torch.jit.script
def f(a):
    return a * 2 + 1


print(f(torch.arange(3.0)))
