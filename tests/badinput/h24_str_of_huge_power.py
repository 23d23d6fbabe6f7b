# badinput: str(10**10**6): the power took minutes (schoolbook multiplication) and str() converted all
# million digits before refusing; CPython computes it in a second and refuses at once
# expect-exit: 1
# expect-stderr: ValueError: Exceeds the limit (4300 digits) for integer string conversion; use sys.set_int_max_str_digits() to increase the limit
x = 10 ** (10 ** 6)
print(x.bit_length())
print(str(x))
