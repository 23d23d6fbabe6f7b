# badinput: generator expression over an int
# expect-exit: 1
# expect-stderr: TypeError: 'int' object is not iterable
sum(x for x in 5)
