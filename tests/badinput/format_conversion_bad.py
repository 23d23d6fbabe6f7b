# badinput: format conversion bad (issue 31 sweep)
# expect-exit: 1
# expect-stderr: ValueError: Unknown conversion specifier z
print('{!z}'.format(1))
