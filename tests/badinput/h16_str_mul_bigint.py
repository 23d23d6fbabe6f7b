# badinput: 'x' * 10**30: cannot fit 'int' into an index-sized integer
# expect-exit: 1
# expect-stderr: OverflowError: cannot fit 'int' into an index-sized integer
"x" * 10**30
