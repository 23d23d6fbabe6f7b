# torch._C: only what generated torch.fx code names (torch._C._nn.linear, ...); Kiln's torch is native
# C++ without PyTorch's _C extension module.
