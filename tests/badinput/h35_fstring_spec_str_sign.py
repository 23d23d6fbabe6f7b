# badinput: Python misuse: fstring spec str sign
# expect-exit: 1
# expect-stderr: ValueError: Sign not allowed in string format specifier
print(f"{'a':+}")
