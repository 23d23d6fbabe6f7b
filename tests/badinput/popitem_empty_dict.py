# badinput: popitem of an empty dict
# expect-exit: 1
# expect-stderr: KeyError: 'popitem(): dictionary is empty'
{}.popitem()
