# badinput: hash unhashable list (CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: TypeError: unhashable type: 'list'
{[1]: 2}
