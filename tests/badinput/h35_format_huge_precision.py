# badinput: Python misuse: format huge precision
# expect-exit: 1
# expect-stderr: ValueError: precision too big
print(f"{1.5:.{10**10}f}")
