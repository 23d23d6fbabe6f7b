# badinput: dict pop missing (CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: KeyError: 'k'
{}.pop("k")
