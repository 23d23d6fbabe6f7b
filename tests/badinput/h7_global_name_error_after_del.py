# badinput: a global deleted then read
# expect-exit: 1
# expect-stderr: NameError: name 'x' is not defined
x = 1
del x
print(x)
