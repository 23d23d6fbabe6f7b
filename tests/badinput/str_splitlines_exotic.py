# badinput: str splitlines exotic (issue 31 sweep)
# expect-exit: 0
# expect-stdout: ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i']
print('a\x1cb\x1dc\x1ed\x85e\u2028f\u2029g\x0bh\x0ci'.splitlines())
