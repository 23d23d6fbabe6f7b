# badinput: future after docstring ok (h10: ends normally, as in PyTorch)
# expect-exit: 0
# expect-stdout: ok
"""doc"""
from __future__ import annotations
print("ok")
