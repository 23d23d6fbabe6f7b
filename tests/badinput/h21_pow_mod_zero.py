# badinput: pow with modulus 0
# expect-exit: 1
# expect-stderr: ValueError: pow() 3rd argument cannot be 0
pow(2, 3, 0)
