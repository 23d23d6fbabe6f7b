# badinput: str.expandtabs with a tab size of 10**12
# expect-exit: 1
# expect-stderr: OverflowError: Python int too large to convert to C int
'a\tb'.expandtabs(10**12)
