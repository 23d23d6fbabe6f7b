# badinput: eval() with a list as globals
# expect-exit: 1
# expect-stderr: TypeError: globals must be a real dict; try eval(expr, {}, mapping)
eval("1", [])
