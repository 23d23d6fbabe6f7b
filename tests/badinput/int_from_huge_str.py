# badinput: int from huge str (issue 31 sweep)
# expect-exit: 1
# expect-stderr: ValueError: Exceeds the limit (4300 digits) for integer string conversion: value has 100000 digits; use sys.set_int_max_str_digits() to increase the limit
s = '9' * 100000
print(len(str(int(s))))
