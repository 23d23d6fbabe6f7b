# badinput: 1 in 2
# expect-exit: 1
# expect-stderr: TypeError: argument of type 'int' is not iterable
1 in 2
