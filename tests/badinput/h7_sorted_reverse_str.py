# badinput: sorted reverse= not an int
# expect-exit: 1
# expect-stderr: TypeError: 'str' object cannot be interpreted as an integer
sorted([1, 2], reverse='yes')
