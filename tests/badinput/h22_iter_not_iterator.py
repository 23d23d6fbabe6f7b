# badinput: next() of a list
# expect-exit: 1
# expect-stderr: TypeError: 'list' object is not an iterator
next([1, 2])
