# torch._inductor for Kiln: the package training scripts reach for its `config` module
# (`import torch._inductor.config as config` in llm.c's and nanoGPT-derived train scripts, then
# `config.coordinate_descent_tuning = True` before torch.compile). Kiln's Inductor-style back end is
# engine/bindings/inductor.cpp; it reads none of these settings.
