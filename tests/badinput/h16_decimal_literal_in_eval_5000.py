# badinput: eval of a 5000-digit literal
# expect-exit: 1
# expect-stderr: SyntaxError: Exceeds the limit (4300 digits) for integer string conversion: value has 5000 digits; use sys.set_int_max_str_digits() to increase the limit - Consider hexadecimal for huge integer literals to avoid decimal conversion limits.
eval("1" * 5000)
