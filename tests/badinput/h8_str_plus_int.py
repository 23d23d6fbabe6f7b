# badinput: str + int
# expect-exit: 1
# expect-stderr: TypeError: can only concatenate str (not "int") to str
s = 'total: ' + 3
