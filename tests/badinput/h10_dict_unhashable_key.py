# badinput: dict unhashable key
# expect-exit: 1
# expect-stderr: TypeError: unhashable type: 'list'
{[1]: 2}
