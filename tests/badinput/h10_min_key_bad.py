# badinput: min key bad
# expect-exit: 1
# expect-stderr: TypeError: 'int' object is not callable
min([1, 2], key=5)
