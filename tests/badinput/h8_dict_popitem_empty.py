# badinput: popitem on an empty dict
# expect-exit: 1
# expect-stderr: KeyError: 'popitem(): dictionary is empty'
d = {}
d.popitem()
