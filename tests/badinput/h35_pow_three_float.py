# badinput: Python misuse: pow three float
# expect-exit: 1
# expect-stderr: TypeError: pow() 3rd argument not allowed unless all arguments are integers
print(pow(2.0, 3, 5))
