# badinput: list imul giant (issue 31 sweep)
# expect-exit: 1
# expect-stderr: OverflowError: cannot fit 'int' into an index-sized integer
l = [1]
l *= 10**19
