# badinput: divmod of a negative 100-bit int and pow with exponent -1: floor semantics and the modular inverse
# expect-exit: 0
# expect-stdout: 1
print(divmod(-(10**30), 7))
print(pow(10**30, -1, 7))
