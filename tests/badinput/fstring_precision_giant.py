# badinput: fstring precision giant (issue 31 sweep)
# expect-exit: 1
# expect-stderr: ValueError: precision too big
x = 1.5
print(f'{x:.100000000000f}')
