# badinput: map non callable
# expect-exit: 1
# expect-stderr: TypeError: 'int' object is not callable
list(map(5, [1]))
