# torch.version for Kiln: the build facts programs print in their environment report
# (`print(f"Running pytorch {torch.version.__version__}")` in llm.c, `torch.version.cuda` checks).
# Kiln's version string has no local tag (PyTorch's CPU wheels say 2.11.0+cpu), so it reports what a
# build without CUDA/ROCm/XPU reports: None for each toolkit version.
from typing import Optional

__all__ = ['__version__', 'debug', 'cuda', 'git_version', 'hip', 'xpu']
__version__ = '2.11.0'
debug = False
cuda: Optional[str] = None
git_version = 'Unknown'
hip: Optional[str] = None
xpu: Optional[str] = None
