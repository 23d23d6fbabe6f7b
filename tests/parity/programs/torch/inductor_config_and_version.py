# The build facts and compiler settings training scripts touch before torch.compile: torch.version
# (llm.c prints torch.version.__version__), `import torch._inductor.config as config` and its common
# flags with PyTorch's defaults (no TORCHINDUCTOR_* variables set), set and read back.
import torch
import torch._inductor.config as config

print(torch.version.__version__ == torch.__version__, torch.version.debug, isinstance(torch.version.git_version, str))
print(torch.__version__.split('.')[:2])
print(config.coordinate_descent_tuning, config.max_autotune, config.epilogue_fusion, config.freezing, config.debug)
print(config.triton.cudagraphs, config.fallback_random, config.conv_1x1_as_mm, config.aggressive_fusion)
config.coordinate_descent_tuning = True
config.triton.cudagraphs = True
print(torch._inductor.config.coordinate_descent_tuning, torch._inductor.config.triton.cudagraphs)
if hasattr(config, "coordinate_descent_tuning"):
    print("has coordinate_descent_tuning")
