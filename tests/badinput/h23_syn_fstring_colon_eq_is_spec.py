# badinput: f'{x:=5}' is x with format spec '=5', not a walrus
# expect-exit: 1
# expect-stderr: NameError: name 'x' is not defined
print(f"{x:=5}")
