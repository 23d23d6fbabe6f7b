# badinput: a list in a set display
# expect-exit: 1
# expect-stderr: TypeError: unhashable type: 'list'
s = {[1, 2]}
