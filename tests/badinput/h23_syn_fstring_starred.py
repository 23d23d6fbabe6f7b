# badinput: a starred expression as an f-string field
# expect-exit: 1
# expect-stderr: SyntaxError: can't use starred expression here
a=[1,2]
print(f"{*a}")
