# badinput: a form feed at the start of a line
# expect-exit: 0
# expect-stdout: ff 1
x = 1
print('ff', x)
