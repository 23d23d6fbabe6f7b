# badinput: ** inside a list display
# expect-exit: 1
# expect-stderr: SyntaxError: can't use double starred expression here
print([**{}])
