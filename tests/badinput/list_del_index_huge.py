# badinput: del of list index 2**70
# expect-exit: 1
# expect-stderr: IndexError: cannot fit 'int' into an index-sized integer
lst = [1]
del lst[2**70]
