# badinput: sorted of ints and strs
# expect-exit: 1
# expect-stderr: TypeError: '<' not supported between instances of 'str' and 'int'
sorted([3, "a", 1])
