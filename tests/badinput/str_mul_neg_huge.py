# badinput: str mul neg huge (issue 31 sweep)
# expect-exit: 1
# expect-stderr: OverflowError: cannot fit 'int' into an index-sized integer
print(repr('x' * -10**30))
