# badinput: indexing dict_keys
# expect-exit: 1
# expect-stderr: TypeError: 'dict_keys' object is not subscriptable
d = {'a': 1}
v = d.keys()[0]
