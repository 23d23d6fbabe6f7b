# badinput: a starred dict key
# expect-exit: 1
# expect-stderr: SyntaxError: cannot use a starred expression in a dictionary key
print({*[1]: 2})
