# badinput: eval() with an int as globals (not even a mapping)
# expect-exit: 1
# expect-stderr: TypeError: globals must be a dict
eval("1", 5)
