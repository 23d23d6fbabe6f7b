# badinput: format unmatched brace (issue 31 sweep)
# expect-exit: 1
# expect-stderr: ValueError: Single '{' encountered in format string
print('{'.format(1))
