# badinput: list as a dict key
# expect-exit: 1
# expect-stderr: TypeError: unhashable type: 'list'
d = {[1]: 2}
