import torch
import torch._dynamo

# The same function through three built-in backends:
#  - "eager": run the captured FX graph op by op (tests capture only)
#  - "aot_eager": AOT autograd's ATen graphs, run op by op (tests AOT autograd)
#  - "inductor": the default, generating fused C++/OpenMP (CPU) or Triton (CUDA) kernels
def f(x):
    return (x.sin() * 2 + x.cos()).relu().sum(dim=1)

x = torch.linspace(-2, 2, 15).reshape(3, 5)
expected = f(x)
for name in ["eager", "aot_eager", "inductor"]:
    torch._dynamo.reset()
    out = torch.compile(f, backend=name)(x)
    print(name, torch.allclose(out, expected, atol=1e-6), out.shape)

print("inductor" in torch._dynamo.list_backends())
