# badinput: sorted of mixed types
# expect-exit: 1
# expect-stderr: TypeError: '<' not supported between instances of 'str' and 'int'
v = sorted([3, 'a', 1])
