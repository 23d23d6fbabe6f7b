# badinput: Python misuse: format too wide
# expect-exit: 1
# expect-stderr: ValueError: Too many decimal digits in format string
print(f"{1:{10**20}}")
