# badinput: Python misuse: setattr builtin
# expect-exit: 1
# expect-stderr: TypeError: cannot set 'x' attribute of immutable type 'int'
setattr(int, "x", 1)
