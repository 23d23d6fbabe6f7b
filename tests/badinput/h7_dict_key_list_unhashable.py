# badinput: a list as a dict key in a literal
# expect-exit: 1
# expect-stderr: TypeError: unhashable type: 'list'
d = {[1]: 2}
