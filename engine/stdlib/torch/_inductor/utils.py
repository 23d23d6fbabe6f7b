# torch._inductor.utils for Kiln: fresh_inductor_cache, the context manager compile-time benchmarks wrap
# their first call in (the regional compilation recipes: `with torch._inductor.utils.fresh_inductor_cache():`)
# so that nothing compiled earlier is reused. PyTorch points Inductor's cache folder at a new temporary
# folder for the duration and deletes it after; Kiln does the same with its JITs' on-disk kernel cache
# (engine/backends/disk_cache.h, through torch._kiln_jit_cache_dir).
import contextlib
import os
import shutil
import tempfile

import torch


@contextlib.contextmanager
def fresh_inductor_cache(cache_entries=None, dir=None, delete=True):
    inductor_cache_dir = tempfile.mkdtemp(dir=dir)
    previous = torch._kiln_jit_cache_dir(inductor_cache_dir)
    try:
        yield
        if isinstance(cache_entries, dict):
            # PyTorch fills this with the files written per cache subfolder; Kiln's JITs write one
            # folder of kernels
            cache_entries["jit"] = sorted(os.listdir(inductor_cache_dir))
    finally:
        torch._kiln_jit_cache_dir(previous)
        if delete:
            shutil.rmtree(inductor_cache_dir, ignore_errors=True)
