# badinput: Python misuse: fstring bad spec int
# expect-exit: 1
# expect-stderr: ValueError: Precision not allowed in integer format specifier
print(f"{3:.2d}")
