# badinput: str mul overflow
# expect-exit: 1
# expect-stderr: OverflowError: cannot fit 'int' into an index-sized integer
"a" * (2 ** 63)
