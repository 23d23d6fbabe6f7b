# badinput: dict popitem empty
# expect-exit: 1
# expect-stderr: KeyError: 'popitem(): dictionary is empty'
{}.popitem()
