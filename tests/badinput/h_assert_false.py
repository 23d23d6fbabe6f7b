# badinput: assert false (CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: AssertionError: custom
assert False, "custom"
