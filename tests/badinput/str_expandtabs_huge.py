# badinput: '\t'.expandtabs(10**12): the tabsize is a C int in CPython, so OverflowError before any size is computed
# expect-exit: 1
# expect-stderr: OverflowError: Python int too large to convert to C int
"a\tb".expandtabs(10**12)
