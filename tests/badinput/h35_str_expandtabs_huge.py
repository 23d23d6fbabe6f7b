# badinput: Python misuse: str expandtabs huge
# expect-exit: 1
# expect-stderr: OverflowError: Python int too large to convert to C int
x = "\t\t".expandtabs(10**12)
