# badinput: sorting ints and strs
# expect-exit: 1
# expect-stderr: TypeError: '<' not supported between instances of 'str' and 'int'
sorted([1, 'a'])
