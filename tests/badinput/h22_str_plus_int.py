# badinput: 'a' + 1
# expect-exit: 1
# expect-stderr: TypeError: can only concatenate str (not "int") to str
'a' + 1
