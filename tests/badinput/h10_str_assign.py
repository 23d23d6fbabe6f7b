# badinput: str assign
# expect-exit: 1
# expect-stderr: TypeError: 'str' object does not support item assignment
s = "ab"
s[0] = "x"
