# badinput: Python misuse: fstring bad spec
# expect-exit: 1
# expect-stderr: ValueError: Unknown format code 'q' for object of type 'float'
x = 3.5
print(f"{x:q}")
