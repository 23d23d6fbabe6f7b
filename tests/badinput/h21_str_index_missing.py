# badinput: str.index of a missing substring
# expect-exit: 1
# expect-stderr: ValueError: substring not found
'abc'.index('z')
