# badinput: str count empty (issue 31 sweep)
# expect-exit: 1
# expect-stderr: ValueError: empty separator
print('abc'.count(''), ''.count(''), 'abc'.replace('', '-'), 'abc'.split(''))
