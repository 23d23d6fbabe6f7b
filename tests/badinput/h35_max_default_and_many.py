# badinput: Python misuse: max default and many
# expect-exit: 1
# expect-stderr: TypeError: Cannot specify a default for max() with multiple positional arguments
max(1, 2, default=3)
