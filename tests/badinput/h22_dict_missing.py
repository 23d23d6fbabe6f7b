# badinput: a missing dict key
# expect-exit: 1
# expect-stderr: KeyError: 'b'
{'a': 1}['b']
