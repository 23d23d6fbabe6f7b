# badinput: str index missing (issue 31 sweep)
# expect-exit: 1
# expect-stderr: ValueError: substring not found
print('abc'.index('d'))
