# badinput: item assignment on a tuple
# expect-exit: 1
# expect-stderr: TypeError: 'tuple' object does not support item assignment
t = (1, 2)
t[0] = 3
