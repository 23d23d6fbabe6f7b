# badinput: prnt(...) suggests the builtin
# expect-exit: 1
# expect-stderr: NameError: name 'prnt' is not defined. Did you mean: 'print'?
prnt(1)
