# badinput: assigning into a str
# expect-exit: 1
# expect-stderr: TypeError: 'str' object does not support item assignment
s = 'abc'
s[0] = 'x'
