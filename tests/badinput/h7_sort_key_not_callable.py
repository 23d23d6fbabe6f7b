# badinput: list.sort key is not callable
# expect-exit: 1
# expect-stderr: TypeError: 'int' object is not callable
[2, 1].sort(key=5)
