# torch._functorch for Kiln: the package whose `config` submodule programs set before torch.compile
# (gpt-fast's generate.py: `torch._functorch.config.enable_autograd_cache = True`). PyTorch's
# functorch internals (aot_autograd, partitioners) have no counterpart here; torch.func holds the
# user-facing transforms.
