# badinput: Python misuse: int str limit repr
# expect-exit: 1
# expect-stderr: ValueError: Exceeds the limit (4300 digits) for integer string conversion; use sys.set_int_max_str_digits() to increase the limit
print(str(10 ** 5000))
