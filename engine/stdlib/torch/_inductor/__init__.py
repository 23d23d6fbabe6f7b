# torch._inductor for Kiln: the package training scripts reach for its `config` module
# (`import torch._inductor.config as config` in llm.c's and nanoGPT-derived train scripts, then
# `config.coordinate_descent_tuning = True` before torch.compile). Kiln's Inductor-style back end is
# engine/bindings/inductor.cpp; it reads none of these settings.

# torch._inductor.utils is reachable without an import of its own, as it is in PyTorch once torch.compile
# has set up its Inductor wrapper (the regional compilation recipe calls
# torch._inductor.utils.fresh_inductor_cache() after only `import torch`).
from torch._inductor import utils  # noqa: E402,F401
