# badinput: future import in function
# expect-exit: 1
# expect-stderr: SyntaxError: from __future__ imports must occur at the beginning of the file
def f():
    from __future__ import annotations
