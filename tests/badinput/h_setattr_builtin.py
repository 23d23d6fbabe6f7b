# badinput: setattr builtin (CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: TypeError: cannot set 'x' attribute of immutable type 'int'
setattr(int, "x", 1)
