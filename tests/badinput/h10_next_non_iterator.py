# badinput: next non iterator
# expect-exit: 1
# expect-stderr: TypeError: 'list' object is not an iterator
next([1])
